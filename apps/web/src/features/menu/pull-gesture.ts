import { pulledPage } from "@tablemate/core";
import type { RefObject } from "react";
import { scrollEdges } from "./list-view.js";

/** The page on screen, how many there are, and how to turn to another. */
export interface PullPages {
  page: number;
  pages: number;
  turnTo(page: number): void;
}

/**
 * Listens on the menu's scroller for pulls (spec 000 §5): core's pulledPage judges each finished
 * one-finger drag. Passive listeners that read the scroll position at a touch's start and end only,
 * so scrolling costs nothing more. Returns what stops listening.
 */
export function listenForPulls(scroller: HTMLElement, pages: RefObject<PullPages>): () => void {
  let start: { x: number; y: number; atStart: boolean; atEnd: boolean } | null = null;
  const onStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start =
      event.touches.length === 1 && touch
        ? { x: touch.clientX, y: touch.clientY, ...scrollEdges(scroller) }
        : null;
  };
  const onEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    const from = start;
    start = null;
    if (!from || !touch) return;
    const edges = scrollEdges(scroller);
    const { page, pages: count, turnTo } = pages.current;
    const next = pulledPage(page, count, {
      dx: touch.clientX - from.x,
      dy: touch.clientY - from.y,
      atStart: from.atStart && edges.atStart,
      atEnd: from.atEnd && edges.atEnd,
    });
    if (next !== page) turnTo(next);
  };
  const onCancel = () => {
    start = null;
  };
  scroller.addEventListener("touchstart", onStart, { passive: true });
  scroller.addEventListener("touchend", onEnd, { passive: true });
  scroller.addEventListener("touchcancel", onCancel, { passive: true });
  return () => {
    scroller.removeEventListener("touchstart", onStart);
    scroller.removeEventListener("touchend", onEnd);
    scroller.removeEventListener("touchcancel", onCancel);
  };
}
