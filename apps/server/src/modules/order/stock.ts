import type { Shortage } from "@tablemate/core";
import { and, eq, ne, sql } from "drizzle-orm";
import { dishes } from "../../db/schema.js";
import { intArray, type Run, type Statement } from "../../db/statements.js";
import type { Tx } from "../cart/cart-state.js";

export class StockShortage extends Error {
  constructor(
    readonly kind: "dishes" | "additions",
    readonly shortages: Shortage[],
  ) {
    super(`${kind} short`);
  }
}

interface LockedDish {
  id: number;
  name: string;
  foodproperty: number;
  /** the estimate when locked */
  held: number;
  /** after the decrement; null when short */
  remaining: number | null;
}

/** A limited dish's stock after an order took its units. */
export interface StockLeft {
  foodId: number;
  sum: number;
}

const TAKE_DISH_STOCK: Statement = {
  name: "submit_take_dish_stock",
  text: `
with need as (select * from unnest($2::int[], $3::int[]) as n(id, units)),
locked as materialized (
  select d.id, d.name, d.foodproperty, d.estimate, need.units
  from dishes d join need on need.id = d.id
  where d.restaurant_id = $1 and d.estimate <> -1
  order by d.id
  for update of d
),
taken as (
  update dishes d set estimate = d.estimate - locked.units
  from locked where d.id = locked.id and locked.estimate >= locked.units
  returning d.id, d.estimate
)
select locked.id, locked.name, locked.foodproperty, locked.estimate as held, taken.estimate as remaining
from locked left join taken on taken.id = locked.id`,
};

/**
 * Takes stock atomically, in one statement: the order's limited dishes are locked in id order (so two
 * orders never wait on each other in a cycle), then each is decremented only if enough is left, so
 * concurrent orders never sell more than the estimate. Unlimited dishes (-1) are neither locked nor
 * changed. Any shortfall throws, and the transaction takes nothing. Answers the limited dishes' stock left.
 */
export async function takeDishStock(
  tx: Run,
  restaurantId: number,
  needs: Map<number, number>,
): Promise<StockLeft[]> {
  if (needs.size === 0) return [];
  const ids = [...needs.keys()];
  const counts = ids.map((id) => needs.get(id) ?? 0);
  // the locking read waits for a concurrent order and sees its commit; the update then decrements that
  const rows = await tx<LockedDish>(TAKE_DISH_STOCK, [restaurantId, intArray(ids), intArray(counts)]);
  const short = rows.filter((r) => r.remaining === null);
  if (short.length) {
    throw new StockShortage(
      "dishes",
      short.map((r) => ({
        foodId: r.id,
        name: r.name,
        left: Math.max(r.held, 0),
        isCombo: r.foodproperty !== 0,
      })),
    );
  }
  return rows.map((r) => ({ foodId: r.id, sum: r.remaining ?? 0 }));
}

const LOCK_ADDITION_STOCK: Statement = {
  name: "submit_lock_addition_stock",
  text: "select estimate from addition_stock where addition_id = $1 and restaurant_id = $2 for update",
};
const TAKE_ADDITION_STOCK: Statement = {
  name: "submit_take_addition_stock",
  text: "update addition_stock set estimate = estimate - $2 where addition_id = $1",
};

/** Takes limited additions' stock, locked one by one in id order; any shortfall throws. */
export async function takeAdditionStock(
  tx: Run,
  restaurantId: number,
  needs: Map<number, { need: number; name: string }>,
): Promise<void> {
  const short: Shortage[] = [];
  for (const [additionId, { need, name }] of [...needs].sort((a, b) => a[0] - b[0])) {
    const [limited] = await tx<{ estimate: number }>(LOCK_ADDITION_STOCK, [additionId, restaurantId]);
    if (!limited) continue;
    if (limited.estimate < need) {
      short.push({ foodId: additionId, name, left: limited.estimate, isCombo: false });
      continue;
    }
    await tx(TAKE_ADDITION_STOCK, [additionId, need]);
  }
  if (short.length) throw new StockShortage("additions", short);
}

/** Gives stock back (a cancelled order). */
export async function returnDishStock(tx: Tx, needs: Map<number, number>): Promise<void> {
  for (const [foodId, count] of needs) {
    await tx
      .update(dishes)
      .set({ estimate: sql`${dishes.estimate} + ${count}` })
      .where(and(eq(dishes.id, foodId), ne(dishes.estimate, -1)));
  }
}
