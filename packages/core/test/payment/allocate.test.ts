import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateLargestRemainder, lineDues } from "../../src/payment/allocate.js";

const sum = (parts: readonly number[]) => parts.reduce((s, p) => s + p, 0);

describe("allocating an order's due over its lines by largest remainder", () => {
  it.each([
    // the table: 优惠 ¥10 off ¥381, 待付 ¥371 over three dishes
    [37100, [12800, 16800, 8500], [12464, 16359, 8277]],
    [100, [1, 1, 1], [34, 33, 33]],
    [200, [1, 1, 1], [67, 67, 66]],
    [10, [1, 1, 0], [5, 5, 0]],
    [0, [0, 0], [0, 0]],
    [0, [500, 300], [0, 0]],
    [7, [2, 2, 3], [2, 2, 3]],
    [5, [3, 3, 3, 3], [2, 1, 1, 1]],
  ])("allocates %i over %j as %j", (cents, weights, parts) => {
    expect(allocateLargestRemainder(cents, weights)).toEqual(parts);
  });

  it("refuses a total over nothing, negative or fractional amounts", () => {
    expect(() => allocateLargestRemainder(10, [0, 0])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(10, [])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(10, [1, -1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1.5, [1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(10, [0.5, 1])).toThrow(RangeError);
    expect(() => lineDues(101, [{ lineId: 1, plainCents: 100 }])).toThrow(RangeError);
  });

  const weights = fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 40 });

  it("sums exactly to the total, each part within a cent of its exact share, nothing on a zero line", () => {
    fc.assert(
      fc.property(
        weights.filter((w) => sum(w) > 0),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ws, fraction) => {
          const total = Math.floor(sum(ws) * fraction);
          const parts = allocateLargestRemainder(total, ws);
          expect(parts).toHaveLength(ws.length);
          expect(sum(parts)).toBe(total);
          ws.forEach((w, i) => {
            const exact = (total * w) / sum(ws);
            const part = parts[i] ?? -1;
            expect(part).toBeGreaterThanOrEqual(0);
            expect(Math.abs(part - exact)).toBeLessThan(1);
            if (w === 0) expect(part).toBe(0);
            // a discount only takes off: no line pays more than it comes to
            expect(part).toBeLessThanOrEqual(w);
          });
        },
      ),
    );
  });

  it("gives equal lines parts a cent apart at most, and a bigger line never less than a smaller one", () => {
    fc.assert(
      fc.property(
        weights.filter((w) => sum(w) > 0),
        fc.integer({ min: 0, max: 1e7 }),
        (ws, total) => {
          const parts = allocateLargestRemainder(total, ws);
          for (let i = 0; i < ws.length; i++)
            for (let j = 0; j < ws.length; j++) {
              const [wi, wj, pi, pj] = [ws[i] ?? 0, ws[j] ?? 0, parts[i] ?? 0, parts[j] ?? 0];
              if (wi === wj) expect(Math.abs(pi - pj)).toBeLessThanOrEqual(1);
              if (wi > wj) expect(pi).toBeGreaterThanOrEqual(pj);
            }
        },
      ),
    );
  });

  it("is the lines' own amounts when nothing is discounted, and keeps the lines' ids", () => {
    fc.assert(
      fc.property(weights, (ws) => {
        const lines = ws.map((plainCents, i) => ({ lineId: i + 1, plainCents }));
        const dues = lineDues(sum(ws), lines);
        expect(dues.map((l) => l.dueCents)).toEqual(ws);
        expect(dues.map((l) => l.lineId)).toEqual(lines.map((l) => l.lineId));
      }),
    );
  });
});
