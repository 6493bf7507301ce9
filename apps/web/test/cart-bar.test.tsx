import {
  type CartLine,
  type Dish,
  detailId,
  EMPTY_CHOICE,
  type LineChoice,
  priceLine,
  summarizeCart,
  truncateMoney,
} from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { CartBar, useCartStore } from "../src/features/cart/index.js";
import { ALL_DISHES, CUCUMBER, FISH, PICK_SET, SEA_BASS, startedStore } from "./dish-fixtures.js";
import { controlledClock, minusOf, outside, plusOf, renderOnMenu } from "./dish-harness.js";
import { restaurant } from "./fixtures.js";

function lineOf(dish: Dish, choice: LineChoice, count: string): CartLine {
  return { ...choice, detailId: detailId(dish.dishesId, choice), foodId: dish.dishesId, count, memo: "" };
}

const FISH_CHOICE = { ...EMPTY_CHOICE, normId: 1101, methodIds: [1211, 1203] };
const BASS_CHOICE = { normId: null, methodIds: [1302, 1312], additions: [{ id: 9010, count: 1 }], parts: [] };
const SET_CHOICE = {
  ...EMPTY_CHOICE,
  parts: [
    { itemId: 502, count: 1 },
    { itemId: 503, count: 1 },
    { itemId: 505, count: 1 },
    { itemId: 506, count: 1 },
  ],
};

/** A cart as the store would hold it, put in through the store's transport (set after add). */
async function fill(lines: CartLine[]) {
  await outside(async () => {
    for (const line of lines) {
      await useCartStore.getState().add(line.foodId, line);
      await useCartStore.getState().set(line.detailId, line.count);
    }
  });
}

const bar = () => screen.getByTestId("cart-bar");
const toOrder = () => within(bar()).getByRole("button", { name: "去下单" }) as HTMLButtonElement;
const total = () => within(bar()).queryByTestId("cart-total")?.textContent ?? null;
const bubble = () => bar().querySelector(".adm-badge")?.textContent ?? null;

async function expand() {
  fireEvent.click(within(bar()).getByRole("button", { name: DISH_COPY.cart }));
  return screen.findByTestId("cart-lines");
}

