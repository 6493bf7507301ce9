/**
 * What paying an order group with member money comes to (issue 19): core's discount pipeline over
 * the orders no paid payment covers yet, from their lines as placed (placedDiscountLines: the member
 * prices and member day they were placed with, 000 §6), the restaurant's 满减 offers, and the payer's
 * own card's coupons and points. Read by the discounts and available-coupons calls, /pay's view, the
 * order detail, and (in its transaction) the prepay that writes it.
 */
import {
  AppError,
  type AvailableCoupons,
  applyDiscounts,
  bestCouponId,
  type ChargeBreakdown,
  type CouponChoice,
  type DiscountInput,
  type DiscountResult,
  type DiscountStepView,
  type FullReductionOffer,
  type MemberBenefits,
  type MemberDiscounts,
  type MemberPayChoice,
  type MemberUse,
  ORDER_STATUS,
  placedDiscountLines,
  supports,
  withDeliveryFee,
} from "@tablemate/core";
import { and, asc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  carts,
  discountOffers,
  memberCoupons,
  orderLines,
  orders,
  payIntentOrders,
  payIntents,
  restaurants,
} from "../../db/schema.js";
import { type RunIn, run, runInTransaction } from "../../db/statements.js";
import { type CouponRow, cardBalance, heldCoupon, holdIdOf } from "../member/index.js";
import { cardUseFor, memberStatus, memberUse, type StatusCard } from "../member/status.js";
import { visibleOrder } from "../order/visible.js";
import { cents } from "../payment/intents.js";
import { duesAfterShares } from "./shares.js";

type OrderRow = typeof orders.$inferSelect;
/** what the plan reads with: the database, or the prepay's transaction */
export type PlanReader = Pick<Db, "select" | "execute">;

export interface PayRestaurant {
  id: number;
  serverVersion: string;
  timezone: string;
}

/** The orders of a group that paying now pays for: open, and no paid payment covers them. */
export async function ordersToPay(reader: PlanReader, mainId: number): Promise<OrderRow[]> {
  return reader
    .select()
    .from(orders)
    .where(
      and(
        or(eq(orders.id, mainId), eq(orders.mainOrderId, mainId)),
        notInArray(orders.status, [ORDER_STATUS.cancelled, ORDER_STATUS.settled]),
        sql`not exists (select 1 from ${payIntentOrders} m join ${payIntents} i on i.id = m.intent_id
          where m.order_id = orders.id and m.live and i.status = 'paid')`,
      ),
    )
    .orderBy(asc(orders.id));
}

/**
 * The orders' lines as the pipeline reads them, in order, with the order each belongs to, and the
 * benefits they were placed with: member prices where an order had them, the member day of the first
 * that had one.
 */
