import type { PageData } from "@tablemate/core";
import { routerBasename } from "../config.js";
import { loadSearchObj } from "../store/search-obj.js";
import { menuVisitStart } from "./menu-visit.js";
import { PATHS } from "./paths.js";
import { carryQuery, isSavedTable } from "./query.js";
import { loadRouteName } from "./route-name.js";
import { resolveEntryPath } from "./route-table.js";

/** The app route and query a location shows: under the basename, or inside the hash. */
function currentRoute(config: PageData["config"], location: Location): { route: string; search: string } {
  if (config.routerMode === "hash") {
    const [path = "", query = ""] = location.hash.replace(/^#/, "").split("?");
    return { route: path || PATHS.entry, search: query ? `?${query}` : location.search };
  }
  const basename = routerBasename(config.routerPrefix);
  const inApp = basename === "/" ? location.pathname : location.pathname.slice(basename.length);
  return { route: inApp || PATHS.entry, search: location.search };
}

/** The routes that begin a visit to the menu: the entry going on to it, the menu, its diner-count step. */
function isMenuVisit(route: string, search: string): boolean {
  if (route === PATHS.entry) {
    const sameTable = isSavedTable(search, loadSearchObj());
    return resolveEntryPath(loadRouteName(), undefined, sameTable) === PATHS.main;
  }
  return route === PATHS.main || route === PATHS.selectNumber;
}

/**
 * Whether the first screen the server rendered into the page is what the app renders first, so the
 * app can adopt (hydrate) it rather than draw it again. The server renders the menu for the entry,
 * /main and /selectNumber, or the branded wait where the diner-count step comes first; the route is
 * set to that step here, before the router starts, so the app's first render is the same step. Only
 * the menu is adopted: the step's page loads on its own and draws itself.
 */
export function adoptServerFirstScreen(page: PageData, location: Location, history: History): boolean {
  const { config } = page;
  const { route, search } = currentRoute(config, location);
  if (!isMenuVisit(route, search)) return false;
  const target = menuVisitStart(page, search);
  if (route !== target) {
    const to = carryQuery(target, search);
    const basename = routerBasename(config.routerPrefix);
    const url =
      config.routerMode === "hash"
        ? `${location.pathname}#${to}`
        : `${basename === "/" ? "" : basename}${to}`;
    history.replaceState(history.state, "", url);
  }
  return target === PATHS.main;
}
