import { type ReactNode, Suspense, useState } from "react";
import { Navigate, useLocation } from "react-router";
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
 * The kept-alive pages (/main and /search, spec 000 §2), rendered beside the routes rather than as
 * one of them: once the diner has been on one, it stays mounted, hidden, under every other page
 * (/order/subOrder, /foodCombo…), so coming back finds its scroll position, category and search
 * text as they were. The menu mounts with the first of them, since it starts the store that the
 * others read. The dish modals are mounted once here, over whichever kept-alive page is on screen.
 */
export function KeepAlivePages({ routes }: { routes: readonly PageRoute[] }) {
  const { pathname } = useLocation();
  const current = routes.find((route) => route.path === pathname);
  const verdict = usePageGuard(current);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const onScreen = current !== undefined && verdict.kind === "show";
  const opening = onScreen && !visited.has(pathname);
  const mounted = opening
    ? new Set([
        ...visited,
        ...routes.filter((route) => route.kind === "menu").map((route) => route.path),
        pathname,
      ])
    : visited;
  // adjusting state while rendering: the page mounts in this very render, not one later
  if (opening) setVisited(mounted);
  return (
    <>
      {routes
        .filter((route) => mounted.has(route.path))
        .map(({ path, Page }) => (
          <KeepAlivePane key={path} active={onScreen && path === pathname}>
            <Page />
          </KeepAlivePane>
        ))}
      {onScreen && <DishModalsHost />}
      {verdict.kind === "redirect" && <Navigate replace to={verdict.to} />}
      {current !== undefined && verdict.kind === "starting" && <LoadingOverlay visible />}
    </>
  );
}
