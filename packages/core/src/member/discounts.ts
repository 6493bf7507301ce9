import Big from "big.js";
import { formatDate } from "../dates.js";
import { assertCents } from "../payment/cents.js";
import { allocateCents } from "../payment/split.js";
import type { HeldCoupon } from "./coupon.js";
import { validityState } from "./coupon-validity.js";
import { MEMBER_TEXT } from "./text.js";

/**
 * The discount pipeline (issue 19; spec 000 §4, §6, 001 §3, §4, §9), in a fixed order, each step
 * reading what the steps before it left:
 *
 * a. member price OR member-day discount, whichever leaves the lower total, never both (a tie goes
 *    to the member price, the price the menu already showed the diner);
 * b. full-reduction offers (满减): the best single offer whose threshold the amount after (a) reaches.
 *    Offers do not stack and do not repeat per multiple (满100减10 on ¥250 takes ¥10): the spec names
 *    no stacking, and a diner reads "满100减10" as one reduction;
 * c. at most one coupon: a cash coupon (its face value, once the amount after (b) reaches its minimum
 *    spend) or a goods voucher (one unit of its dish, only when the cart has the dish);
 * d. points, N cents each, capped by what is left and by a share of it when the restaurant sets one
 *    (the spec sets none, so by default points may pay all that is left).
 *
 * Money is integer cents throughout. A step's reduction is split over the lines in proportion to what
 * each line comes to before that step (allocateCents: whole cents, the remainder on the last line),
 * except where the step is itself per line: a member price is each line's own saving, and a goods
 * voucher's reduction lands on its dish's line. No line goes below zero, so the payable amount never
 * does, and it is always the sum of the lines. A line's amount is its unit price times its count,
 * rounded half-up to a cent when formed (a weighed dish's count may be a decimal).
 */

interface DiscountLineBase {
  /** the cart line's id (its detail id) */
  key: string;
  dishId: number;
  /** units; a weighed dish's quantity may be a decimal */
  count: number;
}

/**
 * A line priced by its unit (a cart's line): its amount is the unit price times the count, formed here;
 * or a line whose amounts were formed already (an order's line, its totals stored at submit), so the
 * pipeline starts from exactly the money the order was placed for.
 */
export type DiscountLine = DiscountLineBase &
  (
    | {
        /** the regular price of one unit, cents (markups and additions included: pricing.ts) */
        unitCents: number;
        /** the member price of one unit, cents, or null when the dish has none */
        vipUnitCents: number | null;
      }
    | {
        /** the line's regular amount, cents */
        amountCents: number;
        /** the line's amount at member prices, cents, or null when it has none */
        vipAmountCents: number | null;
      }
  );

/** What the diner's member status gives (000 §6, 001 §4). null for a diner who is no member. */
export interface MemberBenefits {
  /** the card has isVipPrice: member prices apply */
  vipPrice: boolean;
  /** today is the card's member day: the percent paid (001 §9's value, 88 shows as 8.8折), else null */
  memberDayPercent: number | null;
}

/** 满减: from thresholdCents on, reductionCents off. */
export interface FullReductionOffer {
  id: string;
  thresholdCents: number;
  reductionCents: number;
}

/** Points the diner asks to use now. */
export interface PointsUse {
  /** points the member can spend (their balance less what open orders hold) */
  balance: number;
  /** points asked for; fewer are used when fewer are usable */
  requested: number;
  centsPerPoint: number;
  /** the restaurant's cap, a percent of what is left before points (none in the spec: 100 by default) */
  maxSharePercent?: number;
}

export interface DiscountInput {
  lines: readonly DiscountLine[];
  member: MemberBenefits | null;
  offers?: readonly FullReductionOffer[];
  /** every coupon the member holds: each gets a verdict */
  coupons?: readonly HeldCoupon[];
  /** the coupon the diner chose; an id not among `coupons` applies nothing */
  couponId?: string | null;
  points?: PointsUse | null;
  now: Date;
  /** the restaurant's clock, for coupon dates */
  timeZone: string;
}

export type DiscountStepKind = "memberPrice" | "memberDay" | "fullReduction" | "coupon" | "points";

