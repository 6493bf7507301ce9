import { indexAtPosition, type ListView } from "@tablemate/core";
import { type RefObject, useCallback, useRef } from "react";
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
 * height of what stays stuck over the list's top (the category tabs).
 */
export function useMenuSpy(
  scrollerRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
  layout: MenuLayout,
  stickyTop: number,
) {
  const setCategoryIndex = useAppStore((state) => state.setCategoryIndex);
  const setSecondCategoryIndex = useAppStore((state) => state.setSecondCategoryIndex);
  // the scroll our own jump causes must not move the highlight to a neighbour
  const jumping = useRef(false);

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
      if (state.categoryIndex !== section) setCategoryIndex(section);
      if (state.secondCategoryIndex !== group) setSecondCategoryIndex(group);
    },
    [layout, stickyTop, setCategoryIndex, setSecondCategoryIndex],
  );

  const jumpTo = useCallback(
    (section: number, group = 0) => {
      setCategoryIndex(section);
      setSecondCategoryIndex(group);
      const scroller = scrollerRef.current;
      const list = listRef.current;
      const top = layout.groupTops[section]?.[group];
      if (!scroller || !list || top === undefined) return;
      const target = Math.min(
        listOffset(scroller, list) + top - stickyTop,
        Math.max(0, scroller.scrollHeight - scroller.clientHeight),
      );
      if (Math.abs(scroller.scrollTop - target) < 1) return;
      jumping.current = true;
      scroller.scrollTop = target;
    },
    [scrollerRef, listRef, layout, stickyTop, setCategoryIndex, setSecondCategoryIndex],
  );

  return { onView, jumpTo };
}
