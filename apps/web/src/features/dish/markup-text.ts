import { formatMarkup } from "@tablemate/client";
import { type Method, truncateMoney } from "@tablemate/core";
import { DISH_COPY } from "../../copy.js";

/** A method's markup as the diner reads it: +10% (markupWay 1), +¥2 (markupWay 2), nothing otherwise. */
export function markupText(method: Pick<Method, "markupWay" | "markupPrice">): string {
  if (method.markupPrice <= 0) return "";
  if (method.markupWay === 1) return DISH_COPY.markupPercent(truncateMoney(method.markupPrice));
  if (method.markupWay === 2) return formatMarkup(method.markupPrice);
  return "";
}
