import { assertCents } from "./cents.js";

/**
 * What a table owes split over the lines it owes it for, for the split bill (issue 24): an order's
 * due (its lines less member prices, 满减 and coupons: the order page's 待付) is allocated over its
 * charged lines in proportion to what each line comes to, by largest remainder in whole cents. Every
 * line gets the floor of its exact part; the cents left over go one each to the lines whose exact
 * part lost the most, the earlier line first on a tie. So the parts sum EXACTLY to the due, each is
 * within one cent of its exact proportional part, a line that comes to nothing gets nothing, and a
 * discount is never moved onto one diner's dish.
 */
export function allocateLargestRemainder(totalCents: number, weights: readonly number[]): number[] {
  assertCents(totalCents, "total");
  for (const w of weights) assertCents(w, "weight");
  const sum = weights.reduce((s, w) => s + w, 0);
  if (!Number.isSafeInteger(sum * Math.max(1, totalCents)))
    throw new RangeError("amounts too large to allocate exactly");
  if (sum === 0) {
    if (totalCents === 0) return weights.map(() => 0);
    throw new RangeError("nothing to allocate over");
  }
  const parts = weights.map((w) => Math.floor((totalCents * w) / sum));
  const remainders = weights.map((w, i) => ({ i, rest: (totalCents * w) % sum }));
  let left = totalCents - parts.reduce((s, p) => s + p, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** A charged line of an order on the bill: what it comes to before the order's discounts, cents. */
export interface DueLine {
  lineId: number;
  plainCents: number;
}

/**
 * Each line's part of its order's due (allocateLargestRemainder by the lines' plain cents). A due
 * above the lines' sum is refused: discounts only ever take off.
 */
export function lineDues(dueCents: number, lines: readonly DueLine[]): Array<DueLine & { dueCents: number }> {
  const plain = lines.reduce((s, l) => s + l.plainCents, 0);
  if (dueCents > plain) throw new RangeError(`due ${dueCents} above the lines' ${plain}`);
  const parts = allocateLargestRemainder(
    dueCents,
    lines.map((l) => l.plainCents),
  );
  return lines.map((line, i) => ({ ...line, dueCents: parts[i] ?? 0 }));
}
