import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CartLine, summarizeCart } from "../../src/cart.js";
import type { Dish } from "../../src/contract/menu.js";
import { detailId } from "../../src/detail-id.js";
import { cartDiscountLines, cartMemberDiscounts } from "../../src/member/cart-discounts.js";
import { yuanToCents } from "../../src/payment/cents.js";
import { makeDish } from "../fixtures.js";

const AT = { now: new Date("2026-11-25T12:00:00+08:00"), timeZone: "Asia/Shanghai" };

const LARGE: Dish["methodCategories"][number] = {
  categoryName: "做法",
  sort: 1,
  methodList: [{ id: 1, name: "大份", markupPrice: 15, markupWay: 1, isDefault: false }],
};
/** ¥9.99, member ¥8.99; and ¥9.99 without a member price; both with a 15% markup to choose */
const WITH_VIP = makeDish({ id: 1, price: 9.99, vipPrice: 8.99, methodCategories: [LARGE] });
const NO_VIP = makeDish({ id: 2, price: 9.99, vipPrice: null, methodCategories: [LARGE] });
const MENU = [WITH_VIP, NO_VIP];
const lookup = (id: number) => MENU.find((d) => d.dishesId === id);
/** a cart priced as the app and the server price it */
const priced = (cart: CartLine[], dishOf = lookup) => summarizeCart(cart, dishOf, false).priced;

function lineOf(dish: Dish, count: string, methodIds: number[] = []): CartLine {
  const choice = { normId: null, methodIds, additions: [], parts: [] };
  return { ...choice, detailId: detailId(dish.dishesId, choice), foodId: dish.dishesId, count, memo: "" };
}

// 9.99 × 1.15 × 3 = 34.4655 on each line (34.47 stored), 68.931 for the order (68.93 stored);
// at member prices 8.99 × 1.15 × 3 = 31.0155 (31.02) and 34.4655, 65.481 (65.48) for the order
const CART = [lineOf(WITH_VIP, "3", [1]), lineOf(NO_VIP, "3", [1])];

describe("a cart's lines as the pipeline reads the order it places", () => {
  it("stores each line half-up to the cent and puts the order's rounding on its last line", () => {
    expect(cartDiscountLines(priced(CART), true)).toEqual([
      { key: "1__1", dishId: 1, count: 3, amountCents: 3447, vipAmountCents: 3102 },
      { key: "2__1", dishId: 2, count: 3, amountCents: 3446, vipAmountCents: 3446 },
    ]);
  });

  it("has no member amounts when the order is placed without member prices, and leaves out dishes off the menu", () => {
    const gone = lineOf(makeDish({ id: 3, price: 5 }), "1");
    expect(cartDiscountLines(priced([...CART, gone]), false)).toEqual([
      { key: "1__1", dishId: 1, count: 3, amountCents: 3447, vipAmountCents: null },
      { key: "2__1", dishId: 2, count: 3, amountCents: 3446, vipAmountCents: null },
    ]);
  });
});

describe("what a cart comes to before it is submitted", () => {
  const vip = { vipPrice: true, memberDayPercent: null };

  it("is the member total at member prices on a day without a member day", () => {
    const result = cartMemberDiscounts(priced(CART), vip, AT);
    expect(result.plainCents).toBe(6893);
    expect(result.payableCents).toBe(6548);
    expect(result.steps.map((s) => [s.label, s.cents])).toEqual([["会员价", 345]]);
  });

  it("takes the member day when it leaves less to pay, labelled as the bill names it", () => {
    const result = cartMemberDiscounts(priced(CART), { vipPrice: true, memberDayPercent: 88 }, AT);
    // 68.93 × 0.88 = 60.6584, half-up to 60.66
    expect(result.payableCents).toBe(6066);
    expect(result.memberBenefit).toBe("memberDay");
    expect(result.steps.map((s) => [s.label, s.cents])).toEqual([["会员日8.8折", 827]]);
  });

  it("gives a tie to the member price", () => {
    // 68.93 × 0.95 = 65.4835: 65.48, the member total to the cent
    const result = cartMemberDiscounts(priced(CART), { vipPrice: true, memberDayPercent: 95 }, AT);
    expect(result.payableCents).toBe(6548);
    expect(result.memberBenefit).toBe("memberPrice");
  });

  it("takes nothing off without member benefits", () => {
    const result = cartMemberDiscounts(priced(CART), null, AT);
    expect([result.payableCents, result.steps]).toEqual([6893, []]);
  });

  it("charges the cent the order's rounding moves, where the cart's member total would show it", () => {
    // 8.70 × 1.15 = 10.005 on both lines (10.01 stored each, 20.01 for the order: the last line 10.00);
    // at member prices 8.00 × 1.15 = 9.20 and 10.005, 19.205 (19.21) for the order: the last line 10.01,
    // a cent above its regular amount, which the pipeline never charges a member
    const menu = [
      makeDish({ id: 1, price: 8.7, vipPrice: 8, methodCategories: [LARGE] }),
      makeDish({ id: 2, price: 8.7, vipPrice: null, methodCategories: [LARGE] }),
    ];
    const dishOf = (id: number) => menu.find((d) => d.dishesId === id);
    const cart = menu.map((dish) => lineOf(dish, "1", [1]));
    expect(summarizeCart(cart, dishOf, true).total.toString()).toBe("19.21");
    expect(cartMemberDiscounts(priced(cart, dishOf), vip, AT).payableCents).toBe(1920);
  });

  // whole cents, whole counts and no markups: every amount exact, nothing rounded
  const dishes = fc.array(
    fc
      .record({ cents: fc.integer({ min: 1, max: 99_999 }), off: fc.integer({ min: 0, max: 100 }) })
      .map(({ cents, off }) => ({
        price: cents / 100,
        vipPrice: Math.floor((cents * (100 - off)) / 100) / 100,
      })),
    { minLength: 1, maxLength: 6 },
  );

  it("agrees with the cart's totals: its regular total, its member total, a member day's share of it", () => {
    fc.assert(
      fc.property(
        dishes,
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 1, max: 100 }),
        (prices, counts, percent) => {
          const menu = prices.map((p, i) => makeDish({ id: i + 1, ...p }));
          const dishOf = (id: number) => menu.find((d) => d.dishesId === id);
          const cart = menu.map((dish, i) => lineOf(dish, String(counts[i])));
          const summary = (member: boolean) => yuanToCents(summarizeCart(cart, dishOf, member).total);
          expect(cartMemberDiscounts(priced(cart, dishOf), null, AT).payableCents).toBe(summary(false));
          expect(cartMemberDiscounts(priced(cart, dishOf), vip, AT).payableCents).toBe(summary(true));
          const day = cartMemberDiscounts(
            priced(cart, dishOf),
            { vipPrice: false, memberDayPercent: percent },
            AT,
          );
          expect(day.payableCents).toBe(
            new Big(summary(false)).times(percent).div(100).round(0, Big.roundHalfUp).toNumber(),
          );
        },
      ),
    );
  });
});
