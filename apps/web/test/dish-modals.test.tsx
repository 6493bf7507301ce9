import {
  type Dish,
  detailId,
  EMPTY_CHOICE,
  type LineChoice,
  priceLine,
  truncateMoney,
} from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { useCartStore } from "../src/features/cart/index.js";
import { DishModalsHost, openDishDetail } from "../src/features/dish/index.js";
import { openDishModal } from "../src/features/dish/modal-store.js";
import { useAppStore } from "../src/store/app-store.js";
import { CUCUMBER, EGGS, FISH, SEA_BASS, SOLD_OUT, startedStore } from "./dish-fixtures.js";
import { minusOf, plusOf, renderOnMenu, typeOnKeypad } from "./dish-harness.js";

function showDetail(dish: Dish) {
  renderOnMenu(<DishModalsHost />);
  act(() => openDishDetail(dish));
  return screen.findByTestId("dish-detail");
}

async function openSheet(dish: Dish, kind: "additions" | "spec") {
  renderOnMenu(<DishModalsHost />);
  act(() => openDishModal(dish, kind));
  return screen.findByTestId("dish-sheet");
}

const chip = (scope: HTMLElement, name: string) => {
  const found = within(scope)
    .getAllByRole("button")
    .find((button) => button.classList.contains("choice-chip") && button.textContent?.startsWith(name));
  if (!found) throw new Error(`no option ${name}`);
  return found;
};
const pressed = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole("button", { pressed: true })
    .map((button) => button.textContent);
const linePrice = (scope: HTMLElement) => within(scope).getByTestId("line-price").textContent;
const corePrice = (dish: Dish, choice: LineChoice, quantity: string, member = false) =>
  `¥${truncateMoney(priceLine(dish, choice, quantity, member).total)}`;
const additionRow = (scope: HTMLElement, name: string) => {
  const row = within(scope)
    .getAllByTestId("addition-row")
    .find((element) => element.textContent?.startsWith(name));
  if (!row) throw new Error(`no add-on ${name}`);
  return row;
};

describe("the detail modal", () => {
  it("shows the big picture, name, intro, price and the add control", async () => {
    startedStore();
    const detail = await showDetail(FISH);
    expect(within(detail).getByRole("img").getAttribute("src")).toBe(
      "https://img.example.com/dish/202-big.webp@345w_195h_1e_1c",
    );
    expect(within(detail).getByRole("heading", { level: 2 }).textContent).toBe("水煮鱼");
    expect(within(detail).getByText("现杀草鱼片滑嫩无刺")).toBeTruthy();
    expect(detail.querySelector(".dish-price")?.textContent).toBe("¥78");
    // + of a dish with norms opens its property/spec modal in place of the detail
    fireEvent.click(plusOf(detail));
    await waitFor(() => expect(screen.getByTestId("dish-sheet").getAttribute("data-kind")).toBe("spec"));
  });

  it("adds a single dish right there, with − and the count after", async () => {
    startedStore();
    const detail = await showDetail(CUCUMBER);
    fireEvent.click(plusOf(detail));
    expect(within(detail).getByTestId("stepper-count").textContent).toBe("1");
    expect(minusOf(detail)).toBeTruthy();
  });

  it("says 售罄 instead of offering an add for a sold-out dish", async () => {
    startedStore();
    const detail = await showDetail(SOLD_OUT);
    expect(within(detail).getByText("售罄")).toBeTruthy();
    expect(within(detail).queryByRole("button", { name: DISH_COPY.plus })).toBeNull();
  });
});

