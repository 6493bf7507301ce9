import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { StartupError } from "../../store/startup-error.js";

/** On entering /main: start the store (or refresh stock); a failed start shows the abnormal page. */
export function useMainStartup(): void {
  const [params] = useSearchParams();
  const navigate = useCarryingNavigate();
  const enterMain = useAppStore((state) => state.enterMain);

  useEffect(() => {
    enterMain(Object.fromEntries(params)).catch((error: unknown) => {
      if (error instanceof StartupError) {
        navigate(PATHS.abnormal, { query: { error: error.reason }, replace: true });
      } else {
        console.error("menu entry failed", error);
      }
    });
  }, [enterMain, navigate, params]);
}
