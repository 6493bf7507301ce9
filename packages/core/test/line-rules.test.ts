import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCartOp, type CartLine } from "../src/cart.js";
import type { Dish } from "../src/contract/menu.js";
import { isAddable } from "../src/dish-rules.js";
import { checkChoice } from "../src/line-rules.js";
import { type LineChoice, priceLine } from "../src/pricing.js";
import { appChoice, fish, lineDishOf, lineMenu, noodles, platter, rice, setMeal } from "./line-menu.js";

const none: LineChoice = { normId: null, methodIds: [], additions: [], parts: [] };
const fishChoice = (choice: Partial<LineChoice>): LineChoice => ({ ...none, normId: 72, ...choice });
/** The set meal's parts: one main, the fixed rice, two drinks, the fixed soup counted twice. */
const meal = [
  { itemId: 101, count: 1 },
  { itemId: 103, count: 1 },
  { itemId: 104, count: 1 },
  { itemId: 106, count: 1 },
  { itemId: 107, count: 2 },
];
const withParts = (parts: LineChoice["parts"]): LineChoice => ({ ...none, parts });

describe("the options of a line belong to its dish", () => {
  it.each([
    ["a plain dish with nothing chosen", rice, none, null],
    [
      "a norm, a method and an add-on of the dish",
      fish,
      fishChoice({ methodIds: [81], additions: [{ id: 91, count: 2 }] }),
      null,
    ],
    ["no method chosen", fish, fishChoice({}), null],
    ["one method in each of two categories", noodles, { ...none, methodIds: [12, 22] }, null],
    ["a norm on a dish without norms", rice, { ...none, normId: 71 }, "米饭的规格不存在"],
    ["another dish's norm", fish, fishChoice({ normId: 81 }), "麻辣鱼的规格不存在"],
    ["no norm on a dish with norms", fish, none, "请选择麻辣鱼的规格"],
    ["another dish's method", fish, fishChoice({ methodIds: [21] }), "麻辣鱼的做法不存在"],
    [
      "a paid method three times",
      fish,
      fishChoice({ methodIds: [83, 83, 83] }),
      "麻辣鱼的每类做法只能选一种",
    ],
    ["two methods of one category", fish, fishChoice({ methodIds: [81, 82] }), "麻辣鱼的每类做法只能选一种"],
    ["another dish's add-on", fish, fishChoice({ additions: [{ id: 51, count: 1 }] }), "麻辣鱼的加料不存在"],
    [
      "an add-on twice",
      fish,
      fishChoice({
        additions: [
          { id: 91, count: 1 },
          { id: 91, count: 1 },
        ],
      }),
      "麻辣鱼的加料数量不正确",
    ],
    ["0 of an add-on", fish, fishChoice({ additions: [{ id: 91, count: 0 }] }), "麻辣鱼的加料数量不正确"],
    ["half an add-on", fish, fishChoice({ additions: [{ id: 91, count: 0.5 }] }), "麻辣鱼的加料数量不正确"],
    ["100 of an add-on", fish, fishChoice({ additions: [{ id: 91, count: 100 }] }), "麻辣鱼的加料数量不正确"],
    [
      "combo parts on a plain dish",
      rice,
      withParts([{ itemId: 101, count: 1 }]),
      "米饭不是套餐，不能选择套餐内容",
    ],
    ["a complete combo", setMeal, withParts(meal), null],
    ["a combo short of its main", setMeal, withParts(meal.slice(1)), "双人套餐的主菜应选1份"],
    [
      "a combo with two mains",
      setMeal,
      withParts([...meal, { itemId: 102, count: 1 }]),
      "双人套餐的主菜应选1份",
    ],
    [
      "a combo with three drinks",
      setMeal,
      withParts([...meal, { itemId: 105, count: 1 }]),
      "双人套餐的饮品应选2份",
    ],
    [
      "a combo without its fixed rice",
      setMeal,
      withParts(meal.filter((p) => p.itemId !== 103)),
      "双人套餐的主食应选1份",
    ],
    [
      "a part at the wrong count",
      setMeal,
      withParts(meal.map((p) => ({ ...p, count: 1 }))),
      "双人套餐的套餐内容数量不正确",
    ],
    ["a drink twice", setMeal, withParts([...meal, { itemId: 104, count: 1 }]), "双人套餐的套餐内容重复"],
    [
      "another combo's part",
      setMeal,
      withParts([...meal, { itemId: 201, count: 1 }]),
      "双人套餐的套餐内容不存在",
    ],
    [
      "a complex dish's complete group",
      platter,
      {
        ...none,
        normId: 81,
        parts: [
          { itemId: 201, count: 1 },
          { itemId: 203, count: 1 },
        ],
      },
      null,
    ],
    [
      "a complex dish short of its group",
      platter,
      { ...none, normId: 81, parts: [{ itemId: 201, count: 1 }] },
      "卤味拼盘的拼应选2份",
    ],
  ] satisfies Array<[string, Dish, LineChoice, string | null]>)("%s", (_, dish, choice, refusal) => {
    const result = checkChoice(dish, choice);
    expect(result.ok ? null : result.message).toBe(refusal);
  });

  it("refuses an add whose options are not the dish's, and stores nothing", () => {
    const cart: CartLine[] = [];
    const add = (foodId: number, choice: LineChoice) =>
      applyCartOp(cart, { kind: "add", foodId, choice }, lineDishOf);
    expect(add(7, fishChoice({ methodIds: [83, 83, 83] }))).toEqual({
      ok: false,
      message: "麻辣鱼的每类做法只能选一种",
    });
    expect(add(1, withParts([{ itemId: 101, count: 1 }]))).toEqual({
      ok: false,
      message: "米饭不是套餐，不能选择套餐内容",
    });
    expect(add(6, withParts(meal))).toMatchObject({ ok: true });
  });
});

