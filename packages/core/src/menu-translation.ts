/**
 * The menu in other languages (issue 28): the restaurant's own words are the base text, and a
 * translation is kept per language for each distinct text of the menu (a dish's name, its intro and
 * unit, a category, a norm, a method group and its options, an addition group and its additions, a
 * combo group, a memo, the announcement). A text translated once is translated wherever it appears;
 * a text changed in the console is a new text, so an old translation never stands for new words.
 * A language is offered to diners only when every text of the menu they see has a translation.
 * Pure functions: the diner app loads this module with a language, never before.
 */
import type { Category, Dish, Memo } from "./contract/menu.js";
import type { MenuSnapshot } from "./page-data.js";

/** The restaurant's own language: the menu's base text, what kitchen tickets, the display and the bill use. */
export const MENU_BASE_LANGUAGE = "zh-CN";

/** Each kind of text a menu holds, in the order a dish is read. */
export const MENU_TEXT_KINDS = [
  "category",
  "dish",
  "intro",
  "unit",
  "norm",
  "methodGroup",
  "method",
  "additionGroup",
  "addition",
  "comboGroup",
  "comboPart",
  "memo",
  "announcement",
] as const;

export type MenuTextKind = (typeof MENU_TEXT_KINDS)[number];

/** Where a text appears: its kind and the dish it belongs to (null for categories, memos, the announcement). */
export interface MenuTextPlace {
  kind: MenuTextKind;
  dishId: number | null;
}

/** One distinct text of the menu and every place it appears, in menu order. */
export interface MenuText {
  source: string;
  places: MenuTextPlace[];
}

/** A dish as stored or as the console edits it: what of it a diner reads. */
export interface TranslatableDish {
  id: number;
  name: string;
  intro: string;
  unit: string;
  norms: ReadonlyArray<{ name: string }>;
  methodCategories: ReadonlyArray<{ categoryName: string; methodList: ReadonlyArray<{ name: string }> }>;
  additionCategories: ReadonlyArray<{ categoryName: string; additions: ReadonlyArray<{ name: string }> }>;
  combos: ReadonlyArray<{ groupName: string; name: string }>;
}

export interface TranslatableMenu {
  categories: ReadonlyArray<{ name: string }>;
  dishes: readonly TranslatableDish[];
  memos: ReadonlyArray<{ content: string }>;
  announcement: string;
}

/** The languages a menu is read in: its base and those offered to diners (complete translations). */
export interface MenuLanguages {
  base: string;
  offered: string[];
}

/** A language's translations: base text → translated text. */
export type MenuDictionary = Readonly<Record<string, string>>;

/** Every distinct non-blank text of the menu, first appearance first (a combo part's name is its dish's). */
export function menuTexts(menu: TranslatableMenu): MenuText[] {
  const byText = new Map<string, MenuText>();
  const add = (text: string, kind: MenuTextKind, dishId: number | null = null) => {
    const source = text.trim();
    if (source === "") return;
    const entry = byText.get(source) ?? { source, places: [] };
    entry.places.push({ kind, dishId });
    byText.set(source, entry);
  };
  for (const category of menu.categories) add(category.name, "category");
  for (const dish of menu.dishes) {
    add(dish.name, "dish", dish.id);
    add(dish.intro, "intro", dish.id);
    add(dish.unit, "unit", dish.id);
    for (const norm of dish.norms) add(norm.name, "norm", dish.id);
    for (const group of dish.methodCategories) {
      add(group.categoryName, "methodGroup", dish.id);
      for (const method of group.methodList) add(method.name, "method", dish.id);
    }
    for (const group of dish.additionCategories) {
      add(group.categoryName, "additionGroup", dish.id);
      for (const addition of group.additions) add(addition.name, "addition", dish.id);
    }
    for (const part of dish.combos) {
      add(part.groupName, "comboGroup", dish.id);
      add(part.name, "comboPart", dish.id);
    }
  }
  for (const memo of menu.memos) add(memo.content, "memo");
  add(menu.announcement, "announcement");
  return [...byText.values()];
}

