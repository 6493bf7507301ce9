import type { Shortage } from "@tablemate/core";
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { additionStock, dishes } from "../../db/schema.js";
import type { Tx } from "../cart/cart-state.js";

export class StockShortage extends Error {
  constructor(
    readonly kind: "dishes" | "additions",
    readonly shortages: Shortage[],
  ) {
    super(`${kind} short`);
  }
}

/**
 * Takes stock atomically: each decrement only succeeds while enough is left, so concurrent orders
 * never sell more than the estimate. Any shortfall throws, and the transaction takes nothing.
 */
export async function takeDishStock(tx: Tx, restaurantId: number, needs: Map<number, number>): Promise<void> {
  const short: number[] = [];
  // rows are always locked in id order, so two orders never wait on each other in a cycle
  for (const [foodId, need] of [...needs].sort((a, b) => a[0] - b[0])) {
    const taken = await tx
      .update(dishes)
      .set({ estimate: sql`${dishes.estimate} - ${need}` })
      .where(
        and(
          eq(dishes.id, foodId),
          eq(dishes.restaurantId, restaurantId),
          ne(dishes.estimate, -1),
          gte(dishes.estimate, need),
        ),
      )
      .returning({ id: dishes.id });
    if (taken.length === 0) short.push(foodId);
  }
  if (short.length === 0) return;
  const rows = await tx
    .select({
      id: dishes.id,
      name: dishes.name,
      estimate: dishes.estimate,
      foodproperty: dishes.foodproperty,
    })
    .from(dishes)
    .where(inArray(dishes.id, short));
  // unlimited dishes (-1) never fail the update's condition for lack of stock
  const really = rows.filter((r) => r.estimate !== -1);
  if (really.length === 0) return;
  throw new StockShortage(
    "dishes",
    really.map((r) => ({
      foodId: r.id,
      name: r.name,
      left: Math.max(r.estimate, 0),
      isCombo: r.foodproperty !== 0,
    })),
  );
}

export async function takeAdditionStock(
  tx: Tx,
  restaurantId: number,
  needs: Map<number, { need: number; name: string }>,
): Promise<void> {
  const short: Shortage[] = [];
  for (const [additionId, { need, name }] of [...needs].sort((a, b) => a[0] - b[0])) {
    const [limited] = await tx
      .select({ estimate: additionStock.estimate })
      .from(additionStock)
      .where(and(eq(additionStock.additionId, additionId), eq(additionStock.restaurantId, restaurantId)))
      .for("update");
    if (!limited) continue;
    if (limited.estimate < need) {
      short.push({ foodId: additionId, name, left: limited.estimate, isCombo: false });
      continue;
    }
    await tx
      .update(additionStock)
      .set({ estimate: sql`${additionStock.estimate} - ${need}` })
      .where(eq(additionStock.additionId, additionId));
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
