import Big from "big.js";

/**
 * Yuan to whole cents, exactly. Money the server keeps is integer cents and the wire carries yuan text
 * ('12.30'); a value that is not a whole number of cents ('0.005') is not an amount anyone can pay or
 * refund, so it is refused rather than rounded: rounding here would move money silently. Negative
 * amounts are refused unless the caller says they mean something (a difference, never a charge).
 * The other way is money.ts's centsToMoneyText (wire) and centsToYuan (display).
 */
export function yuanToCents(yuan: string | Big, options: { negative?: boolean } = {}): number {
  let value: Big;
  try {
    value = new Big(yuan);
  } catch {
    throw new RangeError(`not an amount: ${String(yuan)}`);
  }
  const cents = value.times(100);
  if (!cents.eq(cents.round(0, Big.roundDown))) throw new RangeError(`more than 2 decimals: ${yuan}`);
  if (cents.lt(0) && !options.negative) throw new RangeError(`negative amount: ${yuan}`);
  const whole = cents.toNumber();
  if (!Number.isSafeInteger(whole)) throw new RangeError(`amount too large: ${yuan}`);
  return whole;
}

/** Whole cents as the rules take them: a safe, non-negative integer (a programming error otherwise). */
export function assertCents(cents: number, what = "amount"): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${what} is not whole cents: ${cents}`);
}