describe("the add-ons modal", () => {
  it("chooses add-ons with counts, prices the line as core does, and adds it", async () => {
    startedStore();
    const sheet = await openSheet(EGGS, "additions");
    expect(linePrice(sheet)).toBe("¥18");
    fireEvent.click(plusOf(additionRow(sheet, "加蛋")));
    fireEvent.click(plusOf(additionRow(sheet, "加蛋")));
    fireEvent.click(plusOf(additionRow(sheet, "加午餐肉")));
    expect(within(additionRow(sheet, "加蛋")).getByTestId("stepper-count").textContent).toBe("2");
    expect(linePrice(sheet)).toBe("¥28");
    fireEvent.click(minusOf(additionRow(sheet, "加蛋")));
    const choice = {
      ...EMPTY_CHOICE,
      additions: [
        { id: 9001, count: 1 },
        { id: 9006, count: 1 },
      ],
    };
    expect(linePrice(sheet)).toBe(corePrice(EGGS, choice, "1"));
    expect(linePrice(sheet)).toBe("¥26");

    fireEvent.click(within(sheet).getByRole("button", { name: "加入购物车" }));
    await waitFor(() => expect(useCartStore.getState().lines).toHaveLength(1));
    const [line] = useCartStore.getState().lines;
    expect(line?.detailId).toBe(detailId(EGGS.dishesId, choice));
    expect(line?.count).toBe("1");
    await waitFor(() => expect(screen.queryByTestId("dish-sheet")).toBeNull());
  });

  it("caps an add-on at its remaining stock and shows 已售完 when none is left", async () => {
    startedStore({ additionEstimates: { 9001: 1, 9006: 0 } });
    const sheet = await openSheet(EGGS, "additions");
    expect(within(additionRow(sheet, "加午餐肉")).getByText("已售完")).toBeTruthy();
    fireEvent.click(plusOf(additionRow(sheet, "加蛋")));
    expect((plusOf(additionRow(sheet, "加蛋")) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the property/spec modal", () => {
  it("preselects the default norm and each category's default method, else its first; shows markups", async () => {
    startedStore();
    const sheet = await openSheet(FISH, "spec");
    // categories in their sort order: 辣度 (1) before 做法 (2)
    expect(
      within(sheet)
        .getAllByRole("heading", { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(["规格", "辣度", "做法"]);
    expect(pressed(sheet)).toEqual(["中份", "中辣", "清蒸"]);
    expect(chip(sheet, "红烧").textContent).toBe("红烧 +10%");
    expect(chip(sheet, "酸菜").textContent).toBe("酸菜 +¥8");
    expect(linePrice(sheet)).toBe("¥78");
  });

  it("updates the price with each choice, as core prices it, and adds the line with the choice", async () => {
    startedStore();
    const sheet = await openSheet(FISH, "spec");
    fireEvent.click(chip(sheet, "大份"));
    expect(linePrice(sheet)).toBe("¥98");
    fireEvent.click(chip(sheet, "红烧"));
    expect(linePrice(sheet)).toBe("¥107.8");
    fireEvent.click(chip(sheet, "酸菜"));
    fireEvent.click(chip(sheet, "微辣"));
    expect(pressed(sheet)).toEqual(["大份", "微辣", "酸菜 +¥8"]);
    const choice = { ...EMPTY_CHOICE, normId: 1101, methodIds: [1211, 1203] };
    expect(linePrice(sheet)).toBe(corePrice(FISH, choice, "1"));
    expect(linePrice(sheet)).toBe("¥106");

    fireEvent.click(within(sheet).getByRole("button", { name: "加入购物车" }));
    await waitFor(() => expect(useCartStore.getState().lines).toHaveLength(1));
    const [line] = useCartStore.getState().lines;
    expect(line?.detailId).toBe(detailId(FISH.dishesId, choice));
    expect(line?.normId).toBe(1101);
    expect([...(line?.methodIds ?? [])].sort()).toEqual([1203, 1211]);
  });

  it("shows the chosen norm's price in the sheet's header, as the footer prices the line", async () => {
    startedStore();
    const sheet = await openSheet(FISH, "spec");
    const header = () => sheet.querySelector(".dish-sheet__head .dish-price__amount")?.textContent;
    expect(header()).toBe("78");
    fireEvent.click(chip(sheet, "大份"));
    expect(header()).toBe("98");
    fireEvent.click(chip(sheet, "小份"));
    expect(header()).toBe("58");
  });

  it("prices a member's line at member prices", async () => {
    startedStore({ isMember: true });
    const sheet = await openSheet(FISH, "spec");
    expect(linePrice(sheet)).toBe("¥72");
  });

  it("takes a weighed dish's weight on the keypad, with decimals, and prices it as core does", async () => {
    startedStore();
    const sheet = await openSheet(SEA_BASS, "spec");
    expect(within(sheet).getByTestId("weight-field").textContent).toBe(`1斤${DISH_COPY.changeWeight}`);
    fireEvent.click(within(sheet).getByTestId("weight-field"));
    await typeOnKeypad("1.35");
    expect(within(sheet).getByTestId("weight-field").textContent).toBe(`1.35斤${DISH_COPY.changeWeight}`);
    fireEvent.click(chip(sheet, "红烧"));
    fireEvent.click(chip(sheet, "加姜丝"));
    fireEvent.click(plusOf(additionRow(sheet, "加豆腐")));
    const choice = { normId: null, methodIds: [1302, 1312], additions: [{ id: 9010, count: 1 }], parts: [] };
    // 58.8 × 1.15 × 1.35 + 3.5 + 5 = 99.787: shown truncated
    expect(linePrice(sheet)).toBe("¥99.78");
    expect(linePrice(sheet)).toBe(corePrice(SEA_BASS, choice, "1.35"));

    fireEvent.click(within(sheet).getByRole("button", { name: "加入购物车" }));
    await waitFor(() => expect(useCartStore.getState().lines).toHaveLength(1));
    expect(useCartStore.getState().lines[0]?.count).toBe("1.35");
    expect(useAppStore.getState().isMember).toBe(false);
  });
});
