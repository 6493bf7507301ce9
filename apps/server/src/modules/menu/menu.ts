import {
  availableEstimate,
  type Dish,
  type LocalClock,
  localClock,
  type Memo,
  type MenuDictionary,
  type MenuSnapshot,
  type MenuTranslation,
  menuEstimates,
  PERIOD_SALE_CODES,
  type PeriodSaleResult,
  periodState,
  pricedByRegister,
  refusedCombos,
  type SellOut,
  translateCategories,
  translateDish,
  translateMemos,
} from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { additionStock, categories, dishes, memos } from "../../db/schema.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";
import { type DishRow, presentCategories, presentDish, presentPeriodInfo } from "./present.js";
import {
  languageState,
  type MenuLanguageState,
  textsOf,
  translationAnswer,
  translationRows,
} from "./translations.js";

/** salablePeriodType of a dish sold only in its periods (000 §3) */
const PERIOD_SALE_TYPE = 1;

export interface MenuContext {
  db: Db;
  now: () => Date;
  imageHost: string;
}

export interface MenuRows {
  categoryRows: (typeof categories.$inferSelect)[];
  dishRows: DishRow[];
}

/** The menu's categories and the dishes the restaurant's register offers (no combos below 2.23.00). */
export async function menuRows(db: Db, restaurant: RestaurantRow): Promise<MenuRows> {
  const [categoryRows, allDishRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.restaurantId, restaurant.id)),
    db
      .select()
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurant.id))
      .orderBy(asc(dishes.sort), asc(dishes.id)),
  ]);
  const refused = new Set(refusedCombos(allDishRows, restaurant));
  // what the console hid stays off the menu: hidden dishes, and every dish of a hidden category
  const hiddenCategories = new Set(categoryRows.filter((c) => c.hidden).map((c) => c.id));
  const shown = (row: DishRow) =>
    !row.hidden &&
    !hiddenCategories.has(row.categoryId) &&
    (row.secondCategoryId === null || !hiddenCategories.has(row.secondCategoryId));
  return {
    categoryRows: categoryRows.filter(
      (c) => !c.hidden && (c.parentId === null || !hiddenCategories.has(c.parentId)),
    ),
    dishRows: allDishRows.filter((row) => !refused.has(row) && shown(row)),
  };
}

function clockOf(ctx: MenuContext, restaurant: RestaurantRow): LocalClock {
  return localClock(ctx.now(), restaurant.timezone);
}

/** The languages of the menu diners see now, and each offered one's dictionary. */
async function menuLanguageState(
  db: Db,
  restaurant: RestaurantRow,
  rows: MenuRows,
  memoRows: Memo[],
): Promise<MenuLanguageState> {
  const texts = textsOf(restaurant, rows.categoryRows, rows.dishRows, memoRows);
  return languageState(texts, await translationRows(db, restaurant.id));
}

/** The dictionary of `lang` when the restaurant offers it; else null (the base text). */
async function dictionaryOf(
  ctx: MenuContext,
  restaurant: RestaurantRow,
  rows: MenuRows,
  lang: string | undefined,
): Promise<MenuDictionary | null> {
  if (lang === undefined) return null;
  const memoRows = await restaurantMemos(ctx.db, restaurant.id);
  return (await menuLanguageState(ctx.db, restaurant, rows, memoRows)).dictionary(lang);
}

export async function foodCategories(ctx: MenuContext, restaurant: RestaurantRow, lang?: string) {
  const rows = await menuRows(ctx.db, restaurant);
  const list = presentCategories(rows.categoryRows, rows.dishRows);
  const dictionary = await dictionaryOf(ctx, restaurant, rows, lang);
  return dictionary ? translateCategories(list, dictionary) : list;
}

const translatedFoods = (foods: Dish[], dictionary: MenuDictionary | null): Dish[] =>
  dictionary ? foods.map((d) => translateDish(d, dictionary)) : foods;

