import { useLocation } from "react-router";
import { useAppStore } from "../store/app-store.js";
import { loadSearchObj } from "../store/search-obj.js";
import { guardAllows, takePendingRedirect } from "./guard.js";
import { PATHS } from "./paths.js";
import { carryQuery, mergeSearchObj } from "./query.js";
import { isGuarded, type PageRoute } from "./route-table.js";

/**
 * The guard of spec 000 §2 for the page on screen: where to send the diner instead, or null to
 * show it. The stored SearchObj is merged into a query without hotelid first; then a guarded page
 * needs a started store, unless the entry's redirect brought the diner here.
 */
export function usePageGuard(route: PageRoute | undefined): string | null {
  const { search, key } = useLocation();
  if (!route) return null;
  const merged = mergeSearchObj(search, loadSearchObj());
  if (merged !== null) return `${route.path}?${merged}`;
  const allowed = guardAllows({
    guarded: isGuarded(route),
    isInitial: useAppStore.getState().isInitial,
    redirected: takePendingRedirect(route.path, key),
  });
  return allowed ? null : carryQuery(PATHS.abnormal, search);
}
