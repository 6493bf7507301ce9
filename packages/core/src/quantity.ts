import Big from "big.js";
import type { Dish } from "./contract/menu.js";
import { dishUnit } from "./dish-display.js";

/** Quantity rules of a dish in the cart (spec 000 §5, 001 §5; DECISIONS "stock boundary"). */
export const MAX_QUANTITY = 999;
/** At this many or more, + and - open the number keypad. */
export const KEYPAD_FROM = 4;
export const TOO_MANY_MESSAGE = "您选择的菜品数量太多了！";

type QuantityDish = Pick<
  Dish,
  "name" | "estimate" | "minCount" | "inceptStep" | "Weigh" | "unit" | "dishesUnit"
>;

export type QuantityResult =
  | { ok: true; count: Big }
  | { ok: false; reason: "tooMany" | "stock" | "invalid"; message: string };

/** What a first + brings: the minimum, at least 1. */
const minimum = (dish: QuantityDish) => Math.max(dish.minCount ?? 1, 1);
const step = (dish: QuantityDish) => Math.max(dish.inceptStep || 1, 1);
/** A weighed dish's weight: the decimals a count may carry (the wire's, `\d{1,4}(\.\d{1,3})?`). */
export const WEIGHT_DECIMALS = 3;

export function stockMessage(dish: Pick<Dish, "name" | "estimate">): string {
  return dish.estimate <= 0 ? `${dish.name}已售罄` : `${dish.name}仅剩${dish.estimate}份`;
}

/**
 * The rule for one line's count, whatever made it (+, −, the keypad, the diner count, a local cart):
 * a whole number (a weighed dish: a weight of up to 3 decimals), positive, at least the minimum,
 * at most 999. A weighed dish may weigh less than the 1 a first + brings (half a 斤 of fish), down
 * to its own minCount.
 */
export function checkLineCount(dish: QuantityDish, count: Big): QuantityResult {
  // no step grid: the keypad types any whole count, the diner count brings one per diner (5 of a step 2)
  const decimals = dish.Weigh ? WEIGHT_DECIMALS : 0;
  if (count.lte(0) || !count.round(decimals, Big.roundDown).eq(count)) {
    return { ok: false, reason: "invalid", message: "数量不正确" };
  }
  const least = dish.Weigh ? (dish.minCount ?? 0) : minimum(dish);
  if (count.lt(least)) return { ok: false, reason: "invalid", message: `${least}${dishUnit(dish)}起售` };
  if (count.gt(MAX_QUANTITY)) return { ok: false, reason: "tooMany", message: TOO_MANY_MESSAGE };
  return { ok: true, count };
}

/**
 * What the whole cart holds of a dish across its lines: at most 999, and within the stock. A diner
 * can take exactly what is left, never more.
 */
export function checkDishTotal(dish: QuantityDish, total: Big): QuantityResult {
  if (total.gt(MAX_QUANTITY)) return { ok: false, reason: "tooMany", message: TOO_MANY_MESSAGE };
  if (dish.estimate !== -1 && total.gt(dish.estimate)) {
    return { ok: false, reason: "stock", message: stockMessage(dish) };
  }
  return { ok: true, count: total };
}

/** A line's new count, and `dishTotal`, what the whole cart would then hold of its dish. */
export function checkQuantity(dish: QuantityDish, count: Big, dishTotal: Big): QuantityResult {
  const line = checkLineCount(dish, count);
  if (!line.ok) return line;
  const total = checkDishTotal(dish, dishTotal);
  return total.ok ? line : total;
}

/** + : the first add brings the minimum, later adds the step. */
export function increment(dish: QuantityDish, current: Big, dishTotal: Big): QuantityResult {
  const by = current.eq(0) ? minimum(dish) : step(dish);
  return checkQuantity(dish, current.plus(by), dishTotal.plus(by));
}

/** − : at or below the minimum the dish leaves the cart; otherwise down a step, not below the minimum. */
export function decrement(dish: QuantityDish, current: Big): Big {
  const min = minimum(dish);
  if (current.lte(min)) return new Big(0);
  const next = current.minus(step(dish));
  return next.lt(min) ? new Big(min) : next;
}

/** Weighed dishes and counts of 4 or more use the keypad instead of + and −. */
export function usesKeypad(dish: Pick<Dish, "Weigh">, current: Big): boolean {
  return dish.Weigh || current.gte(KEYPAD_FROM);
}
