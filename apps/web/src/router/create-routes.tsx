import { type LoaderFunctionArgs, type RouteObject, replace } from "react-router";
import { NotFoundPage } from "../pages/not-found/NotFoundPage.js";
import { RouteErrorPage } from "../pages/not-found/RouteErrorPage.js";
import { useAppStore } from "../store/app-store.js";
import { loadSearchObj } from "../store/search-obj.js";
import { guardAllows, markPendingRedirect, takePendingRedirect } from "./guard.js";
import { PATHS, SHORT_FORM_REDIRECTS } from "./paths.js";
import { carryQuery, mergeSearchObj } from "./query.js";
import { loadRouteName } from "./route-name.js";
import { isGuarded, PAGE_ROUTES, type PageRoute, resolveEntryPath } from "./route-table.js";

const searchOf = (request: Request) => new URL(request.url).search;

// Every redirect here replaces the history entry, so the back button never returns to a redirect.

function entryLoader(routes: readonly PageRoute[]) {
  return ({ request }: LoaderFunctionArgs) => {
    const target = resolveEntryPath(loadRouteName(), routes);
    markPendingRedirect(target);
    return replace(carryQuery(target, searchOf(request)));
  };
}

/** The guard of spec 000 §2, run before a page renders: merge SearchObj, then check initialisation. */
function pageLoader(route: PageRoute) {
  return ({ request }: LoaderFunctionArgs) => {
    const search = searchOf(request);
    const merged = mergeSearchObj(search, loadSearchObj());
    if (merged !== null) return replace(`${route.path}?${merged}`);
    const allowed = guardAllows({
      guarded: isGuarded(route),
      isInitial: useAppStore.getState().isInitial,
      redirected: takePendingRedirect(route.path),
    });
    return allowed ? null : replace(carryQuery(PATHS.abnormal, search));
  };
}

/** Renders nothing: for the moment before the first loaders finish, and for redirect-only routes. */
function Nothing() {
  return null;
}

/** The route objects for any router kind; tests pass extra pages to exercise the guard. */
export function createRoutes(routes: readonly PageRoute[] = PAGE_ROUTES): RouteObject[] {
  return [
    {
      id: "root",
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: Nothing,
      children: [
        { path: PATHS.entry, loader: entryLoader(routes), Component: Nothing },
        ...SHORT_FORM_REDIRECTS.map(({ from, to }) => ({
          path: from,
          loader: ({ request }: LoaderFunctionArgs) => replace(`${to}${searchOf(request)}`),
          Component: Nothing,
        })),
        ...routes.map((route) => ({ path: route.path, loader: pageLoader(route), Component: route.Page })),
        { path: "*", Component: NotFoundPage },
      ],
    },
  ];
}
