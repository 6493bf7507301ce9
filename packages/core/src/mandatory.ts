import Big from "big.js";
import type { Dish } from "./contract/menu.js";
import { isMustOrder } from "./diner-count.js";
import { isAddable } from "./dish-rules.js";
import { startingChoice } from "./line-choice.js";
import { checkChoice } from "./line-rules.js";
import type { LineChoice } from "./pricing.js";
import { checkQuantity, MAX_QUANTITY } from "./quantity.js";

/**
 * What a must-order dish brings (spec 001 §5), as the diner-count step says it and the cart gets it:
 * `each` per diner (mustFoodType 1: mustFoodNum, default 1; any type but 1 and 2: one) or for the whole
 * table (mustFoodType 2: mustFoodNum); `atLeast`, the dish's minimum, where it raises what some count
 * brings (a lone diner's 1 to 2 bowls), else null. One rule for both, so the words never say less.
 */
export interface MustOrderRule {
  per: "diner" | "table";
  each: number;
  atLeast: number | null;
}

export function mustOrderRule(dish: Pick<Dish, "mustFoodType" | "mustFoodNum" | "minCount">): MustOrderRule {
  const num = dish.mustFoodNum > 0 ? dish.mustFoodNum : 1;
  const per = dish.mustFoodType === 2 ? "table" : "diner";
  const each = dish.mustFoodType === 1 || dish.mustFoodType === 2 ? num : 1;
  const min = dish.minCount ?? 1;
  return { per, each, atLeast: min > each ? min : null };
}

/**
 * Must-order dishes (spec 001 §5): necessary and not seasonal, added for the table, as many as
 * mustOrderRule says for the count: never below the dish's minimum (a first add brings that much
 * too), capped at 999. A must-order line is a line like any
 * other: with its starting choice (default norm and methods, a fixed combo's parts), skipped when
 * the dish is not on sale, when that choice is not complete (a combo part to pick) or when the
 * quantity rules refuse the count (short of stock).
 */
export function mandatoryQuantity(
  dish: Pick<Dish, "mustFoodType" | "mustFoodNum" | "minCount">,
  diners: number,
): number {
  const rule = mustOrderRule(dish);
  const quantity = rule.per === "diner" ? diners * rule.each : rule.each;
  return Math.min(Math.max(quantity, rule.atLeast ?? 1), MAX_QUANTITY);
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
