import type { DishStock, StockUnits } from "@tablemate/core";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { additionStock, dishes } from "../../db/schema.js";

/** Gives a cancelled order's units back to the limited dishes and additions; answers the dishes' new stock. */
export async function returnStock(tx: Tx, units: StockUnits): Promise<DishStock[]> {
  const stock: DishStock[] = [];
  for (const [foodId, count] of units.dishes) {
    const [dish] = await tx
      .update(dishes)
      .set({ estimate: sql`${dishes.estimate} + ${count}` })
      .where(and(eq(dishes.id, foodId), ne(dishes.estimate, -1)))
      .returning({ foodId: dishes.id, sum: dishes.estimate });
    if (dish) stock.push(dish);
  }
  for (const [additionId, count] of units.additions) {
    await tx
      .update(additionStock)
      .set({ estimate: sql`${additionStock.estimate} + ${count}` })
      .where(eq(additionStock.additionId, additionId));
  }
  return stock;
}
