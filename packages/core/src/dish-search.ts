import type { Dish } from "./contract/menu.js";
import { dishName } from "./dish-display.js";

/** A search keyword as typed: surrounding spaces dropped, letters compared case-insensitively. */
export function normalizeKeyword(keyword: string): string {
  return keyword.trim().toLocaleLowerCase();
}

/**
 * The dishes whose name contains the keyword (the /search page), in menu order. An empty keyword
 * finds nothing rather than everything: the page then simply waits for input.
 */
export function searchDishes<T extends Pick<Dish, "name" | "dishesName">>(
  dishes: readonly T[],
  keyword: string,
): T[] {
  const wanted = normalizeKeyword(keyword);
  if (wanted === "") return [];
  return dishes.filter((dish) => dishName(dish).toLocaleLowerCase().includes(wanted));
}
