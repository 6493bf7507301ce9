import type { createMemoryRouter } from "react-router";
import { useAppStore } from "../store/app-store.js";
import { saveRouteName } from "./route-name.js";

export type AppRouter = ReturnType<typeof createMemoryRouter>;

/** The router's location includes the basename; the saved route name must not. */
export function stripBasename(pathname: string, basename: string | undefined): string {
  if (!basename || basename === "/" || !pathname.startsWith(basename)) return pathname;
  return pathname.slice(basename.length) || "/";
}

/** After each completed navigation: clear loading and remember the route name (spec 000 §2). */
export function trackNavigation(router: AppRouter): () => void {
  let lastKey: string | null = null;
  const onState = (state: AppRouter["state"]) => {
    if (!state.initialized || state.navigation.state !== "idle" || state.location.key === lastKey) return;
    lastKey = state.location.key;
    useAppStore.getState().setLoading(false);
    saveRouteName(stripBasename(state.location.pathname, router.basename));
  };
  onState(router.state);
  return router.subscribe(onState);
}
