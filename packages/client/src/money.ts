import { type Decimalish, truncateMoney } from "@tablemate/core";

/** The currency sign both apps print before an amount. */
export const YUAN = "¥";

/** An amount as both apps print it: ¥, then the yuan truncated to 2 decimals, never rounded up (spec 000 §5). */
export function formatMoney(value: Decimalish): string {
  return YUAN + truncateMoney(value);
}

/** A change in price as the apps print it: +¥2 (a markup or an addition's price). */
export function formatMarkup(value: Decimalish): string {
  return `+${formatMoney(value)}`;
}
