import type { PageData } from "@tablemate/core";
import { useAppStore } from "./app-store.js";
import { snapshotState } from "./menu-actions.js";
import type { AppState } from "./types.js";

/**
 * The store as the page's own data can fill it: the restaurant and its menu when the server served
 * them, so the menu paints before any startup call answers (the server renders the same).
 */
export function pageMenuState(pageData: PageData): Partial<AppState> {
  const { restaurant, menu } = pageData;
  if (!restaurant) return {};
  const known = { hotelid: restaurant.restaurantId, restaurant, templateNumber: restaurant.templateNumber };
  return menu ? { ...known, ...snapshotState(menu, restaurant) } : known;
}

/**
 * Puts the page's state into the store before the first render. The server's render and the
 * browser's hydration read zustand's server snapshot, which is its initial state, so that is
 * filled as well: both then render the same screen from the same state.
 */
export function adoptPageState(state: Partial<AppState>): void {
  useAppStore.setState(state);
  Object.assign(useAppStore.getInitialState(), state);
}
