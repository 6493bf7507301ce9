/**
 * The menu in the diner's language (issue 28): which languages the restaurant's whole menu is
 * translated into, and a language's texts. Core's menu-translation.ts decides; the kitchen, the
 * display and the bill never read this (they keep the restaurant's words).
 */
import {
  AppError,
  MENU_BASE_LANGUAGE,
  type MenuDictionary,
  type MenuLanguages,
  type MenuText,
  type MenuTranslation,
  menuTexts,
  offeredLanguages,
} from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { menuTranslations } from "../../db/schema.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";
import type { CategoryRow, DishRow } from "./present.js";

export interface TranslationRow {
  lang: string;
  source: string;
  text: string;
}

export function translationRows(db: Db, restaurantId: number): Promise<TranslationRow[]> {
  return db
    .select({ lang: menuTranslations.lang, source: menuTranslations.source, text: menuTranslations.text })
    .from(menuTranslations)
    .where(eq(menuTranslations.restaurantId, restaurantId));
}

/** The texts of a menu: its categories, dishes (with their options), memos and the announcement. */
export function textsOf(
  restaurant: Pick<RestaurantRow, "announcement">,
  categoryRows: readonly Pick<CategoryRow, "name">[],
  dishRows: readonly DishRow[],
  memoRows: ReadonlyArray<{ content: string }>,
): MenuText[] {
  return menuTexts({
    categories: categoryRows,
    dishes: dishRows,
    memos: memoRows,
    announcement: restaurant.announcement,
  });
}

/** A menu's languages and each offered one's dictionary, from the texts diners see and the stored rows. */
export interface MenuLanguageState {
  languages: MenuLanguages;
  /** the dictionary of an offered language (only the texts diners see); null for the base or any other */
  dictionary: (lang: string | undefined) => MenuDictionary | null;
}

export function languageState(
  texts: readonly MenuText[],
  rows: readonly TranslationRow[],
): MenuLanguageState {
  const offered = offeredLanguages(texts, rows);
  const wanted = new Set(texts.map((t) => t.source));
  return {
    languages: { base: MENU_BASE_LANGUAGE, offered },
    dictionary: (lang) => {
      if (lang === undefined || !offered.includes(lang)) return null;
      return Object.fromEntries(
        rows.filter((r) => r.lang === lang && wanted.has(r.source)).map((r) => [r.source, r.text]),
      );
    },
  };
}

/** The menu-translation call's answer; a language not offered is refused (never a half-translated menu). */
export function translationAnswer(state: MenuLanguageState, lang: string): MenuTranslation {
  const { base, offered } = state.languages;
  if (lang === base) return { base, offered, lang, texts: {} };
  const texts = state.dictionary(lang);
  if (texts === null) throw new AppError("menuLanguageUnavailable");
  return { base, offered, lang, texts };
}
