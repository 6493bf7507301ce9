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

/** How many entries one frame may mount and drop on each side of the window. */
export interface FrameBudget {
  mount: number;
  unmount: number;
}

/**
 * One frame's step from the mounted range toward the target window: everything in `visible` at
 * once (the diner must never see a gap), each edge of the rest moved a few entries a frame, in or
 * out, so the cards that scrolling brings near or takes away never block a frame for long. A jump
 * far away starts over from what is visible.
 */
export function approachRange(
  current: IndexRange,
  target: IndexRange,
  visible: IndexRange,
  budget: FrameBudget,
): IndexRange {
  const overlaps = current.start < current.end && current.start < target.end && target.start < current.end;
  const from = overlaps ? current : visible;
  // growing the range mounts entries; shrinking it drops them
  const startToward = (at: number, goal: number) =>
    at > goal ? Math.max(goal, at - budget.mount) : Math.min(goal, at + budget.unmount);
  const endToward = (at: number, goal: number) =>
    at < goal ? Math.min(goal, at + budget.mount) : Math.max(goal, at - budget.unmount);
  return {
    start: Math.min(visible.start, startToward(from.start, target.start)),
    end: Math.max(visible.end, endToward(from.end, target.end)),
  };
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
