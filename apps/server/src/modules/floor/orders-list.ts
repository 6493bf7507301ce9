import type { ConsoleOrder } from "@tablemate/core";
import { and, desc, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { consoleOrdersOf } from "./present.js";

const LIMIT = 200;

/** The restaurant's orders with their lines (what the kitchen needs to cook), newest first, at most 200. */
export async function listConsoleOrders(
  db: Db,
  restaurantId: number,
  filter: { status?: number; from?: Date },
): Promise<ConsoleOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        filter.status === undefined ? undefined : eq(orders.status, filter.status),
        filter.from === undefined ? undefined : gte(orders.createdAt, filter.from),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(LIMIT);
  return consoleOrdersOf(db, null, rows);
}
