import { API, type Category, type Dish, type Memo, type PeriodDishInfo, type SellOut } from "@tablemate/core";
import { http } from "./http.js";

/** The food calls accept either name for the restaurant; both are sent (spec 001 §7). */
const food = (rid: number) => ({ restaurantId: rid, rid });

export async function fetchCategories(rid: number): Promise<Category[]> {
  return (await http.get<Category[]>(API.foodCategory, food(rid))).data;
}

export async function fetchFoodList(rid: number): Promise<Dish[]> {
  return (await http.get<Dish[]>(API.foodList, food(rid))).data;
}

export async function fetchRecommends(rid: number): Promise<Dish[]> {
  return (await http.get<Dish[]>(API.recommend, { rid })).data;
}

export async function fetchMemos(rid: number): Promise<Memo[]> {
  return (await http.get<Memo[]>(API.memos, { rid })).data;
}

/** GET {sellOut}/{hotelid}: the hotel id is part of the path. */
export async function fetchSellOut(hotelid: number): Promise<SellOut> {
  return (await http.get<SellOut>(`${API.sellOut}/${hotelid}`)).data;
}

export async function fetchPeriodDishes(rid: number): Promise<PeriodDishInfo[]> {
  return (await http.get<PeriodDishInfo[]>(API.periodDish, { rid })).data;
}
