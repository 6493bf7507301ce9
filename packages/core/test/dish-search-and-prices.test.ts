import { describe, expect, it } from "vitest";
import { dishPrice } from "../src/dish-display.js";
import { searchDishes } from "../src/dish-search.js";
import { viewerPrices } from "../src/viewer-price.js";

const named = (name: string, dishesName = name) => ({ name, dishesName });

describe("dish search", () => {
  const menu = [named("水煮鱼"), named("酸菜鱼"), named("Coke 可乐"), named("", "鱼香肉丝")];

  it("finds dishes whose name contains the keyword, in menu order", () => {
    expect(searchDishes(menu, "鱼").map((d) => d.name || d.dishesName)).toEqual([
      "水煮鱼",
      "酸菜鱼",
      "鱼香肉丝",
    ]);
  });

  it("ignores surrounding spaces and letter case", () => {
    expect(searchDishes(menu, "  coke ")).toEqual([named("Coke 可乐")]);
  });

  it("finds nothing for an empty keyword or one no name contains", () => {
    expect(searchDishes(menu, "   ")).toEqual([]);
    expect(searchDishes(menu, "牛排")).toEqual([]);
  });
});

describe("prices the diner sees", () => {
  const dish = { price: 58, vipPrice: 48, pricingType: 0, startPrice: null, startVipPrice: null };

  it("are the member prices for a member and the regular ones otherwise", () => {
    expect(dishPrice(viewerPrices(dish, true))).toEqual({
      kind: "amount",
      amount: "48",
      startingFrom: false,
    });
    expect(dishPrice(viewerPrices(dish, false))).toEqual({
      kind: "amount",
      amount: "58",
      startingFrom: false,
    });
  });

  it("use the starting member price of a starting-price dish", () => {
    const starting = { ...dish, pricingType: 1, startPrice: 30, startVipPrice: 25.555 };
    expect(dishPrice(viewerPrices(starting, true))).toEqual({
      kind: "amount",
      amount: "25.55",
      startingFrom: true,
    });
  });

  it("stay regular for a member when the dish has no member price", () => {
    expect(viewerPrices({ ...dish, vipPrice: null }, true).price).toBe(58);
  });
});
