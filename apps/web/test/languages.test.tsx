import {
  FOOD_OUT_TEXT,
  FULFILMENT_TEXT,
  HELD_TEXT,
  MENU_LANGUAGE_API,
  ORDER_STATUS_TEXT,
  RESERVATION_PENDING_TEXT,
  UNKNOWN_STATUS_TEXT,
} from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COPY, DISH_COPY } from "../src/copy.js";
import { useCartStore } from "../src/features/cart/index.js";
import { PROGRESS_WORDS } from "../src/features/order/order-copy.js";
import { progressWords } from "../src/features/order/order-format.js";
import { PAY_COPY } from "../src/features/pay/pay-copy.js";
import { chooseLocale, LOCALE_KEY, wechatLanguage } from "../src/i18n/choose-locale.js";
import { setLocale } from "../src/i18n/load-locale.js";
import { fail, ok } from "./fake-server.js";
import { dish, HOTEL_ID } from "./fixtures.js";
import { cardOf, openMenu, settle } from "./menu-harness.js";

const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";
/** A catalogue's first load in a test run is compiled then (icu-catalogues.ts): on a loaded machine, seconds. */
const FIRST_LOAD = { timeout: 15_000 };

const WECHAT = `${CHROME} XWEB/1300 MMWEBSDK/20240501 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/en ABI/arm64`;

async function languageSwitch(): Promise<HTMLSelectElement> {
  return (await screen.findByRole("combobox")) as HTMLSelectElement;
}

describe("the phone's language", () => {
  it("is the stored choice, else WeChat's Language/xx, else navigator.languages, else zh-CN", () => {
    expect(chooseLocale("ja-JP", WECHAT, ["en-US"])).toBe("ja-JP");
    expect(chooseLocale(null, WECHAT, ["zh-CN"])).toBe("en-US");
    expect(chooseLocale(null, `${CHROME} MicroMessenger/8.0.49 Language/zh_CN`, ["en-US"])).toBe("zh-CN");
    expect(chooseLocale(null, CHROME, ["fr-FR", "en-GB", "zh-CN"])).toBe("en-US");
    expect(chooseLocale(null, CHROME, ["ja"])).toBe("ja-JP");
    expect(chooseLocale(null, CHROME, ["fr-FR", "de"])).toBe("zh-CN");
    expect(chooseLocale(null, CHROME, [])).toBe("zh-CN");
    // a stored value no longer offered counts for nothing
    expect(chooseLocale("ko-KR", CHROME, ["en-US"])).toBe("en-US");
  });

  it("reads WeChat's language at the end of its user agent, and nothing from another browser's", () => {
    expect(wechatLanguage(WECHAT)).toBe("en");
    expect(wechatLanguage(`${CHROME} MicroMessenger/8.0 Language/zh_TW`)).toBe("zh_TW");
    expect(wechatLanguage(CHROME)).toBeUndefined();
  });

  it("opens the menu in the browser's language when nothing is stored", async () => {
    Object.defineProperty(navigator, "languages", { value: ["en-GB", "en"], configurable: true });
    try {
      await openMenu();
      expect(await screen.findByRole("button", { name: "Search dishes" }, FIRST_LOAD)).toBeTruthy();
      expect(document.documentElement.lang).toBe("en-US");
      expect(screen.getByText("3 diners")).toBeTruthy();
      expect(cardOf("清蒸鲈鱼").textContent).toContain("Market price");
    } finally {
      Object.defineProperty(navigator, "languages", { value: ["zh-CN", "zh"], configurable: true });
    }
  });

  it("opens in the stored choice over the browser's language", async () => {
    localStorage.setItem(LOCALE_KEY, "ja-JP");
    await openMenu();
    expect(await screen.findByRole("button", { name: "料理を検索" }, FIRST_LOAD)).toBeTruthy();
    expect(document.documentElement.lang).toBe("ja-JP");
    expect(screen.getByText("3名")).toBeTruthy();
  });
});

