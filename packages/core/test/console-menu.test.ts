import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConsoleDishInput,
  consoleDishInputSchema,
  type DishRuleContext,
  dishProblemMessage,
  dishProblems,
  moneySchema,
  saleTimeValid,
  storedDishPrice,
} from "../src/contract/console-menu.js";

const ctx: DishRuleContext = {
  categories: [
    { id: 1, parentId: null },
    { id: 2, parentId: 1 },
    { id: 3, parentId: null },
    { id: 4, parentId: 3 },
  ],
  dishes: [
    { id: 10, foodproperty: 0 },
    { id: 11, foodproperty: 0 },
    { id: 12, foodproperty: 3 },
  ],
};

/** A dish as the console sends it, through the schema (defaults filled). */
const dish = (fields: Record<string, unknown> = {}): ConsoleDishInput =>
  consoleDishInputSchema.parse({ categoryId: 1, name: "宫保鸡丁", price: "38", ...fields });

const fieldsOf = (input: ConsoleDishInput, context = ctx) => dishProblems(input, context).map((p) => p.field);

describe("the dish rules the diner app relies on", () => {
  it("accepts a plain dish", () => {
    expect(dishProblems(dish(), ctx)).toEqual([]);
  });

  it.each([
    ["a weighed dish without a unit", { weigh: true, unit: "" }, "unit"],
    ["a weighed dish with norms", { weigh: true, unit: "斤", norms: [{ name: "大", price: "1" }] }, "norms"],
    ["a starting price without its amount", { pricingType: 1 }, "startPrice"],
    [
      "a market price with a starting price",
      { pricingType: 1, startPrice: "5", marketPrice: true },
      "pricingType",
    ],
    ["must-order without per diner or per table", { necessary: true }, "mustFoodType"],
    ["a must-order rule on a dish not marked must-order", { mustFoodType: 2 }, "necessary"],
    [
      "a sale period ending before it starts",
      { salablePeriodType: 1, salableTime: "18:00-09:00" },
      "salableTime",
    ],
    ["a sale period past midnight", { salablePeriodType: 1, salableTime: "22:00-25:00" }, "salableTime"],
    ["a category that is a second category", { categoryId: 2 }, "categoryId"],
    ["a category of another restaurant", { categoryId: 99 }, "categoryId"],
    ["a second category of another category", { secondCategoryId: 4 }, "secondCategoryId"],
    [
      "two norms of one name",
      {
        norms: [
          { name: "大", price: "1" },
          { name: "大", price: "2" },
        ],
      },
      "norms",
    ],
    [
      "two default norms",
      {
        norms: [
          { name: "大", price: "1", isDefault: true },
          { name: "小", price: "2", isDefault: true },
        ],
      },
      "norms",
    ],
    [
      "two default methods in a category",
      {
        methodCategories: [
          {
            categoryName: "辣度",
            methodList: [
              { name: "微辣", markupPrice: "0", markupWay: 0, isDefault: true },
              { name: "特辣", markupPrice: "0", markupWay: 0, isDefault: true },
            ],
          },
        ],
      },
      "methodCategories.0",
    ],
    [
      "a markup over 100 %",
      {
        methodCategories: [
          { categoryName: "份量", methodList: [{ name: "加倍", markupPrice: "150", markupWay: 1 }] },
        ],
      },
      "methodCategories.0.methodList.0.markupPrice",
    ],
    [
      "an addition named twice",
      {
        additionCategories: [
          { categoryName: "加料", additions: [{ name: "加蛋", priceUpValue: "2" }] },
          { categoryName: "小料", additions: [{ name: "加蛋", priceUpValue: "3" }] },
        ],
      },
      "additionCategories",
    ],
    ["a combo without parts", { foodproperty: 3 }, "combos"],
    [
      "combo parts on a single dish",
      { combos: [{ itemId: 10, count: 1, groupName: "主食", groupPick: 1 }] },
      "combos",
    ],
    [
      "a combo part that is not a dish of the restaurant",
      { foodproperty: 3, combos: [{ itemId: 99, count: 1, groupName: "主食", groupPick: 1 }] },
      "combos.0.itemId",
    ],
    [
      "a combo part that is a combo",
      { foodproperty: 3, combos: [{ itemId: 12, count: 1, groupName: "主食", groupPick: 1 }] },
      "combos.0.itemId",
    ],
    [
      "a group picking more than it holds",
      { foodproperty: 3, combos: [{ itemId: 10, count: 1, groupName: "主食", groupPick: 2 }] },
      "combos",
    ],
    [
      "a group whose parts disagree on the pick",
      {
        foodproperty: 3,
        combos: [
          { itemId: 10, count: 1, groupName: "主食", groupPick: 1 },
          { itemId: 11, count: 1, groupName: "主食", groupPick: 2 },
        ],
      },
      "combos",
    ],
    [
      "a fixed set that leaves a part out",
      {
        foodproperty: 1,
        combos: [
          { itemId: 10, count: 1, groupName: "套餐内容", groupPick: 1 },
          { itemId: 11, count: 1, groupName: "套餐内容", groupPick: 1 },
        ],
      },
      "combos",
    ],
    [
      "a weighed combo",
      {
        foodproperty: 1,
        weigh: true,
        unit: "斤",
        combos: [{ itemId: 10, count: 1, groupName: "套餐内容", groupPick: 1 }],
      },
      "weigh",
    ],
  ])("refuses %s", (_name, fields, field) => {
    expect(fieldsOf(dish(fields))).toContain(field);
  });

  it("refuses a combo holding itself", () => {
    const self = dish({
      foodproperty: 3,
      combos: [{ itemId: 10, count: 1, groupName: "主食", groupPick: 1 }],
    });
    expect(fieldsOf(self, { ...ctx, dishId: 10 })).toEqual(["combos.0.itemId"]);
  });

  it("refuses option ids the restaurant's menu does not use, and an id twice in a dish", () => {
    const known = {
      norms: new Set([1]),
      methods: new Set([2]),
      additions: new Set([3]),
      parts: new Set<number>(),
    };
    const withIds = dish({
      norms: [{ id: 1, name: "大", price: "1" }],
      additionCategories: [{ categoryName: "加料", additions: [{ id: 4, name: "加蛋", priceUpValue: "2" }] }],
    });
    expect(dishProblems(withIds, { ...ctx, knownOptionIds: known })).toEqual([
      { field: "additionCategories", message: "加料 id 4 不属于本店" },
    ]);
    const twice = dish({
      norms: [
        { id: 1, name: "大", price: "1" },
        { id: 1, name: "小", price: "1" },
      ],
    });
    expect(fieldsOf(twice, { ...ctx, knownOptionIds: known })).toContain("norms");
  });

  it("accepts a combo whose groups name single dishes and pick within them", () => {
    const combo = dish({
      foodproperty: 3,
      combos: [
        { itemId: 10, count: 1, groupName: "主食", groupPick: 1 },
        { itemId: 11, count: 1, groupName: "主食", groupPick: 1, priceUp: "2.5" },
      ],
    });
    expect(dishProblems(combo, ctx)).toEqual([]);
  });

  it("says the first problem with the field's name and path, and how many more", () => {
    const problems = dishProblems(dish({ weigh: true, unit: "", pricingType: 1 }), ctx);
    expect(dishProblemMessage(problems)).toBe(
      "单位：称重菜品必须填写单位（如 斤、克）（unit）（另有 1 处问题）",
    );
    expect(dishProblemMessage([])).toBe("");
  });
});

