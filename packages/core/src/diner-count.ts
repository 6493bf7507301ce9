import type { Dish } from "./contract/menu.js";
import type { RestaurantDetail } from "./contract/restaurant.js";

/**
 * A must-order dish (spec 001 §5): necessary and not seasonal. Every kind arrives with the diner count
 * (mandatory.ts), none before. Here, apart from mandatory.ts's line rules, so the menu's first
 * screen can ask it without carrying those.
 */
export function isMustOrder(dish: Pick<Dish, "necessary" | "season">): boolean {
  return dish.necessary && !dish.season;
}

/**
 * Whether an order needs the diner count (spec 000 §2 /selectNumber, 001 §5 must-order dishes):
 * quick-service when the restaurant says so (fastFoodNeedPersonNum); a dine-in table when the menu
 * has a must-order dish, since must-order dishes are added only once the count is set (mandatory.ts),
 * so a table without it would never get them. Takeout and reservations have no table party: never.
 * Read from data only (not from what is on sale now), so the app and the server always agree.
 */
export function needsDinerCount(
  restaurant: Pick<RestaurantDetail, "restaurantFastHotel" | "fastFoodNeedPersonNum">,
  menu: readonly Pick<Dish, "necessary" | "season">[],
  query: { takeout?: string | undefined; reserve?: string | undefined },
): boolean {
  if (query.takeout || query.reserve) return false;
  if (restaurant.restaurantFastHotel) return restaurant.fastFoodNeedPersonNum;
  return menu.some(isMustOrder);
}

/** A count of at least one diner is a set count; 0 (the order's '-') is none. */
export function hasDinerCount(personNum: number | null | undefined): boolean {
  return (personNum ?? 0) >= 1;
}

/**
 * Whether to ask the diner count now: the visit needs one and the table's count is known (null:
 * not known yet, so not asked) and not set.
 */
export function asksDinerCount(
  restaurant: Pick<RestaurantDetail, "restaurantFastHotel" | "fastFoodNeedPersonNum"> | null,
  menu: readonly Pick<Dish, "necessary" | "season">[],
  query: { takeout?: string | undefined; reserve?: string | undefined },
  personNum: number | null,
): boolean {
  return (
    restaurant !== null &&
    personNum !== null &&
    needsDinerCount(restaurant, menu, query) &&
    !hasDinerCount(personNum)
  );
}
