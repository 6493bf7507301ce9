import { AppError, ORDER_STATUS, type OrderStatus } from "@tablemate/core";
import { and, eq, or } from "drizzle-orm";
import { orders } from "../../db/schema.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { queueForKitchen } from "../kitchen/queue.js";
import { postPaidRecharge } from "../member/recharge.js";
import { broadcastOrderStatus } from "../order/status.js";
import { settleTable } from "../staff/moves.js";
import type { PaidOrder, WordOutcome } from "./apply.js";
import { billLeftCents, billShareOrders, visitTable } from "./bill.js";
import type { PaymentDeps } from "./deps.js";
import type { IntentRow } from "./intents.js";
import { settleMemberPaid } from "./member-effects.js";
import { sendRefunds } from "./refunds.js";

/** The actor a payment's announcements carry (no person moved the order). */
export const PAYMENT_ACTOR = "payment";

/**
 * After a word was applied and committed: a paid recharge is posted to its card, the refunds it
 * recorded go to the provider, and a paid intent is announced: the order's tablemates hear type 12 (their order pages read the payment), the
 * floor sees the order again, and a pay-first group's orders that waited for the money go to the
 * kitchen.
 */
export async function afterPayment(deps: PaymentDeps, outcome: WordOutcome): Promise<void> {
  if (outcome.outcome !== "applied") return;
  // a paid recharge's money onto the card first (once; reconcile posts it if this never runs)
  if (outcome.paidIntent?.rechargeId) await postPaidRecharge(deps, outcome.paidIntent.rechargeId);
  await sendRefunds(deps, outcome.refunds);
  if (outcome.paidIntent) await announcePaid(deps, outcome.paidIntent, outcome.paidOrder ?? null);
}

/** Effects still running after their answer went out, by database (every deps spread from one shares it). */
const underWay = new WeakMap<object, Set<Promise<void>>>();

/** Keeps an effect that runs after its answer (it must not fail: the caller catches and logs) until done. */
export function trackEffect(deps: Pick<PaymentDeps, "db">, effect: Promise<void>): void {
  let running = underWay.get(deps.db);
  if (!running) {
    running = new Set();
    underWay.set(deps.db, running);
  }
  const set = running;
  set.add(effect);
  void effect.finally(() => set.delete(effect));
}

/** Resolves once the effects under way (and any they started meanwhile) are done: shutdown, tests. */
export async function effectsSettled(deps: Pick<PaymentDeps, "db">): Promise<void> {
  const running = underWay.get(deps.db);
  while (running && running.size > 0) await Promise.all([...running]);
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
