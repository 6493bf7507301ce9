import { elapsedText, type TimerThresholds, timerColour } from "@tablemate/core";
import { type RefObject, useEffect } from "react";

/** A timer's classes for its age: its colour from the thresholds (core's timerColour). */
export const timerClass = (ms: number, timers: TimerThresholds): string =>
  `ticket-timer ticket-timer-${timerColour(ms, timers)}`;

function paint(el: HTMLElement, now: number, timers: TimerThresholds): void {
  const ms = now - Date.parse(el.dataset.since ?? "");
  const text = elapsedText(ms);
  if (el.textContent !== text) el.textContent = text;
  const className = timerClass(ms, timers);
  if (el.className !== className) el.className = className;
}

/**
 * One clock for every timer on the display: each second it rewrites, in place, the text and colour of
 * the timers (`[data-since]`) on screen (an IntersectionObserver keeps the set; one scrolled into view
 * is brought up to date at once), reading no layout. No card re-renders for the time, so 300 open
 * tickets cost a dozen text writes a second. `version` changes when the cards do (re-observed then).
 */
export function useTicketClock(
  container: RefObject<HTMLElement | null>,
  timers: TimerThresholds,
  version: unknown,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes with the cards: observe the new timers
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const visible = new Set<HTMLElement>();
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => {
            for (const entry of entries) {
              const el = entry.target as HTMLElement;
              if (entry.isIntersecting) {
                visible.add(el);
                paint(el, Date.now(), timers);
              } else visible.delete(el);
            }
          });
    const all = root.querySelectorAll<HTMLElement>("[data-since]");
    for (const el of all) observer ? observer.observe(el) : visible.add(el);
    const timer = setInterval(() => {
      const now = Date.now();
      for (const el of visible) paint(el, now, timers);
    }, 1000);
    return () => {
      clearInterval(timer);
      observer?.disconnect();
    };
  }, [container, timers, version]);
}
