import { API, type ConsoleDish, type ConsoleMenu, type ConsoleSettings } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COMMON_COPY, MENU_COPY, SETTINGS_COPY } from "../src/copy/index.js";
import { notSavedText } from "../src/features/forms/cannot-save.js";
import { dishInput, dishValues, moved } from "../src/features/menu/dish-form.js";
import { fakeApi, OWNER_SESSION } from "./fake-api.js";
import { dish } from "./menu-fixtures.js";
import { renderConsole } from "./render.js";

const RID = OWNER_SESSION.restaurants[0]?.id ?? 1;

const MENU: ConsoleMenu = {
  categories: [
    { id: 11, parentId: null, name: "招牌菜", sort: 1, hidden: false, version: 0 },
    { id: 12, parentId: null, name: "凉菜", sort: 2, hidden: false, version: 0 },
  ],
  dishes: [dish(101, "毛血旺", "68"), dish(102, "水煮鱼", "88")],
  recommends: [102],
  memos: [{ id: 1, type: "KOU_WEI", content: "少辣", number: 5 }],
};

/** The menu's page and its editor are large antd trees: in jsdom, beside the other suites, they take long. */
const SLOW = { timeout: 60_000 };

describe("the menu page", SLOW, () => {
  it("lists the categories and the first one's dishes, and saves an edited name and price with the version read", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleMenu(RID)}`]: { data: MENU },
      [`PUT ${API.consoleDish(RID, 101)}`]: (call) => ({
        data: { ...dish(101, "毛血旺", "68"), ...(call.body as object), version: 4 },
      }),
    });
    renderConsole("/menu");
    await screen.findByTestId("menu-page");
    expect(screen.getByTestId("category-11").textContent).toContain("招牌菜");
    expect(screen.getByTestId("dish-row-101").textContent).toContain("毛血旺");
    fireEvent.click(screen.getByTestId("dish-edit-101"));
    const name = await screen.findByTestId("dish-name");
    fireEvent.change(name, { target: { value: "招牌毛血旺" } });
    fireEvent.change(screen.getByTestId("dish-price"), { target: { value: "72.5" } });
    fireEvent.click(screen.getByTestId("dish-save"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = api.calls.find((c) => c.method === "PUT")?.body as Record<string, unknown>;
    expect([put.name, put.price, put.version]).toEqual(["招牌毛血旺", "72.5", 3]);
  });

  it("checks core's dish rules before sending: a weighed dish without a unit is not sent", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleMenu(RID)}`]: {
        data: { ...MENU, dishes: [dish(101, "鲈鱼", "58", { weigh: true, unit: "" })] },
      },
    });
    renderConsole("/menu");
    fireEvent.click(await screen.findByTestId("dish-edit-101"));
    await screen.findByTestId("dish-name");
    fireEvent.click(screen.getByTestId("dish-save"));
    await screen.findByText(/称重菜品必须填写单位/);
    expect(api.calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("a dish with sizes: the price is changed in its labelled size rows and the save keeps it (¥68 → ¥72)", async () => {
    const sized = dish(101, "毛血旺", "68", {
      norms: [
        { id: 3, name: "大份", price: "68", vipPrice: null, isDefault: true, allergens: [] },
        { id: 4, name: "小份", price: "48", vipPrice: null, isDefault: false, allergens: [] },
      ],
    });
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleMenu(RID)}`]: { data: { ...MENU, dishes: [sized] } },
      [`PUT ${API.consoleDish(RID, 101)}`]: (call) => ({
        data: { ...sized, ...(call.body as object), version: 4 },
      }),
    });
    renderConsole("/menu");
    fireEvent.click(await screen.findByTestId("dish-edit-101"));
    const head = await screen.findByTestId("norm-head");
    const E = MENU_COPY.editor;
    expect(head.textContent).toBe(
      `${E.normName}${E.normPrice}${E.normVipPrice}${E.optionAllergens}${E.normDefault}`,
    );
    // the dish's own price cannot be typed where it would not be kept: it shows the default size's
    const price = screen.getByTestId("dish-price") as HTMLInputElement;
    expect([price.disabled, price.value]).toEqual([true, "68"]);
    expect(screen.getByText(E.priceFromNorm)).toBeTruthy();
    const [large] = screen.getAllByTestId("norm-price");
    fireEvent.change(large as HTMLElement, { target: { value: "72" } });
    await waitFor(() => expect(price.value).toBe("72"));
    fireEvent.click(screen.getByTestId("dish-save"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = api.calls.find((c) => c.method === "PUT")?.body as ConsoleDish;
    expect([put.price, put.norms.map((n) => n.price)]).toEqual(["72", ["72", "48"]]);
  });

  it("moves a category down with its arrow: the new order is sent", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleMenu(RID)}`]: { data: MENU },
      [`PUT ${API.consoleCategoryOrder(RID)}`]: { data: [12, 11] },
    });
    renderConsole("/menu");
    const first = await screen.findByTestId("category-11");
    fireEvent.click(within(first).getByRole("button", { name: MENU_COPY.categories.moveDown }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ parentId: null, ids: [12, 11] });
  });
});

