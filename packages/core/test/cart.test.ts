import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCartOp, type CartLine, type CartOp, orderedCount, summarizeCart } from "../src/cart.js";
import type { Dish } from "../src/contract/menu.js";
import { priceLine } from "../src/pricing.js";
import {
  checkLineCount,
  decrement,
  increment,
  MAX_QUANTITY,
  TOO_MANY_MESSAGE,
  usesKeypad,
} from "../src/quantity.js";
import { makeDish, spicyFish } from "./fixtures.js";

const plain = { normId: null, methodIds: [], additions: [], parts: [] };
const dishes: Dish[] = [
  makeDish({ id: 1, name: "米饭", price: 2 }),
  makeDish({ id: 2, name: "烤鸭", price: 68, minCount: 2, inceptStep: 2, estimate: 6 }),
  makeDish({ id: 3, name: "鲈鱼", price: 88, Weigh: true, unit: "斤", estimate: 5 }),
  spicyFish,
];
const dishOf = (id: number) => dishes.find((d) => d.id === id);

function run(ops: CartOp[]): CartLine[] {
  return ops.reduce<CartLine[]>((lines, op) => {
    const result = applyCartOp(lines, op, dishOf);
    return result.ok ? result.lines : lines;
  }, []);
}

describe("quantity rules (spec 000 §5)", () => {
  const duck = dishes[1] as Dish;

  it("brings the minimum on the first add and the step after", () => {
    expect(run([{ kind: "add", foodId: 2, choice: plain }])[0]?.count).toBe("2");
    expect(
      run([
        { kind: "add", foodId: 2, choice: plain },
        { kind: "add", foodId: 2, choice: plain },
      ])[0]?.count,
    ).toBe("4");
  });

  it("removes the dish when decremented at or below the minimum", () => {
    expect(decrement(duck, new Big(2)).toString()).toBe("0");
    expect(decrement(duck, new Big(6)).toString()).toBe("4");
    expect(decrement(duck, new Big(3)).toString()).toBe("2");
  });

  it("lets a diner take exactly what is left and never more", () => {
    expect(increment(duck, new Big(4), new Big(4))).toMatchObject({ ok: true });
    expect(increment(duck, new Big(6), new Big(6))).toEqual({
      ok: false,
      reason: "stock",
      message: "烤鸭仅剩6份",
    });
  });

  it("refuses more than 999 of a dish", () => {
    expect(increment(dishes[0] as Dish, new Big(MAX_QUANTITY), new Big(MAX_QUANTITY))).toEqual({
      ok: false,
      reason: "tooMany",
      message: TOO_MANY_MESSAGE,
    });
    expect(TOO_MANY_MESSAGE).toBe("您选择的菜品数量太多了！");
  });

  it("opens the keypad at 4 or more, and always for weighed dishes", () => {
    expect(usesKeypad(dishes[0] as Dish, new Big(3))).toBe(false);
    expect(usesKeypad(dishes[0] as Dish, new Big(4))).toBe(true);
    expect(usesKeypad(dishes[2] as Dish, new Big(0))).toBe(true);
  });

  it("takes exact decimal weights for weighed dishes only", () => {
    const lines = run([{ kind: "add", foodId: 3, choice: plain }]);
    const weighed = applyCartOp(lines, { kind: "set", detailId: "3__", count: "1.35" }, dishOf);
    expect(weighed.ok && weighed.lines[0]?.count).toBe("1.35");
    const half = applyCartOp(lines, { kind: "set", detailId: "3__", count: "0.5" }, dishOf);
    expect(half.ok && half.lines[0]?.count).toBe("0.5");
    const rice = run([{ kind: "add", foodId: 1, choice: plain }]);
    expect(applyCartOp(rice, { kind: "set", detailId: "1__", count: "1.5" }, dishOf)).toMatchObject({
      ok: false,
    });
  });
});

