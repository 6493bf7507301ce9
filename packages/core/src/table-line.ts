import type { CartLine } from "./cart.js";
import type { Dish } from "./contract/menu.js";
import type { TableCartLine } from "./contract/realtime.js";
import { isMarketPrice, MARKET_PRICE } from "./money.js";
import { priceLine } from "./pricing.js";

type LineDish = Pick<
  Dish,
  "price" | "vipPrice" | "Weigh" | "norms" | "methodCategories" | "additionCategories" | "combosList"
>;

/** One unit of the line at the regular or member price, to the cent; a market price stays 0.0001 (时价). */
function unitPrice(dish: LineDish, line: CartLine, member: boolean): number {
  const norm = dish.norms.find((n) => n.id === line.normId);
  const base = member ? (norm ? norm.vipPrice : dish.vipPrice) : norm ? norm.price : dish.price;
  if (isMarketPrice(base)) return MARKET_PRICE;
  return Number(priceLine(dish, line, 1, member).unit.round(2, 1).toFixed(2));
}

/**
 * A cart line with the spec's fields (cart.line-fields, spec 000 §3), priced by `dish` as the
 * register prices it (the caller passes the dish pricedByRegister gave). A dish gone from the menu
 * leaves the price unknown (null) rather than guessed.
 */
export function tableLine(line: CartLine, dish: LineDish | undefined): TableCartLine {
  const norm = dish?.norms.find((n) => n.id === line.normId);
  const hasVip = dish !== undefined && (norm ? norm.vipPrice : dish.vipPrice) != null;
  return {
    normId: line.normId,
    methodIds: line.methodIds,
    additions: line.additions,
    parts: line.parts,
    detailId: line.detailId,
    foodId: line.foodId,
    count: line.count,
    memo: line.memo,
    Weigh: dish?.Weigh ?? false,
    methodId: [...line.methodIds],
    price: dish ? unitPrice(dish, line, false) : null,
    vipPrice: dish && hasVip ? unitPrice(dish, line, true) : null,
    // the spec's detail id writes a combo part as foodId@itemId
    detail: line.parts.map((p) => ({ id: `${line.foodId}@${p.itemId}`, itemId: p.itemId, count: p.count })),
    batch: line.additions.map((a) => ({ id: a.id, ordered: a.count })),
    comment: line.memo,
  };
}

/** Every line of a cart with the spec's fields, each dish found by `dishOf`. */
export function tableLines(
  lines: readonly CartLine[],
  dishOf: (foodId: number) => LineDish | undefined,
): TableCartLine[] {
  return lines.map((line) => tableLine(line, dishOf(line.foodId)));
}
