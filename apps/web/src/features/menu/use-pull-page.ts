import { type RefObject, useEffect, useRef } from "react";
import type { PullPages } from "./pull-gesture.js";

/**
 * Pulling to change page (spec 000 §5) on the menu's scroller, for the templates that show one
 * category per page. The gesture's code loads once the menu is up: no diner pulls in the first
 * instant, and the first screen's script stays within its budget.
 */
export function usePullPage(
  scrollerRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  page: number,
  pages: number,
  turnTo: (page: number) => void,
): void {
  const latest = useRef<PullPages>({ page, pages, turnTo });
  latest.current = { page, pages, turnTo };

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !enabled) return;
    let stop: (() => void) | null = null;
    let ended = false;
    void import("./pull-gesture.js").then(({ listenForPulls }) => {
      if (!ended) stop = listenForPulls(scroller, latest);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [scrollerRef, enabled]);
}
