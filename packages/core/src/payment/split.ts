import Big from "big.js";
import type { Decimalish } from "../money.js";
import { assertCents } from "./cents.js";

/**
 * A total split into `n` equal whole-cent parts. Cents do not divide evenly, so the parts are the
 * floor of total/n and the remainder cent(s) go on the LAST part (issue 18: a shared dish split among
 * N diners, the remainder cent on the last), which makes every part but the last the same and the
 * parts always sum to the total.
 */
export function splitCents(totalCents: number, n: number): number[] {
  assertCents(totalCents, "total");
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`cannot split into ${n} parts`);
  const part = Math.floor(totalCents / n);
  const parts = Array.from({ length: n }, () => part);
  parts[n - 1] = totalCents - part * (n - 1);
  return parts;
}

/**
 * A total split in proportion to weights (what each paid, what each line comes to): every part is
 * rounded down to a whole cent and the remainder goes on the last part whose weight is positive, so
 * the parts sum exactly to the total, none is negative, and a zero weight gets nothing (a refund
 * never lands on an attempt that captured nothing). Weights are exact decimals; all zero is refused
 * unless the total is zero too.
 */
export function allocateCents(totalCents: number, weights: readonly Decimalish[]): number[] {
  assertCents(totalCents, "total");
  if (weights.length === 0) throw new RangeError("no weights to allocate over");
  const exact = weights.map((w) => new Big(w));
  if (exact.some((w) => w.lt(0))) throw new RangeError("a weight is negative");
  const sum = exact.reduce((s, w) => s.plus(w), new Big(0));
  const parts = exact.map(() => 0);
  if (sum.eq(0)) {
    if (totalCents === 0) return parts;
    throw new RangeError("every weight is zero");
  }
  const last = exact.findLastIndex((w) => w.gt(0));
  let given = 0;
  exact.forEach((w, i) => {
    if (i === last) return;
    parts[i] = floorShare(new Big(totalCents).times(w), sum);
    given += parts[i] ?? 0;
  });
  parts[last] = totalCents - given;
  return parts;
}

/** floor(numerator / denominator), exactly: Big's division rounds at 20 places, which could round up to a whole. */
function floorShare(numerator: Big, denominator: Big): number {
  let q = numerator.div(denominator).round(0, Big.roundDown);
  if (q.times(denominator).gt(numerator)) q = q.minus(1);
  return q.toNumber();
}
