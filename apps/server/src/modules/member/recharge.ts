/**
 * Recharging stored value through the payment port (issue 19; 001 §7 recharge-prepay). A recharge is
 * a member_recharges row (pending) and a payment intent of kind recharge over it (migration 0022), paid
 * by an attempt through start.ts as an order is (the restaurant's provider, the sandbox by default).
 *
 * Only the provider's verified word posts it: a paid notification or our query of the provider makes
 * the intent paid (pay_apply_paid), then afterPayment calls postPaidRecharge, which posts the principal
 * and the promised gift once (stored-value.ts rechargePaid, keyed by the recharge) and moves the row
 * pending → paid (compare-and-set). Replayed or racing words find the intent paid or the entries there
 * and post nothing twice. reconcileRecharges (the reconciler's round) posts a paid recharge whose
 * posting did not happen (a stop between the two) and closes one that expired unpaid; paid money of a
 * closed recharge is refunded by pay_apply_paid. A refund gives back only principal not yet spent.
 */
import {
  AppError,
  AWARD_TYPE,
  checkRechargeAmount,
  GIFT_TYPE,
  type RechargeRule,
  type RechargeStart,
  type RechargeView,
  rechargeGift,
} from "@tablemate/core";
import { and, asc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  memberCards,
  memberRecharges,
  payAttempts,
  payIntents,
  payRefunds,
  rechargeRules,
} from "../../db/schema.js";
import { ATTEMPT_TTL_MS, type PaymentDeps } from "../payment/deps.js";
import { cancelIntent, type IntentRow } from "../payment/intents.js";
import { oneIntentMoney } from "../payment/ledger.js";
import { type RefundRow, recordRefund, sendRefund } from "../payment/refunds.js";
import { type StartInput, startAttempt } from "../payment/start.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { ownCard, withMemberCards } from "./access.js";
import { cardBalance } from "./audit.js";
import { ruleOf } from "./present.js";
import type { MemberPrincipal } from "./session.js";
import { type Posted, rechargePaid, refundPrincipal } from "./stored-value.js";

export type RechargeRow = typeof memberRecharges.$inferSelect;

/** Where the provider sends the browser back when the page names nowhere: the recharge page. */
export const RECHARGE_RETURN_PATH = "/member/recharge";
const ROUND = 50;

/** The ledger's key for a recharge: its principal and gift are one business event per recharge. */
const rechargeKey = (rechargeId: number) => `recharge-${rechargeId}`;

async function enabledRules(db: Db, restaurantId: number): Promise<RechargeRule[]> {
  const rows = await db
    .select()
    .from(rechargeRules)
    .where(and(eq(rechargeRules.restaurantId, restaurantId), eq(rechargeRules.enabled, true)))
    .orderBy(asc(rechargeRules.id));
  return rows.map(ruleOf);
}

/** The caller's card here, usable (access.ts's ownCard: 1403, 100002, 10020, 10024) and taking stored value. */
async function rechargeableCard(db: Db, member: MemberPrincipal, cardId: number) {
  const card = await ownCard(db, member, member.restaurantId, cardId);
  if (!card.chargeFlag) throw new AppError("cardRightOff", "该会员卡不能储值");
  return card;
}

export interface RechargeAsk {
  /** the logged-in member, at the restaurant and by the visitor of the login */
  member: MemberPrincipal;
  cardId: number;
  rechargeCents: number;
  /** the rule the diner tapped, when the page names it */
  ruleId?: number;
  /** the request's checked paySign (pay-sign.ts): the same one again is this recharge */
  paySign: string;
  returnPath?: string;
  browserOrigin: string;
  clientIp: string;
}

/**
 * POST recharge-prepay's use case (the paySign already checked): the restaurant's recharge open, the
 * caller's card able to take it, the amount one an enabled rule allows (core's checkRechargeAmount)
 * and its gift computed now (core's rechargeGift) and kept as promised; then the recharge and its
 * intent, once per signed request, and an attempt for it (start.ts: one in flight at a time).
 */
