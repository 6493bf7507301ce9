import { TIMING } from "@tablemate/core";

let last = Number.NEGATIVE_INFINITY;

/**
 * Add and minus, wherever tapped, go through at most once per 300 ms (spec 000 §5), so a double
 * tap adds once. One gate for the whole app: a card's + turns into − count + under the finger, and
 * the second tap of a double tap must not get through on the new buttons.
 */
export function passesAddThrottle(now: number = Date.now()): boolean {
  if (now - last < TIMING.addThrottleMs) return false;
  last = now;
  return true;
}

/** For tests: forget the last tap. */
export function resetAddThrottle(): void {
  last = Number.NEGATIVE_INFINITY;
}
