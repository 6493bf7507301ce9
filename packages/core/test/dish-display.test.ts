import { describe, expect, it } from "vitest";
import { dishPrice, dishUnit, pricedWithNorm, unitText } from "../src/dish-display.js";
import { spicyFish } from "./fixtures.js";

describe("unit text", () => {
  it.each([
    ["份", ""],
    ["个", ""],
    ["", ""],
    ["斤", "/斤"],
    ["例", "/例"],
    ["500克", "/500克"],
    ["半只烤鸭", "/半只烤鸭"],
    ["一整只烤鸭", "/一整只烤"],
    ["bottle", "/bott"],
  ])("%j shows as %j", (unit, expected) => {
    expect(unitText(unit)).toBe(expected);
  });

  it("counts an emoji as one character", () => {
    expect(unitText("🦞只装")).toBe("/🦞只装");
    expect(Array.from(unitText("🦞🦞🦞🦞🦞"))).toHaveLength(5);
  });

  it("defaults a dish without a unit to 份, which is hidden", () => {
    expect(dishUnit({ unit: "", dishesUnit: "" })).toBe("份");
    expect(dishUnit({ unit: "", dishesUnit: "斤" })).toBe("斤");
  });
});

describe("price display", () => {
  const price = (d: { price: number; pricingType?: number; startPrice?: number | null }) =>
    dishPrice({ pricingType: 0, startPrice: null, ...d });

  it("truncates to 2 decimals, never rounding up, and drops trailing zeros", () => {
    expect(price({ price: 12.999 })).toEqual({
      kind: "amount",
      amount: "12.99",
      startingFrom: false,
    });
    expect(price({ price: 8.5 })).toMatchObject({ amount: "8.5" });
    expect(price({ price: 30 })).toMatchObject({ amount: "30" });
  });

  it("shows 时价 for the market price 0.0001", () => {
    expect(price({ price: 0.0001 })).toEqual({ kind: "market" });
  });

  it("shows a starting-price dish's start price, marked 起", () => {
    expect(price({ price: 40, pricingType: 1, startPrice: 28.5 })).toEqual({
      kind: "amount",
      amount: "28.5",
      startingFrom: true,
    });
    expect(price({ price: 40, pricingType: 1, startPrice: null })).toMatchObject({
      amount: "40",
      startingFrom: true,
    });
  });
});

describe("the price with a norm chosen", () => {
  it("is the norm's price and member price; without a norm (or an unknown one), the dish's own", () => {
    const [first] = spicyFish.norms;
    if (!first) throw new Error("fixture has norms");
    expect(pricedWithNorm(spicyFish, first.id)).toMatchObject({
      price: first.price,
      vipPrice: first.vipPrice,
    });
    expect(pricedWithNorm(spicyFish, null)).toBe(spicyFish);
    expect(pricedWithNorm(spicyFish, 999_999)).toBe(spicyFish);
  });
});