const sellable = lineMenu.filter((dish) => isAddable(dish, dish));
const ids = lineMenu.flatMap((dish) => [
  ...dish.norms.map((n) => n.id),
  ...dish.methodCategories.flatMap((c) => c.methodList.map((m) => m.id)),
  ...dish.additionCategories.flatMap((c) => c.additions.map((a) => a.id)),
  ...dish.combosList.map((p) => p.itemId),
]);
const anyId = fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 1, max: 2000 }));
const anyCount = fc.integer({ min: -1, max: 100 });

/** What a tampered client might send instead: a foreign or doubled option, a count off, a part dropped. */
const corruption: fc.Arbitrary<(choice: LineChoice) => LineChoice> = fc.oneof(
  fc.constant((c: LineChoice) => c),
  fc.option(anyId).map((normId) => (c: LineChoice) => ({ ...c, normId })),
  anyId.map((id) => (c: LineChoice) => ({ ...c, methodIds: [...c.methodIds, id] })),
  fc.constant((c: LineChoice) => ({ ...c, methodIds: [...c.methodIds, ...c.methodIds] })),
  fc.tuple(anyId, anyCount).map(([id, count]) => (c: LineChoice) => ({
    ...c,
    additions: [...c.additions, { id, count }],
  })),
  fc.tuple(anyId, anyCount).map(([itemId, count]) => (c: LineChoice) => ({
    ...c,
    parts: [...c.parts, { itemId, count }],
  })),
  fc.constant((c: LineChoice) => ({ ...c, parts: c.parts.slice(1) })),
  anyCount.map((count) => (c: LineChoice) => ({
    ...c,
    parts: c.parts.map((p, i) => (i ? p : { ...p, count })),
  })),
);

const dishAndChoice = fc
  .constantFrom(...sellable)
  .chain((dish) => fc.tuple(fc.constant(dish), appChoice(dish), corruption));

/** Each option the dish offers, counted once when chosen: pricing as the menu states it. */
function listedPrice(dish: Dish, choice: LineChoice, count: Big): Big {
  const norm = dish.norms.find((n) => n.id === choice.normId);
  const methods = dish.methodCategories
    .flatMap((c) => c.methodList)
    .filter((m) => choice.methodIds.includes(m.id));
  const sum = (values: Array<number | Big>) => values.reduce<Big>((s, v) => s.plus(v), new Big(0));
  const percent = sum(methods.filter((m) => m.markupWay === 1).map((m) => m.markupPrice));
  const fixed = sum(methods.filter((m) => m.markupWay === 2).map((m) => m.markupPrice));
  const additions = sum(
    dish.additionCategories
      .flatMap((c) => c.additions)
      .map((a) => new Big(a.priceUpValue).times(choice.additions.find((c) => c.id === a.id)?.count ?? 0)),
  );
  const parts = sum(
    dish.combosList.map((p) =>
      new Big(p.priceUp).times(choice.parts.find((c) => c.itemId === p.itemId)?.count ?? 0),
    ),
  );
  const unit = new Big(norm ? norm.price : dish.price).times(percent.div(100).plus(1));
  const once = fixed.plus(additions).plus(parts);
  return dish.Weigh ? unit.times(count).plus(once) : unit.plus(once).times(count);
}

describe("choices, whatever a client sends", () => {
  it("are accepted by an add exactly when checkChoice accepts them", () => {
    fc.assert(
      fc.property(dishAndChoice, ([dish, built, corrupt]) => {
        const choice = corrupt(built);
        const added = applyCartOp([], { kind: "add", foodId: dish.id, choice }, lineDishOf);
        expect(added.ok).toBe(checkChoice(dish, choice).ok);
      }),
    );
  });

  it("are always accepted as the app's pickers build them", () => {
    fc.assert(
      fc.property(dishAndChoice, ([dish, choice]) => {
        expect(checkChoice(dish, choice)).toEqual({ ok: true });
      }),
    );
  });

  it("price an accepted line at each chosen option once", () => {
    fc.assert(
      fc.property(dishAndChoice, ([dish, built, corrupt]) => {
        const added = applyCartOp([], { kind: "add", foodId: dish.id, choice: corrupt(built) }, lineDishOf);
        fc.pre(added.ok);
        if (!added.ok) return;
        for (const line of added.lines) {
          const count = new Big(line.count);
          expect(priceLine(dish, line, count, false).total.eq(listedPrice(dish, line, count))).toBe(true);
        }
      }),
    );
  });
});
