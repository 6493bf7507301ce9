import { localized } from "../../i18n/i18n.js";
/**
 * What a diner count brings, in the count pickers (the /selectNumber step and the top bar's sheet):
 * each must-order dish with its rule (core's mustOrderRule). Beside the pickers, so the menu's first
 * screen does not carry them.
 */
export const MUST_ORDER_COPY = localized("mustOrder", {
  title: "选好人数后，以下菜品自动加入购物车：",
  /** a must-order dish by the diner: its name, how many each, its unit */
  perDiner: (name: string, each: number, unit: string) => `${name} 每人${each}${unit}`,
  /** a must-order dish by the table */
  perTable: (name: string, each: number, unit: string) => `${name} 每桌${each}${unit}`,
  /** after a dish's rule: its minimum, where it raises what a small party gets */
  atLeast: (count: number, unit: string) => `，${count}${unit}起`,
} as const);
