import { elapsedText, type TimerThresholds, timerColour } from "@tablemate/core";
import { useEffect, useState } from "react";

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
 * One clock for every timer on a display: each second it rewrites, in place, the text and colour of the
 * timers (`[data-since]`) on screen, reading no layout. Each timer joins with `watch` (its ref callback:
 * React calls it when the card is drawn and its answer when the card goes), so a new card costs one
 * observe and no card re-renders for the time: 300 open tickets cost a dozen text writes a second.
 */
export interface TicketClock {
  /** a timer element to keep current while on screen (an IntersectionObserver tells); answers the stop */
  watch(el: HTMLElement | null): (() => void) | undefined;
  /** the restaurant's thresholds changed: the timers on screen take their new colours now */
  setTimers(timers: TimerThresholds): void;
  /** ticks each second until the answer is called */
  run(): () => void;
}

export function createTicketClock(timers: TimerThresholds): TicketClock {
  let current = timers;
  const visible = new Set<HTMLElement>();
  const observer =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver((entries) => {
          const now = Date.now();
          for (const entry of entries) {
            const el = entry.target as HTMLElement;
            // one scrolled into view is brought up to date at once
            if (entry.isIntersecting) {
              visible.add(el);
              paint(el, now, current);
            } else visible.delete(el);
          }
        });
  const tick = () => {
    const now = Date.now();
    for (const el of visible) paint(el, now, current);
  };
  return {
    watch(el) {
      if (!el) return;
      if (observer) observer.observe(el);
      else visible.add(el);
      return () => {
        observer?.unobserve(el);
        visible.delete(el);
      };
    },
    setTimers(timers) {
      if (timers === current) return;
      current = timers;
      tick();
    },
    run() {
      const timer = setInterval(tick, 1000);
      return () => clearInterval(timer);
    },
  };
}

/** The display's clock: one for its life, ticking while it is mounted, with the thresholds given. */
export function useTicketClock(timers: TimerThresholds): TicketClock {
  const [clock] = useState(() => createTicketClock(timers));
  useEffect(() => clock.setTimers(timers), [clock, timers]);
  useEffect(() => clock.run(), [clock]);
  return clock;
}