describe("the dish schema", () => {
  it.each([
    ["name", { name: "  " }],
    ["price", { price: "-1" }],
    ["price", { price: "1.23456" }],
    ["price", { price: "1e3" }],
    ["minCount", { minCount: 0 }],
    ["inceptStep", { inceptStep: 0 }],
    ["norms.0.name", { norms: [{ name: "", price: "1" }] }],
    ["norms.0.price", { norms: [{ name: "大", price: "-0.5" }] }],
    ["salableDays", { salableDays: "8" }],
    ["combos.0.count", { combos: [{ itemId: 10, count: 0, groupName: "主食", groupPick: 1 }] }],
  ])("names %s when it is wrong", (path, fields) => {
    const result = consoleDishInputSchema.safeParse({ categoryId: 1, name: "菜", price: "1", ...fields });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });
});

describe("money as the console sends it", () => {
  it("takes non-negative decimals of at most 4 places, as text or number, exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 4 }),
        (whole, fraction, places) => {
          const digits = String(fraction).padStart(4, "0").slice(0, places);
          const text = places === 0 ? String(whole) : `${whole}.${digits}`;
          const parsed = moneySchema.safeParse(text);
          expect(parsed.success).toBe(true);
          expect(new Big(parsed.data ?? "x").eq(text)).toBe(true);
          expect(moneySchema.safeParse(Number(text)).success).toBe(true);
        },
      ),
    );
  });

  it("refuses any negative amount and more than 4 places", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 5, max: 8 }), (n, places) => {
        expect(moneySchema.safeParse(`-${n}`).success).toBe(false);
        expect(moneySchema.safeParse(new Big(n).div(new Big(10).pow(places)).toFixed(places)).success).toBe(
          false,
        );
      }),
    );
  });
});

describe("properties of the dish rules", () => {
  const normArb = fc.record({
    name: fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim().length > 0),
    price: fc.integer({ min: 0, max: 99999 }).map((cents) => new Big(cents).div(100).toString()),
  });

  it("a single dish with distinct norm names and one default is accepted, and stores the default's price", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(normArb, { selector: (n) => n.name.trim(), minLength: 1, maxLength: 6 }),
        fc.nat(),
        (norms, pick) => {
          const defaultAt = pick % norms.length;
          const input = dish({ norms: norms.map((n, i) => ({ ...n, isDefault: i === defaultAt })) });
          expect(dishProblems(input, ctx)).toEqual([]);
          expect(storedDishPrice(input).price).toBe(input.norms[defaultAt]?.price);
        },
      ),
    );
  });

  it("a combo part naming a dish the restaurant lacks is always refused at that part", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(10, 11), { minLength: 0, maxLength: 4 }),
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.nat(),
        (known, unknown, at) => {
          const ids: number[] = [...known];
          const position = at % (ids.length + 1);
          ids.splice(position, 0, unknown);
          const combos = ids.map((itemId) => ({ itemId, count: 1, groupName: "任选", groupPick: 1 }));
          const fields = fieldsOf(dish({ foodproperty: 3, combos }));
          expect(fields).toContain(`combos.${position}.itemId`);
        },
      ),
    );
  });

  it("sale times: a range is valid exactly when it ends after it starts, by 24:00", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 * 60 + 59 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        (start, end) => {
          const hhmm = (m: number) =>
            `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
          expect(saleTimeValid(`${hhmm(start)}-${hhmm(end)}`)).toBe(end > start);
        },
      ),
    );
  });
});
