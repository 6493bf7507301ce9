/**
 * What the diner pays now for an order group (issue 18), with member money (issue 19): one intent over
 * its orders no payment covers, priced by core's discount pipeline (member-plan.ts), its member money
 * set aside in the same transaction: the coupon locked to the order (compare-and-set: of two orders
 * one wins), stored value and points held on the card (holdForOrder, under the card's lock: two orders
 * cannot hold the same money). The gateway is asked only for the rest (intent.amountCents); when stored
 * value pays it all, the intent is paid at once, its member effects in the same transaction.
 */
import {
  AppError,
  allocateWithin,
  centsToMoneyText,
  type MemberPayChoice,
  ORDER_STATUS,
  type PayStart,
} from "@tablemate/core";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { carts, orders, payIntentOrders, payIntents, restaurants } from "../../db/schema.js";
import { runInTransaction } from "../../db/statements.js";
import { holdForOrder, lockCoupon } from "../member/index.js";
import { visibleOrder } from "../order/visible.js";
import { ATTEMPT_TTL_MS, type PaidOrder, type PaymentDeps } from "../payment/deps.js";
import { afterPayment } from "../payment/effects.js";
import { attemptInFlight, cents, type IntentRow, lockOrderGroup } from "../payment/intents.js";
import { oneIntentMoney } from "../payment/ledger.js";
import { type StartInput, startAttempt } from "../payment/start.js";
import { cancelOrderIntent, settleMemberPaid } from "./member-effects.js";
import { type PayPlan, type PayRestaurant, planInTransaction, storedValueAllowed } from "./member-plan.js";
import { duesAfterShares, lockOrderVisit } from "./shares.js";

/** Paying with no member money: the gateway pays what the pipeline leaves (member prices, 满减). */
export const NO_MEMBER_MONEY: MemberPayChoice = { points: 0, storedValueCents: 0 };

/** The open intent priced the diner's choice as asked now. */
function sameChoice(intent: IntentRow, choice: MemberPayChoice): boolean {
  return (
    intent.couponId === (choice.couponId ?? null) &&
    intent.points === choice.points &&
    intent.storedCents === choice.storedValueCents
  );
}

/**
 * The choice as the plan can take it, else refused (never quietly lowered): member money only from
 * the payer's own card on a register that takes it, a coupon of theirs that this order can use, no
 * more points than the order can take, stored value no more than is payable, and all of it unless
 * the register combines stored value with the gateway. The card's balance is checked by its hold.
 */
function checkChoice(plan: PayPlan, choice: MemberPayChoice): void {
  const { couponId, points, storedValueCents } = choice;
  if (couponId === undefined && points === 0 && storedValueCents === 0) return;
  if (!plan.card) throw new AppError("memberMoneyRefused");
  if (!plan.memberPay) throw new AppError("memberPayOff");
  if (couponId !== undefined) {
    const verdict = plan.result.coupons.find((v) => v.couponId === String(couponId));
    if (!verdict) throw new AppError("notFound", "优惠券不存在");
    if (!verdict.applied) throw new AppError("couponUnusable", verdict.message);
  }
  if (points > 0) {
    if (!plan.input.points) throw new AppError("badRequest", "本店积分不可抵扣");
    if (plan.result.pointsUsed < points) throw new AppError("badRequest", "积分超过本单可抵扣的上限");
  }
  if (storedValueCents > 0) {
    if (!storedValueAllowed(plan)) throw new AppError("storedValueOff");
    const payable = plan.charge.payableCents;
    if (storedValueCents > payable) throw new AppError("badRequest", "储值支付金额超过应付金额");
    if (storedValueCents < payable && !plan.combinePay) throw new AppError("combinePayOff");
  }
}

export interface GroupIntent {
  intent: IntentRow;
  /** stored value paid it all, now: the order the announcement needs */
  paidOrder: PaidOrder | null;
}

