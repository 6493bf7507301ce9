import type { Allergen, Norm } from "@tablemate/core";
import { API } from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { ALLERGEN_COPY } from "../src/features/allergens/allergen-copy.js";
import { saveAvoid } from "../src/features/allergens/avoid-store.js";
import { setLocale } from "../src/i18n/load-locale.js";
import { ok } from "./fake-server.js";
import { category, dish } from "./fixtures.js";
import { cardOf, openMenu } from "./menu-harness.js";

/**
 * A diner who avoids peanuts and asks the menu to hide them (issue 29): the dishes no choice of which
 * is free of peanuts leave the list, 老板推荐 and the search; a dish with a peanut-free size stays,
 * as does an undeclared one; a category left empty goes; a note says how many are hidden and shows
 * them again.
 */
const norm = (id: number, name: string, allergens: Allergen[], isDefault = false): Norm => ({
  id,
  name,
  price: 20,
  vipPrice: null,
  isDefault,
  allergens,
});

const FOODS = [
  dish({ dishesId: 101, name: "老醋花生", typeId: 1, allergens: ["peanuts"] }),
  dish({ dishesId: 210, name: "宫保鸡丁", typeId: 2, allergens: ["peanuts", "soybeans"], isRecommend: true }),
  dish({
    dishesId: 202,
    name: "担担面",
    typeId: 2,
    norms: [norm(1, "花生酱", ["peanuts"], true), norm(2, "清汤", [])],
  }),
  dish({
    dishesId: 203,
    name: "花生拌面",
    typeId: 2,
    norms: [norm(3, "小碗", ["peanuts"]), norm(4, "大碗", ["peanuts", "sesame"])],
  }),
  dish({ dishesId: 204, name: "红烧肉", typeId: 2, isRecommend: true }),
  dish({ dishesId: 205, name: "秘制酱鸭", typeId: 2, allergenInfo: "unknown", isRecommend: true }),
  dish({ dishesId: 206, name: "水煮鱼", typeId: 2, allergens: ["fish"], isRecommend: true }),
];
const RECOMMENDS = FOODS.filter((d) => d.isRecommend);

const routes = {
  [API.foodCategory]: () =>
    ok([
      category({ id: 1, dishesTypeName: "凉菜", sort: 1 }),
      category({ id: 2, dishesTypeName: "热菜", sort: 2 }),
    ]),
};

/** The list's dish names in the order it places them (cells are placed by the layout, not the DOM's order). */
const listed = () =>
  screen
    .getAllByTestId("dish-card")
    .map((card) => ({
      name: card.querySelector("h4")?.textContent,
      top: card.parentElement?.style.top ?? "",
    }))
    .sort((a, b) => Number.parseFloat(a.top) - Number.parseFloat(b.top))
    .map((entry) => entry.name);
const recommended = () =>
  screen.queryAllByTestId("recommend-card").map((card) => card.querySelector("h3")?.textContent);
const categoryNames = () => screen.getAllByTestId("category-item").map((item) => item.textContent);

afterEach(() => {
  act(() => saveAvoid({ avoid: [], hide: false, share: false }));
  document.documentElement.className = "";
});