export async function startRecharge(deps: PaymentDeps, ask: RechargeAsk): Promise<RechargeStart> {
  const { db } = deps;
  const now = deps.now();
  const { restaurantId, guid } = ask.member;
  const restaurant = withMemberCards(await getRestaurant(db, restaurantId));
  if (!restaurant.openRecharge) throw new AppError("featureOff", "本店未开通会员充值");
  await rechargeableCard(db, ask.member, ask.cardId);
  const rules = await enabledRules(db, restaurantId);
  const allowed = checkRechargeAmount(
    rules,
    ask.rechargeCents,
    ask.ruleId === undefined ? undefined : String(ask.ruleId),
  );
  if (!allowed.ok) throw new AppError(allowed.error, allowed.message);
  const gift = rechargeGift(rules, ask.rechargeCents);
  const { recharge, intent } = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(memberRecharges)
      .values({
        cardId: ask.cardId,
        restaurantId,
        guid,
        ruleId: gift.ruleId === null ? null : Number(gift.ruleId),
        rechargeCents: ask.rechargeCents,
        giftCents: gift.giftCents,
        giftPoints: gift.giftPoints,
        paySign: ask.paySign,
        createdAt: now,
      })
      .onConflictDoNothing({ target: memberRecharges.paySign })
      .returning();
    if (!made) {
      // the same signed request again (its first answer lost): the recharge it made
      const [seen] = await tx
        .select({ recharge: memberRecharges, intent: payIntents })
        .from(memberRecharges)
        .innerJoin(payIntents, eq(payIntents.rechargeId, memberRecharges.id))
        .where(eq(memberRecharges.paySign, ask.paySign));
      if (!seen || seen.recharge.cardId !== ask.cardId) throw new AppError("paySignInvalid");
      return seen;
    }
    const [owed] = await tx
      .insert(payIntents)
      .values({
        restaurantId,
        kind: "recharge",
        rechargeId: made.id,
        payerGuid: guid,
        amountCents: ask.rechargeCents,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!owed) throw new Error("recharge intent insert returned nothing");
    return { recharge: made, intent: owed };
  });
  if (recharge.state !== "pending")
    throw new AppError("nothingDue", "这笔充值已完成或已关闭，请重新发起充值");
  const input: StartInput = {
    restaurantId,
    guid,
    returnPath: ask.returnPath ?? RECHARGE_RETURN_PATH,
    browserOrigin: ask.browserOrigin,
    clientIp: ask.clientIp,
    description: `${restaurant.name} 会员充值`,
  };
  return { ...(await startAttempt(deps, intent, input)), rechargeId: recharge.id };
}

/**
 * The gift promised when the recharge started, as the one rule rechargePaid is given: the diner gets
 * what the page showed, whatever the rules were changed to while they paid.
 */
function promisedGift(recharge: RechargeRow): RechargeRule[] {
  if (recharge.giftCents === 0 && recharge.giftPoints === 0) return [];
  return [
    {
      ruleId: String(recharge.ruleId ?? "promised"),
      rechargeMoney: recharge.rechargeCents,
      giftMoney: recharge.giftCents,
      giftPoints: recharge.giftPoints,
      giftType: GIFT_TYPE.threshold,
      awardType: AWARD_TYPE.cents,
    },
  ];
}

async function rechargeWithIntent(db: Db, rechargeId: number) {
  const [row] = await db
    .select({ recharge: memberRecharges, intent: payIntents })
    .from(memberRecharges)
    .innerJoin(payIntents, eq(payIntents.rechargeId, memberRecharges.id))
    .where(eq(memberRecharges.id, rechargeId));
  return row ?? null;
}

/** The attempt whose money paid the intent (the first paid; a later one was refunded as a duplicate). */
async function payingAttempt(db: Db, intent: IntentRow) {
  const [attempt] = await db
    .select()
    .from(payAttempts)
    .where(and(eq(payAttempts.intentId, intent.id), eq(payAttempts.status, "paid")))
    .orderBy(asc(payAttempts.settledAt), asc(payAttempts.id))
    .limit(1);
  if (!attempt) throw new Error(`recharge intent ${intent.id} is paid without a paid attempt`);
  return attempt;
}

