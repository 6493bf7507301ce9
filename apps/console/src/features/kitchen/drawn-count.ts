import { useEffect, useState } from "react";

/** Cards drawn at once when a display opens: more than a tablet's screen holds. */
export const FIRST_CARDS = 12;
/** Cards added per step after that, each step its own short task. */
export const CARDS_PER_STEP = 8;

/**
 * How many of a display's cards to draw. Drawing 300 cards in one render blocks a slow tablet for
 * several hundred milliseconds, so a display opens with a screenful and adds a few cards per task
 * (a timeout between steps lets the browser paint and take taps) until every card is drawn; from then
 * on it follows the list, so a live ticket is drawn at once.
 */
export function useDrawnCount(total: number): number {
  const [drawn, setDrawn] = useState(FIRST_CARDS);
  const all = drawn === Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (all || total === 0) return;
    const timer = setTimeout(
      () => setDrawn(drawn + CARDS_PER_STEP >= total ? Number.POSITIVE_INFINITY : drawn + CARDS_PER_STEP),
      0,
    );
    return () => clearTimeout(timer);
  }, [all, drawn, total]);
  return Math.min(drawn, total);
}
