import { AppError, ORDER_STATUS, type OrderStatus } from "@tablemate/core";
import { and, eq, or } from "drizzle-orm";
import { orders } from "../../db/schema.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { queueForKitchen } from "../kitchen/queue.js";
import { postPaidRecharge } from "../member/recharge.js";
import { broadcastOrderStatus } from "../order/status.js";
import type { PaidOrder, PaymentDeps } from "../payment/deps.js";
import type { IntentRow } from "../payment/intents.js";
import { settleTable } from "../staff/moves.js";
import { billLeftCents, billShareOrders, visitTable } from "./bill.js";
import { settleMemberPaid } from "./member-effects.js";

/** The actor a payment's announcements carry (no person moved the order). */
export const PAYMENT_ACTOR = "payment";

/**
 * A paid intent's effects, after its word was committed and its refunds sent (payment's `paid` hook,
 * registered by buildApp): a paid recharge is posted to its card, and a paid intent is announced: the
 * order's tablemates hear type 12 (their order pages read the payment), the floor sees the order
 * again, and a pay-first group's orders that waited for the money go to the kitchen.
 */
export async function paidEffects(
  deps: PaymentDeps,
  intent: IntentRow,
  paidOrder: PaidOrder | null,
): Promise<void> {
  // a paid recharge's money onto the card (once; reconcile posts it if this never runs)
  if (intent.rechargeId) await postPaidRecharge(deps, intent.rechargeId);
  await announcePaid(deps, intent, paidOrder);
}

async function announcePaid(
  deps: PaymentDeps,
  intent: IntentRow,
  paidOrder: PaidOrder | null,
): Promise<void> {
  if (intent.kind === "bill" && intent.visitId !== null)
    return settleWhenBillPaid(deps, intent, intent.visitId);
  // the member money's effects (hold captured, coupon used, points earned, the visit's card fixed), once
  await deps.db.transaction((tx) => settleMemberPaid(tx, intent, deps.now()));
  // the order as the paying statement read it (pay_apply_paid): none when the intent has no order
  if (paidOrder) await broadcastOrderStatus(deps, paidOrder, paidOrder.status as OrderStatus, PAYMENT_ACTOR);
  if (intent.orderId !== null) await sendPaidGroupToKitchen(deps, intent.orderId);
}

/**
 * The placed orders of a group just paid, queued for the kitchen (ticketsForOrder sends each once, and
 * only when nothing is due any more, so a partial payment sends nothing). Queued, as the submit's
 * orders are: a few at a time beside the notifications, which are answered first.
 */
async function sendPaidGroupToKitchen(deps: PaymentDeps, mainOrderId: number): Promise<void> {
  const placed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(eq(orders.id, mainOrderId), eq(orders.mainOrderId, mainOrderId)),
        eq(orders.status, ORDER_STATUS.placed),
      ),
    );
  for (const { id } of placed) queueForKitchen(deps, id);
}

/**
 * A bill share paid: when nothing of the bill is left, the table is settled (diners hear status 7);
 * else the floor sees the table paid in part, and the diners hear type 12 for the orders it paid
 * lines of (their bill and order pages read what is paid and what is left).
 */
async function settleWhenBillPaid(deps: PaymentDeps, intent: IntentRow, visitId: number): Promise<void> {
  const table = await visitTable(deps.db, visitId);
  if (!table || table.endedAt !== null) return;
  if ((await billLeftCents(deps.db, visitId, deps.now())) > 0) {
    await publishStaff(deps.backplane, table.restaurantId, "floor", {
      type: "table",
      tableId: table.tableId,
      change: "paid",
    });
    for (const order of await billShareOrders(deps.db, intent.id)) {
      await broadcastOrderStatus(deps, order, order.status as OrderStatus, PAYMENT_ACTOR);
    }
    return;
  }
  try {
    await settleTable(deps, {
      restaurantId: table.restaurantId,
      tableId: table.tableId,
      actor: PAYMENT_ACTOR,
    });
  } catch (error) {
    // settled by the cashier meanwhile: nothing left to do
    if (!(error instanceof AppError)) throw error;
  }
}
