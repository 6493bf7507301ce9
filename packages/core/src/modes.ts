import type { RestaurantDetail } from "./contract/restaurant.js";

/** Prepayment: payment type 1, not fast food, and no reserve parameter (spec 000 §1, 001 §1). */
export function isPrepaymentMode(
  restaurant: Pick<RestaurantDetail, "wctPayType" | "restaurantFastHotel">,
  query: { reserve?: string },
): boolean {
  return restaurant.wctPayType === 1 && !restaurant.restaurantFastHotel && !query.reserve;
}

/** Shop-mode entry is refused where there is no food taking or payment is online only (spec 001 §4). */
export function refusesShopMode(
  restaurant: Pick<RestaurantDetail, "foodTakingMode" | "wctPayOnly">,
): boolean {
  return restaurant.foodTakingMode === 0 || restaurant.wctPayOnly === 1;
}
