import { asksDinerCount, type PageData } from "@tablemate/core";
import { PATHS } from "./paths.js";

/**
 * Where a visit to the menu begins: the diner-count step when the page (its restaurant, menu and the
 * scanned table's count) says this table needs the count and has none, else the menu; a page that
 * cannot tell leads to the menu, which asks again after startup. The app's entry, its first screen
 * (first-screen.ts) and the server's render all decide by it.
 */
export function menuVisitStart(
  page: Pick<PageData, "restaurant" | "menu" | "dinerCount">,
  search: string,
): string {
  const query = Object.fromEntries(new URLSearchParams(search));
  const asked = asksDinerCount(page.restaurant, page.menu?.foods ?? [], query, page.dinerCount);
  return asked ? PATHS.selectNumber : PATHS.main;
}