/**
 * The open intent over the group's unpaid orders with the diner's choice, made (or made again, when
 * orders were added or the choice changed) under the group's lock. An open intent that still prices
 * what is owed with this choice answers again; one with another choice gives way (its member money
 * back), unless its payment is under way. Orders an open or paid intent covers are never owed twice.
 */
export async function orderGroupIntent(
  tx: Tx,
  restaurant: PayRestaurant,
  orderId: number,
  payerGuid: string,
  choice: MemberPayChoice,
  now: Date,
): Promise<GroupIntent> {
  // the lock order (docs/api.md): the visit, then the group's main order, then intents
  await lockOrderVisit(tx, orderId);
  const { main, group } = await lockOrderGroup(tx, orderId, restaurant.id);
  const owed = group.filter((o) => o.status !== ORDER_STATUS.cancelled && o.status !== ORDER_STATUS.settled);
  const covered = owed.length
    ? await tx
        .select({ orderId: payIntentOrders.orderId, intent: payIntents })
        .from(payIntentOrders)
        .innerJoin(payIntents, eq(payIntents.id, payIntentOrders.intentId))
        .where(
          and(
            inArray(
              payIntentOrders.orderId,
              owed.map((o) => o.id),
            ),
            eq(payIntentOrders.live, true),
          ),
        )
    : [];
  const coveredIds = new Set(covered.map((c) => c.orderId));
  const open = covered.find((c) => c.intent.status === "open")?.intent;
  let uncovered = owed.filter((o) => !coveredIds.has(o.id));
  if (open) {
    const inFlight = await attemptInFlight(tx, open.id, now);
    // past the payment's time with nothing in flight, the reconciliation job is letting it go
    const live = inFlight !== null || open.createdAt.getTime() > now.getTime() - ATTEMPT_TTL_MS;
    if (uncovered.length === 0 && live && sameChoice(open, choice)) return { intent: open, paidOrder: null };
    if (inFlight) throw new AppError("payInFlight");
    if ((await oneIntentMoney(tx, open.id)).paidCents > 0) throw new AppError("payInFlight");
    await cancelOrderIntent(tx, open, now);
    const openOrders = new Set(covered.filter((c) => c.intent.id === open.id).map((c) => c.orderId));
    uncovered = owed.filter((o) => !coveredIds.has(o.id) || openOrders.has(o.id));
  }
  if (uncovered.length === 0) throw new AppError("nothingDue");
  const [cart] = await tx.select({ visitId: carts.visitId }).from(carts).where(eq(carts.id, main.cartId));
  const plan = await planInTransaction(tx, {
    restaurant,
    mainId: main.id,
    placed: uncovered,
    payerGuid,
    visitId: cart?.visitId ?? null,
    choice,
    now,
  });
  if (plan.result.plainCents <= 0) throw new AppError("nothingDue");
  checkChoice(plan, choice);
  // what tablemates' bill shares paid or hold of these orders is not asked again
  const dues = await duesAfterShares(tx, plan.perOrder, now);
  const dueCents = dues.reduce((sum, due) => sum + due, 0);
  if (dueCents <= 0) throw new AppError("nothingDue");
  const storedCents = choice.storedValueCents;
  if (storedCents > dueCents) throw new AppError("badRequest", "储值支付金额超过应付金额");
  const gatewayCents = dueCents - storedCents;
  const storedParts = allocateWithin(storedCents, dues);
  const card = plan.card;
  const couponId = plan.result.couponId === null ? null : Number(plan.result.couponId);
  const [intent] = await tx
    .insert(payIntents)
    .values({
      restaurantId: restaurant.id,
      kind: "order",
      orderId: main.id,
      payerGuid,
      amountCents: gatewayCents,
      createdAt: now,
      updatedAt: now,
      memberCardId: card?.cardId ?? null,
      couponId,
      points: plan.result.pointsUsed,
      storedCents,
      steps: plan.result.steps.map(({ kind, label, cents: stepCents }) => ({
        kind,
        label,
        cents: stepCents,
      })),
    })
    .returning();
  if (!intent) throw new Error("intent insert returned nothing");
  // an order its shares cover whole stays the bill's; the intent covers the others, each for its due
  await tx.insert(payIntentOrders).values(
    plan.perOrder.flatMap((o, i) => {
      const due = dues[i] ?? 0;
      if (due <= 0) return [];
      const stored = storedParts[i] ?? 0;
      const amountCents = due - stored;
      const order = uncovered.find((u) => u.id === o.orderId);
      return [
        {
          intentId: intent.id,
          orderId: o.orderId,
          amountCents,
          // what member money covers of the order: its discounts (total and fee less what it owes) and
          // its stored value; never the bill's shares, which are money paid, not a discount (the order
          // page's 优惠 is read from this)
          creditCents:
            cents(order?.totalPrice ?? "0") + (order?.deliveryFeeCents ?? 0) - o.payableCents + stored,
          storedCents: stored,
        },
      ];
    }),
  );
  if (card && couponId !== null)
    await lockCoupon(tx, { cardId: card.cardId, couponId, orderId: main.id, now });
  if (card && (storedCents > 0 || intent.points > 0))
    await holdForOrder(
      { runIn: runInTransaction(tx) },
      {
        cardId: card.cardId,
        orderId: main.id,
        cents: storedCents,
        points: intent.points,
        // the reconciliation job lets an unpaid intent's money go after the payment's time (member-effects.ts)
        expiresAt: new Date(now.getTime() + 2 * ATTEMPT_TTL_MS),
        actor: `diner:${payerGuid}`,
        now,
      },
    );
  if (gatewayCents > 0) return { intent, paidOrder: null };
  return paidWithoutGateway(tx, intent, now);
}

