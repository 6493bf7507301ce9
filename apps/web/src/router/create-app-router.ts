import type { ClientConfig } from "@tablemate/core";
import { createBrowserRouter, createHashRouter } from "react-router";
import { routerBasename } from "../config.js";
import { createRoutes } from "./create-routes.js";
import type { AppRouter } from "./track-navigation.js";

/**
 * A table link is `/?hotelid=…`: in hash mode its query sits outside the hash, where the router
 * cannot see it, so it moves into the hash before the router starts.
 */
export function adoptSearchIntoHash(location: Location, history: History): void {
  const hashPath = location.hash.replace(/^#/, "");
  if (location.search === "" || (hashPath !== "" && hashPath !== "/")) return;
  history.replaceState(history.state, "", `${location.pathname}#/${location.search}`);
}

/**
 * History mode puts routes under the prefix (the basename). Hash mode keeps routes in the hash,
 * and the prefix is simply where the server serves the page.
 */
export function createAppRouter(config: ClientConfig): AppRouter {
  const routes = createRoutes();
  if (config.routerMode === "hash") {
    adoptSearchIntoHash(window.location, window.history);
    return createHashRouter(routes);
  }
  return createBrowserRouter(routes, { basename: routerBasename(config.routerPrefix) });
}