describe("the rule for a line's count", () => {
  const rice = dishes[0] as Dish;
  const duck = dishes[1] as Dish;
  const bass = dishes[2] as Dish;
  const halfJin = makeDish({ id: 4, name: "鳜鱼", Weigh: true, unit: "斤", minCount: 0.5 });

  it.each([
    ["1 of a counted dish", rice, "1", null],
    ["999 of a counted dish", rice, "999", null],
    ["0 of a counted dish", rice, "0", "数量不正确"],
    ["-1", rice, "-1", "数量不正确"],
    ["0.5 of a counted dish", rice, "0.5", "数量不正确"],
    ["0.001 of a counted dish", rice, "0.001", "数量不正确"],
    ["9999", rice, "9999", TOO_MANY_MESSAGE],
    ["1000", rice, "1000", TOO_MANY_MESSAGE],
    ["1 of a dish sold from 2", duck, "1", "2份起售"],
    ["2 of a dish sold from 2", duck, "2", null],
    ["3 of a dish sold in steps of 2 (typed on the keypad)", duck, "3", null],
    ["0.5 斤 of a weighed dish", bass, "0.5", null],
    ["1.125 斤, three decimals", bass, "1.125", null],
    ["1.1255 斤, four decimals", bass, "1.1255", "数量不正确"],
    ["0 斤", bass, "0", "数量不正确"],
    ["0.4 斤 of a fish sold from half a 斤", halfJin, "0.4", "0.5斤起售"],
    ["0.5 斤 of a fish sold from half a 斤", halfJin, "0.5", null],
    ["999.5 斤", bass, "999.5", TOO_MANY_MESSAGE],
  ] satisfies Array<[string, Dish, string, string | null]>)("%s", (_, dish, count, refusal) => {
    const result = checkLineCount(dish, new Big(count));
    expect(result.ok ? null : result.message).toBe(refusal);
  });

  it("is the rule of set, whatever the keypad sends", () => {
    const lines = run([{ kind: "add", foodId: 2, choice: plain }]);
    const set = (count: string) => applyCartOp(lines, { kind: "set", detailId: "2__", count }, dishOf);
    expect(set("1")).toEqual({ ok: false, message: "2份起售" });
    expect(set("3")).toMatchObject({ ok: true });
    expect(set("0")).toEqual({ ok: true, lines: [] });
  });

  it("keeps a dish at 999 across all its lines", () => {
    const lines = run([
      { kind: "add", foodId: 7, choice: { ...plain, normId: 71 } },
      { kind: "set", detailId: "7_71_", count: "600" },
      { kind: "add", foodId: 7, choice: { ...plain, normId: 72 } },
    ]);
    expect(lines.map((l) => l.count)).toEqual(["600", "1"]);
    expect(applyCartOp(lines, { kind: "set", detailId: "7_72_", count: "600" }, dishOf)).toEqual({
      ok: false,
      message: TOO_MANY_MESSAGE,
    });
    expect(applyCartOp(lines, { kind: "set", detailId: "7_72_", count: "399" }, dishOf)).toMatchObject({
      ok: true,
    });
  });
});

describe("the cart", () => {
  it("keeps one line per detail id and counts a dish across its lines", () => {
    const lines = run([
      { kind: "add", foodId: 7, choice: { ...plain, normId: 71 } },
      { kind: "add", foodId: 7, choice: { ...plain, normId: 71 } },
      { kind: "add", foodId: 7, choice: { ...plain, normId: 72 } },
    ]);
    expect(lines.map((l) => [l.detailId, l.count])).toEqual([
      ["7_71_", "2"],
      ["7_72_", "1"],
    ]);
    expect(orderedCount(lines, 7)).toBe(3);
  });

  it("sums its lines, counting a weighed line once in the bubble", () => {
    const lines = run([
      { kind: "add", foodId: 1, choice: plain },
      { kind: "add", foodId: 1, choice: plain },
      { kind: "add", foodId: 3, choice: plain },
    ]);
    const summary = summarizeCart(lines, dishOf, false);
    expect(summary.count).toBe(3);
    expect(summary.total.toString()).toBe("92");
  });

  const op: fc.Arbitrary<CartOp> = fc.oneof(
    fc.record({
      kind: fc.constant("add" as const),
      foodId: fc.constantFrom(1, 2, 3, 7),
      choice: fc.record({
        normId: fc.constantFrom(null, 71),
        methodIds: fc.constantFrom([], [81], [83]),
        additions: fc.constant([]),
        parts: fc.constant([]),
      }),
    }),
    fc.record({
      kind: fc.constant("minus" as const),
      detailId: fc.constantFrom("1__", "2__", "3__", "7_71_81", "7__"),
    }),
    fc.record({
      kind: fc.constant("set" as const),
      detailId: fc.constantFrom("1__", "2__", "3__", "7__"),
      count: fc.constantFrom("0", "1", "2.5", "4", "998", "1000", "-1", "abc"),
    }),
    fc.constant({ kind: "clear" as const }),
  );

  it("keeps every dish within its limits and the total equal to the sum of its lines, whatever the operations", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const lines = run(ops);
        for (const dish of dishes) {
          const held = lines
            .filter((l) => l.foodId === dish.id)
            .reduce((sum, l) => sum.plus(l.count), new Big(0));
          expect(held.lte(MAX_QUANTITY)).toBe(true);
          if (dish.estimate !== -1) expect(held.lte(dish.estimate)).toBe(true);
        }
        for (const line of lines) {
          expect(checkLineCount(dishOf(line.foodId) as Dish, new Big(line.count))).toMatchObject({
            ok: true,
          });
        }
        const sum = lines.reduce(
          (s, l) => s.plus(priceLine(dishOf(l.foodId) as Dish, l, l.count, false).total),
          new Big(0),
        );
        expect(summarizeCart(lines, dishOf, false).total.eq(sum.round(2, Big.roundHalfUp))).toBe(true);
      }),
    );
  });
});
