import { firstSupported, storedLocale } from "@tablemate/client";
import { LOCALES, type Locale, SOURCE_LOCALE } from "./locales.js";

/** Where the phone keeps the diner's own choice. */
export const LOCALE_KEY = "tablemate.locale";

const IDS = LOCALES.map(({ id }) => id);

/** WeChat's browser says its language at the end of its user agent: `… MicroMessenger/8.0.47 … Language/en`. */
export function wechatLanguage(userAgent: string): string | undefined {
  return /\bLanguage\/([\w-]+)/.exec(userAgent)?.[1];
}

/**
 * A phone's language: the diner's stored choice, else the language WeChat reports, else the browser's
 * (navigator.languages, as it sends Accept-Language), else zh-CN.
 */
export function chooseLocale(stored: string | null, userAgent: string, languages: readonly string[]): Locale {
  return firstSupported([stored, wechatLanguage(userAgent), ...languages], IDS, SOURCE_LOCALE);
}

/** The phone's stored choice (written first when given). */
export function storedChoice(write?: Locale): string | null {
  return storedLocale(LOCALE_KEY, write);
}

/** The phone's language now: its stored choice, WeChat's, the browser's, else zh-CN. */
export function phoneLocale(): Locale {
  return chooseLocale(storedChoice(), navigator.userAgent, navigator.languages ?? []);
}
