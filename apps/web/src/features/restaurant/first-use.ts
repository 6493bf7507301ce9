import { useEffect, useState } from "react";

/** What a diner does first on the page: a touch, a click, a key, a scroll of the list. */
const USE_EVENTS = ["pointerdown", "touchstart", "keydown", "wheel", "scroll"] as const;

/**
 * True once the diner has used the page (or at once when `now`): code that only matters to a diner
 * who acts (the member layer, issue 28's budget) loads then, not after every first screen.
 */
export function useFirstUse(now: boolean): boolean {
  // false in the first render, as the server drew it (hydration draws the same)
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (used) return;
    if (now) {
      setUsed(true);
      return;
    }
    const use = () => setUsed(true);
    const options = { capture: true, passive: true, once: true } as const;
    for (const type of USE_EVENTS) window.addEventListener(type, use, options);
    return () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, use, options);
    };
  }, [used, now]);
  return used;
}
