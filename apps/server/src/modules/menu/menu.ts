import {
  type Dish,
  type LocalClock,
  localClock,
  type MenuSnapshot,
  PERIOD_SALE_CODES,
  type PeriodSaleResult,
  periodState,
} from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { additionStock, categories, dishes, memos } from "../../db/schema.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";
import { type DishRow, presentCategories, presentDish, presentPeriodInfo } from "./present.js";

/** salablePeriodType of a dish sold only in its periods (000 §3) */
const PERIOD_SALE_TYPE = 1;

export interface MenuContext {
  db: Db;
  now: () => Date;
  imageHost: string;
}

async function menuRows(db: Db, restaurantId: number) {
  const [categoryRows, dishRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.restaurantId, restaurantId)),
    db
      .select()
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId))
      .orderBy(asc(dishes.sort), asc(dishes.id)),
  ]);
  return { categoryRows, dishRows };
}

function clockOf(ctx: MenuContext, restaurant: RestaurantRow): LocalClock {
  return localClock(ctx.now(), restaurant.timezone);
}

export async function foodCategories(ctx: MenuContext, restaurant: RestaurantRow) {
  const { categoryRows, dishRows } = await menuRows(ctx.db, restaurant.id);
  return presentCategories(categoryRows, dishRows);
}

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
  return ordered.map((row, index) =>
    presentDish(row, {
      categoryName: categoryById.get(row.categoryId)?.name ?? "",
      index,
      clock,
      imageHost: ctx.imageHost,
    }),
  );
}

export async function foodList(ctx: MenuContext, restaurant: RestaurantRow): Promise<Dish[]> {
  return presentFoods(ctx, restaurant, await menuRows(ctx.db, restaurant.id));
}

export async function recommendedFoods(ctx: MenuContext, restaurant: RestaurantRow): Promise<Dish[]> {
  return (await foodList(ctx, restaurant)).filter((d) => d.isRecommend);
}

/** The whole menu as four calls would answer it, from one read: for the page's first screen. */
export async function menuSnapshot(ctx: MenuContext, restaurant: RestaurantRow): Promise<MenuSnapshot> {
  const rows = await menuRows(ctx.db, restaurant.id);
  const foods = presentFoods(ctx, restaurant, rows);
  const clock = clockOf(ctx, restaurant);
  return {
    categories: presentCategories(rows.categoryRows, rows.dishRows),
    foods,
    recommends: foods.filter((d) => d.isRecommend),
    periodDishes: rows.dishRows
      .filter((row) => row.salablePeriodType === PERIOD_SALE_TYPE)
      .map((row) => presentPeriodInfo(row, clock)),
  };
}

/** Remaining stock of every dish and limited addition; -1 is unlimited. */
export async function sellOut(db: Db, restaurantId: number) {
  const [dishRows, additionRows] = await Promise.all([
    db
      .select({ foodId: dishes.id, sum: dishes.estimate })
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId)),
    db
      .select({ additionId: additionStock.additionId, sum: additionStock.estimate })
      .from(additionStock)
      .where(eq(additionStock.restaurantId, restaurantId)),
  ]);
  return { value: dishRows, additions: additionRows };
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

export async function restaurantMemos(db: Db, restaurantId: number) {
  return db
    .select({ id: memos.id, type: memos.type, content: memos.content, number: memos.number })
    .from(memos)
    .where(eq(memos.restaurantId, restaurantId))
    .orderBy(asc(memos.id));
}
