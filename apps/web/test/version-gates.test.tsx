import { API, type MenuSnapshot, type PageData } from "@tablemate/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { ORDER_COPY } from "../src/features/order/order-copy.js";
import { pageMenuState } from "../src/store/page-menu.js";
import { orderDetail, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { LINK } from "./dish-harness.js";
import { fakeServer, ok } from "./fake-server.js";
import { CATEGORIES, dish, restaurant } from "./fixtures.js";
import { cardOf, openMenu } from "./menu-harness.js";

/** A plain dish, one with a member price, and a combo (foodproperty 1), as the server might answer. */
const FOODS = [
  dish({ dishesId: 1, name: "拍黄瓜", typeId: 1, price: 12 }),
  dish({ dishesId: 2, name: "红烧肉", typeId: 1, price: 58, vipPrice: 48.5 }),
  dish({ dishesId: 3, name: "儿童欢乐套餐", typeId: 1, price: 32, foodproperty: 1, unit: "套" }),
];

describe("the register's version gates (spec 000 §9)", () => {
  it("a current register (2.35.15): the combo is offered and the member price tagged 会员价", async () => {
    await openMenu({ foods: FOODS });
    expect(within(cardOf("儿童欢乐套餐")).getByText(DISH_COPY.choose)).toBeTruthy();
    expect(within(cardOf("红烧肉")).getByText("会员价48.5")).toBeTruthy();
  });

  it("2.23.00: the combo is offered, but no member price (vip needs 2.24.00)", async () => {
    await openMenu({ restaurant: { serverVersion: "2.23.00" }, foods: FOODS });
    expect(cardOf("儿童欢乐套餐")).toBeTruthy();
    expect(cardOf("红烧肉").textContent).not.toContain("会员");
    expect(cardOf("红烧肉").textContent).toContain("¥58");
  });

  it("2.22.00: no combo on the menu and no 会员价 tag", async () => {
    await openMenu({ restaurant: { serverVersion: "2.22.00" }, foods: FOODS });
    expect(screen.getAllByTestId("dish-card")).toHaveLength(2);
    expect(screen.queryByText("儿童欢乐套餐")).toBeNull();
    expect(screen.queryByText(/会员价/)).toBeNull();
    expect(cardOf("拍黄瓜")).toBeTruthy();
  });

  it("the page's own menu is gated the same way before the first paint", () => {
    const menu: MenuSnapshot = {
      categories: CATEGORIES,
      foods: FOODS,
      recommends: FOODS,
      periodDishes: [],
      memos: [],
      sellOut: { value: [], additions: [] },
      languages: { base: "zh-CN", offered: [] },
    };
    const page = (serverVersion: string) =>
      ({ guid: null, restaurant: restaurant({ serverVersion }), menu }) as Pick<
        PageData,
        "guid" | "restaurant" | "menu"
      >;
    const old = pageMenuState(page("2.22.00") as PageData);
    expect(old.foods?.map((d) => d.name)).toEqual(["拍黄瓜", "红烧肉"]);
    expect(old.recommends?.map((d) => d.vipPrice)).toEqual([null, null]);
    const current = pageMenuState(page("2.35.15") as PageData);
    expect(current.foods?.map((d) => d.name)).toEqual(["拍黄瓜", "红烧肉", "儿童欢乐套餐"]);
  });

  it.each([
    ["2.35.15", true],
    ["2.24.00", true],
    ["2.23.06", false],
  ] as const)("an order at register %s shows 会员价合计: %s", async (serverVersion, shown) => {
    fakeServer({ [`${API.orderDetail}/31`]: () => ok(orderDetail(), 200) });
    startedAtTable({ restaurant: restaurant({ serverVersion }) });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    await screen.findByTestId("order-total");
    expect(ORDER_COPY.vipTotal).toBe("会员价合计");
    expect(screen.queryByText("会员价合计") !== null).toBe(shown);
  });
});