/** Dishes in menu order: by first-level category, then the dish's own order. */
function presentFoods(
  ctx: MenuContext,
  restaurant: RestaurantRow,
  { categoryRows, dishRows }: Awaited<ReturnType<typeof menuRows>>,
): Dish[] {
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const sortOf = (d: DishRow) => categoryById.get(d.categoryId)?.sort ?? 0;
  const ordered = [...dishRows].sort((a, b) => sortOf(a) - sortOf(b) || a.categoryId - b.categoryId);
  const clock = clockOf(ctx, restaurant);
  // sold out, snoozed, or a combo whose parts cannot make it: as diners may order it now
  const estimates = menuEstimates(dishRows, ctx.now());
  return ordered.map((row, index) =>
    pricedByRegister(
      presentDish(row, {
        categoryName: categoryById.get(row.categoryId)?.name ?? "",
        index,
        clock,
        imageHost: ctx.imageHost,
        estimate: estimates.get(row.id),
      }),
      restaurant,
    ),
  );
}

export async function foodList(ctx: MenuContext, restaurant: RestaurantRow, lang?: string): Promise<Dish[]> {
  const rows = await menuRows(ctx.db, restaurant);
  return translatedFoods(
    presentFoods(ctx, restaurant, rows),
    await dictionaryOf(ctx, restaurant, rows, lang),
  );
}

/** 老板推荐 in the order the console set (then the menu's). */
function recommendsOf(foods: Dish[], dishRows: readonly DishRow[]): Dish[] {
  const order = new Map(dishRows.map((row) => [row.id, row.recommendSort]));
  return foods
    .filter((d) => d.isRecommend)
    .map((dish, i) => ({ dish, i }))
    .sort((a, b) => (order.get(a.dish.id) ?? 0) - (order.get(b.dish.id) ?? 0) || a.i - b.i)
    .map(({ dish }) => dish);
}

export async function recommendedFoods(
  ctx: MenuContext,
  restaurant: RestaurantRow,
  lang?: string,
): Promise<Dish[]> {
  const rows = await menuRows(ctx.db, restaurant);
  const foods = recommendsOf(presentFoods(ctx, restaurant, rows), rows.dishRows);
  return translatedFoods(foods, await dictionaryOf(ctx, restaurant, rows, lang));
}

/** The memos in `lang` when the restaurant offers it, else as written. */
export async function menuMemos(ctx: MenuContext, restaurant: RestaurantRow, lang?: string): Promise<Memo[]> {
  const memoRows = await restaurantMemos(ctx.db, restaurant.id);
  if (lang === undefined) return memoRows;
  const state = await menuLanguageState(ctx.db, restaurant, await menuRows(ctx.db, restaurant), memoRows);
  const dictionary = state.dictionary(lang);
  return dictionary ? translateMemos(memoRows, dictionary) : memoRows;
}

/** The menu-translation call: the menu's texts in an offered language (the base answers none). */
export async function menuTranslation(
  ctx: MenuContext,
  restaurant: RestaurantRow,
  lang: string,
): Promise<MenuTranslation> {
  const [rows, memoRows] = await Promise.all([
    menuRows(ctx.db, restaurant),
    restaurantMemos(ctx.db, restaurant.id),
  ]);
  return translationAnswer(await menuLanguageState(ctx.db, restaurant, rows, memoRows), lang);
}

/**
 * The whole menu as six calls would answer it (categories, foods, recommends, period dishes, memos,
 * sell-out), from one read of the dishes: for the page, whose app then makes none of those calls.
 */
export async function menuSnapshot(ctx: MenuContext, restaurant: RestaurantRow): Promise<MenuSnapshot> {
  const [rows, memoRows, additionRows] = await Promise.all([
    menuRows(ctx.db, restaurant),
    restaurantMemos(ctx.db, restaurant.id),
    additionStockRows(ctx.db, restaurant.id),
  ]);
  const foods = presentFoods(ctx, restaurant, rows);
  const clock = clockOf(ctx, restaurant);
  const { languages } = await menuLanguageState(ctx.db, restaurant, rows, memoRows);
  return {
    categories: presentCategories(rows.categoryRows, rows.dishRows),
    foods,
    recommends: recommendsOf(foods, rows.dishRows),
    periodDishes: rows.dishRows
      .filter((row) => row.salablePeriodType === PERIOD_SALE_TYPE)
      .map((row) => presentPeriodInfo(row, clock)),
    memos: memoRows,
    // from the same rows as the foods, so the page's stock and its dishes' agree
    sellOut: presentSellOut(rows.dishRows, additionRows, ctx.now()),
    languages,
  };
}