describe("hiding what a diner avoids", () => {
  it("takes out of the menu exactly the dishes that cannot be had without it, and says so", async () => {
    // an earlier visit's choice: index.html's script has put the classes back before the menu paints
    saveAvoid({ avoid: ["peanuts"], hide: true });
    expect(document.documentElement.classList.contains("avoid-hide")).toBe(true);
    await openMenu({ foods: FOODS, recommends: RECOMMENDS, routes });

    await waitFor(() => expect(listed()).not.toContain("宫保鸡丁"));
    expect(listed()).toEqual(["担担面", "红烧肉", "秘制酱鸭", "水煮鱼"]);
    // 凉菜 held only 老醋花生: no tab leads to an empty list
    expect(categoryNames()).toEqual(["热菜"]);
    expect(recommended()).toEqual(["红烧肉", "秘制酱鸭", "水煮鱼"]);
    const note = await screen.findByTestId("hidden-note");
    expect(note.textContent).toContain(ALLERGEN_COPY.hiddenCount(3, "花生"));

    // 显示: every dish is back (marked, as without hiding), and the note goes
    fireEvent.click(within(note).getByRole("button", { name: ALLERGEN_COPY.showHidden }));
    await waitFor(() => expect(listed()).toContain("宫保鸡丁"));
    expect(listed()).toEqual(["老醋花生", "宫保鸡丁", "担担面", "花生拌面", "红烧肉", "秘制酱鸭", "水煮鱼"]);
    expect(categoryNames()).toEqual(["凉菜", "热菜"]);
    expect(screen.queryByTestId("hidden-note")).toBeNull();
    expect(document.documentElement.classList.contains("avoid-hide")).toBe(false);
  });

  it("follows the allergy sheet: hiding, then avoiding one more, then avoiding nothing", async () => {
    await openMenu({ foods: FOODS, recommends: RECOMMENDS, routes });
    expect(listed()).toHaveLength(7);
    fireEvent.click(within(cardOf("红烧肉")).getByRole("button", { name: "红烧肉" }));
    fireEvent.click(await screen.findByTestId("allergy-entry"));
    const sheet = await screen.findByTestId("allergy-sheet");
    fireEvent.click(within(sheet).getByLabelText("花生"));
    // marking alone hides nothing
    expect(listed()).toHaveLength(7);
    fireEvent.click(within(sheet).getByLabelText(new RegExp(ALLERGEN_COPY.hide)));
    await waitFor(() => expect(listed()).toEqual(["担担面", "红烧肉", "秘制酱鸭", "水煮鱼"]));
    fireEvent.click(within(sheet).getByLabelText("鱼类"));
    await waitFor(() => expect(listed()).toEqual(["担担面", "红烧肉", "秘制酱鸭"]));
    expect((await screen.findByTestId("hidden-note")).textContent).toContain(
      ALLERGEN_COPY.hiddenCount(4, "鱼类、花生"),
    );
    fireEvent.click(within(sheet).getByRole("button", { name: ALLERGEN_COPY.clear }));
    await waitFor(() => expect(listed()).toHaveLength(7));
    expect(screen.queryByTestId("hidden-note")).toBeNull();
  });

  it("says it in the diner's language, allergen names included", async () => {
    saveAvoid({ avoid: ["peanuts"], hide: true });
    await openMenu({ foods: FOODS, recommends: RECOMMENDS, routes });
    await act(() => setLocale("ja-JP", false));
    const note = await screen.findByTestId("hidden-note", {}, { timeout: 15_000 });
    await waitFor(() => expect(note.textContent).toContain("落花生を含む料理3品を非表示にしています"));
    expect(within(note).getByRole("button").textContent).toBe("表示する");
  }, 20_000);

  it("starts a dish's picker on the size that leaves out what the diner avoids", async () => {
    const pressedChips = () =>
      within(screen.getByTestId("dish-sheet"))
        .getAllByRole("button", { pressed: true })
        .map((chip) => chip.textContent);
    const openPicker = async () => {
      fireEvent.click(within(cardOf("担担面")).getByRole("button", { name: DISH_COPY.plus }));
      await screen.findByTestId("dish-sheet");
    };
    await openMenu({ foods: FOODS, recommends: RECOMMENDS, routes });
    // avoiding nothing: the default size
    await openPicker();
    expect(pressedChips()).toEqual(["花生酱"]);
    fireEvent.click(screen.getAllByRole("button", { name: DISH_COPY.close })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId("dish-sheet")).toBeNull());
    // avoiding peanuts: the clear soup, chosen for the diner (who may still choose the other)
    act(() => saveAvoid({ avoid: ["peanuts"] }));
    await openPicker();
    await waitFor(() => expect(pressedChips()).toEqual(["清汤"]));
  });
});
