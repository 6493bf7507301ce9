import {
  type Category,
  DINER_API,
  type Dish,
  type Memo,
  type PeriodDishInfo,
  type SellOut,
} from "@tablemate/core";
import { http } from "./http.js";

/** The food calls accept either name for the restaurant; both are sent (spec 001 §7). */
const food = (rid: number) => ({ restaurantId: rid, rid });

export function fetchCategories(rid: number): Promise<Category[]> {
  return http.get(DINER_API.foodCategory, food(rid));
}

export function fetchFoodList(rid: number): Promise<Dish[]> {
  return http.get(DINER_API.foodList, food(rid));
}

export function fetchRecommends(rid: number): Promise<Dish[]> {
  return http.get(DINER_API.recommend, { rid });
}

export function fetchMemos(rid: number): Promise<Memo[]> {
  return http.get(DINER_API.memos, { rid });
}

/** GET {sellOut}/{hotelid}: the hotel id is part of the path. */
export function fetchSellOut(hotelid: number): Promise<SellOut> {
  return http.get(`${DINER_API.sellOut}/${hotelid}`);
}

export function fetchPeriodDishes(rid: number): Promise<PeriodDishInfo[]> {
  return http.get(DINER_API.periodDish, { rid });
}
