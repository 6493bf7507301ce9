import type { Dish } from "./contract/menu.js";
import type { RestaurantDetail } from "./contract/restaurant.js";
import { supports } from "./version.js";

/**
 * What a restaurant's register version offers (spec 000 §9, 001 §5, §9): combos from 2.23.00, member
 * cards from 2.20.00 (memberPay: login, 开通会员, open-card coupons, campaigns, recharge, member pay),
 * member prices from 2.24.00. Below a gate the feature is not there at all: the menu leaves combos out (the
 * app never shows them, the server refuses them), and dishes carry no member price (no 会员价 tag, no
 * 会员价合计, nothing priced with it).
 */
type Register = Pick<RestaurantDetail, "serverVersion">;

/** A combo: any dish but a single one (spec 000 §3: foodproperty 0 single; 1, 3 and the others combos). */
export function isCombo(dish: Pick<Dish, "foodproperty">): boolean {
  return dish.foodproperty !== 0;
}

export function offersCombos(restaurant: Register): boolean {
  return supports(restaurant.serverVersion, "combo");
}

/** Card use and every member feature (001 §5, §9: memberPay 2.20.00); below it the restaurant has no members. */
export function offersMemberCards(restaurant: Register): boolean {
  return supports(restaurant.serverVersion, "memberPay");
}

export function offersMemberPrices(restaurant: Register): boolean {
  return supports(restaurant.serverVersion, "vip");
}

/** The dish as the register prices it: without member prices below 2.24.00, else as it is. */
export function pricedByRegister(dish: Dish, restaurant: Register): Dish {
  if (offersMemberPrices(restaurant)) return dish;
  return {
    ...dish,
    vipPrice: null,
    startVipPrice: null,
    norms: dish.norms.map((norm) => ({ ...norm, vipPrice: null })),
  };
}

/** The combos among `dishes` the register cannot take: every combo below 2.23.00, else none. */
export function refusedCombos<T extends Pick<Dish, "foodproperty">>(
  dishes: readonly T[],
  restaurant: Register,
): T[] {
  return offersCombos(restaurant) ? [] : dishes.filter(isCombo);
}

/** The dishes a menu offers on this register: no combos below 2.23.00, no member prices below 2.24.00. */
export function offeredDishes(dishes: readonly Dish[], restaurant: Register): Dish[] {
  const refused = new Set(refusedCombos(dishes, restaurant));
  return dishes.filter((dish) => !refused.has(dish)).map((dish) => pricedByRegister(dish, restaurant));
}
