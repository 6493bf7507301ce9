/**
 * What paying an order with member money does to the card (issue 19), each step compare-and-set or
 * keyed by its business event, so doing it again changes nothing:
 *
 * - paid (the verified paid word, or stored value paying it all): the hold captured, the coupon used,
 *   points earned (the card type's pointsPerYuan on what was paid, stored value included), and in
 *   prepayment the visit's card fixed (001 §4: tablemates share it from then on); in one transaction,
 *   marked on the intent (member_settled_at). A paid word's effects run after its answer; what a stop
 *   left undone, the reconciliation job does (settleUnsettledMemberIntents).
 * - cancelled or expired before paying: the hold released, the coupon given back.
 * - refunded after paying: stored value back on the card as it was spent (restoreSpend), points taken
 *   back in proportion to the money refunded (reversePointsForRefund).
 */
import { earnedPoints, ORDER_STATUS } from "@tablemate/core";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  memberCards,
  memberCardTypes,
  memberLedger,
  orders,
  payAttempts,
  payIntents,
  payRefunds,
  visits,
} from "../../db/schema.js";
import { runInTransaction } from "../../db/statements.js";
import {
  captureHold,
  earnPoints,
  type ReleaseWhy,
  releaseHold,
  restoreSpend,
  returnOrderCoupons,
  reversePointsForRefund,
  useCoupon,
} from "../member/index.js";
import { ATTEMPT_TTL_MS } from "../payment/deps.js";
import { cancelIntent, type IntentRow } from "../payment/intents.js";

/** the ledger's and the coupons' actor for what a payment does */
const ACTOR = "payment";

/** the ledger's key of an intent's payment (its earned points, and their reversal) */
const paymentKey = (intent: Pick<IntentRow, "id">) => `intent:${intent.id}`;

/** what the card holds for the intent (stored value, points) */
const holds = (intent: IntentRow) => intent.storedCents > 0 || intent.points > 0;

/**
 * A paid order intent's member effects, in the caller's transaction, once (member_settled_at,
 * compare-and-set: a second run finds it set and does nothing).
 */
export async function settleMemberPaid(tx: Tx, intent: IntentRow, now: Date): Promise<void> {
  if (intent.kind !== "order" || intent.orderId === null) return;
  const mainId = intent.orderId;
  const cardId = intent.memberCardId;
  if (cardId !== null) {
    const [marked] = await tx
      .update(payIntents)
      .set({ memberSettledAt: now })
      .where(
        and(eq(payIntents.id, intent.id), eq(payIntents.status, "paid"), isNull(payIntents.memberSettledAt)),
      )
      .returning({ id: payIntents.id });
    if (!marked) return;
    const cardDb = { runIn: runInTransaction(tx) };
    if (holds(intent))
      await captureHold(cardDb, {
        cardId,
        orderId: mainId,
        actor: ACTOR,
        now,
        detail: { intentId: intent.id },
      });
    if (intent.couponId !== null) await useCoupon(tx, { couponId: intent.couponId, orderId: mainId, now });
    const paidCents = intent.amountCents + intent.storedCents;
    const [rate] = await tx
      .select({ pointsPerYuan: memberCardTypes.pointsPerYuan })
      .from(memberCards)
      .innerJoin(
        memberCardTypes,
        and(
          eq(memberCardTypes.restaurantId, memberCards.restaurantId),
          eq(memberCardTypes.cardType, memberCards.cardType),
        ),
      )
      .where(eq(memberCards.id, cardId));
    // a card of no type here earns as the type's default: 1 point a yuan
    const points = earnedPoints(paidCents, rate?.pointsPerYuan ?? 1);
    if (points > 0)
      await earnPoints(cardDb, {
        cardId,
        paymentKey: paymentKey(intent),
        points,
        paidCents,
        actor: ACTOR,
        now,
      });
  }
  await fixVisitCard(tx, mainId, cardId);
}

/**
 * Prepayment (001 §4): the visit's first paid order fixes its card, compare-and-set (the first paid
 * order wins; nobody switches cards afterwards). The card is the payer's, or the one that priced it.
 */
async function fixVisitCard(tx: Tx, mainId: number, payerCardId: number | null): Promise<void> {
  const [main] = await tx
    .select({ cardId: orders.memberCardId, paymentType: orders.paymentType, cartId: orders.cartId })
    .from(orders)
    .where(eq(orders.id, mainId));
  const cardId = payerCardId ?? main?.cardId ?? null;
  if (main?.paymentType !== 1 || cardId === null) return;
  await tx
    .update(visits)
    .set({ memberCardId: cardId })
    .where(
      and(
        isNull(visits.memberCardId),
        sql`${visits.id} = (select c.visit_id from carts c where c.id = ${main.cartId})`,
      ),
    );
}

/**
 * New order start (001 §4): once a prepayment order is settled, cancelled or closed, the card its visit
 * was fixed to ends with it, so the visit's next order may be paid with another card. Only a binding
 * still set is cleared (compare-and-set, in the caller's transaction with the move).
 */
export async function unfixVisitCard(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(visits)
    .set({ memberCardId: null })
    .where(
      and(
        isNotNull(visits.memberCardId),
        sql`${visits.id} = (select c.visit_id from orders o join carts c on c.id = o.cart_id
          where o.id = ${orderId} and o.payment_type = 1)`,
      ),
    );
}

