import type { Dish, SellOut } from "./contract/menu.js";

/** Sets each listed dish's remaining stock to its sell-out sum; dishes not listed keep theirs. */
export function applySellOut(foods: readonly Dish[], sellOut: SellOut): Dish[] {
  const sums = new Map(sellOut.value.map((entry) => [entry.foodId, entry.sum]));
  return foods.map((dish) => {
    const sum = sums.get(dish.dishesId);
    return sum === undefined || sum === dish.estimate ? dish : { ...dish, estimate: sum };
  });
}

export function additionEstimates(sellOut: SellOut): Record<number, number> {
  return Object.fromEntries(sellOut.additions.map((entry) => [entry.additionId, entry.sum]));
}
