import { AppError, hasDinerCount, needsDinerCount, type OrderPayload } from "@tablemate/core";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { categories, dishes, restaurants, tables } from "../../db/schema.js";

/**
 * The diner count an order goes in with: the order's own, else the count set at its table (a
 * tablemate may have set it); none where the restaurant needs one (core's needsDinerCount) is
 * refused, before anything is written. Read only for an order without a count, so the usual
 * submit pays nothing for it.
 */
export async function orderDinerCount(
  db: Db,
  payload: Pick<OrderPayload, "personNum" | "takeout" | "reserve">,
  restaurant: { id: number; fastHotel: boolean },
  tableId: number,
): Promise<number> {
  if (hasDinerCount(payload.personNum)) return payload.personNum;
  const [[table], [settings], mustOrder] = await Promise.all([
    db.select({ personNum: tables.personNum }).from(tables).where(eq(tables.id, tableId)),
    db
      .select({ fastFoodNeedPersonNum: restaurants.fastFoodNeedPersonNum })
      .from(restaurants)
      .where(eq(restaurants.id, restaurant.id)),
    db
      .select({ necessary: dishes.necessary, season: dishes.season })
      .from(dishes)
      .where(
        and(
          eq(dishes.restaurantId, restaurant.id),
          eq(dishes.necessary, true),
          // what the console hid is not on the diner's menu, so it asks nothing of the diner
          eq(dishes.hidden, false),
          sql`not exists (select 1 from ${categories} c where c.hidden and c.id in (${dishes.categoryId}, ${dishes.secondCategoryId}))`,
        ),
      ),
  ]);
  const personNum = table?.personNum ?? 0;
  if (hasDinerCount(personNum)) return personNum;
  const needs = needsDinerCount(
    {
      restaurantFastHotel: restaurant.fastHotel,
      fastFoodNeedPersonNum: settings?.fastFoodNeedPersonNum ?? false,
    },
    mustOrder,
    payload,
  );
  if (needs) throw new AppError("dinerCountMissing");
  return 0;
}
