import { render } from "@testing-library/react";
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router";
import { readPageData } from "../src/config.js";
import { AppRoutes } from "../src/router/AppRoutes.js";
import { PATHS } from "../src/router/paths.js";
import { PAGE_ROUTES, type PageRoute } from "../src/router/route-table.js";
import { adoptPageState, pageMenuState } from "../src/store/page-menu.js";

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
    ...PAGE_ROUTES.filter((route) => route.path !== GUARDED_PAGE.path).map((route) =>
      route.path === PATHS.main ? { ...route, Page: MenuMarker } : route,
    ),
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

/** Renders the app at `url` in a memory router, as main.tsx and AppRouter start the real one. */
export function renderApp(url: string, options: { routes?: PageRoute[]; basename?: string } = {}) {
  adoptPageState(pageMenuState(readPageData()));
  const seen: { location: Location | null; navigate: NavigateFunction | null } = {
    location: null,
    navigate: null,
  };
  function Probe() {
    seen.location = useLocation();
    seen.navigate = useNavigate();
    return null;
  }
  const result = render(
    <MemoryRouter initialEntries={[url]} basename={options.basename}>
      <AppRoutes routes={options.routes} />
      <Probe />
    </MemoryRouter>,
  );
  return {
    ...result,
    /** path and query the diner sees (under the basename), parameters sorted */
    where: () =>
      normalizeUrl(`${options.basename ?? ""}${seen.location?.pathname ?? ""}${seen.location?.search ?? ""}`),
    navigate: (to: string | number) => {
      if (typeof to === "number") void seen.navigate?.(to);
      else void seen.navigate?.(to);
    },
  };
}