describe("the language switch", () => {
  it("shows the page in English at once, keeps the page and the cart, remembers the choice, and goes back", async () => {
    const { app } = await openMenu();
    expect(screen.getByRole("button", { name: COPY.search }).getAttribute("aria-label")).toBe("搜索菜品");
    const where = app.where();
    const cart = useCartStore.getState();
    const select = await languageSwitch();
    expect([...select.options].map((option) => option.textContent)).toEqual(["中文", "English", "日本語"]);
    expect(select.getAttribute("aria-label")).toBe("语言 Language");

    fireEvent.change(select, { target: { value: "en-US" } });
    expect(await screen.findByRole("button", { name: "Search dishes" }, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Call a waiter" })).toBeTruthy();
    expect(screen.getByText("3 diners")).toBeTruthy();
    expect(cardOf("清蒸鲈鱼").textContent).toContain("Market price");
    // dish names are the menu's data, shown as the restaurant wrote them
    expect(cardOf("拍黄瓜").textContent).toContain("拍黄瓜");
    expect(document.documentElement.lang).toBe("en-US");
    expect(localStorage.getItem(LOCALE_KEY)).toBe("en-US");
    expect(app.where()).toBe(where);
    expect(useCartStore.getState().lines).toBe(cart.lines);
    // words of a feature not yet loaded read in English too, with their values
    expect(DISH_COPY.soldOut).toBe("Sold out");
    expect(PAY_COPY.payButton("¥12")).toBe("Pay ¥12");
    expect(COPY.dinerCount(1)).toBe("1 diner");

    fireEvent.change(await languageSwitch(), { target: { value: "zh-CN" } });
    expect(await screen.findByRole("button", { name: "搜索菜品" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(PAY_COPY.payButton("¥12")).toBe("支付 ¥12");
    expect(COPY.dinerCount(3)).toBe("3人");
  });

  it("names the components' own controls in the language too (a sheet's close button)", async () => {
    await openMenu();
    fireEvent.click(cardOf("拍黄瓜"));
    const close = (name: string) => screen.findByRole("button", { name }, FIRST_LOAD);
    expect(await close("关闭")).toBeTruthy();
    await act(() => setLocale("en-US", false));
    expect(await close("Close")).toBeTruthy();
    await act(() => setLocale("ja-JP", false));
    expect(await close("閉じる")).toBeTruthy();
    await act(() => setLocale("zh-CN", false));
    expect(await close("关闭")).toBeTruthy();
  }, 30_000);

  it("writes a card's small texts and member tag, and the low-stock hint, in the language too", async () => {
    const foods = [
      dish({ dishesId: 101, name: "拍黄瓜", typeId: 1, price: 12, estimate: 3 }),
      dish({ dishesId: 102, name: "白馒头", typeId: 1, price: 2, unit: "个", minCount: 2, inceptStep: 2 }),
      dish({ dishesId: 201, name: "红烧肉", typeId: 2, price: 58, vipPrice: 52 }),
    ];
    await openMenu({ foods });
    expect(cardOf("拍黄瓜").textContent).toContain("仅剩3");
    expect(cardOf("白馒头").textContent).toContain("2个起售");
    expect(cardOf("红烧肉").textContent).toContain("会员价52");
    await act(() => setLocale("en-US", false));
    await waitFor(() => expect(cardOf("拍黄瓜").textContent).toContain("Only 3 left"));
    expect(cardOf("白馒头").textContent).toContain("Min. 2 个");
    expect(cardOf("红烧肉").textContent).toContain("Member 52");
    expect(cardOf("红烧肉").textContent).not.toContain("会员价");
    fireEvent.click(within(cardOf("拍黄瓜")).getByRole("button", { name: "Add one" }));
    expect(await screen.findByText("Only 3 left of 拍黄瓜")).toBeTruthy();
  });

  it("applies the last of two quick choices", async () => {
    await Promise.all([setLocale("ja-JP", true), setLocale("en-US", true)]);
    expect(COPY.search).toBe("Search dishes");
    expect(document.documentElement.lang).toBe("en-US");
    expect(localStorage.getItem(LOCALE_KEY)).toBe("en-US");
  });

  it("keeps every spec-quoted word of the source exactly, whatever was shown before", async () => {
    await setLocale("en-US", false);
    await setLocale("zh-CN", false);
    expect(COPY.loading).toBe("客官请稍等...");
    expect(DISH_COPY.clearCartConfirm).toBe("确定清空购物车吗？");
    expect(PAY_COPY.success).toBe("支付成功");
    await waitFor(() => expect(document.documentElement.lang).toBe("zh-CN"));
  });
});

describe("core's words a diner reads", () => {
  it("has every word of an order's progress in the catalogues, by core's own text", async () => {
    const core = [
      ...Object.values(ORDER_STATUS_TEXT),
      ...Object.values(FULFILMENT_TEXT),
      RESERVATION_PENDING_TEXT,
      HELD_TEXT,
      FOOD_OUT_TEXT,
      UNKNOWN_STATUS_TEXT,
    ];
    expect(core.filter((text) => !(text in PROGRESS_WORDS))).toEqual([]);
    await setLocale("en-US", false);
    expect(core.map(progressWords)).not.toContain(expect.stringMatching(/[\u4e00-\u9fff]/));
    expect(progressWords(FULFILMENT_TEXT.delivering)).toBe("On its way");
  });
});

describe("the menu in the diner's language", () => {
  const ANNOUNCEMENT = "本周蟹黄汤包买一送一";
  /** The restaurant's whole menu in English, as the server answers for a language it offers. */
  const ENGLISH = {
    base: "zh-CN",
    offered: ["en-US"],
    lang: "en-US",
    texts: {
      拍黄瓜: "Smashed cucumber",
      红烧肉: "Red-braised pork",
      清蒸鲈鱼: "Steamed sea bass",
      凉菜: "Cold dishes",
      热菜: "Hot dishes",
      [ANNOUNCEMENT]: "Crab soup dumplings: buy one, get one free this week",
    },
  };

  it("shows the dishes and the announcement in English where the restaurant offers it, and goes back without a call", async () => {
    const { server } = await openMenu({
      restaurant: { announcement: ANNOUNCEMENT },
      routes: { [MENU_LANGUAGE_API.menuTranslation]: () => ok(ENGLISH) },
    });
    const cart = useCartStore.getState();
    fireEvent.change(await languageSwitch(), { target: { value: "en-US" } });
    await screen.findByRole("button", { name: "Search dishes" }, FIRST_LOAD);
    await waitFor(() => expect(cardOf("Smashed cucumber").textContent).not.toContain("拍黄瓜"));
    expect(cardOf("Steamed sea bass").textContent).toContain("Market price");
    expect(screen.getAllByText("Hot dishes").length).toBeGreaterThan(0);
    expect(screen.getByTestId("announcement").textContent).toBe(
      "Crab soup dumplings: buy one, get one free this week",
    );
    const asked = server.last(MENU_LANGUAGE_API.menuTranslation);
    expect(asked?.query.get("rid")).toBe(String(HOTEL_ID));
    expect(asked?.query.get("lang")).toBe("en-US");
    expect(useCartStore.getState().lines).toBe(cart.lines);

    const calls = server.paths().length;
    fireEvent.change(await languageSwitch(), { target: { value: "zh-CN" } });
    await waitFor(() => expect(cardOf("拍黄瓜").textContent).not.toContain("Smashed"));
    expect(screen.getByTestId("announcement").textContent).toBe(ANNOUNCEMENT);
    expect(server.paths().slice(calls)).not.toContain(MENU_LANGUAGE_API.menuTranslation);
  });

  it("keeps the menu in the restaurant's words where its menu is not offered in English", async () => {
    const { server } = await openMenu({
      restaurant: { announcement: ANNOUNCEMENT },
      routes: { [MENU_LANGUAGE_API.menuTranslation]: () => fail(404, "该语言的菜单未完整翻译", 404) },
    });
    fireEvent.change(await languageSwitch(), { target: { value: "en-US" } });
    await screen.findByRole("button", { name: "Search dishes" }, FIRST_LOAD);
    await waitFor(() => expect(server.paths()).toContain(MENU_LANGUAGE_API.menuTranslation));
    await settle();
    expect(cardOf("拍黄瓜")).toBeTruthy();
    expect(cardOf("清蒸鲈鱼").textContent).toContain("Market price");
    expect(screen.getByTestId("announcement").textContent).toBe(ANNOUNCEMENT);
  });
});
