import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateCents, splitCents } from "../../src/payment/split.js";

const total = (parts: readonly number[]) => parts.reduce((s, p) => s + p, 0);

describe("splitting a total into equal parts", () => {
  it.each([
    [1000, 3, [333, 333, 334]],
    [1001, 3, [333, 333, 335]],
    [100, 4, [25, 25, 25, 25]],
    [1, 3, [0, 0, 1]],
    [0, 2, [0, 0]],
    [999, 1, [999]],
  ])("splits %i cents %i ways as %j, the remainder on the last", (cents, n, parts) => {
    expect(splitCents(cents, n)).toEqual(parts);
  });

  it.each([
    [100, 0],
    [100, 1.5],
    [-1, 2],
    [1.5, 2],
  ])("refuses %s split %s ways", (cents, n) => {
    expect(() => splitCents(cents, n)).toThrow(RangeError);
  });

  it("always sums to the total, every part but the last equal, the last at most n-1 cents more", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 50 }), (cents, n) => {
        const parts = splitCents(cents, n);
        expect(parts).toHaveLength(n);
        expect(total(parts)).toBe(cents);
        const first = parts[0] ?? 0;
        expect(parts.slice(0, -1).every((p) => p === first)).toBe(true);
        const last = parts[n - 1] ?? 0;
        expect(last - first).toBeGreaterThanOrEqual(0);
        expect(last - first).toBeLessThan(n);
      }),
    );
  });
});

describe("allocating a total in proportion to weights", () => {
  it.each([
    [100, [1, 1, 1], [33, 33, 34]],
    [1000, [3000, 1000], [750, 250]],
    [1000, ["12.30", "7.70"], [615, 385]],
    [10, [1, 1, 0], [5, 5, 0]],
    [10, [0, 1, 0], [0, 10, 0]],
    [0, [0, 0], [0, 0]],
    [7, [2, 2, 3], [2, 2, 3]],
  ])("allocates %i over %j as %j", (cents, weights, parts) => {
    expect(allocateCents(cents, weights)).toEqual(parts);
  });

  it("refuses no weights, a negative weight, and a total over weights that are all zero", () => {
    expect(() => allocateCents(10, [])).toThrow(RangeError);
    expect(() => allocateCents(10, [1, -1])).toThrow(RangeError);
    expect(() => allocateCents(10, [0, 0])).toThrow(RangeError);
  });

  it("sums exactly, is never negative, gives a zero weight nothing, and only the last positive part rounds up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 12 }),
        (cents, weights) => {
          fc.pre(weights.some((w) => w > 0));
          const parts = allocateCents(cents, weights);
          const sum = total(weights);
          const last = weights.findLastIndex((w) => w > 0);
          expect(total(parts)).toBe(cents);
          parts.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(part)).toBe(true);
            const weight = weights[i] ?? 0;
            if (weight === 0) expect(part).toBe(0);
            // exact share = cents * weight / sum; compare without floats: part * sum vs cents * weight
            const exact = BigInt(cents) * BigInt(weight);
            if (i !== last) {
              expect(BigInt(part) * BigInt(sum) <= exact).toBe(true);
              expect(BigInt(part + 1) * BigInt(sum) > exact).toBe(true);
            } else {
              expect(BigInt(part) * BigInt(sum) >= exact).toBe(true);
            }
          });
        },
      ),
    );
  });
});
