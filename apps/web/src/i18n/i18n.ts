import { LOCALES, type Locale, SOURCE_LOCALE } from "./locales.js";

// The first screen carries only this: the copy modules' words by namespace, the language shown, and
// who renders again when it changes. Choosing, loading and applying a language (load-locale.ts,
// translate.ts) come after, on demand, so a phone reading zh-CN loads nothing more.
let locale: Locale = SOURCE_LOCALE;
const listeners = new Set<() => void>();
const sources = new Map<string, object>();
let translateLoaded: ((namespace: string, words: object) => void) | undefined;

/**
 * A copy module's words (the source language), known to the catalogues by their namespace
 * (catalogue.ts). Call sites read them as they are; a language's catalogue rewrites them in place
 * (translate.ts), also those of a module that loads later.
 */
export function localized<T extends object>(namespace: string, words: T): T {
  sources.set(namespace, words);
  translateLoaded?.(namespace, words);
  return words;
}

/** Rewrites every copy module's words, and each one loaded from now on, in the language shown. */
export function translateAll(translate: (namespace: string, words: object) => void): void {
  translateLoaded = translate;
  for (const [namespace, words] of sources) translate(namespace, words);
}

/** The language shown now (for Intl's dates and numbers too). */
export function currentLocale(): Locale {
  return locale;
}

/** Which of core's food words (allergen and diet names, in zh, en and ja) the language shown reads. */
export function foodLanguage(): (typeof LOCALES)[number]["food"] {
  return LOCALES.find(({ id }) => id === locale)?.food ?? "zh";
}

/** The language is shown: every subscribed render runs again, `<html lang>` follows. */
export function shownLocale(next: Locale): void {
  locale = next;
  document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

/** Calls back when the language changes (use-locale.ts renders again). */
export function onLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
