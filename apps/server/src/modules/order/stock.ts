import { and, eq, ne, sql } from "drizzle-orm";
import { dishes } from "../../db/schema.js";
import type { Tx } from "../cart/cart-state.js";

/** Gives stock back (a cancelled order). */
export async function returnDishStock(tx: Tx, needs: Map<number, number>): Promise<void> {
  for (const [foodId, count] of needs) {
    await tx
      .update(dishes)
      .set({ estimate: sql`${dishes.estimate} + ${count}` })
      .where(and(eq(dishes.id, foodId), ne(dishes.estimate, -1)));
  }
}
