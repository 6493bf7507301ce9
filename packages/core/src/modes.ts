import type { RestaurantDetail } from "./contract/restaurant.js";
import { supports } from "./version.js";

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

/**
 * The call-waiter bell is offered where the restaurant has the service switched on and its register
 * is new enough to receive the call (spec 000 §3 wctCallService, §9 version 2.17.06).
 */
export function offersCallWaiter(
  restaurant: Pick<RestaurantDetail, "wctCallService" | "serverVersion">,
): boolean {
  return restaurant.wctCallService && supports(restaurant.serverVersion, "callWaiter");
}
