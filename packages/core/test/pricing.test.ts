import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detailId, parseDetailId } from "../src/detail-id.js";
import { cartTotal } from "../src/money.js";
import { type LineChoice, priceLine } from "../src/pricing.js";
import { makeDish, spicyFish } from "./fixtures.js";

const plain: LineChoice = { normId: null, methodIds: [], additions: [], parts: [] };

describe("line pricing (spec 001 §9)", () => {
  it.each([
    ["the dish price", plain, 1, "48"],
    ["a norm's price", { ...plain, normId: 71 }, 2, "76"],
    ["percentages accumulating (10% + 20%) on the base", { ...plain, methodIds: [81, 82] }, 1, "62.4"],
    ["a fixed markup added per unit", { ...plain, methodIds: [83] }, 2, "99"],
    [
      "additions by their count",
      {
        ...plain,
        additions: [
          { id: 91, count: 2 },
          { id: 92, count: 1 },
        ],
      },
      1,
      "57.5",
    ],
    [
      "everything at once: (58 × 1.1 + 1.5 + 5.5) × 3",
      { normId: 72, methodIds: [81, 83], additions: [{ id: 92, count: 1 }], parts: [] },
      3,
      "212.4",
    ],
  ])("prices %s", (_case, choice, count, total) => {
    expect(priceLine(spicyFish, choice, count, false).total.toString()).toBe(total);
  });

  it("uses member prices for members, falling back to the regular price where none is set", () => {
    expect(priceLine(spicyFish, plain, 1, true).total.toString()).toBe("45");
    expect(priceLine(spicyFish, { ...plain, normId: 71 }, 1, true).total.toString()).toBe("35");
    expect(priceLine(spicyFish, { ...plain, normId: 72 }, 1, true).total.toString()).toBe("58");
  });

  it("gives a weighed dish only the percentage per unit, and fixed and addition prices once", () => {
    const fish = { ...spicyFish, Weigh: true };
    const choice = { ...plain, methodIds: [81, 83], additions: [{ id: 91, count: 1 }] };
    // 48 × 1.1 × 1.35 + 1.5 + 2
    expect(priceLine(fish, choice, "1.35", false).total.toString()).toBe("74.78");
  });

  it("adds nothing for a market-price dish until it is priced at the table", () => {
    expect(priceLine(makeDish({ id: 1, price: 0.0001 }), plain, 3, false).total.toString()).toBe("0");
  });

  it("rounds a cart's total half-up to 2 decimals once", () => {
    expect(cartTotal([new Big("1.005"), new Big("2.0049")]).toString()).toBe("3.01");
  });

  const choiceArb = fc.record({
    normId: fc.constantFrom(null, 71, 72),
    methodIds: fc.uniqueArray(fc.constantFrom(81, 82, 83, 84)),
    additions: fc.uniqueArray(
      fc.record({ id: fc.constantFrom(91, 92), count: fc.integer({ min: 1, max: 5 }) }),
      {
        selector: (a) => a.id,
      },
    ),
    parts: fc.constant([]),
  });

  it("gives a total that never depends on the order lines were added", () => {
    const line = fc.record({
      choice: choiceArb,
      count: fc.integer({ min: 1, max: 999 }),
      member: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const totals = lines.map((l) => priceLine(spicyFish, l.choice, l.count, l.member).total);
        expect(cartTotal([...totals].reverse()).eq(cartTotal(totals))).toBe(true);
        expect(cartTotal([...totals].sort((a, b) => a.cmp(b))).eq(cartTotal(totals))).toBe(true);
      }),
    );
  });

  it("never prices a line below its base price", () => {
    fc.assert(
      fc.property(choiceArb, fc.integer({ min: 1, max: 50 }), (choice, count) => {
        const base = priceLine(spicyFish, { ...plain, normId: choice.normId }, count, false).total;
        expect(priceLine(spicyFish, choice, count, false).total.gte(base)).toBe(true);
      }),
    );
  });
});

describe("line detail id (spec 000 §3)", () => {
  it("reads foodId_normId_methods with additions after ~ and combo parts after @", () => {
    expect(detailId(7, plain)).toBe("7__");
    expect(
      detailId(7, { normId: 72, methodIds: [83, 81], additions: [{ id: 92, count: 1 }], parts: [] }),
    ).toBe("7_72_81&83~92#1");
    expect(
      detailId(30, {
        ...plain,
        parts: [
          { itemId: 12, count: 1 },
          { itemId: 5, count: 2 },
        ],
      }),
    ).toBe("30__@5#2@12#1");
  });

  it("is the same for the same choice in any order, and round-trips", () => {
    const arb = fc.record({
      foodId: fc.integer({ min: 1, max: 1_000_000 }),
      normId: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
      methodIds: fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 5 }),
      additions: fc.uniqueArray(
        fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }), count: fc.integer({ min: 1, max: 99 }) }),
        { selector: (a) => a.id, maxLength: 5 },
      ),
      parts: fc.uniqueArray(
        fc.record({ itemId: fc.integer({ min: 1, max: 1_000_000 }), count: fc.integer({ min: 1, max: 9 }) }),
        { selector: (p) => p.itemId, maxLength: 5 },
      ),
    });
    fc.assert(
      fc.property(arb, ({ foodId, ...choice }) => {
        const id = detailId(foodId, choice);
        const shuffled = {
          ...choice,
          methodIds: [...choice.methodIds].reverse(),
          additions: [...choice.additions].reverse(),
        };
        expect(detailId(foodId, shuffled)).toBe(id);
        const parsed = parseDetailId(id);
        expect(parsed && detailId(parsed.foodId, parsed)).toBe(id);
        expect(parsed?.foodId).toBe(foodId);
        expect(parsed?.normId).toBe(choice.normId);
      }),
    );
  });

  it("refuses what is not a detail id", () => {
    for (const bad of ["", "7", "x__", "7_a_", "7__~1", "7__@2#"]) expect(parseDetailId(bad)).toBeNull();
  });
});
