import { detailId, EMPTY_CHOICE } from "@tablemate/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { useCartStore } from "../src/features/cart/index.js";
import { FoodComboPage } from "../src/pages/food-combo/FoodComboPage.js";
import { BATCH, FIXED_SET, PICK_SET, startedStore } from "./dish-fixtures.js";
import { LINK, LINK_QUERY, renderOnMenu } from "./dish-harness.js";

const MENU = <p>菜单页</p>;
const addButton = () => screen.getByRole("button", { name: "加入购物车" }) as HTMLButtonElement;
const linePrice = () => screen.getByTestId("line-price").textContent;
const group = (name: string) => {
  const found = screen.getAllByTestId("combo-group").find((element) => element.dataset.group === name);
  if (!found) throw new Error(`no group ${name}`);
  return found;
};
const part = (groupName: string, name: string) => {
  const found = within(group(groupName))
    .getAllByRole("button")
    .find((button) => button.textContent?.startsWith(name));
  if (!found) throw new Error(`no part ${name}`);
  return found;
};
const chosen = (groupName: string) =>
  within(group(groupName))
    .queryAllByRole("button", { pressed: true })
    .map((button) => button.textContent);

describe("/foodCombo", () => {
  it("waits for every group, prices the parts, and adds one line with its parts", async () => {
    startedStore();
    const app = renderOnMenu(MENU, `/foodCombo?${LINK}&foodId=${PICK_SET.dishesId}`);
    expect(await screen.findByTestId("choice-page")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("自选单人套餐");
    const notes = screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(notes).toEqual(["主菜任选1份（已选0）", "主食固定搭配", "饮品任选2份（已选0）"]);
    // the fixed group is chosen already and cannot be changed
    expect(chosen("主食")).toEqual(["米饭"]);
    expect((part("主食", "米饭") as HTMLButtonElement).disabled).toBe(true);
    expect(addButton().disabled).toBe(true);
    expect(screen.getByText("请选择主菜")).toBeTruthy();
    expect(linePrice()).toBe("¥39");

    fireEvent.click(part("主菜", "回锅肉"));
    expect(linePrice()).toBe("¥42");
    expect(screen.getByText("请选择饮品")).toBeTruthy();
    fireEvent.click(part("主菜", "宫保鸡丁"));
    expect(chosen("主菜")).toEqual(["宫保鸡丁"]);
    expect(linePrice()).toBe("¥39");

    fireEvent.click(part("饮品", "柠檬茶"));
    expect(addButton().disabled).toBe(true);
    fireEvent.click(part("饮品", "可口可乐"));
    fireEvent.click(part("饮品", "酸梅汤"));
    expect(await screen.findByText("该分组最多选2份")).toBeTruthy();
    expect(chosen("饮品")).toEqual(["柠檬茶 +¥2", "可口可乐"]);
    expect(linePrice()).toBe("¥41");
    expect(addButton().disabled).toBe(false);

    fireEvent.click(addButton());
    await waitFor(() => expect(app.where()).toEqual({ path: "/main", query: LINK_QUERY }));
    const parts = [
      { itemId: 501, count: 1 },
      { itemId: 503, count: 1 },
      { itemId: 505, count: 1 },
      { itemId: 506, count: 1 },
    ];
    expect(useCartStore.getState().lines.map((line) => [line.detailId, line.count])).toEqual([
      [detailId(PICK_SET.dishesId, { ...EMPTY_CHOICE, parts }), "1"],
    ]);
  });

  it("lets a set menu's fixed parts go at once", async () => {
    startedStore();
    renderOnMenu(MENU, `/foodCombo?${LINK}&foodId=${FIXED_SET.dishesId}`);
    await screen.findByTestId("choice-page");
    expect(chosen("套餐内容")).toEqual(["番茄炒蛋", "米饭×2", "鲜榨橙汁"]);
    expect(addButton().disabled).toBe(false);
  });

  it("returns to the page the diner came from", async () => {
    startedStore();
    const router = createMemoryRouter(
      [
        { path: "/main", element: MENU },
        { path: "/foodCombo", Component: FoodComboPage },
      ],
      {
        initialEntries: [`/main?${LINK}`, `/foodCombo?${LINK}&foodId=${FIXED_SET.dishesId}`],
        initialIndex: 1,
      },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole("button", { name: "加入购物车" }));
    await screen.findByText("菜单页");
    expect(router.state.historyAction).toBe("POP");
  });

  it("goes back with 返回 without adding", async () => {
    startedStore();
    const app = renderOnMenu(MENU, `/foodCombo?${LINK}&foodId=${FIXED_SET.dishesId}`);
    fireEvent.click(await screen.findByText(DISH_COPY.back));
    await waitFor(() => expect(app.where()).toEqual({ path: "/main", query: LINK_QUERY }));
    expect(useCartStore.getState().lines).toEqual([]);
  });

  it("sends the diner to the menu without a combo to show", async () => {
    startedStore();
    const app = renderOnMenu(MENU, `/foodCombo?${LINK}`);
    await waitFor(() => expect(app.where()).toEqual({ path: "/main", query: LINK_QUERY }));
  });
});

describe("/foodBatch", () => {
  it("offers every norm, method (with its markup) and add-on, priced as chosen", async () => {
    startedStore();
    const app = renderOnMenu(MENU, `/foodBatch?${LINK}&foodId=${BATCH.dishesId}`);
    await screen.findByTestId("choice-page");
    expect(linePrice()).toBe("¥38");
    fireEvent.click(screen.getByRole("button", { name: "双人" }));
    // the markup is part of the option's name
    fireEvent.click(screen.getByRole("button", { name: "特辣 +10%" }));
    const beef = screen.getByTestId("addition-row");
    fireEvent.click(within(beef).getByRole("button", { name: DISH_COPY.plus }));
    // 68 × 1.1 + 12
    expect(linePrice()).toBe("¥86.8");
    fireEvent.click(addButton());
    await waitFor(() => expect(app.where().path).toBe("/main"));
    const [line] = useCartStore.getState().lines;
    expect(line?.normId).toBe(1402);
    expect(line?.methodIds).toEqual([1412]);
    expect(line?.additions).toEqual([{ id: 9003, count: 1 }]);
  });

  it("only shows complex dishes: a combo's id goes back to the menu", async () => {
    startedStore();
    const app = renderOnMenu(MENU, `/foodBatch?${LINK}&foodId=${PICK_SET.dishesId}`);
    await waitFor(() => expect(app.where().path).toBe("/main"));
  });
});
