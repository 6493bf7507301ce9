/**
 * Coupons as the rules read them (spec 000 §3 new-member coupon, 001 §3 voucher, 001 §9 open-card
 * activities). Money is integer cents; the wire's -1 means "none" (000 §5's coupon money filter).
 */

/** Coupon type (000 §3): 1 a cash coupon with a face value, 2 a goods voucher. */
export const COUPON_TYPE = { cash: 1, goods: 2 } as const;

/** Open-card coupon activity types (001 §9): what giving the coupon rewards. */
export const OPEN_CARD_ACTIVITY = { signUp: 1, consumption: 2, storedValue: 3 } as const;

/** 000 §5's coupon money filter, in cents: -1 (no minimum, no face) is 0, anything else is itself. */
export function couponMoneyCents(cents: number): number {
  return cents === -1 ? 0 : cents;
}

/**
 * Where a coupon the member holds stands: unused; locked to an open order (at submit, atomically;
 * given back on cancel or when the payment expires); used (on payment). A coupon locked to the very
 * order being priced is passed as unused.
 */
export type CouponState = "unused" | "locked" | "used";

interface HeldCouponBase {
  id: string;
  name: string;
  /** minimum spend, cents; 0 or -1 means none (000 §3 money, 001 §3 minFee) */
  minSpendCents: number;
  /** the concrete validity fixed when it was given (couponValidity) */
  startsAt: Date;
  endsAt: Date | null;
  state: CouponState;
}

/** A cash coupon (type 1): its face value off the order. */
export interface CashCoupon extends HeldCouponBase {
  kind: "cash";
  faceCents: number;
}

/**
 * A goods voucher (type 2): one unit of a named dish free (faceCents null), or up to faceCents off
 * that unit. Only when the cart has the dish.
 */
export interface GoodsVoucher extends HeldCouponBase {
  kind: "goods";
  dishId: number;
  dishName: string;
  faceCents: number | null;
}

export type HeldCoupon = CashCoupon | GoodsVoucher;
