/**
 * The diner app's languages, each named in itself, with the language of core's food words (allergen
 * and diet names) it reads. zh-CN is the source: its words are written in each feature's copy module;
 * every other language is one ICU catalogue in catalogues/<id>.ts. Adding a language is its
 * catalogue, its line here and its food words in core's allergens.ts.
 */
export const LOCALES = [
  { id: "zh-CN", name: "中文", food: "zh" },
  { id: "en-US", name: "English", food: "en" },
  { id: "ja-JP", name: "日本語", food: "ja" },
] as const;

export type Locale = (typeof LOCALES)[number]["id"];

export const SOURCE_LOCALE: Locale = "zh-CN";
