import Big from "big.js";
import { formatDateTime, joinDateTime, parseDateTime } from "./dates.js";
import { type Decimalish, truncateMoney } from "./money.js";
import { assertCents } from "./payment/cents.js";

/**
 * A takeout's delivery terms (issue 25): the restaurant's delivery fee, its minimum (起送价, the spec's
 * `startPrice`) and the minutes it takes to cook and deliver. The fee is a charge of its own beside the
 * goods: no discount reaches it (member prices, 满减, coupons and points work on the goods alone, and a
 * 满减 threshold or the minimum is judged on the goods before the fee: docs/decisions.md), and it is
 * paid with them (stored value may pay it, as any money owed).
 */

/** What the console sets for takeout. */
export interface DeliveryTerms {
  /** the delivery fee, cents */
  feeCents: number;
  /** preparation and delivery, minutes */
  minutes: number;
}

/** The most minutes the console accepts for preparation and delivery (a day). */
export const MAX_DELIVERY_MINUTES = 24 * 60;

/**
 * The fee an order carries: a takeout order of its own pays the restaurant's fee; an order added to
 * another (its group's main order carries the fee already) and every other mode pay none.
 */
export function orderDeliveryFeeCents(
  order: { eatType: string; addingToOrder: boolean },
  terms: Pick<DeliveryTerms, "feeCents">,
): number {
  assertCents(terms.feeCents, "delivery fee");
  return order.eatType === "takeout" && !order.addingToOrder ? terms.feeCents : 0;
}

/** How much the goods fall short of the minimum, exact yuan: 0 once reached (the fee does not count). */
export function deliveryShort(goods: Decimalish, minimum: Decimalish): Big {
  const short = new Big(minimum).minus(goods);
  return short.gt(0) ? short : new Big(0);
}

/** The submit's refusal below the minimum (errors.ts belowStartPrice): what is missing, and that the fee does not count. */
export function belowMinimumMessage(short: Decimalish, minimum: Decimalish): string {
  return `还差¥${truncateMoney(short)}起送（起送价¥${truncateMoney(minimum)}，配送费不计入）`;
}

/** An order's money as every screen breaks it down: goods, what discounts take off, the fee, payable. */
export interface ChargeBreakdown {
  /** the goods at regular prices */
  goodsCents: number;
  /** what member prices, 满减, a coupon and points take off the goods */
  discountCents: number;
  feeCents: number;
  /** goods − discounts + fee */
  payableCents: number;
}

/** The fee added to what the discount pipeline left of the goods (core's applyDiscounts), untouched by it. */
export function withDeliveryFee(
  goods: { plainCents: number; payableCents: number },
  feeCents: number,
): ChargeBreakdown {
  assertCents(goods.plainCents, "goods");
  assertCents(goods.payableCents, "payable goods");
  assertCents(feeCents, "delivery fee");
  return {
    goodsCents: goods.plainCents,
    discountCents: goods.plainCents - goods.payableCents,
    feeCents,
    payableCents: goods.payableCents + feeCents,
  };
}

/**
 * 预计送达, 'HH:mm' in the restaurant's zone: the submit time plus the minutes it takes, or the time the
 * diner chose to have it delivered (the supply form's 'YYYY-MM-DD HH:mm'), whichever is later.
 */
export function estimatedArrival(
  submittedAt: Date,
  minutes: number,
  timeZone: string,
  chosen: string | null = null,
): string {
  const soonest = formatDateTime(new Date(submittedAt.getTime() + minutes * 60_000), timeZone);
  const asked = chosen ? parseDateTime(chosen) : null;
  const wanted = asked ? joinDateTime(asked.date, asked.minutes) : "";
  return (wanted > soonest ? wanted : soonest).slice(-5);
}
