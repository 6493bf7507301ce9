/**
 * A full refund closes the order (issue 24): once all an order intent captured is refunded (the
 * gateway's money and its stored value), its open orders end cancelled with the note 全额退款 — the
 * staff no longer see 已支付 with 确认接单, the kitchen gets cancel tickets, the diners' order pages
 * show 已退款 with nothing to pay, the stock goes back. Locks: the intent's orders are locked before
 * the intent (the order every order change takes: orders, then intents, then attempts).
 */
import { type DishStock, OPEN_ORDER_STATUSES, ORDER_STATUS } from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orders, payIntentOrders } from "../../db/schema.js";
import type { BaseDeps } from "../../deps.js";
import { queueForKitchen } from "../kitchen/queue.js";
import { broadcastOrderStatus, writeStatusMove } from "../order/status.js";

type OrderRow = typeof orders.$inferSelect;

export const FULL_REFUND_NOTE = "全额退款";

/** The open orders an intent pays (its live ones), locked in id order. */
export async function lockIntentOrders(tx: Tx, intentId: number): Promise<OrderRow[]> {
  const ids = await tx
    .select({ id: payIntentOrders.orderId })
    .from(payIntentOrders)
    .where(and(eq(payIntentOrders.intentId, intentId), eq(payIntentOrders.live, true)));
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(
          orders.id,
          ids.map((r) => r.id),
        ),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    )
    .orderBy(asc(orders.id))
    .for("update");
}

export interface ClosedOrder {
  order: OrderRow;
  stock: DishStock[];
}

/** In the refund's transaction: the locked orders cancelled, no longer paid by the intent. */
export async function closeRefundedOrders(
  tx: Tx,
  intentId: number,
  locked: readonly OrderRow[],
  actor: string,
  now: Date,
): Promise<ClosedOrder[]> {
  const closed: ClosedOrder[] = [];
  for (const order of locked) {
    const stock = await writeStatusMove(tx, order, ORDER_STATUS.cancelled, actor, now, FULL_REFUND_NOTE);
    await tx
      .update(payIntentOrders)
      .set({ live: false })
      .where(and(eq(payIntentOrders.intentId, intentId), eq(payIntentOrders.orderId, order.id)));
    closed.push({ order, stock });
  }
  return closed;
}

/** After commit: the diners and the floor hear each closed order, the kitchen gets its cancel tickets. */
export async function announceClosed(deps: BaseDeps, closed: readonly ClosedOrder[], actor: string) {
  for (const { order, stock } of closed) {
    await broadcastOrderStatus(deps, order, ORDER_STATUS.cancelled, actor, stock);
    queueForKitchen(deps, order.id);
  }
}
