import type { MemberDiscounts, MemberPayChoice } from "@tablemate/core";
import { parseId } from "@tablemate/core";

/**
 * The member money a diner chose at /pay (issue 19), carried in the page's query so the coupon choice
 * (/member/selectCoupons) can come back to it: `couponId` a coupon's id or `none` (absent: the one
 * taking the most off), `points=1` and `stored=1` to pay with all the points and stored value this
 * order can take.
 */
export interface MemberChoice {
  coupon: number | "none" | "best";
  points: boolean;
  stored: boolean;
}

export function readMemberChoice(params: URLSearchParams): MemberChoice {
  const coupon = params.get("couponId");
  return {
    coupon: coupon === "none" ? "none" : (parseId(coupon) ?? "best"),
    points: params.get("points") === "1",
    stored: params.get("stored") === "1",
  };
}

/** The choice as query parameters (a page's own, beside the carried ones). */
export function memberChoiceQuery(choice: MemberChoice): Record<string, string | undefined> {
  return {
    couponId: choice.coupon === "best" ? undefined : String(choice.coupon),
    points: choice.points ? "1" : undefined,
    stored: choice.stored ? "1" : undefined,
  };
}

/** The most the discounts call is asked for: it answers what the order and the card can take. */
const ALL = 100_000_000;

/** What the discounts call is asked: the coupon (the best when none was chosen), all points, all stored value. */
export function askedChoice(choice: MemberChoice, bestCouponId: number | null): MemberPayChoice {
  const couponId = choice.coupon === "best" ? bestCouponId : choice.coupon === "none" ? null : choice.coupon;
  return {
    couponId: couponId ?? undefined,
    points: choice.points ? ALL : 0,
    storedValueCents: choice.stored ? ALL : 0,
  };
}

/** Paying with no member money. */
export const NO_MEMBER_MONEY: MemberPayChoice = { points: 0, storedValueCents: 0 };

/** What the prepay takes: exactly what the discounts call said the choice uses. */
export function paidChoice(discounts: MemberDiscounts): MemberPayChoice {
  return {
    couponId: discounts.couponId ?? undefined,
    points: discounts.points.used,
    storedValueCents: discounts.storedValue.usedCents,
  };
}
