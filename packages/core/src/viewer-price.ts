import type { Dish } from "./contract/menu.js";

type PricedDish = Pick<Dish, "price" | "vipPrice" | "pricingType" | "startPrice" | "startVipPrice">;

/**
 * The prices a card shows to this diner (spec 000 §4 member display): a member sees the member
 * price (and the starting member price of a starting-price dish) wherever one is set; anyone else
 * the regular price. Feed the result to dishPrice.
 */
export function viewerPrices(
  dish: PricedDish,
  isMember: boolean,
): Pick<Dish, "price" | "pricingType" | "startPrice"> {
  if (!isMember || dish.vipPrice == null) {
    return { price: dish.price, pricingType: dish.pricingType, startPrice: dish.startPrice };
  }
  return {
    price: dish.vipPrice,
    pricingType: dish.pricingType,
    startPrice: dish.startVipPrice ?? dish.startPrice,
  };
}
