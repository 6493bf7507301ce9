import { SpinLoading } from "antd-mobile";
import { useEffect } from "react";
import { COPY } from "../../copy.js";
import "./loading.css";

/** Spec 000 §9: loading still showing after 20 s is reported (silently: the diner sees nothing new). */
export const SLOW_LOADING_REPORT_MS = 20_000;

export function LoadingOverlay({ visible }: { visible: boolean }) {
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(
      () => console.error(`loading still shown after ${SLOW_LOADING_REPORT_MS} ms`),
      SLOW_LOADING_REPORT_MS,
    );
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__box">
        <SpinLoading color="primary" style={{ "--size": "36px" }} />
        <p className="loading-overlay__text">{COPY.loading}</p>
      </div>
    </div>
  );
}
