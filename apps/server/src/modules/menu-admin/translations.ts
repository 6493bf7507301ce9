/**
 * The console's translation editor (issue 28): every text of the menu with its translation in one
 * language, each language's completeness over what diners see, and saving translations (only of
 * texts the restaurant's menu holds, never into its own language), audited in the same transaction.
 */
import {
  AppError,
  type ConsoleTranslations,
  type ConsoleTranslationsInput,
  MENU_BASE_LANGUAGE,
  menuCoverage,
  offeredLanguages,
} from "@tablemate/core";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { categories, dishes, memos, menuTranslations } from "../../db/schema.js";
import { menuRows } from "../menu/menu.js";
import { textsOf, translationRows } from "../menu/translations.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import type { MenuAdminDeps } from "./dishes.js";

/** The texts of the whole menu (hidden entries too) and of the menu diners see. */
async function menuTextSets(deps: MenuAdminDeps, restaurantId: number) {
  const restaurant = await getRestaurant(deps.db, restaurantId);
  const [categoryRows, dishRows, memoRows, shown] = await Promise.all([
    deps.db
      .select()
      .from(categories)
      .where(eq(categories.restaurantId, restaurantId))
      .orderBy(asc(categories.sort)),
    deps.db
      .select()
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId))
      .orderBy(asc(dishes.sort), asc(dishes.id)),
    deps.db.select().from(memos).where(eq(memos.restaurantId, restaurantId)).orderBy(asc(memos.id)),
    menuRows(deps.db, restaurant),
  ]);
  return {
    all: textsOf(restaurant, categoryRows, dishRows, memoRows),
    shown: textsOf(restaurant, shown.categoryRows, shown.dishRows, memoRows),
  };
}

export async function consoleTranslations(
  deps: MenuAdminDeps,
  restaurantId: number,
  lang: string,
): Promise<ConsoleTranslations> {
  const [{ all, shown }, rows] = await Promise.all([
    menuTextSets(deps, restaurantId),
    translationRows(deps.db, restaurantId),
  ]);
  const offered = new Set(offeredLanguages(shown, rows));
  const langs = [...new Set([...rows.map((r) => r.lang), lang])]
    .filter((l) => l !== MENU_BASE_LANGUAGE)
    .sort();
  const translatedIn = (l: string) => new Set(rows.filter((r) => r.lang === l).map((r) => r.source));
  const textOf = new Map(rows.filter((r) => r.lang === lang).map((r) => [r.source, r.text]));
  const required = new Set(shown.map((t) => t.source));
  return {
    base: MENU_BASE_LANGUAGE,
    languages: langs.map((l) => {
      const coverage = menuCoverage(shown, translatedIn(l));
      return { lang: l, total: coverage.total, translated: coverage.translated, offered: offered.has(l) };
    }),
    lang,
    items: all.map((t) => ({
      source: t.source,
      places: t.places,
      required: required.has(t.source),
      text: textOf.get(t.source) ?? null,
    })),
  };
}

/** Saves translations (an empty one removes it) and answers the language's editor view. */
export async function saveTranslations(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  input: ConsoleTranslationsInput,
): Promise<ConsoleTranslations> {
  if (input.lang === MENU_BASE_LANGUAGE)
    throw new AppError("translationInvalid", `${MENU_BASE_LANGUAGE} 是菜单的原文语言，无需翻译`);
  const { all } = await menuTextSets(deps, by.restaurantId);
  const known = new Set(all.map((t) => t.source));
  const unknown = input.texts.find((t) => !known.has(t.source));
  if (unknown)
    throw new AppError("translationInvalid", `菜单中没有「${unknown.source.slice(0, 40)}」这段文字`);
  const kept = input.texts.filter((t) => t.text !== "");
  const removed = input.texts.filter((t) => t.text === "").map((t) => t.source);
  await deps.db.transaction(async (tx) => {
    const where = (sources: string[]) =>
      and(
        eq(menuTranslations.restaurantId, by.restaurantId),
        eq(menuTranslations.lang, input.lang),
        inArray(menuTranslations.source, sources),
      );
    const before = await tx
      .select({ source: menuTranslations.source, text: menuTranslations.text })
      .from(menuTranslations)
      .where(where(input.texts.map((t) => t.source)));
    if (removed.length > 0) await tx.delete(menuTranslations).where(where(removed));
    if (kept.length > 0)
      await tx
        .insert(menuTranslations)
        .values(kept.map((t) => ({ restaurantId: by.restaurantId, lang: input.lang, ...t })))
        .onConflictDoUpdate({
          target: [menuTranslations.restaurantId, menuTranslations.lang, menuTranslations.source],
          set: { text: sql`excluded.text`, updatedAt: sql`now()` },
        });
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.translations.update",
      target: `lang:${input.lang}`,
      before,
      after: input.texts,
    });
  });
  return consoleTranslations(deps, by.restaurantId, input.lang);
}
