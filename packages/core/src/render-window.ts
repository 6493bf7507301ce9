import { RENDER_WINDOW } from "./timing.js";

/**
 * The render window of a long list (spec 000 §5, §9): which items to render, given where each item
 * sits, so a 500-dish menu mounts a few dozen cards instead of all of them. Items are boxes laid out
 * top to bottom; several may share a row (a grid), so tops are ascending but not strictly.
 */
export interface ListBox {
  /** distance from the list's top to the item's top, px; not decreasing along the list */
  top: number;
  height: number;
}

export interface ListView {
  /** how far the list's top has scrolled above the viewport's top, px (negative while below it) */
  scrollTop: number;
  viewportHeight: number;
}

/** Half-open index range [start, end). */
export interface IndexRange {
  start: number;
  end: number;
}

export interface WindowScreens {
  above: number;
  below: number;
}

const DEFAULT_SCREENS: WindowScreens = {
  above: RENDER_WINDOW.screensAbove,
  below: RENDER_WINDOW.screensBelow,
};

/** The first index whose box satisfies `past` (boxes are sorted, so `past` flips once). */
function firstIndex(boxes: readonly ListBox[], past: (box: ListBox) => boolean): number {
  let low = 0;
  let high = boxes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const box = boxes[mid];
    if (box && past(box)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * Items overlapping the viewport stretched by `above` screens upwards and `below` screens
 * downwards. An unmeasured viewport (height 0: not laid out yet, or hidden) gives an empty range.
 */
export function renderWindow(
  boxes: readonly ListBox[],
  view: ListView,
  screens: WindowScreens = DEFAULT_SCREENS,
): IndexRange {
  if (view.viewportHeight <= 0 || boxes.length === 0) return { start: 0, end: 0 };
  const from = view.scrollTop - screens.above * view.viewportHeight;
  const to = view.scrollTop + (1 + screens.below) * view.viewportHeight;
  // a box is in when it ends below `from` and starts above `to`; boxes in one row end together
  const start = firstIndex(boxes, (box) => box.top + box.height > from);
  const end = firstIndex(boxes, (box) => box.top >= to);
  return { start, end: Math.max(start, end) };
}

/**
 * One frame's step from the mounted range toward the target window: everything in `visible` at
 * once (the diner must never see a gap), the rest of the window at most `perFrame` entries a frame
 * on each side, so mounting the cards that scrolling brings near never blocks a frame for long.
 * Entries leaving the window go at once.
 */
export function approachRange(
  current: IndexRange,
  target: IndexRange,
  visible: IndexRange,
  perFrame: number,
): IndexRange {
  const overlaps = current.start < target.end && target.start < current.end && current.end > current.start;
  // a jump far away: start from what is visible and grow from there
  const from = overlaps ? current : visible;
  const start = Math.min(
    visible.start,
    Math.max(target.start, Math.max(from.start, target.start) - perFrame),
  );
  const end = Math.max(visible.end, Math.min(target.end, Math.min(from.end, target.end) + perFrame));
  return { start: Math.max(target.start, start), end: Math.min(target.end, end) };
}

/**
 * The first paint renders only the first `limit` dishes across categories (spec 000 §5): the range
 * from the list's start that holds `limit` items for which `isDish` holds, with the non-dish items
 * (headings) between them.
 */
export function firstRenderRange<T>(
  items: readonly T[],
  isDish: (item: T) => boolean,
  limit: number = RENDER_WINDOW.firstRender,
): IndexRange {
  let dishes = 0;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (item !== undefined && isDish(item)) {
      if (dishes === limit) return { start: 0, end: index };
      dishes += 1;
    }
  }
  return { start: 0, end: items.length };
}

/** The last of `tops` at or above `position` (0 when none is): which section a scroll position is in. */
export function indexAtPosition(tops: readonly number[], position: number): number {
  let low = 0;
  let high = tops.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((tops[mid] ?? 0) <= position) low = mid + 1;
    else high = mid;
  }
  return Math.max(0, low - 1);
}