/** Nothing left for a gateway: the intent paid now (compare-and-set) and its member effects done with it. */
async function paidWithoutGateway(tx: Tx, intent: IntentRow, now: Date): Promise<GroupIntent> {
  const [paid] = await tx
    .update(payIntents)
    .set({ status: "paid", version: intent.version + 1, updatedAt: now })
    .where(
      and(
        eq(payIntents.id, intent.id),
        eq(payIntents.version, intent.version),
        eq(payIntents.status, "open"),
      ),
    )
    .returning();
  if (!paid) throw new Error(`intent ${intent.id} moved under its order's lock`);
  await settleMemberPaid(tx, paid, now);
  const [order] = await tx
    .select({
      id: orders.id,
      cartId: orders.cartId,
      restaurantId: orders.restaurantId,
      tableId: orders.tableId,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, intent.orderId ?? 0));
  return { intent: paid, paidOrder: order ?? null };
}

/**
 * POST prepay: pay an order group the diner may see (their own, or their visit's), with the member
 * money they chose (a coupon, points, stored value): the gateway is asked only for the rest, and not at
 * all when stored value pays everything (the answer's next is then `paid`, after the paid word's effects).
 */
export async function startOrderPayment(
  deps: PaymentDeps,
  orderId: number,
  input: StartInput,
  choice: MemberPayChoice = NO_MEMBER_MONEY,
): Promise<PayStart> {
  // the order's diners may pay it (the orderer, a tablemate at its visit); to anyone else it does not exist
  await visibleOrder(deps.db, orderId, input.restaurantId, input.guid);
  const [restaurant] = await deps.db
    .select({ id: restaurants.id, serverVersion: restaurants.serverVersion, timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, input.restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  const { intent, paidOrder } = await deps.db.transaction((tx) =>
    orderGroupIntent(tx, restaurant, orderId, input.guid, choice, deps.now()),
  );
  if (intent.status !== "paid") return startAttempt(deps, intent, input);
  await afterPayment(deps, { outcome: "applied", paidIntent: intent, paidOrder, refunds: [] });
  const provider = await deps.providers.forRestaurant(input.restaurantId);
  return {
    tradeNo: "",
    amount: centsToMoneyText(0),
    provider: provider.name,
    test: provider.test,
    next: { kind: "paid" },
  };
}
