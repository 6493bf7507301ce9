import { AppError } from "@tablemate/core";
import { and, eq, inArray } from "drizzle-orm";
import { payAttempts, payIntentOrders, payIntents } from "../../db/schema.js";
import type { Tx } from "../cart/cart-state.js";
import { attemptInFlight } from "./intents.js";
import { cancelOrderIntent, intentRefunded, refundMemberParts, settleMemberPaid } from "./member-effects.js";
import { type RefundRow, recordRefund } from "./refunds.js";

/** The live intents over an order (open or paid), with the order's part of each. */
async function liveIntents(tx: Tx, orderId: number) {
  return tx
    .select({ intent: payIntents, part: payIntentOrders.amountCents, stored: payIntentOrders.storedCents })
    .from(payIntentOrders)
    .innerJoin(payIntents, eq(payIntents.id, payIntentOrders.intentId))
    .where(and(eq(payIntentOrders.orderId, orderId), eq(payIntentOrders.live, true)));
}

/** Whether the order was paid (a refund follows its cancel: staff need a manager's approval). */
export async function orderIsPaid(tx: Tx, orderId: number): Promise<boolean> {
  return (await liveIntents(tx, orderId)).some((l) => l.intent.status === "paid");
}

/**
 * In a cancel's transaction, under the order's lock: a payment in flight refuses it (2000 支付中，不能
 * 取消订单); an open intent over the order is cancelled (what is left is owed anew, its member money
 * back); a paid one refunds the order's part from its paid attempts, and its stored value to the card. Answers the refunds to send after commit.
 */
export async function settleCancelledOrder(
  tx: Tx,
  orderId: number,
  actor: string,
  now: Date,
): Promise<RefundRow[]> {
  const refunds: RefundRow[] = [];
  for (const { intent, part, stored } of await liveIntents(tx, orderId)) {
    if (await attemptInFlight(tx, intent.id, now)) throw new AppError("cancelPaying");
    if (intent.status === "open") {
      // its hold released and its coupon given back with it
      await cancelOrderIntent(tx, intent, now);
      continue;
    }
    // paid with member money: its share of the stored value back on the card, the points for it taken back
    // (a coupon it used stays used: the order it was spent on was placed); its paid effects first, if a
    // stop left them undone
    await settleMemberPaid(tx, intent, now);
    const before = await intentRefunded(tx, intent);
    await refundMemberParts(tx, intent, {
      key: `cancel:${orderId}`,
      storedCents: stored,
      refundCents: part + stored,
      refundedBeforeCents: before.gatewayCents + before.storedCents,
      actor,
      now,
    });
    await tx
      .update(payIntentOrders)
      .set({ live: false })
      .where(and(eq(payIntentOrders.intentId, intent.id), inArray(payIntentOrders.orderId, [orderId])));
    let left = part;
    const paid = await tx
      .select()
      .from(payAttempts)
      .where(and(eq(payAttempts.intentId, intent.id), eq(payAttempts.status, "paid")));
    for (const attempt of paid) {
      if (left <= 0) break;
      const amountCents = Math.min(left, attempt.amountCents);
      try {
        refunds.push(await recordRefund(tx, attempt, { amountCents, reason: "订单取消退款", actor, now }));
        left -= amountCents;
      } catch (error) {
        // this attempt has less left to refund than its amount: the rest comes from the next one
        if (!(error instanceof AppError)) throw error;
      }
    }
  }
  return refunds;
}
