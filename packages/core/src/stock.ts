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

/** The units of limited stock an order's lines take: by dish id and by addition id. */
export interface StockUnits {
  dishes: Map<number, number>;
  additions: Map<number, number>;
}

/**
 * What an order takes from stock, and a cancel gives back: stock counts whole units, so a weighed
 * portion takes one unit per started unit, and each addition its count for every such unit.
 */
export function stockUnits(
  lines: Iterable<{ foodId: number; count: string; additions: readonly { id: number; count: number }[] }>,
): StockUnits {
  const units: StockUnits = { dishes: new Map(), additions: new Map() };
  for (const line of lines) {
    const whole = Math.ceil(Number(line.count));
    units.dishes.set(line.foodId, (units.dishes.get(line.foodId) ?? 0) + whole);
    for (const addition of line.additions) {
      units.additions.set(addition.id, (units.additions.get(addition.id) ?? 0) + addition.count * whole);
    }
  }
  return units;
}