describe("the dish form's values", () => {
  it("go back to the same input the dish was read as", () => {
    const saved = dish(7, "酸菜鱼", "48", {
      salablePeriodType: 1,
      salableDays: "1,3,5",
      salableTime: "11:00-14:00",
      norms: [{ id: 3, name: "大份", price: "48", vipPrice: null, isDefault: true, allergens: [] }],
    });
    const input = dishInput(dishValues(saved));
    expect(input.salableDays).toBe("1,3,5");
    expect(input.norms).toEqual(saved.norms);
    expect(input.name).toBe("酸菜鱼");
  });

  it("a form that cannot save says why: its first refused field's words and how many more", () => {
    const refused = (errors: string[][]) => ({
      errorFields: errors.map((e, i) => ({ name: [i], errors: e, warnings: [] })),
    });
    expect(notSavedText(refused([[MENU_COPY.editor.nameRequired]]))).toBe(
      `未保存：${MENU_COPY.editor.nameRequired}`,
    );
    expect(notSavedText(refused([[MENU_COPY.editor.normPriceRequired], [], ["x"]]))).toBe(
      COMMON_COPY.notSaved(MENU_COPY.editor.normPriceRequired, 1),
    );
  });

  it("moves entries one place, and not past either end", () => {
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe("the settings page", SLOW, () => {
  it("saves the announcement and the takeout terms (start price, delivery fee, minutes) with the version read", async () => {
    const settings: ConsoleSettings = {
      restaurantId: RID,
      version: 2,
      name: "川味小馆",
      linkMode: "dine",
      wctPayType: 0,
      fastHotel: false,
      foodTakingMode: 0,
      wctPayOnly: 0,
      fastFoodNeedPersonNum: false,
      hideTotalPrice: false,
      wctCallService: true,
      verifyPhone: false,
      hotelLock: false,
      businessTime: "09:00-22:00",
      foodsTemplate: 1,
      recommendsTemplate: 1,
      startPrice: "20",
      deliveryFee: "0.00",
      deliveryMinutes: 45,
      announcement: "",
      discountText: "",
      address: "",
      phone: "",
      description: "",
    };
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleSettings(RID)}`]: { data: settings },
      [`PUT ${API.consoleSettings(RID)}`]: (call) => ({
        data: { ...settings, ...(call.body as object), version: 3 },
      }),
    });
    renderConsole("/settings");
    await screen.findByTestId("settings-page");
    fireEvent.change(await screen.findByLabelText(SETTINGS_COPY.announcement), {
      target: { value: "新菜上市" },
    });
    fireEvent.change(screen.getByLabelText(SETTINGS_COPY.startPrice), { target: { value: "30" } });
    fireEvent.change(screen.getByLabelText(SETTINGS_COPY.deliveryFee), { target: { value: "6.5" } });
    fireEvent.change(screen.getByLabelText(SETTINGS_COPY.deliveryMinutes), { target: { value: "35" } });
    fireEvent.click(screen.getByTestId("settings-save"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = api.calls.find((c) => c.method === "PUT")?.body as Record<string, unknown>;
    expect([put.announcement, put.startPrice, put.version, put.wctPayOnly]).toEqual(["新菜上市", "30", 2, 0]);
    expect([put.deliveryFee, put.deliveryMinutes]).toEqual(["6.5", 35]);
    expect(put.restaurantId).toBeUndefined();
  });
});

describe("the menu's allergens and translations", SLOW, () => {
  it("names the undeclared dishes, and declaring one sends its allergens and diets", async () => {
    const undeclared = dish(102, "水煮鱼", "88");
    const menu = { ...MENU, dishes: [dish(101, "毛血旺", "68", { allergens: ["soybeans"] }), undeclared] };
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleMenu(RID)}`]: { data: menu },
      [`PUT ${API.consoleDish(RID, 102)}`]: (call) => ({
        data: { ...undeclared, ...(call.body as object), version: 4 },
      }),
    });
    renderConsole("/menu");
    // the page loads lazily: its first import is slow in jsdom
    await screen.findByTestId("menu-page", {}, { timeout: 20_000 });
    expect(screen.getByTestId("dish-row-102").textContent).toContain(MENU_COPY.allergens.tag);
    expect(screen.getByTestId("dish-row-101").textContent).not.toContain(MENU_COPY.allergens.tag);
    fireEvent.click(screen.getByRole("tab", { name: MENU_COPY.tabs.allergens(1) }));
    const panel = await screen.findByTestId("allergens-panel");
    expect(panel.textContent).toContain(MENU_COPY.allergens.undeclared(1, 2));
    expect(within(panel).queryByText("毛血旺")).toBeNull();
    fireEvent.click(within(panel).getByTestId("declare-102"));
    const allergens = await screen.findByTestId("dish-allergens");
    fireEvent.click(within(allergens).getByLabelText(MENU_COPY.editor.allergenDeclared));
    fireEvent.click(screen.getByLabelText("清真"));
    fireEvent.click(screen.getByTestId("dish-save"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = api.calls.find((c) => c.method === "PUT")?.body as Record<string, unknown>;
    expect([put.allergens, put.diets]).toEqual([[], ["halal"]]);
  });

  it("shows a language's completeness and its untranslated texts, and saves what was typed", async () => {
    const before = {
      base: "zh-CN",
      lang: "en-US",
      languages: [{ lang: "en-US", total: 2, translated: 1, offered: false }],
      items: [
        { source: "毛血旺", places: [{ kind: "dish", dishId: 101 }], required: true, text: "Mao xue wang" },
        { source: "少辣", places: [{ kind: "memo", dishId: null }], required: true, text: null },
      ],
    };
    const after = {
      ...before,
      languages: [{ lang: "en-US", total: 2, translated: 2, offered: true }],
      items: before.items.map((i) => ({ ...i, text: i.text ?? "Less spicy" })),
    };
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleMenu(RID)}`]: { data: MENU },
      [`GET ${API.consoleTranslations(RID)}`]: { data: before },
      [`PUT ${API.consoleTranslations(RID)}`]: { data: after },
    });
    renderConsole("/menu");
    // the page loads lazily: its first import is slow in jsdom
    await screen.findByTestId("menu-page", {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole("tab", { name: MENU_COPY.tabs.translations }));
    const count = await screen.findByTestId("translation-count");
    expect(count.textContent).toBe(MENU_COPY.translations.progress(1, 2));
    expect(screen.getByTestId("translation-coverage").textContent).toContain(
      MENU_COPY.translations.notOffered,
    );
    // where each text appears, in words
    expect(screen.getByTestId("translations-panel").textContent).toContain("菜名 · 毛血旺");
    fireEvent.click(screen.getByTestId("translation-only-missing"));
    await waitFor(() => expect(screen.queryByTestId("translation-毛血旺")).toBeNull());
    fireEvent.change(screen.getByTestId("translation-少辣"), { target: { value: " Less spicy " } });
    fireEvent.click(screen.getByTestId("translation-save"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
      lang: "en-US",
      texts: [{ source: "少辣", text: "Less spicy" }],
    });
    await waitFor(() =>
      expect(screen.getByTestId("translation-count").textContent).toBe(MENU_COPY.translations.progress(2, 2)),
    );
    expect(screen.getByTestId("translation-coverage").textContent).toContain(MENU_COPY.translations.offered);
  });
});
