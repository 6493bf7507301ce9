import type { OrderEventView, StaffOrder } from "@tablemate/core";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderEvents, orders } from "../../db/schema.js";
import { latestOrders, orderSummary } from "../order/orders.js";

const LIMIT = 100;

/** The restaurant's orders, newest first (at most 100), each with its status changes: who and when. */
export async function staffOrders(db: Db, restaurantId: number, status?: number): Promise<StaffOrder[]> {
  const rows = await latestOrders(
    db,
    restaurantId,
    status === undefined ? undefined : eq(orders.status, status),
    LIMIT,
  );
  const ids = rows.map((r) => r.order.id);
  const events = ids.length
    ? await db
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, ids))
        .orderBy(asc(orderEvents.id))
    : [];
  const byOrder = new Map<number, OrderEventView[]>();
  for (const e of events) {
    const view = { fromStatus: e.fromStatus, toStatus: e.toStatus, actor: e.actor, at: e.at.toISOString() };
    byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), view]);
  }
  return rows.map(({ order, tableName }) => ({
    ...orderSummary(order, tableName),
    tableId: order.tableId,
    paymentType: order.paymentType,
    eatType: order.eatType,
    posTime: order.posTime?.toISOString() ?? null,
    events: byOrder.get(order.id) ?? [],
  }));
}
