import Big from "big.js";
import type { Dish } from "./contract/menu.js";
import { isMustOrder } from "./diner-count.js";
import { isAddable } from "./dish-rules.js";
import { startingChoice } from "./line-choice.js";
import { checkChoice } from "./line-rules.js";
import type { LineChoice } from "./pricing.js";
import { checkQuantity, MAX_QUANTITY } from "./quantity.js";

/**
 * Must-order dishes (spec 001 §5): necessary and not seasonal, added for the table. mustFoodType 1:
 * diners × mustFoodNum; 2: mustFoodNum; otherwise the number of diners; never below the dish's
 * minimum (a first add brings that much too), capped at 999. A must-order line is a line like any
 * other: with its starting choice (default norm and methods, a fixed combo's parts), skipped when
 * the dish is not on sale, when that choice is not complete (a combo part to pick) or when the
 * quantity rules refuse the count (short of stock).
 */
export function mandatoryQuantity(
  dish: Pick<Dish, "mustFoodType" | "mustFoodNum" | "minCount">,
  diners: number,
): number {
  const num = dish.mustFoodNum > 0 ? dish.mustFoodNum : 1;
  const quantity = dish.mustFoodType === 1 ? diners * num : dish.mustFoodType === 2 ? num : diners;
  return Math.min(Math.max(quantity, dish.minCount ?? 1), MAX_QUANTITY);
}

export interface MandatoryLine {
  foodId: number;
  choice: LineChoice;
  count: Big;
}

export function mandatoryLines(dishes: readonly Dish[], diners: number): MandatoryLine[] {
  if (diners < 1) return [];
  return dishes.flatMap((dish) => {
    if (!isMustOrder(dish) || !isAddable(dish, dish)) return [];
    const choice = startingChoice(dish);
    const count = new Big(mandatoryQuantity(dish, diners));
    if (!checkChoice(dish, choice).ok || !checkQuantity(dish, count, count).ok) return [];
    return [{ foodId: dish.id, choice, count }];
  });
}
