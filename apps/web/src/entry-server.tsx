import type { FirstScreenRenderer } from "@tablemate/core";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { routerBasename } from "./config.js";
import { EntryLoading } from "./features/loading/EntryLoading.js";
import { AppRoutes } from "./router/AppRoutes.js";
import { menuVisitStart } from "./router/menu-visit.js";
import { PATHS } from "./router/paths.js";
import { initialAppState } from "./store/app-store.js";
import { adoptPageState, pageMenuState } from "./store/page-menu.js";

/** The route a page path shows: history mode under the prefix; in hash mode the path is the entry. */
function routeOf(pathname: string, mode: "history" | "hash", basename: string): string {
  if (mode === "hash") return PATHS.entry;
  if (basename === "/") return pathname;
  return pathname.startsWith(basename) ? pathname.slice(basename.length) || PATHS.entry : pathname;
}

/** The routes that begin a visit to the menu (a fresh scan's entry, /main, the diner-count step). */
const MENU_VISIT: readonly string[] = [PATHS.entry, PATHS.main, PATHS.selectNumber];

/**
 * The first screen as HTML, from the same components and store the app renders with: for the entry,
 * /main and /selectNumber with the page's menu, the menu, or the branded wait (as the app draws it)
 * where the table is asked its diner count first (router/first-screen.ts decides the same for the
 * app); anything else is null and the browser renders it. Synchronous from filling the store to the
 * string, so two requests never see each other's state.
 */
export const renderFirstScreen: FirstScreenRenderer = (path, pageData) => {
  const { routerMode, routerPrefix } = pageData.config;
  const basename = routerBasename(routerPrefix);
  const [pathname = "/", search = ""] = path.split("?");
  const route = routeOf(pathname, routerMode, basename);
  if (!pageData.menu || !pageData.restaurant || !MENU_VISIT.includes(route)) return null;
  if (menuVisitStart(pageData, search) === PATHS.selectNumber) {
    return renderToString(<EntryLoading restaurant={pageData.restaurant} />);
  }
  adoptPageState({ ...initialAppState(), ...pageMenuState(pageData) });
  const location = `${basename === "/" ? "" : basename}${PATHS.main}${search ? `?${search}` : ""}`;
  return renderToString(
    <StaticRouter basename={basename} location={location}>
      <AppRoutes />
    </StaticRouter>,
  );
};
