import Big from "big.js";

/** A dish price of 0.0001 yuan means "market price" (时价): the price is set at the table. */
export const MARKET_PRICE = 0.0001;

export type Decimalish = number | string | Big;

export function isMarketPrice(price: Decimalish | null | undefined): boolean {
  return price != null && new Big(price).eq(MARKET_PRICE);
}

/** Display form: truncated (never rounded up) to 2 decimals, trailing zeros dropped. */
export function truncateMoney(value: Decimalish): string {
  return new Big(value).round(2, Big.roundDown).toString();
}

/** Totals are exact decimals rounded half-up to 2 decimals when formed. */
export function roundMoney(value: Decimalish): Big {
  return new Big(value).round(2, Big.roundHalfUp);
}

/** A cart's (an order's) total: the exact sum of its lines, rounded half-up to 2 decimals once. */
export function cartTotal(lineTotals: readonly Big[]): Big {
  return roundMoney(lineTotals.reduce((sum, t) => sum.plus(t), new Big(0)));
}

/** Member money, balances and coupons travel as cents; -1 means "none" and shows as 0. */
export function centsToYuan(cents: number): string {
  if (cents === -1) return "0";
  return new Big(cents).div(100).toString();
}

/** Stored cents as the wire's money text, two places ('12.30'; negative keeps its sign). */
export function centsToMoneyText(cents: number): string {
  return new Big(cents).div(100).toFixed(2);
}

/** Balance display: cents to yuan with 2 decimals, or '--' when the balance is absent. */
export function formatBalance(cents: number | null | undefined): string {
  if (cents == null) return "--";
  return new Big(cents).div(100).toFixed(2);
}