describe("the cart bar", () => {
  it("shows an empty cart: no total, no bubble, 去下单 disabled", () => {
    startedStore();
    renderOnMenu(<CartBar />);
    expect(within(bar()).getByText("未选购菜品")).toBeTruthy();
    expect(total()).toBeNull();
    expect(bubble()).toBeNull();
    expect(toOrder().disabled).toBe(true);
    expect(DISH_COPY.toOrder).toBe("去下单");
  });

  it("shows the same total core computes: a percentage and a fixed method, an add-on, a weighed quantity", async () => {
    startedStore();
    renderOnMenu(<CartBar />);
    const lines = [
      lineOf(SEA_BASS, BASS_CHOICE, "1.35"),
      lineOf(FISH, FISH_CHOICE, "2"),
      lineOf(CUCUMBER, EMPTY_CHOICE, "3"),
    ];
    await fill(lines);
    const lookup = (id: number) => {
      const found = ALL_DISHES.find((dish) => dish.dishesId === id);
      if (!found) throw new Error(`no dish ${id}`);
      return found;
    };
    const summary = summarizeCart(lines, lookup, false);
    // 99.787 + 212 + 36 = 347.787, rounded half-up once for the total
    expect(total()).toBe(`¥${truncateMoney(summary.total)}`);
    expect(total()).toBe("¥347.79");
    // the weighed line counts once
    expect(bubble()).toBe("6");
    expect(toOrder().disabled).toBe(false);
    const list = await expand();
    const prices = within(list)
      .getAllByTestId("cart-line-price")
      .map((price) => price.textContent);
    expect(prices).toEqual(
      lines.map((line) => `¥${truncateMoney(priceLine(lookup(line.foodId), line, line.count, false).total)}`),
    );
    expect(prices).toEqual(["¥99.78", "¥212", "¥36"]);
  });

  it("prices for a member at member prices", async () => {
    startedStore({ isMember: true });
    renderOnMenu(<CartBar />);
    await fill([lineOf(FISH, FISH_CHOICE, "1")]);
    // 大份 member price 90, 酸菜 +8
    expect(total()).toBe("¥98");
  });

  it("hides the total when the restaurant hides prices", async () => {
    startedStore({ restaurant: restaurant({ hideTotalPrice: true }) });
    renderOnMenu(<CartBar />);
    await fill([lineOf(CUCUMBER, EMPTY_CHOICE, "2")]);
    expect(total()).toBeNull();
    expect(bubble()).toBe("2");
  });

  it("shows 99+ above 99 in the bubble", async () => {
    startedStore();
    renderOnMenu(<CartBar />);
    await fill([lineOf(CUCUMBER, EMPTY_CHOICE, "99")]);
    expect(bubble()).toBe("99");
    await fill([lineOf(FISH, FISH_CHOICE, "1")]);
    expect(bubble()).toBe("99+");
  });

  it("lists each line with what was chosen, its price, and + / − that work on that line", async () => {
    const clock = controlledClock();
    startedStore();
    renderOnMenu(<CartBar />);
    await fill([
      lineOf(FISH, FISH_CHOICE, "1"),
      lineOf(PICK_SET, SET_CHOICE, "1"),
      lineOf(CUCUMBER, EMPTY_CHOICE, "1"),
    ]);
    const list = await expand();
    const rows = within(list).getAllByTestId("cart-line");
    expect(rows.map((row) => row.querySelector(".cart-line__name")?.textContent)).toEqual([
      "水煮鱼",
      "自选单人套餐",
      "拍黄瓜",
    ]);
    expect(rows.map((row) => within(row).queryByTestId("cart-line-choice")?.textContent ?? "")).toEqual([
      "大份、微辣、酸菜",
      "回锅肉、米饭、柠檬茶、可口可乐",
      "",
    ]);
    expect(within(rows[0] as HTMLElement).getByTestId("cart-line-price").textContent).toBe("¥106");
    expect(within(rows[1] as HTMLElement).getByTestId("cart-line-price").textContent).toBe("¥44");

    fireEvent.click(plusOf(rows[0] as HTMLElement));
    await waitFor(() => expect(within(list).getAllByTestId("cart-line-price")[0]?.textContent).toBe("¥212"));
    expect(useCartStore.getState().lines[0]?.count).toBe("2");
    clock.advance(300);
    fireEvent.click(minusOf(rows[2] as HTMLElement));
    await waitFor(() => expect(within(list).getAllByTestId("cart-line")).toHaveLength(2));
  });

  it("clears the cart after 清空购物车 is confirmed, and keeps it when not", async () => {
    startedStore();
    renderOnMenu(<CartBar />);
    await fill([lineOf(CUCUMBER, EMPTY_CHOICE, "2")]);
    const list = await expand();
    const sheet = list.parentElement as HTMLElement;

    fireEvent.click(within(sheet).getByRole("button", { name: "清空购物车" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("确定清空购物车吗？")).toBeTruthy();
    // cancelling answers at once; the dialog's fade-out runs on real time and is not waited for
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: DISH_COPY.cancel })));
    expect(useCartStore.getState().lines).toHaveLength(1);

    // the dialog opens once antd's imperative code is loaded: a microtask here, inside act
    await act(async () => fireEvent.click(within(sheet).getByRole("button", { name: "清空购物车" })));
    // a closed dialog may still be fading out (its animation runs on real time): take the newest 确定
    const confirms = await screen.findAllByRole("button", { name: DISH_COPY.confirm });
    fireEvent.click(confirms.at(-1) as HTMLElement);
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([]));
    expect(within(bar()).getByText("未选购菜品")).toBeTruthy();
    expect(toOrder().disabled).toBe(true);
  });
});
