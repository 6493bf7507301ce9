import type { RestaurantDetail } from "@tablemate/core";
import type { SearchObj } from "./search-obj.js";

/** Prepayment: payment type 1, not fast food, and not a reservation (spec 000 §1, 001 §1). */
export function isPrepaymentMode(restaurant: RestaurantDetail, searchObj: SearchObj): boolean {
  return restaurant.wctPayType === 1 && !restaurant.restaurantFastHotel && !searchObj.reserve;
}

/** Shop-mode entry is refused where there is no food taking or payment is online only (spec 001 §4). */
export function refusesShopMode(restaurant: RestaurantDetail): boolean {
  return restaurant.foodTakingMode === 0 || restaurant.wctPayOnly === 1;
}