/** An intent cancelled (its orders, or its payment expired): its hold released, its coupon given back. */
export async function releaseMemberParts(
  tx: Tx,
  intent: IntentRow,
  why: ReleaseWhy,
  now: Date,
): Promise<void> {
  if (intent.memberCardId === null || intent.orderId === null) return;
  if (holds(intent))
    await releaseHold(
      { runIn: runInTransaction(tx) },
      { cardId: intent.memberCardId, orderId: intent.orderId, why, actor: ACTOR, now },
    );
  if (intent.couponId !== null) await returnOrderCoupons(tx, intent.orderId);
}

/** Cancels an open order intent (compare-and-set) and gives its member money back; false when it moved. */
export async function cancelOrderIntent(
  tx: Tx,
  intent: IntentRow,
  now: Date,
  why: ReleaseWhy = "cancelled",
): Promise<boolean> {
  if (!(await cancelIntent(tx, intent, now))) return false;
  await releaseMemberParts(tx, intent, why, now);
  return true;
}

/**
 * What a paid member intent had refunded: its gateway refunds (not failed) and its stored value put
 * back on the card. Read before a refund records anything, for refundMemberParts.
 */
export async function intentRefunded(
  tx: Tx,
  intent: IntentRow,
): Promise<{ gatewayCents: number; storedCents: number }> {
  const [row] = await tx
    .select({
      gateway: sql<string>`coalesce((select sum(r.amount_cents) from ${payRefunds} r
        where r.intent_id = ${intent.id} and r.status <> 'failed'), 0)`,
      stored: sql<string>`coalesce((select sum(l.principal_cents + l.gift_cents) from ${memberLedger} l
        where l.card_id = ${intent.memberCardId} and l.kind = 'restore' and l.detail->>'intentId' = ${String(intent.id)}), 0)`,
    })
    .from(payIntents)
    .where(eq(payIntents.id, intent.id));
  return { gatewayCents: Number(row?.gateway ?? 0), storedCents: Number(row?.stored ?? 0) };
}

/**
 * A refund of a paid member intent, beside the gateway's: `storedCents` of its stored value back on the
 * card, and the points its payment earned taken back for `refundCents` of money refunded (gateway and
 * stored value together) in proportion, after `refundedBeforeCents` (intentRefunded); on a full
 * refund, `points` it redeemed back on the card. Keyed by `key` (a cancel's order, a staff refund's
 * numbers): a replay changes nothing.
 */
export async function refundMemberParts(
  tx: Tx,
  intent: IntentRow,
  refund: {
    key: string;
    storedCents: number;
    refundCents: number;
    refundedBeforeCents: number;
    /** the points it redeemed, given back (a full refund) */
    points?: number;
    actor: string;
    now: Date;
  },
): Promise<void> {
  if (intent.memberCardId === null || intent.orderId === null || refund.refundCents === 0) return;
  const cardDb = { runIn: runInTransaction(tx) };
  const { key, actor, now } = refund;
  const cardId = intent.memberCardId;
  const points = refund.points ?? 0;
  if (refund.storedCents > 0 || points > 0)
    await restoreSpend(cardDb, {
      cardId,
      orderId: intent.orderId,
      eventKey: `${paymentKey(intent)}:${key}`,
      cents: refund.storedCents,
      points,
      actor,
      now,
      detail: { intentId: intent.id },
    });
  await reversePointsForRefund(cardDb, {
    cardId,
    paymentKey: paymentKey(intent),
    refundKey: key,
    refundCents: refund.refundCents,
    refundedBeforeCents: refund.refundedBeforeCents,
    actor,
    now,
  });
}

/**
 * The reconciliation job's part (payment/reconcile.ts): open member intents whose payment expired
 * (no attempt may still be paid, and ATTEMPT_TTL_MS since the intent or its last attempt) are
 * cancelled with their hold released and coupon given back; paid ones whose effects a stop left
 * undone are settled. Answers how many of each.
 */
export async function sweepMemberIntents(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ expired: number; settled: number }> {
  const before = new Date(now.getTime() - ATTEMPT_TTL_MS);
  const stale = await db
    .select()
    .from(payIntents)
    .where(
      and(
        eq(payIntents.status, "open"),
        sql`${payIntents.memberCardId} is not null`,
        lt(payIntents.createdAt, before),
        sql`not exists (select 1 from ${payAttempts} a where a.intent_id = pay_intents.id
          and (a.expires_at > ${now.toISOString()}::timestamptz or a.status = 'paid'))`,
      ),
    )
    .limit(limit);
  let expired = 0;
  for (const intent of stale) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, intent.orderId ?? 0), sql`${orders.status} <> ${ORDER_STATUS.cancelled}`))
        .for("update");
      // a cancel has the order's lock and gives the intent's money back itself
      if (!order) return false;
      return cancelOrderIntent(tx, intent, now, "expired");
    });
    if (done) expired += 1;
  }
  const unsettled = await db
    .select()
    .from(payIntents)
    .where(
      and(
        eq(payIntents.status, "paid"),
        sql`${payIntents.memberCardId} is not null`,
        isNull(payIntents.memberSettledAt),
      ),
    )
    .limit(limit);
  for (const intent of unsettled) await db.transaction((tx) => settleMemberPaid(tx, intent, now));
  return { expired, settled: unsettled.length };
}
