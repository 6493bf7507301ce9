import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultChoice } from "../src/line-choice.js";
import { mandatoryLines, mandatoryQuantity, mustOrderRule } from "../src/mandatory.js";
import { appendTag, checkNote, DEFAULT_NOTE_TAGS, stripEmoji } from "../src/notes.js";
import { makeDish } from "./fixtures.js";

describe("notes (spec 001 §5)", () => {
  it("strips emoji and refuses more than 32 characters", () => {
    expect(stripEmoji("少辣🌶️，谢谢👍🏻")).toBe("少辣，谢谢");
    expect(checkNote(` ${"辣".repeat(32)} `)).toEqual({ ok: true, note: "辣".repeat(32) });
    expect(checkNote("辣".repeat(33))).toEqual({ ok: false, message: "备注不能超过32个字符" });
  });

  it("appends tags after a full-width comma, once", () => {
    expect(appendTag("", "微辣")).toEqual({ ok: true, note: "微辣" });
    expect(appendTag("微辣", "不加葱")).toEqual({ ok: true, note: "微辣，不加葱" });
    expect(appendTag("微辣，不加葱", "微辣")).toEqual({ ok: false, message: "已有相应备注" });
  });

  it("offers the spec's default tags", () => {
    expect(DEFAULT_NOTE_TAGS).toEqual([
      "不加辣",
      "微辣",
      "清淡",
      "少加盐",
      "不加香菜",
      "不加葱",
      "不加蒜",
      "不加姜",
      "不加酱油",
      "不加胡椒",
      "不加花椒",
    ]);
  });
});

describe("must-order dishes", () => {
  it("counts per diner for type 1, fixed for type 2, diners otherwise, capped at 999", () => {
    expect(mandatoryQuantity({ mustFoodType: 1, mustFoodNum: 2 }, 3)).toBe(6);
    expect(mandatoryQuantity({ mustFoodType: 1, mustFoodNum: 0 }, 3)).toBe(3);
    expect(mandatoryQuantity({ mustFoodType: 2, mustFoodNum: 2 }, 5)).toBe(2);
    expect(mandatoryQuantity({ mustFoodType: 0, mustFoodNum: 9 }, 4)).toBe(4);
    expect(mandatoryQuantity({ mustFoodType: 1, mustFoodNum: 100 }, 20)).toBe(999);
  });

  it("brings at least the dish's minimum, as a first add does", () => {
    expect(mandatoryQuantity({ mustFoodType: 0, mustFoodNum: 1, minCount: 2 }, 1)).toBe(2);
    expect(mandatoryQuantity({ mustFoodType: 0, mustFoodNum: 1, minCount: 2 }, 3)).toBe(3);
  });

  it("says the rule the count picker words: per diner or per table, and the minimum where it raises a count", () => {
    // the demo's: 茶位费 one per diner, 米饭 two per table
    expect(mustOrderRule({ mustFoodType: 1, mustFoodNum: 1 })).toEqual({
      per: "diner",
      each: 1,
      atLeast: null,
    });
    expect(mustOrderRule({ mustFoodType: 2, mustFoodNum: 2 })).toEqual({
      per: "table",
      each: 2,
      atLeast: null,
    });
    // other types: one per diner, whatever mustFoodNum says
    expect(mustOrderRule({ mustFoodType: 0, mustFoodNum: 9 })).toEqual({
      per: "diner",
      each: 1,
      atLeast: null,
    });
    // a minimum of 2 on rice per diner: a lone diner gets 2, so the picker says 2碗起
    expect(mustOrderRule({ mustFoodType: 1, mustFoodNum: 1, minCount: 2 })).toEqual({
      per: "diner",
      each: 1,
      atLeast: 2,
    });
    // a minimum the rule already meets says nothing more
    expect(mustOrderRule({ mustFoodType: 2, mustFoodNum: 3, minCount: 2 }).atLeast).toBeNull();
  });

  it("brings exactly what its rule says, for any dish and any count", () => {
    const dishes = fc.record({
      mustFoodType: fc.integer({ min: 0, max: 3 }),
      mustFoodNum: fc.integer({ min: 0, max: 6 }),
      minCount: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(dishes, fc.integer({ min: 1, max: 60 }), (dish, diners) => {
        const rule = mustOrderRule(dish);
        const said = Math.max(rule.per === "diner" ? diners * rule.each : rule.each, rule.atLeast ?? 0);
        const quantity = mandatoryQuantity(dish, diners);
        expect(quantity).toBe(Math.min(said, 999));
        // never below the dish's minimum, and a lone diner gets `each` unless the words name a minimum
        expect(quantity).toBeGreaterThanOrEqual(Math.min(dish.minCount ?? 1, 999));
        if (diners === 1 && rule.atLeast === null) expect(quantity).toBe(rule.each);
      }),
    );
  });

  it("adds a line like any other: on sale, with a complete starting choice, a fixed combo with its parts", () => {
    const part = (itemId: number, groupPick: number) => ({
      id: itemId,
      itemId,
      name: `件${itemId}`,
      count: 1,
      norms: [],
      cdatList: [],
      groupName: "餐具",
      groupPick,
      priceUp: 0,
    });
    const lines = mandatoryLines(
      [
        makeDish({ id: 1, necessary: true, availableStatus: 3 }),
        makeDish({ id: 2, necessary: true, foodproperty: 1, combosList: [part(21, 1), part(22, 1)] }),
        makeDish({ id: 3, necessary: true, foodproperty: 1, combosList: [part(31, 2), part(32, 2)] }),
      ],
      2,
    );
    expect(lines.map((l) => [l.foodId, l.choice.parts])).toEqual([
      [
        3,
        [
          { itemId: 31, count: 1 },
          { itemId: 32, count: 1 },
        ],
      ],
    ]);
  });

  it("adds necessary, non-seasonal dishes with stock for the quantity, with default options", () => {
    const tea = makeDish({
      id: 1,
      necessary: true,
      mustFoodType: 1,
      norms: [
        { id: 11, name: "小", price: 2, vipPrice: null },
        { id: 12, name: "大", price: 3, vipPrice: null, isDefault: true },
      ],
      methodCategories: [
        {
          categoryName: "茶",
          sort: 1,
          methodList: [
            { id: 21, name: "红茶", markupPrice: 0, markupWay: 0, isDefault: false },
            { id: 22, name: "绿茶", markupPrice: 0, markupWay: 0, isDefault: false },
          ],
        },
      ],
    });
    const lines = mandatoryLines(
      [
        tea,
        makeDish({ id: 2, necessary: true, season: true }),
        makeDish({ id: 3, necessary: true, estimate: 0 }),
        makeDish({ id: 4, necessary: true, mustFoodType: 1, estimate: 3 }),
        makeDish({ id: 5 }),
      ],
      4,
    );
    expect(lines.map((l) => [l.foodId, l.count.toString()])).toEqual(
      [["1", "4"]].map(([a, b]) => [Number(a), b]),
    );
    expect(lines[0]?.choice).toEqual(defaultChoice(tea));
    expect(defaultChoice(tea)).toEqual({ normId: 12, methodIds: [21], additions: [], parts: [] });
  });
});
