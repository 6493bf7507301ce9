import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COPY } from "../src/copy.js";
import { useAppStore } from "../src/store/app-store.js";
import { category, dish } from "./fixtures.js";
import { openMenu } from "./menu-harness.js";

const HOT = category({
  id: 2,
  dishesTypeName: "热菜",
  hasSecondCategory: true,
  secondCategories: [
    { id: 21, name: "川菜", foods: [201] },
    { id: 22, name: "粤菜", foods: [202] },
  ],
});
const COLD = category({ id: 1, dishesTypeName: "凉菜" });
const SOUP = category({
  id: 3,
  dishesTypeName: "汤羹",
  hasSecondCategory: true,
  secondCategories: [{ id: 31, name: "其它", foods: [301] }],
});
const FOODS = [
  dish({ dishesId: 101, name: "拍黄瓜", typeId: 1 }),
  dish({ dishesId: 201, name: "水煮鱼", typeId: 2, secondTypeId: 21 }),
  dish({ dishesId: 202, name: "白切鸡", typeId: 2, secondTypeId: 22 }),
  dish({ dishesId: 301, name: "例汤", typeId: 3, secondTypeId: 31 }),
];

async function menuOfTemplate(foods: 1 | 2 | 3 | 4, categories = [COLD, HOT, SOUP]) {
  return openMenu({
    restaurant: { templateNumber: { foods, recommends: 1 } },
    foods: FOODS,
    routes: {
      "/food/getFoodCategory": () => ({ body: { code: 1000, success: true, data: categories, message: "" } }),
    },
  });
}

const imageSources = () =>
  screen.getAllByTestId("dish-card").map((card) => within(card).getByRole("img").getAttribute("src") ?? "");
const headings = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

describe("template 1, the default list", () => {
  it("has the left category bar and heads sections by second category where there are some", async () => {
    await menuOfTemplate(1);
    expect(document.querySelector(".menu-sidebar")).not.toBeNull();
    expect(screen.getAllByTestId("category-item").map((c) => c.textContent)).toEqual([
      "凉菜",
      "热菜",
      "汤羹",
    ]);
    expect(headings()).toEqual(["凉菜", "川菜", "粤菜", "其它"]);
    expect(imageSources().every((src) => src.endsWith("@200w_200h_1e_1c"))).toBe(true);
  });

  it("shows the second-category strip for a category with second categories, not for one with only 其它", async () => {
    await menuOfTemplate(1);
    expect(screen.queryByTestId("second-category-strip")).toBeNull();
    fireEvent.click(screen.getByText("热菜", { selector: "[data-testid=category-item]" }));
    const strip = await screen.findByTestId("second-category-strip");
    expect(
      within(strip)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["川菜", "粤菜"]);

    fireEvent.click(within(strip).getByRole("button", { name: "粤菜" }));
    await waitFor(() =>
      expect(within(strip).getByRole("button", { name: "粤菜" }).getAttribute("aria-pressed")).toBe("true"),
    );
    expect(useAppStore.getState()).toMatchObject({ categoryIndex: 1, secondCategoryIndex: 1 });

    fireEvent.click(screen.getByText("汤羹", { selector: "[data-testid=category-item]" }));
    await waitFor(() => expect(screen.queryByTestId("second-category-strip")).toBeNull());
  });
});

describe.each([
  [2, "big", "345w_195h"],
  [3, "nine", "223w_168h"],
  [4, "four", "200w_150h"],
] as const)("template %i", (template, variant, size) => {
  it(`draws ${variant} cards with ${size} pictures under horizontal category tabs`, async () => {
    await menuOfTemplate(template);
    expect(document.querySelector(".menu-sidebar")).toBeNull();
    expect(
      screen.getAllByTestId("dish-card").every((card) => card.classList.contains(`dish-card--${variant}`)),
    ).toBe(true);
    expect(imageSources().every((src) => src.endsWith(`@${size}_1e_1c`))).toBe(true);
    const tabs = screen.getAllByTestId("category-item").map((item) => item.closest("button"));
    expect(tabs.map((tab) => tab?.textContent)).toEqual(["凉菜", "热菜", "汤羹"]);

    fireEvent.click(screen.getByText("热菜", { selector: "[data-testid=category-item]" }));
    await waitFor(() => expect(tabs[1]?.getAttribute("aria-pressed")).toBe("true"));
    expect(useAppStore.getState().categoryIndex).toBe(1);
  });
});

/** A one-finger drag on the menu's scroller, `dy` px downward (negative: upward). */
function drag(dy: number) {
  const scroller = screen.getByTestId("menu-scroller");
  fireEvent.touchStart(scroller, { touches: [{ clientX: 100, clientY: 400 }] });
  fireEvent.touchEnd(scroller, { touches: [], changedTouches: [{ clientX: 100, clientY: 400 + dy }] });
}