/**
 * A recharge whose intent the provider's word made paid: its principal and promised gift posted once
 * (rechargePaid, keyed by the recharge, the paying provider as the source: never stored value), then
 * pending → paid. Anything else (not paid, posted already) is left as it is. Answers the row as it is.
 */
export async function postPaidRecharge(
  deps: Pick<PaymentDeps, "db" | "now">,
  rechargeId: number,
): Promise<RechargeRow | null> {
  const { db } = deps;
  const row = await rechargeWithIntent(db, rechargeId);
  if (row?.recharge.state !== "pending" || row.intent.status !== "paid") return row?.recharge ?? null;
  const { recharge } = row;
  const attempt = await payingAttempt(db, row.intent);
  const now = deps.now();
  await rechargePaid(db, {
    cardId: recharge.cardId,
    paymentKey: rechargeKey(recharge.id),
    rechargeCents: recharge.rechargeCents,
    rules: promisedGift(recharge),
    source: attempt.provider,
    actor: `payment:${attempt.provider}`,
    now,
  });
  const [moved] = await db
    .update(memberRecharges)
    .set({ state: "paid", paidAt: now })
    .where(and(eq(memberRecharges.id, recharge.id), eq(memberRecharges.state, "pending")))
    .returning();
  return moved ?? (await rechargeWithIntent(db, rechargeId))?.recharge ?? null;
}

/**
 * Closes a recharge that expired unpaid: its intent cancelled (compare-and-set, under the intent's
 * lock, which a paid word takes too) when no attempt is still pending and no money came; a paid word
 * after it is refunded by pay_apply_paid. False when it moved meanwhile.
 */
async function closeExpired(deps: Pick<PaymentDeps, "db">, intentId: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [intent] = await tx.select().from(payIntents).where(eq(payIntents.id, intentId)).for("update");
    if (intent?.status !== "open" || intent.rechargeId === null) return false;
    const [pending] = await tx
      .select({ id: payAttempts.id })
      .from(payAttempts)
      .where(and(eq(payAttempts.intentId, intent.id), eq(payAttempts.status, "pending")))
      .limit(1);
    // the reconciler asks its provider first (and closes it there once it expired)
    if (pending) return false;
    if ((await oneIntentMoney(tx, intent.id)).paidCents > 0) return false;
    if (!(await cancelIntent(tx, intent, now))) return false;
    await tx
      .update(memberRecharges)
      .set({ state: "closed" })
      .where(and(eq(memberRecharges.id, intent.rechargeId), eq(memberRecharges.state, "pending")));
    return true;
  });
}

/**
 * The reconciler's round for recharges: a pending recharge whose intent is paid is posted (its posting
 * after the word did not happen), one past the attempts' time to pay is closed. Answers the counts.
 */
export async function reconcileRecharges(
  deps: Pick<PaymentDeps, "db" | "now">,
): Promise<{ posted: number; closed: number }> {
  const now = deps.now();
  const due = await deps.db
    .select({ rechargeId: memberRecharges.id, intentId: payIntents.id, status: payIntents.status })
    .from(memberRecharges)
    .innerJoin(payIntents, eq(payIntents.rechargeId, memberRecharges.id))
    .where(
      and(
        eq(memberRecharges.state, "pending"),
        or(
          eq(payIntents.status, "paid"),
          lt(memberRecharges.createdAt, new Date(now.getTime() - ATTEMPT_TTL_MS)),
        ),
      ),
    )
    .orderBy(asc(memberRecharges.createdAt))
    .limit(ROUND);
  const done = { posted: 0, closed: 0 };
  for (const { rechargeId, intentId, status } of due) {
    if (status === "paid") {
      if ((await postPaidRecharge(deps, rechargeId))?.state === "paid") done.posted += 1;
    } else if (await closeExpired(deps, intentId, now)) done.closed += 1;
  }
  return done;
}

