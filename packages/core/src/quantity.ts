import Big from "big.js";
import type { Dish } from "./contract/menu.js";

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

const minimum = (dish: QuantityDish) => Math.max(dish.minCount ?? 1, 1);
const step = (dish: QuantityDish) => Math.max(dish.inceptStep || 1, 1);

export function stockMessage(dish: Pick<Dish, "name" | "estimate">): string {
  return dish.estimate <= 0 ? `${dish.name}已售罄` : `${dish.name}仅剩${dish.estimate}份`;
}

/**
 * Checks a new count of a dish against the limits. `dishTotal` is what the whole cart would then hold
 * of this dish across its lines: a diner can take exactly what is left, never more.
 */
export function checkQuantity(dish: QuantityDish, count: Big, dishTotal: Big): QuantityResult {
  if (count.lt(0) || (!dish.Weigh && !count.round(0, Big.roundDown).eq(count))) {
    return { ok: false, reason: "invalid", message: "数量不正确" };
  }
  if (count.gt(MAX_QUANTITY)) return { ok: false, reason: "tooMany", message: TOO_MANY_MESSAGE };
  if (dish.estimate !== -1 && dishTotal.gt(dish.estimate)) {
    return { ok: false, reason: "stock", message: stockMessage(dish) };
  }
  return { ok: true, count };
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
