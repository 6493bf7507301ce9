import {
  AppError,
  FULFILMENT_REFUSAL_TEXT,
  FULFILMENT_TEXT,
  type FulfilmentResult,
  type FulfilmentStep,
  fulfilmentRefusal,
  ORDER_STATUS,
  type OrderStatus,
  statusAfterStep,
} from "@tablemate/core";
import { and, eq, isNull } from "drizzle-orm";
import { orders } from "../../db/schema.js";
import { queueForKitchen } from "../kitchen/queue.js";
import { broadcastOrderStatus, writeStatusMove } from "../order/status.js";
import { orderIsPaid } from "../settlement/order-cancel.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { type FloorDeps, lockOrder } from "./actions.js";

/**
 * One fulfilment step of an order (issue 25: 配送中 / 已送达, a reservation confirmed or declined, 叫号),
 * under the order's row lock: core's fulfilment rules decide (409 with their words), the step is
 * written compare-and-set on the step and call count read, a declined reservation is cancelled with it
 * (its stock back; a paid one is refused: a refund is the cancel's, with its approval), and the audit
 * entry is written in the same transaction. The order's diners hear type 12 after the commit.
 */
export async function moveFulfilment(
  deps: FloorDeps,
  by: StaffPrincipal,
  restaurantId: number,
  orderId: number,
  to: FulfilmentStep,
): Promise<FulfilmentResult> {
  const { order, result, stock } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, restaurantId, orderId);
    const refusal = fulfilmentRefusal(order, to);
    if (refusal) throw new AppError("orderMoveRefused", FULFILMENT_REFUSAL_TEXT[refusal]);
    const nextStatus = statusAfterStep(to);
    if (nextStatus === ORDER_STATUS.cancelled && (await orderIsPaid(tx, order.id)))
      throw new AppError("orderMoveRefused", "该预订已付款，请通过取消订单退款");
    const at = deps.now();
    const calledCount = order.calledCount + (to === "called" ? 1 : 0);
    const written = await tx
      .update(orders)
      .set({ fulfilment: to, fulfilmentAt: at, calledCount, ...(nextStatus !== null && { held: false }) })
      .where(
        and(
          eq(orders.id, order.id),
          order.fulfilment === null ? isNull(orders.fulfilment) : eq(orders.fulfilment, order.fulfilment),
          eq(orders.calledCount, order.calledCount),
        ),
      )
      .returning({ id: orders.id });
    if (!written.length) throw new AppError("orderMoveRefused", FULFILMENT_REFUSAL_TEXT.wrongStep);
    const stock =
      nextStatus === null
        ? []
        : await writeStatusMove(tx, order, nextStatus, by.actor, at, FULFILMENT_TEXT[to]);
    const status = nextStatus ?? order.status;
    await recordAudit(tx, {
      restaurantId,
      by,
      action: "order.fulfilment",
      target: `order:${order.id}`,
      before: { status: order.status, fulfilment: order.fulfilment, calledCount: order.calledCount },
      after: { status, fulfilment: to, calledCount },
    });
    return { order, stock, result: { orderId: order.id, status, fulfilment: to, calledCount } };
  });
  await broadcastOrderStatus(deps, order, result.status as OrderStatus, by.actor, stock);
  // a declined reservation the kitchen already had gets its cancel tickets
  if (result.status !== order.status) queueForKitchen(deps, order.id);
  return result;
}
