import { AppError } from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { billClaims, orderLines, payAttempts, payIntentOrders, payIntents } from "../../db/schema.js";
import { attemptInFlight } from "../payment/intents.js";
import { attemptRefundable, type RefundRow, recordRefund } from "../payment/refunds.js";
import { cancelOrderIntent, intentRefunded, refundMemberParts, settleMemberPaid } from "./member-effects.js";
import { releaseClaims } from "./shares.js";

/**
 * The live intents over an order (open or paid), with the order's part of each, locked in id order: the
 * caller holds the order's lock, and the lock order (docs/api.md) takes intents after orders, so a
 * paid word (pay_apply_paid locks the orders first) either committed before (read here as paid) or
 * waits for this transaction and reads the order cancelled.
 */
async function liveIntents(tx: Tx, orderId: number) {
  return tx
    .select({ intent: payIntents, part: payIntentOrders.amountCents, stored: payIntentOrders.storedCents })
    .from(payIntentOrders)
    .innerJoin(payIntents, eq(payIntents.id, payIntentOrders.intentId))
    .where(and(eq(payIntentOrders.orderId, orderId), eq(payIntentOrders.live, true)))
    .orderBy(asc(payIntents.id))
    .for("update", { of: payIntents });
}

/** Whether an intent still pays for an order (a part of it not cancelled). */
async function hasLiveOrders(tx: Tx, intentId: number): Promise<boolean> {
  const [row] = await tx
    .select({ orderId: payIntentOrders.orderId })
    .from(payIntentOrders)
    .where(and(eq(payIntentOrders.intentId, intentId), eq(payIntentOrders.live, true)))
    .limit(1);
  return row !== undefined;
}

/** Whether the order was paid (a refund follows its cancel: staff need a manager's approval). */
export async function orderIsPaid(tx: Tx, orderId: number): Promise<boolean> {
  return (await liveIntents(tx, orderId)).some((l) => l.intent.status === "paid");
}

/**
 * In a cancel's transaction, under the order's lock: a payment in flight refuses it (2000 支付中，不能
 * 取消订单); an open intent over the order is cancelled (what is left is owed anew, its member money
 * back); a paid one refunds the order's part from its paid attempts, and its stored value to the card
 * (recorded here, listed on the console's money page), and once none of its orders stands, the points
 * it redeemed. Answers the refunds to send after commit.
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
      // its hold released and its coupon given back with it; under the intent's lock nothing moves it,
      // so a compare-and-set that fails is a fault to roll back, never to pass over
      if (!(await cancelOrderIntent(tx, intent, now))) throw new AppError("cancelFailed");
      continue;
    }
    // paid with member money: its share of the stored value back on the card, the points for it taken back
    // (a coupon it used stays used: the order it was spent on was placed); its paid effects first, if a
    // stop left them undone
    await settleMemberPaid(tx, intent, now);
    const before = await intentRefunded(tx, intent);
    await tx
      .update(payIntentOrders)
      .set({ live: false })
      .where(and(eq(payIntentOrders.intentId, intent.id), eq(payIntentOrders.orderId, orderId)));
    await refundMemberParts(tx, intent, {
      key: `cancel:${orderId}`,
      storedCents: stored,
      refundCents: part + stored,
      refundedBeforeCents: before.gatewayCents + before.storedCents,
      // the last of its orders cancelled: nothing it paid for stands, so the points it redeemed come back
      points: (await hasLiveOrders(tx, intent.id)) ? 0 : intent.points,
      actor,
      now,
    });
    refunds.push(...(await refundFromAttempts(tx, intent.id, part, actor, now)));
  }
  refunds.push(...(await settleCancelledShares(tx, orderId, actor, now)));
  return refunds;
}

/**
 * The bill shares on a cancelled order's lines (pay later: a tablemate claimed and maybe paid them),
 * under their intents' locks (the lock order: after the order): a share being paid refuses the cancel
 * (2000), a paid one is refunded, and every one is let go, so a share paid after the cancel is refunded
 * by pay_apply_paid too. A cancelled line holds no money.
 */
async function settleCancelledShares(
  tx: Tx,
  orderId: number,
  actor: string,
  now: Date,
): Promise<RefundRow[]> {
  const onLines = (statuses: Array<"held" | "paid">) =>
    tx
      .select({ claim: billClaims })
      .from(billClaims)
      .innerJoin(orderLines, eq(orderLines.id, billClaims.orderLineId))
      .where(and(eq(orderLines.orderId, orderId), inArray(billClaims.status, statuses)))
      .orderBy(asc(billClaims.id));
  const seen = await onLines(["held", "paid"]);
  const intentIds = [
    ...new Set(seen.flatMap(({ claim }) => (claim.intentId === null ? [] : [claim.intentId]))),
  ];
  if (intentIds.length)
    await tx
      .select({ id: payIntents.id })
      .from(payIntents)
      .where(inArray(payIntents.id, intentIds))
      .orderBy(asc(payIntents.id))
      .for("update");
  // read again under the locks: a paid word that came meanwhile has moved its claims to paid
  const claims = (await onLines(["held", "paid"])).map(({ claim }) => claim);
  const refunds: RefundRow[] = [];
  for (const intentId of intentIds) {
    const mine = claims.filter((c) => c.intentId === intentId);
    if (mine.some((c) => c.status === "held") && (await attemptInFlight(tx, intentId, now)))
      throw new AppError("cancelPaying");
    const paidCents = mine.filter((c) => c.status === "paid").reduce((sum, c) => sum + c.amountCents, 0);
    if (paidCents > 0) refunds.push(...(await refundFromAttempts(tx, intentId, paidCents, actor, now)));
  }
  await releaseClaims(tx, claims);
  return refunds;
}

/**
 * The order's part of a paid intent refunded from its paid attempts, each up to what it still has
 * (core's refundableCents, under the attempt's lock); what no attempt has left was refunded already.
 */
async function refundFromAttempts(
  tx: Tx,
  intentId: number,
  partCents: number,
  actor: string,
  now: Date,
): Promise<RefundRow[]> {
  const refunds: RefundRow[] = [];
  let left = partCents;
  const paid = await tx
    .select()
    .from(payAttempts)
    .where(and(eq(payAttempts.intentId, intentId), eq(payAttempts.status, "paid")))
    .orderBy(asc(payAttempts.id));
  for (const attempt of paid) {
    if (left <= 0) break;
    const amountCents = Math.min(left, await attemptRefundable(tx, attempt.id));
    if (amountCents <= 0) continue;
    refunds.push(await recordRefund(tx, attempt, { amountCents, reason: "订单取消退款", actor, now }));
    left -= amountCents;
  }
  return refunds;
}