export interface DiscountStep {
  kind: DiscountStepKind;
  /** how the bill names it: 会员价, 会员日8.8折, 满100减10, the coupon's name, 积分抵扣（200积分） */
  label: string;
  /** what the step takes off, cents (always > 0: a step that takes nothing is not listed) */
  cents: number;
  /** its parts, by line in input order; they sum to `cents` exactly */
  perLine: number[];
}

export type CouponReason =
  | "used"
  | "locked"
  | "notYetValid"
  | "expired"
  | "dishMissing"
  | "minSpend"
  | "nothingLeft"
  | "otherChosen";

/** Why a coupon the member holds can or cannot be used on this order now. */
export interface CouponVerdict {
  couponId: string;
  /** taken off this order now */
  applied: boolean;
  /** could be taken off this order now (the one applied, or one to choose instead) */
  usable: boolean;
  /** null when applied, or usable with no coupon chosen */
  reason: CouponReason | null;
  message: string;
  /** what it takes off (or would, chosen instead), cents; 0 when it cannot be used */
  reductionCents: number;
  /** minSpend: how much more the order needs, cents */
  shortCents?: number;
}

export interface DiscountResult {
  /** the lines at regular prices, no discount */
  plainCents: number;
  /** the steps that took something, in the pipeline's order */
  steps: DiscountStep[];
  lines: Array<{ key: string; plainCents: number; finalCents: number }>;
  /** what the diner pays: the sum of the lines' final cents */
  payableCents: number;
  /** which of step (a) applied */
  memberBenefit: "memberPrice" | "memberDay" | null;
  offerId: string | null;
  couponId: string | null;
  pointsUsed: number;
  /** the most points usable now (for the points picker) */
  pointsMax: number;
  coupons: CouponVerdict[];
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/** A unit price times a count, half-up to a cent. */
function lineCents(unitCents: number, count: number): number {
  return new Big(unitCents).times(count).round(0, Big.roundHalfUp).toNumber();
}

/** A line's regular amount, cents. */
function plainOf(line: DiscountLine): number {
  return "amountCents" in line ? line.amountCents : lineCents(line.unitCents, line.count);
}

/** A line's amount at member prices, cents, or null when it has none. */
function vipOf(line: DiscountLine): number | null {
  if ("amountCents" in line) return line.vipAmountCents;
  return line.vipUnitCents === null ? null : lineCents(line.vipUnitCents, line.count);
}

/** The share `percent` of `cents`, half-up to a cent (a total formed: DECISIONS, 2 decimals). */
function percentOf(cents: number, percent: number): number {
  return new Big(cents).times(percent).div(100).round(0, Big.roundHalfUp).toNumber();
}

/**
 * A reduction split over line amounts in proportion (allocateCents: the remainder on the last line),
 * never more than a line has: the remainder can overflow a small last line (3 over [1, 1, 2] gives the
 * last 3), and the excess then goes to the lines before it that have room, the last first. The caller
 * never asks for more than the lines hold together.
 */
export function allocateWithin(totalCents: number, amounts: readonly number[]): number[] {
  if (totalCents === 0) return amounts.map(() => 0);
  const parts = allocateCents(totalCents, amounts);
  let excess = 0;
  parts.forEach((part, i) => {
    const room = amounts[i] ?? 0;
    if (part > room) {
      excess += part - room;
      parts[i] = room;
    }
  });
  for (let i = parts.length - 1; excess > 0 && i >= 0; i--) {
    const take = Math.min((amounts[i] ?? 0) - (parts[i] ?? 0), excess);
    parts[i] = (parts[i] ?? 0) + take;
    excess -= take;
  }
  return parts;
}

function checkInput(input: DiscountInput): void {
  for (const line of input.lines) {
    const [regular, member] =
      "amountCents" in line ? [line.amountCents, line.vipAmountCents] : [line.unitCents, line.vipUnitCents];
    assertCents(regular, `line ${line.key} regular`);
    if (member !== null) assertCents(member, `line ${line.key} member`);
    if (!Number.isFinite(line.count) || line.count <= 0)
      throw new RangeError(`line ${line.key} count: ${line.count}`);
  }
  const day = input.member?.memberDayPercent;
  if (day != null && (!Number.isInteger(day) || day < 1 || day > 100))
    throw new RangeError(`member-day percent must be a whole number 1..100: ${day}`);
  for (const offer of input.offers ?? []) {
    assertCents(offer.thresholdCents, `offer ${offer.id} threshold`);
    assertCents(offer.reductionCents, `offer ${offer.id} reduction`);
  }
  const points = input.points;
  if (points) {
    assertCents(points.balance, "points balance");
    assertCents(points.requested, "points requested");
    if (!Number.isSafeInteger(points.centsPerPoint) || points.centsPerPoint < 1)
      throw new RangeError(`centsPerPoint must be a whole number ≥ 1: ${points.centsPerPoint}`);
    const share = points.maxSharePercent ?? 100;
    if (!Number.isInteger(share) || share < 0 || share > 100)
      throw new RangeError(`maxSharePercent must be 0..100: ${share}`);
  }
}

/** Step (a): the member's better price, per line; null when being a member takes nothing off. */
function memberStep(
  lines: readonly DiscountLine[],
  plain: readonly number[],
  member: MemberBenefits | null,
): DiscountStep | null {
  if (!member) return null;
  const plainTotal = sum(plain);
  // a member never pays more than a guest: a member price above the regular price is ignored
  const byVip = member.vipPrice
    ? lines.map((l, i) => {
        const vip = vipOf(l);
        return vip === null ? 0 : Math.max(0, (plain[i] ?? 0) - vip);
      })
    : null;
  const vipCents = byVip ? sum(byVip) : 0;
  const percent = member.memberDayPercent;
  const dayCents = percent == null ? 0 : plainTotal - percentOf(plainTotal, percent);
  if (byVip && vipCents > 0 && vipCents >= dayCents)
    return { kind: "memberPrice", label: MEMBER_TEXT.memberPrice, cents: vipCents, perLine: byVip };
  if (percent != null && dayCents > 0)
    return {
      kind: "memberDay",
      label: MEMBER_TEXT.memberDay(percent),
      cents: dayCents,
      perLine: allocateWithin(dayCents, plain),
    };
  return null;
}

/** Step (b): the offer that takes the most off, among those whose threshold the amount reaches. */
function offerStep(
  offers: readonly FullReductionOffer[],
  amounts: readonly number[],
): { step: DiscountStep; offerId: string } | null {
  const total = sum(amounts);
  let best: { offer: FullReductionOffer; cents: number } | null = null;
  for (const offer of offers) {
    if (total < offer.thresholdCents) continue;
    const cents = Math.min(offer.reductionCents, total);
    if (cents > 0 && (!best || cents > best.cents)) best = { offer, cents };
  }
  if (!best) return null;
  const { offer, cents } = best;
  return {
    offerId: offer.id,
    step: {
      kind: "fullReduction",
      label: MEMBER_TEXT.fullReduction(offer.thresholdCents, offer.reductionCents),
      cents,
      perLine: allocateWithin(cents, amounts),
    },
  };
}

type CouponOutcome =
  | { ok: true; cents: number; perLine: number[] }
  | { ok: false; reason: Exclude<CouponReason, "otherChosen">; message: string; shortCents?: number };

/** Step (c) for one coupon: what it would take off the amounts the steps before left, or why not. */
function couponOutcome(
  coupon: HeldCoupon,
  lines: readonly DiscountLine[],
  amounts: readonly number[],
  now: Date,
  timeZone: string,
): CouponOutcome {
  if (coupon.state === "used") return { ok: false, reason: "used", message: MEMBER_TEXT.couponUsed };
  if (coupon.state === "locked") return { ok: false, reason: "locked", message: MEMBER_TEXT.couponLocked };
  const state = validityState(coupon, now);
  if (state === "notYetValid")
    return {
      ok: false,
      reason: "notYetValid",
      message: MEMBER_TEXT.couponNotYetValid(formatDate(coupon.startsAt, timeZone)),
    };
  if (state === "expired") return { ok: false, reason: "expired", message: MEMBER_TEXT.couponExpired };
  const indexes = lines.flatMap((l, i) => (coupon.kind === "goods" && l.dishId === coupon.dishId ? [i] : []));
  if (coupon.kind === "goods" && indexes.length === 0)
    return { ok: false, reason: "dishMissing", message: MEMBER_TEXT.couponDishMissing(coupon.dishName) };
  const total = sum(amounts);
  const minimum = Math.max(0, coupon.minSpendCents);
  if (total < minimum)
    return {
      ok: false,
      reason: "minSpend",
      message: MEMBER_TEXT.couponMinSpend(minimum, minimum - total),
      shortCents: minimum - total,
    };
  let perLine: number[];
  if (coupon.kind === "cash") {
    perLine = allocateWithin(Math.min(Math.max(0, coupon.faceCents), total), amounts);
  } else {
    // one unit of the dish: its share of what its line comes to now; the dearest unit when the dish
    // is on several lines (norms, methods), the first on a tie
    let best = { index: -1, unit: -1 };
    for (const i of indexes) {
      const line = lines[i] as DiscountLine;
      const amount = amounts[i] ?? 0;
      const unit =
        line.count <= 1 ? amount : new Big(amount).div(line.count).round(0, Big.roundDown).toNumber();
      if (unit > best.unit) best = { index: i, unit };
    }
    const cents = coupon.faceCents === null ? best.unit : Math.min(Math.max(0, coupon.faceCents), best.unit);
    perLine = amounts.map((_, i) => (i === best.index ? cents : 0));
  }
  const cents = sum(perLine);
  if (cents === 0) return { ok: false, reason: "nothingLeft", message: MEMBER_TEXT.couponNothingLeft };
  return { ok: true, cents, perLine };
}

/** Step (d): the points used, and the most usable now. */
function pointsStep(points: PointsUse | null | undefined, amounts: readonly number[]) {
  if (!points) return { step: null, used: 0, max: 0 };
  const left = sum(amounts);
  const cap = Math.floor((left * (points.maxSharePercent ?? 100)) / 100);
  const max = Math.min(points.balance, Math.floor(cap / points.centsPerPoint));
  const used = Math.min(points.requested, max);
  const cents = used * points.centsPerPoint;
  const step: DiscountStep | null =
    cents > 0
      ? { kind: "points", label: MEMBER_TEXT.points(used), cents, perLine: allocateWithin(cents, amounts) }
      : null;
  return { step, used, max };
}

function minus(amounts: readonly number[], step: DiscountStep | null): number[] {
  return step ? amounts.map((a, i) => a - (step.perLine[i] ?? 0)) : [...amounts];
}

/** The whole pipeline over a cart: steps, lines, the payable amount, and a verdict per held coupon. */
export function applyDiscounts(input: DiscountInput): DiscountResult {
  checkInput(input);
  const { lines } = input;
  const plain = lines.map(plainOf);

  const member = memberStep(lines, plain, input.member);
  const afterMember = minus(plain, member);

  const offer = offerStep(input.offers ?? [], afterMember);
  const afterOffer = minus(afterMember, offer?.step ?? null);

  const held = input.coupons ?? [];
  const outcomes = held.map((c) => ({
    coupon: c,
    outcome: couponOutcome(c, lines, afterOffer, input.now, input.timeZone),
  }));
  const chosen = outcomes.find((o) => o.coupon.id === input.couponId && o.outcome.ok);
  const couponStep: DiscountStep | null =
    chosen?.outcome.ok === true
      ? {
          kind: "coupon",
          label: chosen.coupon.name,
          cents: chosen.outcome.cents,
          perLine: chosen.outcome.perLine,
        }
      : null;
  const afterCoupon = minus(afterOffer, couponStep);

  const points = pointsStep(input.points, afterCoupon);
  const final = minus(afterCoupon, points.step);

  const coupons = outcomes.map(({ coupon, outcome }): CouponVerdict => {
    if (!outcome.ok) {
      const verdict: CouponVerdict = {
        couponId: coupon.id,
        applied: false,
        usable: false,
        reason: outcome.reason,
        message: outcome.message,
        reductionCents: 0,
      };
      if (outcome.shortCents !== undefined) verdict.shortCents = outcome.shortCents;
      return verdict;
    }
    const applied = coupon === chosen?.coupon;
    const other = !applied && chosen !== undefined;
    return {
      couponId: coupon.id,
      applied,
      usable: true,
      reason: other ? "otherChosen" : null,
      message: applied
        ? MEMBER_TEXT.couponApplied
        : other
          ? MEMBER_TEXT.couponOtherChosen
          : MEMBER_TEXT.couponUsable,
      reductionCents: outcome.cents,
    };
  });

  const steps = [member, offer?.step ?? null, couponStep, points.step].filter(
    (s): s is DiscountStep => s !== null,
  );
  return {
    plainCents: sum(plain),
    steps,
    lines: lines.map((l, i) => ({ key: l.key, plainCents: plain[i] ?? 0, finalCents: final[i] ?? 0 })),
    payableCents: sum(final),
    memberBenefit: member ? (member.kind as "memberPrice" | "memberDay") : null,
    offerId: offer?.offerId ?? null,
    couponId: chosen?.coupon.id ?? null,
    pointsUsed: points.used,
    pointsMax: points.max,
    coupons,
  };
}

/**
 * The coupon to offer first at checkout: the usable one that takes the most off this order, the one
 * ending soonest on a tie (a diner would rather spend the coupon about to expire), else the first held.
 * null when none is usable.
 */
export function bestCouponId(input: Omit<DiscountInput, "couponId">): string | null {
  const { coupons } = applyDiscounts({ ...input, couponId: null });
  const ends = new Map(
    (input.coupons ?? []).map((c) => [c.id, c.endsAt?.getTime() ?? Number.POSITIVE_INFINITY]),
  );
  let best: CouponVerdict | null = null;
  for (const verdict of coupons) {
    if (!verdict.usable) continue;
    if (
      !best ||
      verdict.reductionCents > best.reductionCents ||
      (verdict.reductionCents === best.reductionCents &&
        (ends.get(verdict.couponId) ?? 0) < (ends.get(best.couponId) ?? 0))
    )
      best = verdict;
  }
  return best?.couponId ?? null;
}

/**
 * Placed orders' lines as the discount pipeline reads them at /pay (issue 19): each line's amounts as
 * the order stored them at submit, so the pipeline starts from exactly the money the order was placed
 * for. A line's stored total is rounded to the cent on its own, an order's total once over its exact
 * lines (cartTotal): the cent or two between them goes on the order's last line (never below zero),
 * so an order's lines sum to its total, at regular and at member prices alike.
 */
export interface PlacedLine {
  key: string;
  dishId: number;
  count: number;
  totalCents: number;
  vipTotalCents: number;
}

export interface PlacedOrder {
  totalCents: number;
  vipTotalCents: number;
  /** the order was placed with member prices (its member status gave vipPrice at submit) */
  memberPrices: boolean;
  lines: readonly PlacedLine[];
}

/** `amounts` moved by `diff` cents in total: on the last amount first, none below zero. */
function settle(amounts: number[], diff: number): number[] {
  let left = diff;
  for (let i = amounts.length - 1; i >= 0 && left !== 0; i--) {
    const amount = amounts[i] ?? 0;
    const moved = Math.max(-amount, left);
    amounts[i] = amount + moved;
    left -= moved;
  }
  return amounts;
}

/** The orders' lines, in order, as the pipeline's lines with their amounts formed. */
export function placedDiscountLines(orders: readonly PlacedOrder[]): DiscountLine[] {
  return orders.flatMap((order) => {
    const plain = order.lines.map((l) => l.totalCents);
    const vip = order.lines.map((l) => l.vipTotalCents);
    settle(plain, order.totalCents - sum(plain));
    settle(vip, order.vipTotalCents - sum(vip));
    return order.lines.map(
      (line, i): DiscountLine => ({
        key: line.key,
        dishId: line.dishId,
        count: line.count,
        amountCents: plain[i] ?? 0,
        vipAmountCents: order.memberPrices ? (vip[i] ?? 0) : null,
      }),
    );
  });
}
