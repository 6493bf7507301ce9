import type { Dish } from "./contract/menu.js";
import { isMarketPrice, truncateMoney } from "./money.js";

/** A dish without a unit is sold by the 份 (spec 000 §3). */
export const DEFAULT_UNIT = "份";
/** Units too obvious to print (spec 000 §5). */
export const HIDDEN_UNITS: readonly string[] = ["份", "个"];
/** The unit text, slash included, is cut to this many characters (spec 000 §5). */
export const UNIT_TEXT_MAX = 5;

export function dishName(dish: Pick<Dish, "name" | "dishesName">): string {
  return dish.name || dish.dishesName;
}

export function dishIntro(dish: Pick<Dish, "intro" | "dishIntro">): string {
  return dish.intro || dish.dishIntro;
}

export function dishUnit(dish: Pick<Dish, "unit" | "dishesUnit">): string {
  return dish.unit || dish.dishesUnit || DEFAULT_UNIT;
}

/** '' for 份 and 个, else '/unit' cut to 5 characters (counted as characters, not UTF-16 units). */
export function unitText(unit: string): string {
  if (unit === "" || HIDDEN_UNITS.includes(unit)) return "";
  return Array.from(`/${unit}`).slice(0, UNIT_TEXT_MAX).join("");
}

export type PriceDisplay =
  | { kind: "market" }
  /** amount truncated to 2 decimals; startingFrom adds 起 */
  | { kind: "amount"; amount: string; startingFrom: boolean };

/** The price a card shows: 时价 for a market price; a starting-price dish shows its start price with 起. */
export function dishPrice(dish: Pick<Dish, "price" | "pricingType" | "startPrice">): PriceDisplay {
  const startingFrom = dish.pricingType === 1;
  const price = startingFrom && dish.startPrice != null ? dish.startPrice : dish.price;
  if (isMarketPrice(price)) return { kind: "market" };
  return { kind: "amount", amount: truncateMoney(price), startingFrom };
}

/** The dish as priced with a norm chosen: the spec sheet's header shows the chosen norm's price. */
export function pricedWithNorm<D extends Pick<Dish, "price" | "vipPrice" | "norms">>(
  dish: D,
  normId: number | null,
): D {
  const norm = dish.norms.find((n) => n.id === normId);
  return norm ? { ...dish, price: norm.price, vipPrice: norm.vipPrice } : dish;
}
