import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useCarryingNavigate } from "../../router/navigation.js";
import { usePageActive } from "../../router/page-active.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { StartupError } from "../../store/startup-error.js";

/**
 * Entering /main (spec 000 §4): start the store, or when it has started only refresh the stock; a
 * failed start shows the abnormal page. The menu is kept alive, so this runs on mount (even behind
 * /search, whose results come from the menu's data) and again on each return to /main.
 */
export function useMainStartup(): void {
  const [params] = useSearchParams();
  const navigate = useCarryingNavigate();
  const enterMain = useAppStore((state) => state.enterMain);
  const active = usePageActive();
  const entered = useRef(false);

  useEffect(() => {
    if (!active && entered.current) return;
    entered.current = true;
    enterMain(Object.fromEntries(params)).catch((error: unknown) => {
      if (error instanceof StartupError) {
        navigate(PATHS.abnormal, { query: { error: error.reason }, replace: true });
      } else {
        console.error("menu entry failed", error);
      }
    });
  }, [active, enterMain, navigate, params]);
}
