import type { IndexRange, ListView } from "@tablemate/core";

/** How far the list's top has scrolled above its scroller's top, and how tall the scroller shows. */
export function measureListView(scroller: HTMLElement, list: HTMLElement): ListView {
  return {
    scrollTop: scroller.getBoundingClientRect().top - list.getBoundingClientRect().top,
    viewportHeight: scroller.clientHeight,
  };
}

/** Where the list starts inside its scroller's content, for scrolling to a place in the list. */
export function listOffset(scroller: HTMLElement, list: HTMLElement): number {
  return list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
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
