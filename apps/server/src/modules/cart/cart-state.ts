import type { CartLine, CartState, Dish } from "@tablemate/core";
import { localClock } from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cartLines, type carts, dishes, tables } from "../../db/schema.js";
import { presentDish } from "../menu/present.js";

/** A transaction or the database: both have the same query API. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export type CartRow = typeof carts.$inferSelect;
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

export async function linesOf(tx: Tx, cartId: number): Promise<CartLineRow[]> {
  return tx.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(asc(cartLines.position));
}

export async function cartState(tx: Tx, cart: CartRow): Promise<CartState> {
  const [table] = await tx
    .select({ personNum: tables.personNum })
    .from(tables)
    .where(eq(tables.id, cart.tableId));
  const lines = await linesOf(tx, cart.id);
  return {
    cartId: cart.id,
    version: cart.version,
    personNum: table?.personNum ?? 0,
    lines: lines.map(presentLine),
  };
}

/** The dishes the cart rules need, as the wire presents them, judged by the restaurant's clock now. */
export async function dishesFor(
  tx: Tx,
  restaurant: { id: number; timezone: string },
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
    );
  return presentForRules(rows, restaurant.timezone, now);
}

/** Dish rows as the cart rules see them: sale periods judged by the restaurant's clock now. */
export function presentForRules(rows: DishRow[], timezone: string, now: Date): Dish[] {
  const clock = localClock(now, timezone);
  return rows.map((row, index) => presentDish(row, { categoryName: "", index, clock, imageHost: "" }));
}
