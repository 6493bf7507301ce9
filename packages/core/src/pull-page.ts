import { PULL_PAGE_PX } from "./timing.js";

/** A finished touch drag over the menu, and where its scroller was. */
export interface PullGesture {
  /** the finger's move from touch start to touch end, px (y grows downward) */
  dx: number;
  dy: number;
  /** the scroller showed its top, or its end, both when the drag began and when it ended */
  atStart: boolean;
  atEnd: boolean;
}

/**
 * Pulling to change page (spec 000 §5), in the templates that show one category per page: a drag
 * upward of more than 50 px with the page's end in view moves to the next category, a drag downward
 * of more than 50 px with its top in view to the previous one. A shorter drag, a sideways one, or a
 * drag that only scrolled does nothing; there is nothing before the first page or after the last.
 * Returns the page to show (the same page when nothing changes).
 */
export function pulledPage(
  page: number,
  pages: number,
  gesture: PullGesture,
  threshold = PULL_PAGE_PX,
): number {
  const { dx, dy, atStart, atEnd } = gesture;
  if (Math.abs(dy) <= threshold || Math.abs(dx) >= Math.abs(dy)) return page;
  if (dy < 0 && atEnd && page + 1 < pages) return page + 1;
  if (dy > 0 && atStart && page > 0) return page - 1;
  return page;
}