function additionStockRows(db: Db, restaurantId: number) {
  return db
    .select({
      additionId: additionStock.additionId,
      estimate: additionStock.estimate,
      snoozedUntil: additionStock.snoozedUntil,
    })
    .from(additionStock)
    .where(eq(additionStock.restaurantId, restaurantId));
}

type StockRows = Parameters<typeof menuEstimates>[0];

/**
 * The sell-out answer: the stock diners may order now of every dish and limited addition (a snooze
 * reads 0, a combo whose parts cannot make it 0); -1 is unlimited, and unlimited additions are left out.
 */
function presentSellOut(
  dishRows: StockRows,
  additions: Awaited<ReturnType<typeof additionStockRows>>,
  now: Date,
): SellOut {
  const estimates = menuEstimates(dishRows, now);
  return {
    value: dishRows.map((row) => ({ foodId: row.id, sum: estimates.get(row.id) ?? row.estimate })),
    additions: additions
      .map((row) => ({ additionId: row.additionId, sum: availableEstimate(row, now) }))
      .filter((row) => row.sum !== -1),
  };
}

/** The sell-out call's answer, read now. */
export async function sellOut(db: Db, restaurantId: number, now: Date): Promise<SellOut> {
  const [dishRows, additionRows] = await Promise.all([
    db
      .select({
        id: dishes.id,
        estimate: dishes.estimate,
        snoozedUntil: dishes.snoozedUntil,
        combos: dishes.combos,
      })
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId)),
    additionStockRows(db, restaurantId),
  ]);
  return presentSellOut(dishRows, additionRows, now);
}

export async function periodDishes(ctx: MenuContext, restaurant: RestaurantRow) {
  const rows = await ctx.db
    .select()
    .from(dishes)
    .where(and(eq(dishes.restaurantId, restaurant.id), eq(dishes.salablePeriodType, PERIOD_SALE_TYPE)));
  const clock = clockOf(ctx, restaurant);
  return rows.map((row) => presentPeriodInfo(row, clock));
}

/** Which of these dishes are outside their sale period now (spec 001 §7 codes). */
export async function checkPeriodSale(
  ctx: MenuContext,
  restaurant: RestaurantRow,
  foodIds: number[],
): Promise<{ code: number; result: PeriodSaleResult }> {
  const unique = [...new Set(foodIds)];
  const rows = unique.length
    ? await ctx.db
        .select()
        .from(dishes)
        .where(and(eq(dishes.restaurantId, restaurant.id), inArray(dishes.id, unique)))
    : [];
  const clock = clockOf(ctx, restaurant);
  const expired = rows
    .filter((row) => row.salablePeriodType === 1)
    .filter(
      (row) => periodState({ week: row.salableDays, time: row.salableTime }, clock).availableStatus !== 1,
    )
    .map((row) => row.id);
  const isAll = expired.length > 0 && expired.length === unique.length;
  const code =
    expired.length === 0 ? PERIOD_SALE_CODES.ok : isAll ? PERIOD_SALE_CODES.all : PERIOD_SALE_CODES.partial;
  return {
    code,
    result: {
      state: code,
      isAll,
      expriedFoodIds: expired,
      unsalableFoods: expired.map((foodId) => ({ foodId })),
    },
  };
}

export async function restaurantMemos(db: Db, restaurantId: number): Promise<Memo[]> {
  return db
    .select({ id: memos.id, type: memos.type, content: memos.content, number: memos.number })
    .from(memos)
    .where(eq(memos.restaurantId, restaurantId))
    .orderBy(asc(memos.id));
}
