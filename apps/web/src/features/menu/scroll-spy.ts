import { useCallback, useEffect, useRef } from "react";

/** Marks a section of the scrolling list for the spy. */
export const SECTION_ATTRIBUTE = "data-menu-section";
/** A section counts as current once its top is this close to the list's top. */
const TOP_TOLERANCE_PX = 4;

/**
 * Which section the list shows: the last one whose top has reached the list's top; at the very
 * bottom the last section, which may be too short ever to reach the top.
 */
export function activeSectionIndex(
  sectionTops: readonly number[],
  view: { scrollTop: number; clientHeight: number; scrollHeight: number },
): number {
  if (sectionTops.length === 0) return 0;
  if (view.scrollHeight > view.clientHeight && view.scrollTop + view.clientHeight >= view.scrollHeight - 1) {
    return sectionTops.length - 1;
  }
  let active = 0;
  sectionTops.forEach((top, index) => {
    if (top <= view.scrollTop + TOP_TOLERANCE_PX) active = index;
  });
  return active;
}

function sectionsOf(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(`[${SECTION_ATTRIBUTE}]`));
}

/**
 * Keeps the active category in step with the list's scroll position, and scrolls the list to a
 * tapped category. The list must be the sections' offsetParent (position: relative).
 */
export function useScrollSpy(onActiveChange: (index: number) => void) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const frame = useRef<number | null>(null);
  // the scroll event our own jump causes must not move the highlight to a neighbour
  const jumping = useRef(false);

  const measure = useCallback(() => {
    frame.current = null;
    const container = containerRef.current;
    if (!container) return;
    const tops = sectionsOf(container).map((section) => section.offsetTop);
    onActiveChange(activeSectionIndex(tops, container));
  }, [onActiveChange]);

  const onScroll = useCallback(() => {
    if (jumping.current) {
      jumping.current = false;
      return;
    }
    // at most one measurement per frame, however fast the scroll events come
    frame.current ??= requestAnimationFrame(measure);
  }, [measure]);

  const jumpTo = useCallback(
    (index: number) => {
      onActiveChange(index);
      const container = containerRef.current;
      const section = container ? sectionsOf(container)[index] : undefined;
      if (!container || !section) return;
      const maxTop = Math.max(0, container.scrollHeight - container.clientHeight);
      const top = Math.min(section.offsetTop, maxTop);
      if (Math.abs(container.scrollTop - top) < 1) return;
      jumping.current = true;
      container.scrollTop = top;
    },
    [onActiveChange],
  );

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  return { containerRef, onScroll, jumpTo };
}