/**
 * GET recharges/{tradeNo}: the recharge a trade pays, as its member sees it, with what the card can
 * spend now. A recharge whose intent is paid but not yet posted is posted first (the notification's
 * posting runs after its answer), so the page never shows paid money missing. Another member's or
 * restaurant's, or a trade of no recharge: not found.
 */
export async function rechargeView(
  deps: Pick<PaymentDeps, "db" | "now">,
  tradeNo: string,
  restaurantId: number,
  memberId: number,
): Promise<RechargeView> {
  const [row] = await deps.db
    .select({ recharge: memberRecharges, card: memberCards, test: payAttempts.test })
    .from(payAttempts)
    .innerJoin(payIntents, eq(payIntents.id, payAttempts.intentId))
    .innerJoin(memberRecharges, eq(memberRecharges.id, payIntents.rechargeId))
    .innerJoin(memberCards, eq(memberCards.id, memberRecharges.cardId))
    .where(and(eq(payAttempts.tradeNo, tradeNo), eq(payAttempts.restaurantId, restaurantId)));
  if (!row || row.card.memberId !== memberId) throw new AppError("notFound", "充值记录不存在");
  const recharge = (await postPaidRecharge(deps, row.recharge.id)) ?? row.recharge;
  const { spendable } = await cardBalance(deps.db, row.card.id);
  return {
    rechargeId: recharge.id,
    cardId: row.card.id,
    state: recharge.state,
    rechargeMoney: recharge.rechargeCents,
    giftMoney: recharge.giftCents,
    giftPoints: recharge.giftPoints,
    balance: spendable.cents,
    test: row.test,
  };
}

/**
 * Refunds a paid recharge: only its principal the card has not spent (nor holds for an open order),
 * out of the card first (refundPrincipal up to the recharge's principal, decided under the card's
 * lock: 4703 when all of it was spent; the gift goes in proportion), then the same money back through the provider, recorded on the paying
 * attempt before the provider is asked. Once per recharge: again answers the first refund.
 */
export async function refundRecharge(
  deps: PaymentDeps,
  input: { rechargeId: number; actor: string; approvedBy?: string | null; reason?: string },
): Promise<{ ledger: Posted; refund: RefundRow }> {
  const { db } = deps;
  const now = deps.now();
  const row = await rechargeWithIntent(db, input.rechargeId);
  if (!row) throw new AppError("notFound", "充值记录不存在");
  const { recharge } = row;
  if (recharge.state !== "paid") throw new AppError("nothingDue", "这笔充值尚未到账，不能退款");
  const ledger = await refundPrincipal(db, {
    cardId: recharge.cardId,
    eventKey: rechargeKey(recharge.id),
    upTo: recharge.rechargeCents,
    actor: input.actor,
    now,
    detail: { rechargeId: recharge.id },
  });
  const refundCents = -(ledger.entries[0]?.principalCents ?? 0);
  const attempt = await payingAttempt(db, row.intent);
  const refund = await db.transaction(async (tx) => {
    await tx
      .select({ id: payAttempts.id })
      .from(payAttempts)
      .where(eq(payAttempts.id, attempt.id))
      .for("update");
    const [first] = await tx.select().from(payRefunds).where(eq(payRefunds.attemptId, attempt.id));
    if (first) return { refund: first, fresh: false };
    const made = await recordRefund(tx, attempt, {
      amountCents: refundCents,
      reason: input.reason ?? "充值退款",
      actor: input.actor,
      approvedBy: input.approvedBy ?? null,
      now,
    });
    return { refund: made, fresh: true };
  });
  if (refund.fresh) await sendRefund(deps, refund.refund);
  // as the provider's answer left it
  const [sent] = await db.select().from(payRefunds).where(eq(payRefunds.id, refund.refund.id));
  return { ledger, refund: sent ?? refund.refund };
}