async function placedLines(reader: PlanReader, placed: readonly OrderRow[]) {
  const rows = placed.length
    ? await reader
        .select()
        .from(orderLines)
        .where(
          and(
            inArray(
              orderLines.orderId,
              placed.map((o) => o.id),
            ),
            // a voided or comped line holds no money: the order's totals no longer count it
            isNull(orderLines.voidedAt),
            isNull(orderLines.compedAt),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  const lines = placedDiscountLines(
    placed.map((order) => ({
      totalCents: cents(order.totalPrice),
      vipTotalCents: cents(order.vipTotalPrice),
      memberPrices: order.memberPrices,
      lines: rows
        .filter((l) => l.orderId === order.id)
        .map((l) => ({
          key: String(l.id),
          dishId: l.foodId,
          count: Number(l.count),
          totalCents: cents(l.total),
          vipTotalCents: cents(l.vipTotal),
        })),
    })),
  );
  const orderOfLine = placed.flatMap((order) =>
    rows.filter((l) => l.orderId === order.id).map(() => order.id),
  );
  const vipPrice = placed.some((o) => o.memberPrices);
  const memberDayPercent = placed.find((o) => o.memberDayPercent !== null)?.memberDayPercent ?? null;
  const member: MemberBenefits | null =
    vipPrice || memberDayPercent !== null ? { vipPrice, memberDayPercent } : null;
  return { lines, orderOfLine, member };
}

async function offersOf(reader: PlanReader, restaurantId: number): Promise<FullReductionOffer[]> {
  const rows = await reader
    .select()
    .from(discountOffers)
    .where(and(eq(discountOffers.restaurantId, restaurantId), eq(discountOffers.enabled, true)))
    .orderBy(asc(discountOffers.id));
  return rows.map((o) => ({
    id: String(o.id),
    thresholdCents: o.thresholdCents,
    reductionCents: o.reductionCents,
  }));
}

/**
 * The payer's card for member money, and whose card the orders show. Member money comes only from the
 * payer's own card (their live member login holds it), and only the card that priced the orders when
 * one did: a tablemate's card is shared for its prices, never for its money.
 */
export async function payingCard(
  runIn: RunIn,
  at: {
    restaurant: PayRestaurant;
    payerGuid: string;
    visitId: number | null;
    orders: readonly OrderRow[];
    now: Date;
  },
): Promise<{ card: StatusCard | null; use: MemberUse | null }> {
  const status = await memberStatus(runIn, {
    guid: at.payerGuid,
    restaurant: at.restaurant,
    visitId: at.visitId,
    now: at.now,
  });
  const pricedBy = at.orders.find((o) => o.memberCardId !== null)?.memberCardId ?? null;
  const own = status?.card.own ? status.card : null;
  const card = own && (pricedBy === null || pricedBy === own.cardId) ? own : null;
  if (pricedBy !== null) return { card, use: await cardUseFor(runIn, pricedBy, at.payerGuid, at.now) };
  return { card, use: own ? memberUse(own) : null };
}

export interface PayPlan {
  card: StatusCard | null;
  use: MemberUse | null;
  /** the register takes member money (2.20.00), and stored value with the gateway together (2.21.00) */
  memberPay: boolean;
  combinePay: boolean;
  /** the payer's card's coupons (none without member pay) */
  coupons: CouponRow[];
  input: DiscountInput;
  result: DiscountResult;
  /** the goods, what the pipeline took off them, the orders' delivery fees, and what is payable (core's withDeliveryFee) */
  charge: ChargeBreakdown;
  /** each order's regular cents, and what it owes: as the pipeline split the goods, plus its delivery fee */
  perOrder: Array<{ orderId: number; plainCents: number; payableCents: number }>;
}

/** The pipeline over `placed` with the payer's choice; `pointsBalance` caps the points (none given: the points asked). */
export async function planPay(
  reader: PlanReader,
  at: {
    restaurant: PayRestaurant;
    mainId: number;
    placed: readonly OrderRow[];
    card: StatusCard | null;
    use: MemberUse | null;
    choice: MemberPayChoice;
    pointsBalance?: number;
    now: Date;
  },
): Promise<PayPlan> {
  const { card, restaurant, choice } = at;
  const memberPay = supports(restaurant.serverVersion, "memberPay");
  const combinePay = supports(restaurant.serverVersion, "combinePay");
  const money = card !== null && memberPay;
  const coupons = money
    ? await reader
        .select()
        .from(memberCoupons)
        .where(eq(memberCoupons.cardId, card.cardId))
        .orderBy(asc(memberCoupons.id))
    : [];
  const { lines, orderOfLine, member } = await placedLines(reader, at.placed);
  const input: DiscountInput = {
    lines,
    member,
    offers: await offersOf(reader, restaurant.id),
    // a coupon this very order group locked reads as unused (core's heldCoupon)
    coupons: coupons.map((c) => heldCoupon(c, at.mainId)),
    couponId: choice.couponId === undefined ? null : String(choice.couponId),
    points:
      money && card.centsPerPoint >= 1
        ? {
            balance: at.pointsBalance ?? choice.points,
            requested: choice.points,
            centsPerPoint: card.centsPerPoint,
          }
        : null,
    now: at.now,
    timeZone: restaurant.timezone,
  };
  const result = applyDiscounts(input);
  const perOrder = at.placed.map((order) => {
    const mine = result.lines.filter((_, i) => orderOfLine[i] === order.id);
    return {
      orderId: order.id,
      plainCents: mine.reduce((s, l) => s + l.plainCents, 0),
      payableCents: mine.reduce((s, l) => s + l.finalCents, 0) + order.deliveryFeeCents,
    };
  });
  const charge = withDeliveryFee(
    result,
    at.placed.reduce((sum, o) => sum + o.deliveryFeeCents, 0),
  );
  return { card, use: at.use, memberPay, combinePay, coupons, input, result, charge, perOrder };
}

/** The card may pay with stored value here: its own, not frozen, taking stored value, member pay on. */
export function storedValueAllowed(plan: Pick<PayPlan, "card" | "memberPay">): boolean {
  return plan.card !== null && plan.memberPay && plan.card.chargeFlag && plan.card.status === 1;
}

/**
 * The most stored value can pay of `payableCents` with `balanceCents` on the card: as much as the
 * card has, with combined pay; without it, all of it or nothing (the gateway cannot take the rest).
 */
export function storedValueMax(balanceCents: number, payableCents: number, combinePay: boolean): number {
  if (combinePay) return Math.min(balanceCents, payableCents);
  return balanceCents >= payableCents ? payableCents : 0;
}

/** What a diner may see of an order group to pay: its restaurant, main order and visit. */
async function payGroup(db: Db, restaurantId: number, orderId: number, guid: string) {
  const { order } = await visibleOrder(db, orderId, restaurantId, guid);
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  const [cart] = await db.select({ visitId: carts.visitId }).from(carts).where(eq(carts.id, order.cartId));
  const mainId = order.mainOrderId ?? order.id;
  const placed = await ordersToPay(db, mainId);
  if (placed.length === 0) throw new AppError("nothingDue");
  return { restaurant, mainId, placed, visitId: cart?.visitId ?? null };
}

/** The payer's card's spendable stored value and points, with what this order group already holds. */
async function spendable(db: Db, cardId: number, mainId: number) {
  const { spendable: free, balance } = await cardBalance(db, cardId);
  const own = balance.holds[holdIdOf(mainId)];
  return { cents: free.cents + (own?.cents ?? 0), points: free.points + (own?.points ?? 0) };
}

async function quote(
  db: Db,
  at: { restaurantId: number; orderId: number; guid: string; choice: MemberPayChoice; now: Date },
) {
  const { restaurant, mainId, placed, visitId } = await payGroup(db, at.restaurantId, at.orderId, at.guid);
  const runIn: RunIn = (statement, values) => run(db, statement, values);
  const { card, use } = await payingCard(runIn, {
    restaurant,
    payerGuid: at.guid,
    visitId,
    orders: placed,
    now: at.now,
  });
  const balance = card ? await spendable(db, card.cardId, mainId) : { cents: 0, points: 0 };
  const plan = await planPay(db, {
    restaurant,
    mainId,
    placed,
    card,
    use,
    choice: at.choice,
    pointsBalance: balance.points,
    now: at.now,
  });
  return { mainId, plan, balance };
}

/** GET discounts: the pipeline's steps for the diner's choice, the payable, what stored value may pay. */
export async function memberDiscounts(
  db: Db,
  at: { restaurantId: number; orderId: number; guid: string; choice: MemberPayChoice; now: Date },
): Promise<MemberDiscounts> {
  const { mainId, plan, balance } = await quote(db, at);
  const { result, charge } = plan;
  // what this whole pay asks: the payable less tablemates' bill shares, as the intent charges it
  const dueCents = (await duesAfterShares(db, plan.perOrder, at.now)).reduce((sum, due) => sum + due, 0);
  const allowed = storedValueAllowed(plan);
  const maxCents = allowed ? storedValueMax(balance.cents, dueCents, plan.combinePay) : 0;
  const asked = at.choice.storedValueCents;
  // what the choice would pay: all it asks within the most, without combined pay all or none
  const usedCents = plan.combinePay ? Math.min(asked, maxCents) : asked >= maxCents ? maxCents : 0;
  return {
    orderId: mainId,
    member: plan.use,
    plainCents: result.plainCents,
    steps: result.steps.map(({ kind, label, cents: stepCents }) => ({ kind, label, cents: stepCents })),
    deliveryFeeCents: charge.feeCents,
    payableCents: dueCents,
    couponId: result.couponId === null ? null : Number(result.couponId),
    points: {
      allowed: plan.input.points != null,
      balance: balance.points,
      max: result.pointsMax,
      used: result.pointsUsed,
      centsPerPoint: plan.card?.centsPerPoint ?? 0,
    },
    storedValue: {
      allowed,
      balanceCents: balance.cents,
      maxCents,
      usedCents,
      combine: plan.combinePay,
    },
    gatewayCents: dueCents - usedCents,
  };
}

function couponChoice(row: CouponRow, verdict: DiscountResult["coupons"][number] | undefined): CouponChoice {
  return {
    couponId: row.id,
    name: row.name,
    type: row.couponType,
    faceCents: row.faceCents,
    minSpendCents: Math.max(0, row.minSpendCents),
    dishName: row.dishName,
    firstDay: row.firstDay,
    lastDay: row.lastDay,
    verdict: {
      usable: verdict?.usable ?? false,
      applied: verdict?.applied ?? false,
      reason: verdict?.reason ?? null,
      message: verdict?.message ?? "",
      reductionCents: verdict?.reductionCents ?? 0,
      shortCents: verdict?.shortCents ?? null,
    },
  };
}

/** GET available-coupons: every coupon the payer's card holds here, each with core's verdict on this order. */
export async function availableCoupons(
  db: Db,
  at: { restaurantId: number; orderId: number; guid: string; couponId?: number; now: Date },
): Promise<AvailableCoupons> {
  const choice: MemberPayChoice = { couponId: at.couponId, points: 0, storedValueCents: 0 };
  const { mainId, plan } = await quote(db, { ...at, choice });
  const best = bestCouponId(plan.input);
  return {
    orderId: mainId,
    member: plan.use,
    bestCouponId: best === null ? null : Number(best),
    coupons: plan.coupons.map((row) =>
      couponChoice(
        row,
        plan.result.coupons.find((v) => v.couponId === String(row.id)),
      ),
    ),
  };
}

/** The plan in a transaction: the payer's card and the pipeline, from what the transaction reads. */
export async function planInTransaction(
  tx: PlanReader,
  at: {
    restaurant: PayRestaurant;
    mainId: number;
    placed: readonly OrderRow[];
    payerGuid: string;
    visitId: number | null;
    choice: MemberPayChoice;
    now: Date;
  },
): Promise<PayPlan> {
  const { card, use } = await payingCard(runInTransaction(tx), {
    restaurant: at.restaurant,
    payerGuid: at.payerGuid,
    visitId: at.visitId,
    orders: at.placed,
    now: at.now,
  });
  return planPay(tx, { ...at, card, use });
}

/** What member money did and does for an order group, for /pay's view and the order detail. */
export interface GroupMemberMoney {
  /** the discounts: paid intents' steps, then what the unpaid orders get by themselves (member prices, 满减) */
  steps: DiscountStepView[];
  /** what those discounts take off, cents */
  discountCents: number;
  /** what stored value paid of the live orders, cents */
  storedCents: number;
  /** whose card priced the orders, as `guid` sees it */
  member: MemberUse | null;
  memberPay: boolean;
}

/** An order group's member money as `guid` sees it now. */
export async function groupMemberMoney(
  db: Db,
  at: { restaurant: PayRestaurant; mainId: number; guid: string; now: Date },
): Promise<GroupMemberMoney> {
  const paid = await db
    .select({ intent: payIntents, credit: payIntentOrders.creditCents, stored: payIntentOrders.storedCents })
    .from(payIntentOrders)
    .innerJoin(payIntents, eq(payIntents.id, payIntentOrders.intentId))
    .innerJoin(orders, eq(orders.id, payIntentOrders.orderId))
    .where(
      and(
        eq(payIntents.orderId, at.mainId),
        eq(payIntents.status, "paid"),
        eq(payIntentOrders.live, true),
        sql`${orders.status} <> ${ORDER_STATUS.cancelled}`,
      ),
    )
    .orderBy(asc(payIntents.id));
  const storedCents = paid.reduce((s, p) => s + p.stored, 0);
  let discountCents = paid.reduce((s, p) => s + p.credit - p.stored, 0);
  const seen = new Set<number>();
  const steps = paid.flatMap(({ intent }) => {
    if (seen.has(intent.id)) return [];
    seen.add(intent.id);
    return intent.steps;
  });
  const unpaid = await ordersToPay(db, at.mainId);
  if (unpaid.length > 0) {
    const { result } = await planPay(db, {
      restaurant: at.restaurant,
      mainId: at.mainId,
      placed: unpaid,
      card: null,
      use: null,
      choice: { points: 0, storedValueCents: 0 },
      now: at.now,
    });
    steps.push(
      ...result.steps.map(({ kind, label, cents: stepCents }) => ({ kind, label, cents: stepCents })),
    );
    discountCents += result.plainCents - result.payableCents;
  }
  const [carded] = await db
    .select({ cardId: orders.memberCardId })
    .from(orders)
    .where(
      and(
        or(eq(orders.id, at.mainId), eq(orders.mainOrderId, at.mainId)),
        sql`${orders.memberCardId} is not null`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(1);
  const runIn: RunIn = (statement, values) => run(db, statement, values);
  const member = carded?.cardId ? await cardUseFor(runIn, carded.cardId, at.guid, at.now) : null;
  return {
    steps,
    discountCents,
    storedCents,
    member,
    memberPay: supports(at.restaurant.serverVersion, "memberPay"),
  };
}
