import {
  type Dish,
  type MenuDictionary,
  translateCategories,
  translateDish,
  translateMemos,
  translateText,
} from "@tablemate/core";
import { fetchMenuTranslation } from "../../api/menu-language.js";
import { currentLocale } from "../../i18n/i18n.js";
import { type Locale, SOURCE_LOCALE } from "../../i18n/locales.js";
import { useAppStore } from "../../store/app-store.js";
import { pageAnswers } from "../../store/page-answers.js";
import type { AppState } from "../../store/types.js";
import { showMenuTexts } from "./menu-texts.js";

// The menu in the language shown, when the restaurant offers its whole menu in it: the store's menu
// is written over with the translation (what the pages read, cart lines included) and the
// restaurant's own words are kept aside, to come back to without a call. What the store gets later
// (startup's menu, stock news, recommends) is taken as the restaurant's words and shown translated.

type MenuParts = Pick<AppState, "categories" | "foods" | "recommends" | "memos" | "restaurant">;

interface Shown {
  hotelid: number;
  texts: MenuDictionary;
  /** the restaurant's own words, with the stock as it is now */
  base: MenuParts;
  /** what was put in the store */
  shown: MenuParts;
}

let translation: Shown | null = null;
/** the restaurant and language last asked for, so a change of either asks again */
let asked: { hotelid: number | null; locale: Locale } | null = null;

function partsOf(state: AppState): MenuParts {
  const { categories, foods, recommends, memos, restaurant } = state;
  return { categories, foods, recommends, memos, restaurant };
}

function translated(base: MenuParts, texts: MenuDictionary): MenuParts {
  const dish = (d: Dish) => translateDish(d, texts);
  return {
    categories: translateCategories(base.categories, texts),
    foods: base.foods.map(dish),
    recommends: base.recommends.map(dish),
    memos: translateMemos(base.memos, texts),
    restaurant: base.restaurant && {
      ...base.restaurant,
      announcement: translateText(base.restaurant.announcement, texts),
    },
  };
}

/**
 * A dish list the store changed while translated: stock news over the shown dishes (their stock
 * only) keeps the restaurant's words with the new stock; any other list is the restaurant's words.
 */
function baseDishes(now: Dish[], shown: Dish[], base: Dish[]): Dish[] {
  const shownNames = new Map(shown.map((d) => [d.dishesId, d.name]));
  const baseById = new Map(base.map((d) => [d.dishesId, d]));
  const stockNews = now.every((d) => baseById.has(d.dishesId) && shownNames.get(d.dishesId) === d.name);
  return stockNews ? now.map((d) => ({ ...(baseById.get(d.dishesId) ?? d), estimate: d.estimate })) : now;
}

/** Takes in what the store got since the translation was shown, and shows it translated. */
function follow(state: AppState): void {
  if (!translation) return;
  const { base, shown } = translation;
  const now = partsOf(state);
  if ((Object.keys(now) as (keyof MenuParts)[]).every((part) => now[part] === shown[part])) return;
  translation.base = {
    categories: now.categories === shown.categories ? base.categories : now.categories,
    foods: now.foods === shown.foods ? base.foods : baseDishes(now.foods, shown.foods, base.foods),
    recommends:
      now.recommends === shown.recommends
        ? base.recommends
        : baseDishes(now.recommends, shown.recommends, base.recommends),
    memos: now.memos === shown.memos ? base.memos : now.memos,
    restaurant: now.restaurant === shown.restaurant ? base.restaurant : now.restaurant,
  };
  show(translation);
}

function show(next: Shown): void {
  next.shown = translated(next.base, next.texts);
  translation = next;
  useAppStore.setState(next.shown);
  showMenuTexts(next.texts);
}

/** Back to the restaurant's own words (stock as it is now), with no call. */
function restore(): void {
  if (!translation) return;
  follow(useAppStore.getState());
  const { base } = translation;
  translation = null;
  useAppStore.setState(base);
  showMenuTexts({});
}

/** The restaurant's tag for a language the app shows, when its whole menu is offered in it. */
function offeredTag(hotelid: number, locale: Locale): string | null {
  if (locale === SOURCE_LOCALE) return null;
  const languages = pageAnswers(hotelid).menu?.languages;
  // a menu the page did not carry: the call says whether the language is offered
  if (!languages) return locale;
  const language = locale.split("-")[0];
  return (
    languages.offered.find((tag) => tag === locale) ??
    languages.offered.find((tag) => tag.split("-")[0] === language) ??
    null
  );
}

/**
 * Each offered language's texts once loaded, for the restaurant as the store read it (a new read, a
 * new page's menu, asks again): a language chosen again needs no call.
 */
const loaded = new WeakMap<object, Map<string, MenuDictionary>>();

async function textsIn(hotelid: number, locale: Locale): Promise<MenuDictionary | null> {
  const tag = offeredTag(hotelid, locale);
  if (!tag) return null;
  const read = translation?.base.restaurant ?? useAppStore.getState().restaurant ?? {};
  const known = loaded.get(read) ?? new Map<string, MenuDictionary>();
  loaded.set(read, known);
  const kept = known.get(tag);
  if (kept) return kept;
  // not offered (any more: a 404) or not reached: the restaurant's own words
  const answer = await fetchMenuTranslation(hotelid, tag).catch(() => null);
  if (answer) known.set(tag, answer.texts);
  return answer?.texts ?? null;
}

/**
 * The menu in the app's language when the restaurant offers it whole, else in the restaurant's own
 * words (never half translated): loads what it needs, and answers how to show it, so the caller
 * shows it with the app's words in one render.
 */
export async function menuIn(locale: Locale): Promise<() => void> {
  const { hotelid } = useAppStore.getState();
  const ask = { hotelid, locale };
  asked = ask;
  const texts = hotelid === null ? null : await textsIn(hotelid, locale);
  return () => {
    // a later choice, or another restaurant (asked again), shows its own
    if (asked !== ask || useAppStore.getState().hotelid !== hotelid) return;
    if (translation && texts) return show({ ...translation, texts });
    restore();
    if (hotelid !== null && texts) {
      const base = partsOf(useAppStore.getState());
      show({ hotelid, texts, base, shown: base });
    }
  };
}

// the store's menu arriving (startup) or changing is shown in the language; another restaurant asks again
useAppStore.subscribe((state) => {
  if (translation && state.hotelid !== translation.hotelid) {
    translation = null;
    showMenuTexts({});
  }
  follow(state);
  if (asked && state.hotelid !== asked.hotelid) void menuIn(currentLocale()).then((showMenu) => showMenu());
});
