import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCartOp, type CartLine, type CartOp, orderedCount, summarizeCart } from "../src/cart.js";
import type { Dish } from "../src/contract/menu.js";
import { priceLine } from "../src/pricing.js";
import { decrement, increment, MAX_QUANTITY, TOO_MANY_MESSAGE, usesKeypad } from "../src/quantity.js";
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
        for (const line of lines) expect(new Big(line.count).gt(0)).toBe(true);
        const sum = lines.reduce(
          (s, l) => s.plus(priceLine(dishOf(l.foodId) as Dish, l, l.count, false).total),
          new Big(0),
        );
        expect(summarizeCart(lines, dishOf, false).total.eq(sum.round(2, Big.roundHalfUp))).toBe(true);
      }),
    );
  });
});