describe("pulling to change page (spec 000 §5)", () => {
  it.each([
    2, 3, 4,
  ] as const)("template %i shows one category per page, pulled on past 50 px", async (template) => {
    await menuOfTemplate(template);
    expect(headings()).toEqual(["凉菜"]);
    expect(screen.getByText("上拉查看下一类：热菜")).toBeTruthy();

    // jsdom lays nothing out: the scroller shows its top and its end at once
    drag(-50);
    expect(useAppStore.getState().categoryIndex).toBe(0);
    drag(-51);
    await waitFor(() => expect(headings()).toEqual(["川菜", "粤菜"]));
    expect(useAppStore.getState().categoryIndex).toBe(1);
    expect(screen.getByText("上拉查看下一类：汤羹")).toBeTruthy();
    drag(-200);
    await waitFor(() => expect(headings()).toEqual(["其它"]));
    // the last page: nothing further, and no hint
    expect(screen.queryByText(/上拉查看下一类/)).toBeNull();
    drag(-200);
    expect(useAppStore.getState().categoryIndex).toBe(2);

    // down past 50 px at the top goes back a page
    drag(50);
    expect(useAppStore.getState().categoryIndex).toBe(2);
    drag(51);
    await waitFor(() => expect(headings()).toEqual(["川菜", "粤菜"]));
    // a tab turns the page too
    fireEvent.click(screen.getByText("凉菜", { selector: "[data-testid=category-item]" }));
    await waitFor(() => expect(headings()).toEqual(["凉菜"]));
  });

  it("leaves template 1's one list alone", async () => {
    await menuOfTemplate(1);
    drag(-120);
    drag(120);
    expect(headings()).toEqual(["凉菜", "川菜", "粤菜", "其它"]);
    expect(screen.queryByText(/上拉查看下一类/)).toBeNull();
  });
});

describe("the category pop-up of templates 2-4", () => {
  it("is two-level when a category has second categories, and jumps to the one chosen", async () => {
    await menuOfTemplate(3);
    fireEvent.click(screen.getByRole("button", { name: COPY.allCategories }));
    const popup = await screen.findByTestId("category-popup");
    const firstLevel = within(popup).getAllByRole("tab");
    expect(firstLevel.map((tab) => tab.textContent)).toEqual(["凉菜", "热菜", "汤羹"]);
    fireEvent.click(firstLevel[1] as HTMLElement);
    fireEvent.click(await within(popup).findByRole("button", { name: "粤菜" }));
    await waitFor(() =>
      expect(useAppStore.getState()).toMatchObject({ categoryIndex: 1, secondCategoryIndex: 1 }),
    );
  });

  it("is one level when no category has second categories other than a lone 其它", async () => {
    await menuOfTemplate(2, [COLD, SOUP]);
    fireEvent.click(screen.getByRole("button", { name: COPY.allCategories }));
    const popup = await screen.findByTestId("category-popup");
    expect(within(popup).queryAllByRole("tab")).toEqual([]);
    expect(
      within(popup)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["凉菜", "汤羹"]);
    fireEvent.click(within(popup).getByRole("button", { name: "汤羹" }));
    await waitFor(() => expect(useAppStore.getState().categoryIndex).toBe(1));
  });
});

describe("老板推荐", () => {
  const recommended = (count: number) =>
    Array.from({ length: count }, (_, i) => dish({ dishesId: 900 + i, name: `推荐${i + 1}`, typeId: 1 }));

  it("is hidden with fewer than 3 recommended dishes", async () => {
    await openMenu({ recommends: recommended(2) });
    expect(screen.queryByText("老板推荐")).toBeNull();
  });

  it("shows at most 6, sideways, with the recommend picture size", async () => {
    await openMenu({ recommends: recommended(8) });
    const block = screen.getByTestId("recommend-block");
    expect(within(block).getByRole("heading", { level: 2 }).textContent).toBe("老板推荐");
    const cards = within(block).getAllByTestId("recommend-card");
    expect(cards.map((card) => card.dataset.dishId)).toEqual(["900", "901", "902", "903", "904", "905"]);
    expect(block.querySelector(".recommend__scroller")?.children).toHaveLength(6);
    expect(
      within(cards[0] as HTMLElement)
        .getByRole("img")
        .getAttribute("src"),
    ).toMatch(/@200w_200h_1e_1c$/);
  });

  it.each([
    [5, 1],
    [4, 2],
    [6, 2],
  ])("with template 2 features %i dishes' first %i large, the rest in a grid", async (count, featured) => {
    await openMenu({
      recommends: recommended(count),
      restaurant: { templateNumber: { foods: 1, recommends: 2 } },
    });
    const block = screen.getByTestId("recommend-block");
    expect(block.querySelectorAll(".recommend__featured [data-testid=recommend-card]")).toHaveLength(
      featured,
    );
    expect(block.querySelectorAll(".recommend__grid [data-testid=recommend-card]")).toHaveLength(
      count - featured,
    );
    expect(block.querySelector(".recommend__scroller")).toBeNull();
  });

  it("shows the menu's current stock on recommended dishes", async () => {
    const soldOut = dish({ dishesId: 201, name: "红烧肉", typeId: 2 });
    await openMenu({ recommends: [soldOut, ...recommended(2)] });
    // the fixtures' stock answer sells 201 out after the recommendations loaded
    const card = await screen.findByText("售罄", {
      selector: "[data-testid=recommend-block] .dish-card__sold-out",
    });
    expect(card).toBeTruthy();
  });
});
