import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newLine } from "../src/cart.js";
import { tableCartLineSchema } from "../src/contract/realtime.js";
import { MARKET_PRICE } from "../src/money.js";
import { priceLine } from "../src/pricing.js";
import { tableLine, tableLines } from "../src/table-line.js";
import { makeDish, spicyFish } from "./fixtures.js";

/** the fields 000 §3 names on a cart line (cart.line-fields) */
const SPEC_FIELDS = [
  "foodId",
  "count",
  "normId",
  "Weigh",
  "methodId",
  "price",
  "vipPrice",
  "detail",
  "batch",
  "memo",
  "comment",
];

describe("cart.line-fields: a cart line as tablemates are shown it (spec 000 §3)", () => {
  it("carries foodId, count, normId, Weigh, methodId, price, vipPrice, detail, batch, memo and comment", () => {
    const line = {
      ...newLine(
        spicyFish.id,
        { normId: 71, methodIds: [81, 83], additions: [{ id: 92, count: 2 }], parts: [] },
        "3",
      ),
      memo: "少辣",
    };
    const shown = tableLine(line, spicyFish);
    for (const field of SPEC_FIELDS) expect(shown).toHaveProperty(field);
    expect(tableCartLineSchema.parse(shown)).toEqual(shown);
    expect(shown).toMatchObject({
      foodId: 7,
      count: "3",
      normId: 71,
      Weigh: false,
      methodId: [81, 83],
      // 小份 38, +10% is 41.80, +1.50 fixed, +2 × 5.50 of 加芝士
      price: 54.3,
      // the norm's member price 35: 38.50 + 1.50 + 11
      vipPrice: 51,
      detail: [],
      batch: [{ id: 92, ordered: 2 }],
      memo: "少辣",
      comment: "少辣",
    });
  });

  it("says Weigh for a weighed dish, with the per-unit price only (fixed and add-ons count once)", () => {
    const fish = makeDish({ id: 3, Weigh: true, price: 60, vipPrice: 50, ...pick(spicyFish) });
    const shown = tableLine(
      newLine(3, { normId: null, methodIds: [81, 83], additions: [{ id: 91, count: 1 }], parts: [] }, "1.5"),
      fish,
    );
    expect(shown).toMatchObject({ Weigh: true, price: 66, vipPrice: 55 });
  });

  it("has no member price where the dish or its norm has none, and keeps a market price as 0.0001", () => {
    expect(
      tableLine(newLine(7, { normId: 72, methodIds: [], additions: [], parts: [] }, "1"), spicyFish),
    ).toMatchObject({
      price: 58,
      vipPrice: null,
    });
    const market = makeDish({ id: 5, price: MARKET_PRICE, vipPrice: null });
    expect(
      tableLine(newLine(5, { normId: null, methodIds: [], additions: [], parts: [] }, "1"), market),
    ).toMatchObject({
      price: MARKET_PRICE,
      vipPrice: null,
    });
  });

  it("lists a combo's parts in detail as foodId@itemId, and leaves the price unknown for a dish gone", () => {
    const line = newLine(
      40,
      { normId: null, methodIds: [], additions: [], parts: [{ itemId: 401, count: 2 }] },
      "1",
    );
    expect(tableLines([line], () => undefined)).toEqual([
      expect.objectContaining({
        detail: [{ id: "40@401", itemId: 401, count: 2 }],
        Weigh: false,
        price: null,
        vipPrice: null,
      }),
    ]);
  });

  it("prices one unit as the line's pricing does, to the cent, for any choice", () => {
    const choice = fc.record({
      normId: fc.constantFrom(null, 71, 72),
      methodIds: fc.subarray([81, 82, 83, 84]),
      additions: fc
        .subarray([91, 92])
        .chain((ids) =>
          fc.tuple(...ids.map((id) => fc.integer({ min: 1, max: 5 }).map((count) => ({ id, count })))),
        ),
      parts: fc.constant([]),
    });
    fc.assert(
      fc.property(choice, fc.integer({ min: 1, max: 9 }), (c, n) => {
        const shown = tableLine(newLine(7, c, String(n)), spicyFish);
        expect(shown.price).toBe(Number(priceLine(spicyFish, c, 1, false).unit.toFixed(2)));
        expect(shown.methodId).toEqual(c.methodIds);
        expect(shown.batch).toEqual(c.additions.map((a) => ({ id: a.id, ordered: a.count })));
      }),
    );
  });
});

function pick(dish: typeof spicyFish) {
  return { methodCategories: dish.methodCategories, additionCategories: dish.additionCategories };
}
