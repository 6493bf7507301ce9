import { useSyncExternalStore } from "react";
import { currentLocale, onLocale } from "./i18n.js";
import { type Locale, SOURCE_LOCALE } from "./locales.js";

/** Renders again when the language changes (the server renders the source language). */
export function useLocale(): Locale {
  return useSyncExternalStore(onLocale, currentLocale, () => SOURCE_LOCALE);
}
