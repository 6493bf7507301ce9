import { LOCALES, type Locale, SOURCE_LOCALE } from "./locales.js";

/** Where the phone keeps the diner's own choice. */
export const LOCALE_KEY = "tablemate.locale";

/** The language a tag asks for (en, en-GB, zh_CN, ja-JP…), matched by its language subtag. */
export function supportedLocale(tag: string | null | undefined): Locale | undefined {
  const language = tag?.toLowerCase().split(/[-_]/)[0];
  return language ? LOCALES.find(({ id }) => id.toLowerCase().startsWith(`${language}-`))?.id : undefined;
}

/** WeChat's browser says its language at the end of its user agent: `… MicroMessenger/8.0.47 … Language/en`. */
export function wechatLanguage(userAgent: string): string | undefined {
  return /\bLanguage\/([\w-]+)/.exec(userAgent)?.[1];
}

/**
 * A phone's language: the diner's stored choice, else the language WeChat reports, else the browser's
 * (navigator.languages, as it sends Accept-Language), else zh-CN.
 */
export function chooseLocale(stored: string | null, userAgent: string, languages: readonly string[]): Locale {
  for (const tag of [stored, wechatLanguage(userAgent), ...languages]) {
    const locale = supportedLocale(tag);
    if (locale) return locale;
  }
  return SOURCE_LOCALE;
}

/** The phone's storage, where blocked storage (private mode) only forgets the choice. */
export function storedLocale(write?: Locale): string | null {
  try {
    if (write) localStorage.setItem(LOCALE_KEY, write);
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}

/** The phone's language now: its stored choice, WeChat's, the browser's, else zh-CN. */
export function phoneLocale(): Locale {
  return chooseLocale(storedLocale(), navigator.userAgent, navigator.languages ?? []);
}
