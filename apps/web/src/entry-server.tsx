import type { FirstScreenRenderer } from "@tablemate/core";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { routerBasename } from "./config.js";
import { AppRoutes } from "./router/AppRoutes.js";
import { PATHS } from "./router/paths.js";
import { initialAppState } from "./store/app-store.js";
import { adoptPageState, pageMenuState } from "./store/page-menu.js";

/** The route a page path shows: history mode under the prefix; in hash mode the path is the entry. */
function routeOf(pathname: string, mode: "history" | "hash", basename: string): string {
  if (mode === "hash") return PATHS.entry;
  if (basename === "/") return pathname;
  return pathname.startsWith(basename) ? pathname.slice(basename.length) || PATHS.entry : pathname;
}

/**
 * The menu's first screen as HTML, from the same components and store the app renders with: the
 * entry and /main (where the entry leads a fresh scan) with the page's menu; anything else is null
 * and the browser renders it. Synchronous from filling the store to the string, so two requests
 * never see each other's state.
 */
export const renderFirstScreen: FirstScreenRenderer = (path, pageData) => {
  const { routerMode, routerPrefix } = pageData.config;
  const basename = routerBasename(routerPrefix);
  const [pathname = "/", search = ""] = path.split("?");
  const route = routeOf(pathname, routerMode, basename);
  if (!pageData.menu || (route !== PATHS.entry && route !== PATHS.main)) return null;
  adoptPageState({ ...initialAppState(), ...pageMenuState(pageData) });
  const location = `${basename === "/" ? "" : basename}${PATHS.main}${search ? `?${search}` : ""}`;
  return renderToString(
    <StaticRouter basename={basename} location={location}>
      <AppRoutes />
    </StaticRouter>,
  );
};
