import { indexAtPosition, type ListView } from "@tablemate/core";
import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import { useAppStore } from "../../store/app-store.js";
import { atScrollEnd, listOffset } from "./list-view.js";
import type { MenuLayout } from "./menu-layout.js";

/** A section counts as current once its top is this close below the sticky category bar. */
const TOP_TOLERANCE_PX = 4;

/**
 * Which section and group a scroll position shows: the last whose top has reached the line under
 * the sticky bar; at the very end the last section, which may be too short ever to reach it.
 */
export function activeAt(
  layout: Pick<MenuLayout, "sectionTops" | "groupTops">,
  line: number,
  atEnd: boolean,
): { section: number; group: number } {
  const last = layout.sectionTops.length - 1;
  const section = atEnd && last >= 0 ? last : indexAtPosition(layout.sectionTops, line);
  const groupTops = layout.groupTops[section] ?? [];
  const group = atEnd ? Math.max(0, groupTops.length - 1) : indexAtPosition(groupTops, line);
  return { section, group };
}

/**
 * Keeps the store's category and second-category indexes in step with the list's scroll position
 * (spec 000 §2), and scrolls the list to a tapped category or second category. `stickyTop` is the
 * height of what stays stuck over the list's top (the category tabs). In a template that shows one
 * category per page, the layout holds the page's category alone, `page`: the scroll position picks
 * its second category, and choosing another category turns the page, then scrolls to its start.
 */
export function useMenuSpy(
  scrollerRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
  layout: MenuLayout,
  stickyTop: number,
  page: number | null = null,
) {
  const setCategoryIndex = useAppStore((state) => state.setCategoryIndex);
  const setSecondCategoryIndex = useAppStore((state) => state.setSecondCategoryIndex);
  // the scroll our own jump causes must not move the highlight to a neighbour
  const jumping = useRef(false);
  // a group to scroll to once the page turned to has been laid out
  const turning = useRef<number | null>(null);
  const firstSection = page ?? 0;

  const onView = useCallback(
    (view: ListView, scroller: HTMLElement) => {
      if (jumping.current) {
        jumping.current = false;
        return;
      }
      const { section, group } = activeAt(
        layout,
        view.scrollTop + stickyTop + TOP_TOLERANCE_PX,
        atScrollEnd(scroller),
      );
      const state = useAppStore.getState();
      if (state.categoryIndex !== firstSection + section) setCategoryIndex(firstSection + section);
      if (state.secondCategoryIndex !== group) setSecondCategoryIndex(group);
    },
    [layout, stickyTop, firstSection, setCategoryIndex, setSecondCategoryIndex],
  );

  /** Scrolls a section of the layout (counted within it) and group to just under the sticky bar. */
  const scrollTo = useCallback(
    (section: number, group: number) => {
      const scroller = scrollerRef.current;
      const list = listRef.current;
      const top = layout.groupTops[section]?.[group];
      if (!scroller || !list || top === undefined) return;
      const target = Math.max(
        0,
        Math.min(listOffset(scroller, list) + top - stickyTop, scroller.scrollHeight - scroller.clientHeight),
      );
      if (Math.abs(scroller.scrollTop - target) < 1) return;
      jumping.current = true;
      scroller.scrollTop = target;
    },
    [scrollerRef, listRef, layout, stickyTop],
  );

  useLayoutEffect(() => {
    const group = turning.current;
    if (group === null) return;
    turning.current = null;
    scrollTo(0, group);
  }, [scrollTo]);

  const jumpTo = useCallback(
    (section: number, group = 0) => {
      setCategoryIndex(section);
      setSecondCategoryIndex(group);
      if (page !== null && section !== page) turning.current = group;
      else scrollTo(section - firstSection, group);
    },
    [page, firstSection, scrollTo, setCategoryIndex, setSecondCategoryIndex],
  );

  return { onView, jumpTo };
}
