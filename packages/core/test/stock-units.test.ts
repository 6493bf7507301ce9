import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stockUnits } from "../src/stock.js";

const line = (foodId: number, count: string, additions: { id: number; count: number }[] = []) => ({
  foodId,
  count,
  additions,
});

describe("stock units of an order's lines", () => {
  it("counts whole units per dish, a weighed portion per started unit, additions per unit", () => {
    const units = stockUnits([
      line(1, "2", [{ id: 90, count: 2 }]),
      line(1, "1"),
      line(2, "1.25", [{ id: 90, count: 1 }]),
    ]);
    expect([...units.dishes]).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect([...units.additions]).toEqual([[90, 6]]);
  });

  it("takes for two orders what it takes for their lines together (a cancel gives back exactly what was taken)", () => {
    const lines = fc.array(
      fc.record({
        foodId: fc.integer({ min: 1, max: 5 }),
        count: fc.oneof(
          fc.integer({ min: 1, max: 20 }).map(String),
          fc.integer({ min: 1, max: 9999 }).map((g) => (g / 1000).toFixed(3)),
        ),
        additions: fc.array(
          fc.record({ id: fc.integer({ min: 1, max: 3 }), count: fc.integer({ min: 1, max: 4 }) }),
          {
            maxLength: 2,
          },
        ),
      }),
    );
    const add = (a: Map<number, number>, b: Map<number, number>) => {
      const sum = new Map(a);
      for (const [k, v] of b) sum.set(k, (sum.get(k) ?? 0) + v);
      return sum;
    };
    fc.assert(
      fc.property(lines, lines, (first, second) => {
        const both = stockUnits([...first, ...second]);
        const apart = [stockUnits(first), stockUnits(second)];
        expect(both.dishes).toEqual(add(apart[0]?.dishes ?? new Map(), apart[1]?.dishes ?? new Map()));
        expect(both.additions).toEqual(
          add(apart[0]?.additions ?? new Map(), apart[1]?.additions ?? new Map()),
        );
      }),
    );
  });
});
