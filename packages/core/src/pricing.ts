import Big from "big.js";
import type { Dish, Method, Norm } from "./contract/menu.js";
import { isMarketPrice } from "./money.js";

/**
 * Pricing of one cart line (spec 001 §9): percentage markups accumulate and apply as a percent of
 * the base price; fixed markups are added. Weighed dishes take only the percentage per unit, and
 * their fixed markups and addition prices count once in the line, not per unit. Every sum is exact;
 * totals round half-up to 2 decimals when formed.
 */
export interface LineChoice {
  normId: number | null;
  methodIds: readonly number[];
  additions: ReadonlyArray<{ id: number; count: number }>;
  parts: ReadonlyArray<{ itemId: number; count: number }>;
}

export interface PricedLine {
  /** price of one unit, member or not, exact */
  unit: Big;
  /** the line's total, exact (round with roundMoney when a total is formed) */
  total: Big;
}

type PricedDish = Pick<
  Dish,
  "price" | "vipPrice" | "Weigh" | "norms" | "methodCategories" | "additionCategories" | "combosList"
>;

const ZERO = new Big(0);

function basePrice(dish: PricedDish, norm: Norm | undefined, member: boolean): Big {
  const regular = norm ? norm.price : dish.price;
  const vip = norm ? norm.vipPrice : dish.vipPrice;
  const price = member && vip != null ? vip : regular;
  // a market-price dish is priced at the table; it adds nothing to a total until then
  return isMarketPrice(price) ? ZERO : new Big(price);
}

export function chosenMethods(dish: Pick<Dish, "methodCategories">, methodIds: readonly number[]): Method[] {
  const all = dish.methodCategories.flatMap((c) => c.methodList);
  return methodIds.flatMap((id) => all.filter((m) => m.id === id));
}

export function priceLine(
  dish: PricedDish,
  choice: LineChoice,
  quantity: Big | number | string,
  member: boolean,
): PricedLine {
  const count = new Big(quantity);
  const norm = dish.norms.find((n) => n.id === choice.normId);
  const base = basePrice(dish, norm, member);
  const methods = chosenMethods(dish, choice.methodIds);
  const percent = methods.filter((m) => m.markupWay === 1).reduce((sum, m) => sum.plus(m.markupPrice), ZERO);
  const fixed = methods.filter((m) => m.markupWay === 2).reduce((sum, m) => sum.plus(m.markupPrice), ZERO);
  const additionList = dish.additionCategories.flatMap((c) => c.additions);
  const additions = choice.additions.reduce((sum, chosen) => {
    const addition = additionList.find((a) => a.id === chosen.id);
    return addition ? sum.plus(new Big(addition.priceUpValue).times(chosen.count)) : sum;
  }, ZERO);
  const parts = choice.parts.reduce((sum, chosen) => {
    const part = dish.combosList.find((p) => p.itemId === chosen.itemId);
    return part ? sum.plus(new Big(part.priceUp).times(chosen.count)) : sum;
  }, ZERO);
  const marked = base.times(percent.div(100).plus(1));
  if (dish.Weigh) {
    const once = fixed.plus(additions).plus(parts);
    return { unit: marked, total: marked.times(count).plus(once) };
  }
  const unit = marked.plus(fixed).plus(additions).plus(parts);
  return { unit, total: unit.times(count) };
}
