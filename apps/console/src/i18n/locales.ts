/**
 * The console's languages, each named in itself, with the language of core's food words (allergen and
 * diet names) it reads; the staff choose (issue 28). zh-CN is the source: its
 * words are written in the copy modules (src/copy/); every other language is one ICU catalogue in
 * catalogues/<id>.ts. Adding a language is its catalogue, its line here and antd's words (locale.ts).
 */
export const LOCALES = [
  { id: "zh-CN", name: "中文", food: "zh" },
  { id: "en-US", name: "English", food: "en" },
] as const;

export type Locale = (typeof LOCALES)[number]["id"];

export const SOURCE_LOCALE: Locale = "zh-CN";

/** Where the browser keeps the staff member's choice. */
export const LOCALE_KEY = "tablemate.console.locale";
