import { useEffect } from "react";
import { useLocation } from "react-router";
import { useAppStore } from "../store/app-store.js";
import { saveRouteName } from "./route-name.js";

/**
 * After each page change: clear loading and remember the route name (spec 000 §2). Redirect-only
 * paths (the entry, the short forms) are passed through, never remembered.
 */
export function useTrackNavigation(redirectOnly: readonly string[]): void {
  const { pathname, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per location, keyed by its key
  useEffect(() => {
    if (redirectOnly.includes(pathname)) return;
    useAppStore.getState().setLoading(false);
    saveRouteName(pathname);
  }, [key]);
}
