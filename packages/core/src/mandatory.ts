import Big from "big.js";
import type { Dish } from "./contract/menu.js";
import { isSoldOut } from "./dish-rules.js";
import type { LineChoice } from "./pricing.js";
import { MAX_QUANTITY } from "./quantity.js";

/**
 * Must-order dishes (spec 001 §5): necessary and not seasonal, added for the table. mustFoodType 1:
 * diners × mustFoodNum; 2: mustFoodNum; otherwise the number of diners; capped at 999. Skipped when
 * sold out or short of the needed quantity. Default norm and default methods (the first method of a
 * category without a default).
 */
export function mandatoryQuantity(dish: Pick<Dish, "mustFoodType" | "mustFoodNum">, diners: number): number {
  const num = dish.mustFoodNum > 0 ? dish.mustFoodNum : 1;
  const quantity = dish.mustFoodType === 1 ? diners * num : dish.mustFoodType === 2 ? num : diners;
  return Math.min(quantity, MAX_QUANTITY);
}

export function defaultChoice(dish: Pick<Dish, "norms" | "methodCategories">): LineChoice {
  const norm = dish.norms.find((n) => n.isDefault) ?? dish.norms[0];
  const methodIds = dish.methodCategories.flatMap((category) => {
    const method = category.methodList.find((m) => m.isDefault) ?? category.methodList[0];
    return method ? [method.id] : [];
  });
  return { normId: norm?.id ?? null, methodIds, additions: [], parts: [] };
}

export interface MandatoryLine {
  foodId: number;
  choice: LineChoice;
  count: Big;
}

export function mandatoryLines(dishes: readonly Dish[], diners: number): MandatoryLine[] {
  if (diners < 1) return [];
  return dishes.flatMap((dish) => {
    if (!dish.necessary || dish.season || isSoldOut(dish)) return [];
    const quantity = mandatoryQuantity(dish, diners);
    if (dish.estimate !== -1 && dish.estimate < quantity) return [];
    return [{ foodId: dish.id, choice: defaultChoice(dish), count: new Big(quantity) }];
  });
}
