import type { IndexRange, ListView } from "@tablemate/core";

/**
 * The screen px of one of the element's CSS px: 1, or the page's zoom (large text zooms the page
 * 1.3×). Element boxes (getBoundingClientRect) are on the screen's scale, while scrollTop, clientHeight
 * and the list's layout are in CSS px: a distance measured on the one is divided by this for the other.
 */
function screenScale(element: HTMLElement): number {
  const cssHeight = element.offsetHeight;
  if (cssHeight <= 0) return 1;
  // offsetHeight is whole px: to the hundredth, 1 stays exactly 1 and a 1.3× zoom reads 1.3
  return Math.round((element.getBoundingClientRect().height / cssHeight) * 100) / 100;
}

/** How far the list's top has scrolled above its scroller's top, and how tall the scroller shows. */
export function measureListView(scroller: HTMLElement, list: HTMLElement): ListView {
  return {
    scrollTop:
      (scroller.getBoundingClientRect().top - list.getBoundingClientRect().top) / screenScale(scroller),
    viewportHeight: scroller.clientHeight,
  };
}

/** Where the list starts inside its scroller's content, for scrolling to a place in the list. */
export function listOffset(scroller: HTMLElement, list: HTMLElement): number {
  const apart = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  return apart / screenScale(scroller) + scroller.scrollTop;
}

/** The scroller shows its very end (and can scroll at all). */
export function atScrollEnd(scroller: HTMLElement): boolean {
  return (
    scroller.scrollHeight > scroller.clientHeight &&
    scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1
  );
}

export function sameRange(a: IndexRange, b: IndexRange): boolean {
  return a.start === b.start && a.end === b.end;
}

/** Whether the scroller shows its top and its end (both, when everything fits). */
export function scrollEdges(scroller: HTMLElement): { atStart: boolean; atEnd: boolean } {
  return {
    atStart: scroller.scrollTop <= 0,
    atEnd: scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1,
  };
}
