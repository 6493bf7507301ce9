import type { ClientConfig } from "@tablemate/core";
import { routerBasename } from "../config.js";
import { PATHS } from "./paths.js";
import { carryQuery } from "./query.js";
import { loadRouteName } from "./route-name.js";
import { resolveEntryPath } from "./route-table.js";

/** The app route and query a location shows: under the basename, or inside the hash. */
function currentRoute(config: ClientConfig, location: Location): { route: string; search: string } {
  if (config.routerMode === "hash") {
    const [path = "", query = ""] = location.hash.replace(/^#/, "").split("?");
    return { route: path || PATHS.entry, search: query ? `?${query}` : location.search };
  }
  const basename = routerBasename(config.routerPrefix);
  const inApp = basename === "/" ? location.pathname : location.pathname.slice(basename.length);
  return { route: inApp || PATHS.entry, search: location.search };
}

/**
 * Whether the first screen the server rendered into the page is what the app renders first, so the
 * app can adopt (hydrate) it rather than draw it again. The server renders the menu for the entry
 * and for /main; when a scanned link's entry goes on to the menu, its redirect is made here, before
 * the router starts, so the app's first render is the menu too.
 */
export function adoptServerFirstScreen(config: ClientConfig, location: Location, history: History): boolean {
  const { route, search } = currentRoute(config, location);
  if (route === PATHS.main) return true;
  if (route !== PATHS.entry || resolveEntryPath(loadRouteName()) !== PATHS.main) return false;
  const target = carryQuery(PATHS.main, search);
  const basename = routerBasename(config.routerPrefix);
  const url =
    config.routerMode === "hash"
      ? `${location.pathname}#${target}`
      : `${basename === "/" ? "" : basename}${target}`;
  history.replaceState(history.state, "", url);
  return true;
}
