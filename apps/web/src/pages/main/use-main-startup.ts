import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useCarryingNavigate } from "../../router/navigation.js";
import { usePageActive } from "../../router/page-active.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { asksTableDinerCount } from "../../store/diner-count.js";
import { StartupError } from "../../store/startup-error.js";

/**
 * Entering /main (spec 000 §4): start the store, or when it has started only refresh the stock; a
 * failed start shows the abnormal page, a table still without the count it needs the diner-count step. The menu is kept alive, so this runs on mount (even behind
 * /search, whose results come from the menu's data) and again on each return to /main.
 *
 * The step is asked only for what the diner entered: a started store whose table had its count when
 * the diner came back is not sent there by a broadcast heard meanwhile (a settle ending the visit
 * resets the count while its alert is on its way; the next visit asks when the diner starts it).
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
    const before = useAppStore.getState();
    const countedBefore = before.isInitial && !asksTableDinerCount(before);
    enterMain(Object.fromEntries(params))
      .then(() => {
        // a table that still needs its count (the page could not tell, or it was reset) asks it first
        if (!countedBefore && asksTableDinerCount(useAppStore.getState())) {
          navigate(PATHS.selectNumber, { replace: true });
        }
      })
      .catch((error: unknown) => {
        if (error instanceof StartupError) {
          navigate(PATHS.abnormal, { query: { error: error.reason }, replace: true });
        } else {
          console.error("menu entry failed", error);
        }
      });
  }, [active, enterMain, navigate, params]);
}
