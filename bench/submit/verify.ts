/**
 * After the load, from the database: units sold of each limited dish against its starting estimate
 * (oversold), the stock left against what the orders took, and orders against accepted submits
 * (duplicates: a submitId with two orders, or an order no accepted submit answered). Orders are read
 * on every bench table, submitted or not.
 */
import { and, type Column, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../apps/server/src/db/client.js";
import { dishes, orderLines, orders } from "../../apps/server/src/db/schema.js";

export interface StockCheck {
  foodId: number;
  name: string;
  estimateBefore: number;
  sold: number;
  estimateAfter: number;
  oversold: number;
  /** estimateAfter = estimateBefore - sold */
  consistent: boolean;
}

export interface OrderCheck {
  ordersInDatabase: number;
  acceptedSubmits: number;
  /** orders beyond one per submitId */
  duplicateSubmitIds: number;
  /** orders in the database that no accepted submit answered */
  unanswered: number;
  /** accepted submits whose order is not in the database */
  missing: number;
  duplicateOrders: number;
}

/** `column = any(ids)` with the ids as one array parameter: tens of thousands of tables would pass the 65,535 limit. */
const inIds = (column: Column, ids: number[]): SQL => sql`${column} = any(${sql.param(ids)}::int[])`;

export async function checkStock(
  db: Db,
  before: Map<number, { name: string; estimate: number }>,
  tableIds: number[],
): Promise<StockCheck[]> {
  const foodIds = [...before.keys()];
  const soldRows = await db
    .select({ foodId: orderLines.foodId, sold: sql<string>`sum(${orderLines.count})` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.foodId, foodIds), inIds(orders.tableId, tableIds)))
    .groupBy(orderLines.foodId);
  const after = await db
    .select({ id: dishes.id, estimate: dishes.estimate })
    .from(dishes)
    .where(inArray(dishes.id, foodIds));
  return foodIds.map((foodId) => {
    const start = before.get(foodId) ?? { name: "", estimate: 0 };
    const sold = Number(soldRows.find((r) => r.foodId === foodId)?.sold ?? 0);
    const estimateAfter = after.find((r) => r.id === foodId)?.estimate ?? Number.NaN;
    return {
      foodId,
      name: start.name,
      estimateBefore: start.estimate,
      sold,
      estimateAfter,
      oversold: Math.max(0, sold - start.estimate),
      consistent: estimateAfter === start.estimate - sold,
    };
  });
}

export async function checkOrders(
  db: Db,
  tableIds: number[],
  accepted: Map<string, number>,
): Promise<OrderCheck> {
  const rows = await db
    .select({ id: orders.id, submitId: orders.submitId })
    .from(orders)
    .where(inIds(orders.tableId, tableIds));
  const perSubmit = new Map<string, number>();
  for (const row of rows) perSubmit.set(row.submitId, (perSubmit.get(row.submitId) ?? 0) + 1);
  const duplicateSubmitIds = [...perSubmit.values()].reduce((sum, n) => sum + (n - 1), 0);
  const acceptedIds = new Set(accepted.values());
  const unanswered = rows.filter((r) => !acceptedIds.has(r.id)).length;
  const stored = new Set(rows.map((r) => r.id));
  const missing = [...acceptedIds].filter((id) => !stored.has(id)).length;
  return {
    ordersInDatabase: rows.length,
    acceptedSubmits: accepted.size,
    duplicateSubmitIds,
    unanswered,
    missing,
    duplicateOrders: duplicateSubmitIds + unanswered,
  };
}
