import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createRoutes } from "../src/router/create-routes.js";
import { PATHS } from "../src/router/paths.js";
import { PAGE_ROUTES, type PageRoute } from "../src/router/route-table.js";
import { trackNavigation } from "../src/router/track-navigation.js";

/** A page that needs a started store, standing in for the order pages of later issues. */
export const GUARDED_PAGE: PageRoute = {
  path: "/order/detail",
  kind: "page",
  Page: () => <p>订单详情页</p>,
};

function MenuMarker() {
  return <p>菜单页</p>;
}

/** The app's routes with /main replaced by a marker, to test routing without starting the store. */
export function routesWithoutMenu(): PageRoute[] {
  return [
    ...PAGE_ROUTES.map((route) => (route.path === PATHS.main ? { ...route, Page: MenuMarker } : route)),
    GUARDED_PAGE,
  ];
}

/** `path?query` with the parameters sorted, so comparisons ignore their order. */
export function normalizeUrl(url: string): string {
  const [path = "", search = ""] = url.split("?");
  const params = new URLSearchParams(search);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path;
}

/** Renders the app at `url` in a memory router, as main.tsx wires the real one. */
export function renderApp(url: string, options: { routes?: PageRoute[]; basename?: string } = {}) {
  const router = createMemoryRouter(createRoutes(options.routes), {
    initialEntries: [url],
    basename: options.basename,
  });
  trackNavigation(router);
  render(<RouterProvider router={router} />);
  return {
    router,
    /** path and query the diner sees (under the basename), parameters sorted */
    where: () => normalizeUrl(`${router.state.location.pathname}${router.state.location.search}`),
  };
}
