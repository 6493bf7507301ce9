import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useAppStore } from "../store/app-store.js";
import { loadSearchObj } from "../store/search-obj.js";
import { StartupError } from "../store/startup-error.js";
import { PATHS } from "./paths.js";
import { carryQuery, mergeSearchObj } from "./query.js";
import { isGuarded, type PageRoute } from "./route-table.js";

/** What the guard decides for the page on screen. */
export type GuardVerdict =
  | { kind: "show" }
  | { kind: "redirect"; to: string }
  /** a guarded page opened before the store started (a reload, a link in a new tab): it starts now */
  | { kind: "starting" };

const SHOW: GuardVerdict = { kind: "show" };
const STARTING: GuardVerdict = { kind: "starting" };

/**
 * The guard of spec 000 §2 for the page on screen. The stored SearchObj is merged into a query
 * without hotelid first. A guarded page needs a started store: when it has none (the page was
 * reloaded, or opened from a link), the store starts here with the page's query, and the page shows
 * once it has, with its data; a start that fails goes to the abnormal page naming the failed step.
 */
export function usePageGuard(route: PageRoute | undefined): GuardVerdict {
  const { search } = useLocation();
  const isInitial = useAppStore((state) => state.isInitial);
  const merged = route ? mergeSearchObj(search, loadSearchObj()) : null;
  const needsStart = route !== undefined && merged === null && isGuarded(route) && !isInitial;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!needsStart) return;
    let live = true;
    const query = Object.fromEntries(new URLSearchParams(search));
    useAppStore
      .getState()
      .enterMain(query)
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof StartupError)
          setFailed(carryQuery(PATHS.abnormal, search, { error: error.reason }));
        else console.error("page start failed", error);
      });
    return () => {
      live = false;
    };
  }, [needsStart, search]);

  if (!route) return SHOW;
  if (merged !== null) return { kind: "redirect", to: `${route.path}?${merged}` };
  if (failed !== null) return { kind: "redirect", to: failed };
  return needsStart ? STARTING : SHOW;
}
