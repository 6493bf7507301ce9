import {
  AppError,
  type CartLine,
  type CartState,
  type Dish,
  ERRORS,
  localClock,
  menuEstimates,
  pricedByRegister,
  refusedCombos,
  type TableCartLine,
  tableLines,
} from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { type cartLines, dishes } from "../../db/schema.js";
import { rowFromJson, run, type Statement } from "../../db/statements.js";
import { presentDish } from "../menu/present.js";

type CartLineRow = typeof cartLines.$inferSelect;
type DishRow = typeof dishes.$inferSelect;
/** What a line row holds of the line (its count as PostgreSQL writes a numeric: '2.000'). */
export type StoredLine = Pick<
  CartLineRow,
  "detailId" | "foodId" | "normId" | "methodIds" | "additions" | "parts" | "count" | "memo"
>;

export function presentLine(row: StoredLine): CartLine {
  return {
    detailId: row.detailId,
    foodId: row.foodId,
    normId: row.normId,
    methodIds: row.methodIds,
    additions: row.additions,
    parts: row.parts,
    // numeric comes back as '2.000'; the wire carries the plain decimal
    count: String(Number(row.count)),
    memo: row.memo,
  };
}

/** The lines of cart $1 as JSON in their order, each as a StoredLine (the count as text). */
export const LINES_JSON = `coalesce((select json_agg(json_build_object(
    'detailId', l.detail_id, 'foodId', l.food_id, 'normId', l.norm_id, 'methodIds', l.method_ids,
    'additions', l.additions, 'parts', l.parts, 'count', l.count::text, 'memo', l.memo) order by l.position)
  from cart_lines l where l.cart_id = $1), '[]')`;

const CART_STATE: Statement = {
  name: "cart_state",
  text: `
select c.version, t.person_num as "personNum", ${LINES_JSON} as lines, r.timezone,
  r.server_version as "serverVersion",
  coalesce((select json_agg(d order by d.id) from dishes d
    where d.id in (select food_id from cart_lines where cart_id = $1)), '[]') as dishes
from carts c join tables t on t.id = c.table_id join restaurants r on r.id = c.restaurant_id
where c.id = $1`,
};

interface CartStateRow extends RulesRestaurant {
  version: number;
  personNum: number;
  lines: StoredLine[];
  dishes: Record<string, unknown>[];
}

/**
 * The cart as a tablemate is shown it: its version, diner count and lines with the spec's fields
 * (core's tableLines over its dishes as the register prices them), read in one snapshot.
 */
export async function cartState(db: Db, cartId: number, now = new Date()): Promise<CartState> {
  const [row] = await run<CartStateRow>(db, CART_STATE, [cartId]);
  if (!row) throw new AppError("cartNotFound");
  const menu = presentForRules(
    row.dishes.map((json) => rowFromJson(dishes, json)),
    row,
    now,
  );
  return {
    cartId,
    version: row.version,
    personNum: row.personNum,
    lines: linesShown(row.lines.map(presentLine), menu),
  };
}

/** Lines with the spec's fields, each priced by its dish in `menu` (cart.line-fields, spec 000 §3). */
export function linesShown(lines: readonly CartLine[], menu: readonly Dish[]): TableCartLine[] {
  return tableLines(lines, (id) => menu.find((dish) => dish.id === id));
}

/** The dishes the cart rules need, as the wire presents them, judged by the restaurant's clock now. */
export async function dishesFor(
  tx: Tx,
  restaurant: { id: number } & RulesRestaurant,
  now: Date,
  foodIds?: number[],
): Promise<Dish[]> {
  const rows = await tx
    .select()
    .from(dishes)
    .where(
      foodIds
        ? and(eq(dishes.restaurantId, restaurant.id), inArray(dishes.id, foodIds.length ? foodIds : [0]))
        : eq(dishes.restaurantId, restaurant.id),
    )
    // in a fixed order (a row's place on disk moves when it is updated): must-order lines follow it
    .orderBy(asc(dishes.id));
  return presentForRules(rows, restaurant, now);
}

/** What the cart rules need of the restaurant: its clock, and its register's version (spec 000 §9). */
export interface RulesRestaurant {
  timezone: string;
  serverVersion: string;
}

/**
 * Dish rows as the cart rules see them: sale periods judged by the restaurant's clock now, priced as
 * its register prices them (no member prices below 2.24.00).
 */
export function presentForRules(rows: DishRow[], restaurant: RulesRestaurant, now: Date): Dish[] {
  const clock = localClock(now, restaurant.timezone);
  // as diners may order them now: snoozed dishes and combos whose parts (when read) cannot make them read 0
  const estimates = menuEstimates(rows, now);
  return rows.map((row, index) =>
    pricedByRegister(
      presentDish(row, { categoryName: "", index, clock, imageHost: "", estimate: estimates.get(row.id) }),
      restaurant,
    ),
  );
}

/**
 * A register older than 2.23.00 takes no combo (spec 000 §9): adding or ordering one is refused,
 * naming them, before anything is written.
 */
export function refuseUnofferedCombos(dishes: readonly Dish[], restaurant: RulesRestaurant): void {
  const refused = refusedCombos(dishes, restaurant);
  if (refused.length === 0) return;
  const names = refused.map((dish) => dish.name).join("、");
  throw new AppError("comboNotOffered", `${ERRORS.comboNotOffered.message}：${names}`);
}
