import { type ReactNode, Suspense, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { DishModalsHost } from "../features/dish/index.js";
import { LoadingOverlay } from "../features/loading/LoadingOverlay.js";
import { PageActiveContext } from "./page-active.js";
import { usePageGuard } from "./page-guard.js";
import type { PageRoute } from "./route-table.js";
import "./keep-alive.css";

/**
 * A kept-alive page's layer. The inactive one stays laid out but invisible (visibility, not
 * display: none, which would drop its scroll positions) and inert, so nothing in it can be reached.
 */
function KeepAlivePane({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <div
      className={active ? "keep-alive-pane" : "keep-alive-pane keep-alive-pane--inactive"}
      inert={!active}
      aria-hidden={!active}
    >
      <PageActiveContext.Provider value={active}>
        <Suspense fallback={<LoadingOverlay visible />}>{children}</Suspense>
      </PageActiveContext.Provider>
    </div>
  );
}

/**
 * The kept-alive pages (/main and /search, spec 000 §2) rendered side by side. The menu is always
 * mounted, since it starts the store that the others read; any other mounts on its first visit and
 * stays. The dish modals are mounted once here, over whichever page is on screen.
 */
export function KeepAlivePages({ routes }: { routes: readonly PageRoute[] }) {
  const { pathname } = useLocation();
  const redirect = usePageGuard(routes.find((route) => route.path === pathname));
  const [visited, setVisited] = useState<ReadonlySet<string>>(
    () => new Set(routes.filter((route) => route.kind === "menu").map((route) => route.path)),
  );
  if (redirect === null && routes.some((route) => route.path === pathname) && !visited.has(pathname)) {
    // adjusting state while rendering: the page mounts in this very render, not one later
    setVisited(new Set([...visited, pathname]));
  }
  if (redirect !== null) return <Navigate replace to={redirect} />;
  return (
    <>
      {routes
        .filter((route) => visited.has(route.path) || route.path === pathname)
        .map(({ path, Page }) => (
          <KeepAlivePane key={path} active={path === pathname}>
            <Page />
          </KeepAlivePane>
        ))}
      <DishModalsHost />
      <Outlet />
    </>
  );
}
