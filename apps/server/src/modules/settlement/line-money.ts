/**
 * What comping a line (赠送) does to money (issue 24): a comped line holds no money. In the comp's
 * transaction, under the order's lock, before the line is marked:
 *
 * - a payment in flight over the line (an order intent's, or a bill share's) refuses the comp (4604):
 *   what it charges is being decided at the provider, and a comp waits for the answer;
 * - an open order intent over the order gives way (its member money back): /pay prices anew;
 * - held bill claims on the line are let go: the line leaves the bill, and the diner's next pay
 *   re-prices what they hold (bill.ts);
 * - paid bill claims on the line are refunded, what they paid;
 * - a paid order intent over the order refunds the line's part of what it paid: the order's gateway
 *   part, stored value and discounts allocated over its charged lines by their amounts (core's
 *   lineDues, largest remainder), and what it keeps for the order drops by the same, so a later comp
 *   or cancel refunds only what is left. Stored value goes back on the card, points earned on the
 *   money refunded are taken back.
 *
 * Answers the refunds to send after commit.
 */
import { AppError, lineDues } from "@tablemate/core";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { billClaims, orderLines, payIntentOrders, payIntents } from "../../db/schema.js";
import { attemptInFlight, cancelIntent, cents, type IntentRow } from "../payment/intents.js";
import { type RefundRow, refundFromAttempts } from "../payment/refunds.js";
import { cancelOrderIntent, intentRefunded, refundMemberParts, settleMemberPaid } from "./member-effects.js";
import { releaseClaims } from "./shares.js";

type LineRow = typeof orderLines.$inferSelect;

const COMP_REASON = "赠送退款";

export async function releaseCompedLineMoney(
  tx: Tx,
  line: LineRow,
  actor: string,
  now: Date,
): Promise<RefundRow[]> {
  const claims = await tx
    .select()
    .from(billClaims)
    .where(and(eq(billClaims.orderLineId, line.id), ne(billClaims.status, "released")));
  const intents = await tx
    .select({ intent: payIntents, part: payIntentOrders })
    .from(payIntentOrders)
    .innerJoin(payIntents, eq(payIntents.id, payIntentOrders.intentId))
    .where(and(eq(payIntentOrders.orderId, line.orderId), eq(payIntentOrders.live, true)));
  const claimIntents = [...new Set(claims.flatMap((c) => (c.intentId === null ? [] : [c.intentId])))];
  for (const intentId of [...claimIntents, ...intents.map((i) => i.intent.id)])
    if (await attemptInFlight(tx, intentId, now)) throw new AppError("payInFlight");

  const refunds: RefundRow[] = [];
  const input = { reason: COMP_REASON, actor, now };
  const held = claims.filter((c) => c.status === "held");
  await releaseClaims(tx, held);
  for (const intentId of claimIntents) {
    // a share started over the line gives way: its diner's next pay is priced without it
    const [open] = await tx
      .select()
      .from(payIntents)
      .where(and(eq(payIntents.id, intentId), eq(payIntents.status, "open")));
    if (open) await cancelIntent(tx, open, now);
    const paidCents = claims
      .filter((c) => c.intentId === intentId && c.status === "paid")
      .reduce((s, c) => s + c.amountCents, 0);
    if (paidCents > 0) refunds.push(...(await refundFromAttempts(tx, intentId, paidCents, input)).refunds);
  }
  for (const { intent, part } of intents) {
    if (intent.status === "open") await cancelOrderIntent(tx, intent, now);
    else if (intent.status === "paid") refunds.push(...(await refundLinePart(tx, intent, part, line, input)));
  }
  return refunds;
}

type PartRow = typeof payIntentOrders.$inferSelect;

/** A paid order intent's part for the comped line: refunded, and taken off what it keeps for the order. */
async function refundLinePart(
  tx: Tx,
  intent: IntentRow,
  part: PartRow,
  line: LineRow,
  input: { reason: string; actor: string; now: Date },
): Promise<RefundRow[]> {
  // the order's charged lines as the intent paid them (this one among them), in a fixed order
  const charged = await tx
    .select({ id: orderLines.id, total: orderLines.total })
    .from(orderLines)
    .where(
      and(eq(orderLines.orderId, line.orderId), isNull(orderLines.voidedAt), isNull(orderLines.compedAt)),
    )
    .orderBy(asc(orderLines.id));
  const weights = charged.map((l) => ({ lineId: l.id, plainCents: cents(l.total) }));
  const share = (amountCents: number) => {
    const plain = weights.reduce((s, w) => s + w.plainCents, 0);
    // a part above the lines' sum (rounding of the order's total) is spread as far as it goes
    const dues = lineDues(Math.min(amountCents, plain), weights);
    return dues.find((d) => d.lineId === line.id)?.dueCents ?? 0;
  };
  const gatewayCents = share(part.amountCents);
  const storedCents = share(part.storedCents);
  const discountCents = share(part.creditCents - part.storedCents);
  await tx
    .update(payIntentOrders)
    .set({
      amountCents: part.amountCents - gatewayCents,
      storedCents: part.storedCents - storedCents,
      creditCents: part.creditCents - storedCents - discountCents,
    })
    .where(and(eq(payIntentOrders.intentId, intent.id), eq(payIntentOrders.orderId, part.orderId)));
  await settleMemberPaid(tx, intent, input.now);
  const before = await intentRefunded(tx, intent);
  await refundMemberParts(tx, intent, {
    key: `comp:${line.id}`,
    storedCents,
    refundCents: gatewayCents + storedCents,
    refundedBeforeCents: before.gatewayCents + before.storedCents,
    actor: input.actor,
    now: input.now,
  });
  if (gatewayCents === 0) return [];
  const { refunds, leftCents } = await refundFromAttempts(tx, intent.id, gatewayCents, input);
  if (leftCents > 0) throw new AppError("refundTooLarge");
  return refunds;
}
