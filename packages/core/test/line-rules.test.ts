import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCartOp, type CartLine, newLine } from "../src/cart.js";
import type { Dish } from "../src/contract/menu.js";
import { isAddable } from "../src/dish-rules.js";
import { checkChoice, checkOrderLines, hasSoldOutPart } from "../src/line-rules.js";
import { type LineChoice, priceLine } from "../src/pricing.js";
import { applyTableOp } from "../src/table-ops.js";
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

describe("a local cart sent with the order", () => {
  const line = (foodId: number, count: string, choice: LineChoice = none) => newLine(foodId, choice, count);
  const hot = fishChoice({ methodIds: [81] });
  const small = fishChoice({ normId: 71 });
  const boxed = { ...none, methodIds: [31] };

  it.each([
    ["an empty cart", [], null],
    [
      "every kind of line, each within its rules",
      [
        line(1, "2"),
        line(2, "3"),
        line(3, "0.5"),
        line(7, "1", hot),
        line(7, "2", small),
        line(6, "1", withParts(meal)),
      ],
      null,
    ],
    ["exactly what is left, across two lines", [line(3, "2.5"), line(3, "2.5", boxed)], null],
    ["0 of a counted dish", [line(1, "0")], ["invalid", 1, "米饭数量不正确"]],
    ["0.5 of a counted dish", [line(7, "0.5", hot)], ["invalid", 7, "麻辣鱼数量不正确"]],
    ["0.001 of a counted dish", [line(1, "0.001")], ["invalid", 1, "米饭数量不正确"]],
    ["a count that is not a number", [line(1, "two")], ["invalid", 1, "米饭数量不正确"]],
    ["a weight with four decimals", [line(3, "1.2345")], ["invalid", 3, "鲈鱼数量不正确"]],
    ["9999 of a dish", [line(1, "9999")], ["invalid", 1, "米饭最多点999份"]],
    [
      "two lines of 600 of one dish",
      [line(7, "600", hot), line(7, "600", small)],
      ["invalid", 7, "麻辣鱼最多点999份"],
    ],
    ["1 of a dish sold from 2", [line(2, "1")], ["invalid", 2, "烤鸭2份起售"]],
    ["another dish's norm", [line(7, "1", fishChoice({ normId: 81 }))], ["invalid", 7, "麻辣鱼的规格不存在"]],
    [
      "another dish's method",
      [line(7, "1", fishChoice({ methodIds: [11] }))],
      ["invalid", 7, "麻辣鱼的做法不存在"],
    ],
    [
      "another dish's add-on",
      [line(7, "1", fishChoice({ additions: [{ id: 51, count: 1 }] }))],
      ["invalid", 7, "麻辣鱼的加料不存在"],
    ],
    [
      "combo parts on a plain dish",
      [line(1, "1", withParts(meal))],
      ["invalid", 1, "米饭不是套餐，不能选择套餐内容"],
    ],
    [
      "an incomplete combo",
      [line(6, "1", withParts(meal.slice(1)))],
      ["invalid", 6, "双人套餐的主菜应选1份"],
    ],
    ["the same line twice", [line(1, "1"), line(1, "2")], ["invalid", 1, "米饭重复出现在购物车中"]],
    ["a dish not on the menu", [line(1, "1"), line(99, "1")], ["invalid", 99, "菜品不存在"]],
    ["a dish outside its sale hours", [line(12, "1")], ["invalid", 12, "夜宵汤当前为非可售时间"]],
    ["a sold-out dish", [line(15, "1")], ["stock", 15, "酱排骨已售罄"]],
    [
      "more than is left, across two lines",
      [line(3, "3"), line(3, "2.5", boxed)],
      ["stock", 3, "鲈鱼仅剩5份"],
    ],
    ["one more than is left", [line(2, "10")], ["stock", 2, "烤鸭仅剩9份"]],
  ] satisfies Array<[string, CartLine[], [string, number, string] | null]>)("%s", (_, lines, refusal) => {
    // a fresh dish object per look-up, as a lookup over database rows may give
    const result = checkOrderLines(lines, (id) => {
      const dish = lineDishOf(id);
      return dish && { ...dish };
    });
    expect(result.ok ? null : [result.reason, result.foodId, result.message]).toEqual(refusal);
  });
});

describe("a combo whose chosen part is sold out", () => {
  // the set meal's main (part 101) is also a dish of the menu, and it has run out
  const partOut = (id: number) =>
    id === 101 ? { ...(lineDishOf(1) as Dish), id: 101, estimate: 0 } : lineDishOf(id);
  const combo = newLine(6, withParts(meal), "1");

  it("is refused for stock, naming the combo, by the same rule the server's write applies", () => {
    expect(hasSoldOutPart(combo, partOut)).toBe(true);
    const result = checkOrderLines([combo], partOut);
    expect(result).toEqual({ ok: false, reason: "stock", foodId: 6, message: "双人套餐已售罄" });
  });

  it("passes while the part is on sale or not a dish of the menu", () => {
    expect(hasSoldOutPart(combo, lineDishOf)).toBe(false);
    expect(checkOrderLines([combo], lineDishOf)).toEqual({ ok: true });
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

/** What a diner does, resolved against the cart when it is done: a line is picked by position. */
type Intent =
  | { kind: "add"; dish: Dish; choice: LineChoice }
  | { kind: "minus"; at: number }
  | { kind: "set"; at: number; typed: string }
  | { kind: "personNum"; personNum: number }
  | { kind: "clear" };

/** What the keypad (apps/web keypad-input.ts) confirms: up to 7 digits, weights with 2 decimals. */
const typed = fc.oneof(
  fc.integer({ min: 0, max: 20 }).map(String),
  fc.integer({ min: 0, max: 9_999_999 }).map(String),
  fc.tuple(fc.nat(12), fc.nat(99)).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, "0")}`),
);

const intent: fc.Arbitrary<Intent> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(...lineMenu)
      .chain((dish) => appChoice(dish).map((choice) => ({ kind: "add" as const, dish, choice }))),
    weight: 4,
  },
  { arbitrary: fc.nat().map((at) => ({ kind: "minus" as const, at })), weight: 1 },
  {
    arbitrary: fc.tuple(fc.nat(), typed).map(([at, text]) => ({ kind: "set" as const, at, typed: text })),
    weight: 2,
  },
  {
    arbitrary: fc
      .integer({ min: 1, max: 15 })
      .map((personNum) => ({ kind: "personNum" as const, personNum })),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: "clear" as const }), weight: 1 },
);

function act(lines: CartLine[], intent: Intent): CartLine[] {
  const menu = () => lineMenu;
  const line = "at" in intent ? lines[intent.at % Math.max(lines.length, 1)] : undefined;
  const op =
    intent.kind === "add"
      ? { kind: "add" as const, foodId: intent.dish.id, choice: intent.choice }
      : intent.kind === "minus"
        ? line && { kind: "minus" as const, detailId: line.detailId }
        : intent.kind === "set"
          ? line && { kind: "set" as const, detailId: line.detailId, count: intent.typed }
          : intent;
  if (!op) return lines;
  const result = applyTableOp(lines, op, lineDishOf, menu);
  return result.ok ? result.lines : lines;
}

describe("the local path accepts what the live path produces", () => {
  it("passes every cart the table's operations can reach", () => {
    fc.assert(
      fc.property(fc.array(intent, { maxLength: 30 }), (intents) => {
        let lines: CartLine[] = [];
        for (const next of intents) {
          lines = act(lines, next);
          expect(checkOrderLines(lines, lineDishOf)).toEqual({ ok: true });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
