import { asksDinerCount } from "@tablemate/core";
import type { AppState } from "./types.js";

/**
 * Whether the diner is asked the count before the menu (/selectNumber), once the table is joined:
 * the restaurant needs one for this visit and the table has none yet (a tablemate may have set it).
 */
export function asksTableDinerCount(
  state: Pick<AppState, "restaurant" | "foods" | "SearchObj" | "table">,
): boolean {
  return asksDinerCount(state.restaurant, state.foods, state.SearchObj, state.table?.personNum ?? null);
}
