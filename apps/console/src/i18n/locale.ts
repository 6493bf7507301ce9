import { type Compiled, firstSupported, storedLocale, translateWords } from "@tablemate/client";
import type { Locale as AntdLocale } from "antd/es/locale";
// antd's ES module: the CommonJS one (antd/locale/zh_CN) reaches the bundle as its module object, not the locale
import zhCN from "antd/es/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { useSyncExternalStore } from "react";
import { WORDS } from "../copy/index.js";
import { LOCALE_KEY, LOCALES, type Locale, SOURCE_LOCALE } from "./locales.js";

/** Each language's catalogue, loaded only when chosen (zh-CN has none: it is the source). */
const CATALOGUES = import.meta.glob<Compiled>("./catalogues/*.ts", { import: "default" });

/** antd's own words (its pagination, pickers, empty tables) and dayjs's dates, per language. */
const COMPONENT_WORDS: Record<Locale, { antd: () => Promise<AntdLocale>; dayjs: string }> = {
  "zh-CN": { antd: async () => zhCN, dayjs: "zh-cn" },
  "en-US": { antd: () => import("antd/es/locale/en_US").then((m) => m.default), dayjs: "en" },
};

let locale: Locale = SOURCE_LOCALE;
let antdLocale: AntdLocale = zhCN;
let asked: Locale | undefined;
const listeners = new Set<() => void>();

/** The console's language: the staff member's stored choice, else the browser's, else zh-CN. */
export function chooseLocale(stored: string | null, languages: readonly string[]): Locale {
  return firstSupported(
    [stored, ...languages],
    LOCALES.map(({ id }) => id),
    SOURCE_LOCALE,
  );
}

/** The language this browser opens the console in. */
export function browserLocale(): Locale {
  return chooseLocale(storedLocale(LOCALE_KEY), navigator.languages ?? []);
}

/**
 * Shows the console in a language: loads its catalogue, writes every copy module's words in it in
 * place, sets antd's and dayjs's words, `<html lang>`, and every subscribed render runs again
 * (useLocale). Remembered in the browser when the staff member chose it. The last call wins.
 */
export async function setLocale(next: Locale, remember: boolean): Promise<void> {
  asked = next;
  if (remember) storedLocale(LOCALE_KEY, next);
  const [catalogue, antd] = await Promise.all([
    CATALOGUES[`./catalogues/${next}.ts`]?.(),
    COMPONENT_WORDS[next].antd(),
  ]);
  if (asked !== next) return;
  for (const [namespace, words] of Object.entries(WORDS))
    translateWords(words as Record<string, unknown>, catalogue?.[namespace] as Compiled | undefined);
  antdLocale = antd;
  dayjs.locale(COMPONENT_WORDS[next].dayjs);
  locale = next;
  document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

/** The language shown now. */
export function currentLocale(): Locale {
  return locale;
}

/** Which of core's food words (allergen and diet names, in zh, en and ja) the language shown reads. */
export function foodLanguage(): (typeof LOCALES)[number]["food"] {
  return LOCALES.find(({ id }) => id === locale)?.food ?? "zh";
}

/** antd's words in the language shown (ConfigProvider's locale). */
export function currentAntdLocale(): AntdLocale {
  return antdLocale;
}

function onLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders again when the language changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(onLocale, currentLocale);
}
