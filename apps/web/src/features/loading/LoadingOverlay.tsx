import { TIMING } from "@tablemate/core";
import { useEffect } from "react";
import { COPY } from "../../copy.js";
import { Spinner } from "./Spinner.js";
import "./loading.css";

/** Spec 000 §9: loading still showing after 20 s is reported (silently: the diner sees nothing new). */
export const SLOW_LOADING_REPORT_MS = TIMING.slowLoadingReportMs;

export function useSlowLoadingReport(visible: boolean): void {
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(
      () => console.error(`loading still shown after ${SLOW_LOADING_REPORT_MS} ms`),
      SLOW_LOADING_REPORT_MS,
    );
    return () => clearTimeout(timer);
  }, [visible]);
}

/** 客官请稍等... over the page while something loads (spec 000 §2). */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  useSlowLoadingReport(visible);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__box">
        <Spinner />
        <p className="loading-overlay__text">{COPY.loading}</p>
      </div>
    </div>
  );
}
