import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalLang,
  consoleTranslationsInputSchema,
  menuLangSchema,
} from "../src/contract/menu-translations.js";
import {
  MENU_BASE_LANGUAGE,
  menuCoverage,
  menuTexts,
  offeredLanguages,
  type TranslatableMenu,
  translateDish,
  translateText,
} from "../src/menu-translation.js";
import { makeDish } from "./fixtures.js";

const MENU: TranslatableMenu = {
  categories: [{ name: "招牌菜" }, { name: "凉菜" }],
  dishes: [
    {
      id: 1,
      name: "毛血旺",
      intro: "麻辣鲜香",
      unit: "份",
      norms: [{ name: "大份" }, { name: "小份" }],
      methodCategories: [{ categoryName: "辣度", methodList: [{ name: "微辣" }, { name: "中辣" }] }],
      additionCategories: [{ categoryName: "加料", additions: [{ name: "加面" }] }],
      combos: [],
    },
    {
      id: 2,
      name: "双人套餐",
      intro: "",
      unit: "份",
      norms: [],
      methodCategories: [],
      additionCategories: [],
      combos: [{ groupName: "主菜", name: "毛血旺" }],
    },
  ],
  memos: [{ content: "少辣" }],
  announcement: "  欢迎光临  ",
};

describe("a menu's texts", () => {
  it("lists each distinct non-blank text once, with every place it appears, in menu order", () => {
    const texts = menuTexts(MENU);
    expect(texts.map((t) => t.source)).toEqual([
      "招牌菜",
      "凉菜",
      "毛血旺",
      "麻辣鲜香",
      "份",
      "大份",
      "小份",
      "辣度",
      "微辣",
      "中辣",
      "加料",
      "加面",
      "双人套餐",
      "主菜",
      "少辣",
      "欢迎光临",
    ]);
    expect(texts.find((t) => t.source === "毛血旺")?.places).toEqual([
      { kind: "dish", dishId: 1 },
      { kind: "comboPart", dishId: 2 },
    ]);
    expect(texts.find((t) => t.source === "份")?.places).toHaveLength(2);
  });

  it("offers a language only once every text is translated, never the base", () => {
    const texts = menuTexts(MENU);
    const all = texts.map((t) => ({ lang: "en-US", source: t.source }));
    expect(offeredLanguages(texts, all)).toEqual(["en-US"]);
    expect(offeredLanguages(texts, all.slice(1))).toEqual([]);
    expect(
      offeredLanguages(
        texts,
        texts.map((t) => ({ lang: MENU_BASE_LANGUAGE, source: t.source })),
      ),
    ).toEqual([]);
    // translations of texts the menu no longer holds count for nothing
    expect(offeredLanguages(texts, [...all.slice(1), { lang: "en-US", source: "旧菜名" }])).toEqual([]);
    expect(offeredLanguages([], all)).toEqual([]);
  });

  it("coverage: translated plus missing is the whole, and offered exactly when nothing is missing", () => {
    const texts = menuTexts(MENU);
    fc.assert(
      fc.property(fc.subarray(texts.map((t) => t.source)), (done) => {
        const coverage = menuCoverage(texts, new Set(done));
        expect(coverage.translated + coverage.missing.length).toBe(coverage.total);
        expect(coverage.translated).toBe(done.length);
        const offered = offeredLanguages(
          texts,
          done.map((source) => ({ lang: "ja-JP", source })),
        );
        expect(offered.length === 1).toBe(coverage.missing.length === 0);
      }),
    );
  });
});

describe("translating", () => {
  it("changes only a dish's words: ids, prices, stock and allergens stay", () => {
    const dish = makeDish({
      id: 7,
      name: "毛血旺",
      dishesName: "毛血旺",
      intro: "麻辣鲜香",
      dishIntro: "麻辣鲜香",
      allergens: ["soybeans"],
      norms: [{ id: 3, name: "大份", price: 68, vipPrice: null, allergens: ["milk"] }],
    });
    const english = translateDish(dish, {
      毛血旺: "Mao xue wang",
      麻辣鲜香: "Numbing and hot",
      大份: "Large",
    });
    expect([english.name, english.dishesName, english.intro, english.norms[0]?.name]).toEqual([
      "Mao xue wang",
      "Mao xue wang",
      "Numbing and hot",
      "Large",
    ]);
    const { name, dishesName, intro, dishIntro, norms, ...rest } = english;
    const { name: _n, dishesName: _d, intro: _i, dishIntro: _di, norms: _no, ...restBefore } = dish;
    expect(rest).toEqual(restBefore);
    expect(norms[0]).toEqual({ ...dish.norms[0], name: "Large" });
  });

  it("keeps a text the dictionary lacks, and reads no inherited keys", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(translateText(text, {})).toBe(text);
      }),
    );
    expect(translateText("constructor", {})).toBe("constructor");
    expect(translateText(" 少辣 ", { 少辣: "Less spicy" })).toBe("Less spicy");
  });
});

describe("language tags", () => {
  it("takes BCP-47 tags in any case, answering them canonical, and refuses the rest", () => {
    expect(["en-US", "en-us", "EN", "ja-JP", "zh-Hant-TW", "es-419"].map(canonicalLang)).toEqual([
      "en-US",
      "en-US",
      "en",
      "ja-JP",
      "zh-Hant-TW",
      "es-419",
    ]);
    for (const bad of [
      "",
      "english",
      "en_US",
      "../en",
      "en-",
      "1en",
      "e",
      "en-US-x-private-tag-that-is-long",
    ])
      expect(menuLangSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("a translations request: bounded, each source once, trimmed", () => {
    const ok = consoleTranslationsInputSchema.parse({
      lang: "EN-us",
      texts: [{ source: " 少辣 ", text: " Less " }],
    });
    expect(ok).toEqual({ lang: "en-US", texts: [{ source: "少辣", text: "Less" }] });
    for (const texts of [
      [],
      [{ source: "a", text: "x".repeat(601) }],
      [{ source: "a".repeat(301), text: "x" }],
      [
        { source: "a", text: "x" },
        { source: "a", text: "y" },
      ],
    ])
      expect(consoleTranslationsInputSchema.safeParse({ lang: "en-US", texts }).success).toBe(false);
  });
});
