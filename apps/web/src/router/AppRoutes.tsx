import { type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { useCompanionClearedAlert } from "../features/cart/use-companion-cleared-alert.js";
import { useConnectionToast } from "../features/cart/use-connection-toast.js";
import { LoadingOverlay } from "../features/loading/LoadingOverlay.js";
import { useSlowNetworkToast } from "../features/loading/use-slow-network-toast.js";
import { phoneLocale } from "../i18n/choose-locale.js";
import { currentLocale } from "../i18n/i18n.js";
import { useLocale } from "../i18n/use-locale.js";
import { loadSearchObj } from "../store/search-obj.js";
import { KeepAlivePages } from "./KeepAlive.js";
import { lazyPage } from "./lazy-page.js";
import { usePageGuard } from "./page-guard.js";
import { PATHS, SHORT_FORM_REDIRECTS } from "./paths.js";
import { carryQuery, isSavedTable } from "./query.js";
import { RouteErrorBoundary } from "./RouteErrorBoundary.js";
import { loadRouteName } from "./route-name.js";
import { PAGE_ROUTES, type PageRoute, resolveEntryPath } from "./route-table.js";
import { useTrackNavigation } from "./use-track-navigation.js";

const NotFoundPage = lazyPage(
  () => import("../pages/not-found/NotFoundPage.js"),
  (m) => m.NotFoundPage,
);

const REDIRECT_ONLY = [PATHS.entry, ...SHORT_FORM_REDIRECTS.map(({ from }) => from)];

// Every redirect here replaces the history entry, so the back button never returns to a redirect.

/** The entry (spec 000 §2): on to the saved page, or /main, with the carried query. */
function Entry({ routes }: { routes: readonly PageRoute[] }) {
  const { search } = useLocation();
  const target = resolveEntryPath(loadRouteName(), routes, isSavedTable(search, loadSearchObj()));
  return <Navigate replace to={carryQuery(target, search)} />;
}

function ShortForm({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate replace to={`${to}${search}`} />;
}

/** A page behind the guard. */
function GuardedPage({ route }: { route: PageRoute }) {
  const verdict = usePageGuard(route);
  if (verdict.kind === "redirect") return <Navigate replace to={verdict.to} />;
  if (verdict.kind === "starting" && !route.showsWhileStarting) return <LoadingOverlay visible />;
  return <route.Page />;
}

/**
 * Around every page: the fallback while a page's code loads, the error page, the slow-network
 * toast, the tablemate's clear-cart alert and the table socket's toasts (once for the app, whichever
 * page is on screen).
 */
function Shell({ children }: { children: ReactNode }) {
  useSlowNetworkToast();
  useCompanionClearedAlert();
  useConnectionToast();
  useTrackNavigation(REDIRECT_ONLY);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingOverlay visible />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The app's routes under any router; tests pass extra pages to exercise the guard. Every page renders
 * again in a new language; the phone's own language is shown once the first screen (zh-CN) is up.
 */
export function AppRoutes({ routes = PAGE_ROUTES }: { routes?: readonly PageRoute[] }) {
  useLocale();
  useEffect(() => {
    // a phone reading the source language loads no language code at all
    const chosen = phoneLocale();
    if (chosen !== currentLocale())
      void import("../i18n/load-locale.js").then(({ setLocale }) => setLocale(chosen, false));
  }, []);
  const keptAlive = routes.filter((route) => route.keepAlive);
  return (
    <Shell>
      <KeepAlivePages routes={keptAlive} />
      {/* a page loading its code suspends here, not around the kept-alive pages (hidden, they would lose their scroll) */}
      <Suspense fallback={<LoadingOverlay visible />}>
        <Routes>
          <Route path={PATHS.entry} element={<Entry routes={routes} />} />
          {SHORT_FORM_REDIRECTS.map(({ from, to }) => (
            <Route key={from} path={from} element={<ShortForm to={to} />} />
          ))}
          {/* the kept-alive pages render beside the routes (KeepAlivePages), guarded there; these only match */}
          {keptAlive.map((route) => (
            <Route key={route.path} path={route.path} element={null} />
          ))}
          {routes
            .filter((route) => !route.keepAlive)
            .map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={<GuardedPage key={route.path} route={route} />}
              />
            ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </Shell>
  );
}