/** How far a language has come: the menu's texts, how many are translated, and those that are not. */
export interface MenuCoverage {
  total: number;
  translated: number;
  missing: MenuText[];
}

export function menuCoverage(texts: readonly MenuText[], translated: ReadonlySet<string>): MenuCoverage {
  const missing = texts.filter((t) => !translated.has(t.source));
  return { total: texts.length, translated: texts.length - missing.length, missing };
}

/**
 * The languages diners are offered besides the base: those with a translation of every text, sorted.
 * A menu with no text offers none (there is nothing to have translated).
 */
export function offeredLanguages(
  texts: readonly MenuText[],
  translations: ReadonlyArray<{ lang: string; source: string }>,
): string[] {
  if (texts.length === 0) return [];
  const byLang = new Map<string, Set<string>>();
  for (const row of translations) {
    const set = byLang.get(row.lang) ?? new Set<string>();
    set.add(row.source);
    byLang.set(row.lang, set);
  }
  return [...byLang]
    .filter(
      ([lang, sources]) => lang !== MENU_BASE_LANGUAGE && menuCoverage(texts, sources).missing.length === 0,
    )
    .map(([lang]) => lang)
    .sort();
}

/** A text in the dictionary's language; a text it lacks stays as the restaurant wrote it. */
export function translateText(text: string, dictionary: MenuDictionary): string {
  const trimmed = text.trim();
  return (Object.hasOwn(dictionary, trimmed) ? dictionary[trimmed] : undefined) ?? text;
}

/** A wire dish with every text a diner reads in the dictionary's language; ids, prices, codes unchanged. */
export function translateDish(dish: Dish, dictionary: MenuDictionary): Dish {
  const t = (text: string) => translateText(text, dictionary);
  return {
    ...dish,
    name: t(dish.name),
    dishesName: t(dish.dishesName),
    intro: t(dish.intro),
    dishIntro: t(dish.dishIntro),
    unit: t(dish.unit),
    dishesUnit: t(dish.dishesUnit),
    type: t(dish.type),
    norms: dish.norms.map((n) => ({ ...n, name: t(n.name) })),
    methodCategories: dish.methodCategories.map((c) => ({
      ...c,
      categoryName: t(c.categoryName),
      methodList: c.methodList.map((m) => ({ ...m, name: t(m.name) })),
    })),
    additionCategories: dish.additionCategories.map((c) => ({
      ...c,
      categoryName: t(c.categoryName),
      additions: c.additions.map((a) => ({ ...a, name: t(a.name) })),
    })),
    combosList: dish.combosList.map((p) => ({
      ...p,
      name: t(p.name),
      groupName: t(p.groupName),
      norms: p.norms.map((n) => ({ ...n, name: t(n.name) })),
      cdatList: p.cdatList.map((c) => ({ ...c, name: t(c.name) })),
    })),
  };
}

export function translateCategories(categories: readonly Category[], dictionary: MenuDictionary): Category[] {
  return categories.map((c) => ({
    ...c,
    dishesTypeName: translateText(c.dishesTypeName, dictionary),
    secondCategories: c.secondCategories.map((s) => ({ ...s, name: translateText(s.name, dictionary) })),
  }));
}

export function translateMemos(memos: readonly Memo[], dictionary: MenuDictionary): Memo[] {
  return memos.map((m) => ({ ...m, content: translateText(m.content, dictionary) }));
}

/** The page's menu in the dictionary's language: what the diner app applies when a language is chosen. */
export function translateMenuSnapshot(menu: MenuSnapshot, dictionary: MenuDictionary): MenuSnapshot {
  const dish = (d: Dish) => translateDish(d, dictionary);
  return {
    ...menu,
    categories: translateCategories(menu.categories, dictionary),
    foods: menu.foods.map(dish),
    recommends: menu.recommends.map(dish),
    memos: translateMemos(menu.memos, dictionary),
  };
}
