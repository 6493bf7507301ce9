import { showsSecondStrip } from "@tablemate/core";
import { lazy, type RefObject, Suspense, useMemo, useRef, useState } from "react";
import { COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { CategorySideBar } from "./CategorySideBar.js";
import { CATEGORY_TABS_HEIGHT, CategoryTabs } from "./CategoryTabs.js";
import { TEMPLATE_DESIGNS } from "./card-designs.js";
import { useHiddenDishes, useHidingOnReturn, useShownFoods } from "./hidden-dishes.js";
import { MenuList } from "./MenuList.js";
import { layoutMenu, menuEntries } from "./menu-layout.js";
import { SecondCategoryStrip } from "./SecondCategoryStrip.js";
import { buildMenuSections } from "./sections.js";
import { useElementSize } from "./use-element-size.js";
import { useMenuSpy } from "./use-menu-spy.js";
import { usePullPage } from "./use-pull-page.js";
import "./menu.css";

/** Until the list is measured (or where nothing is laid out, as in tests): a phone's list width. */
const FALLBACK_LIST_WIDTH = 366;

const HiddenNote = lazy(async () => ({ default: (await import("../allergens/HiddenNote.js")).HiddenNote }));

/**
 * The menu below the header (spec 000 §2) in the restaurant's template: 1 the default list with the
 * left category bar and second-category strip; 2 big cards, 3 nine-grid cards, 4 super cards, each
 * with horizontal category tabs and one category per page (pulled to the next or previous one). The
 * page's scroller scrolls it, header included. Dishes the diner asked to hide (issue 29) are left out,
 * with a note saying how many; a category they empty goes with them.
 */
export function MenuBody({ scrollerRef }: { scrollerRef: RefObject<HTMLElement | null> }) {
  const categories = useAppStore((state) => state.categories);
  const foods = useShownFoods();
  const hiddenCount = useHiddenDishes((state) => state.ids.size);
  useHidingOnReturn();
  const template = useAppStore((state) => state.templateNumber.foods);
  const categoryIndex = useAppStore((state) => state.categoryIndex);
  const secondIndex = useAppStore((state) => state.secondCategoryIndex);

  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const { width } = useElementSize(box);
  const design = TEMPLATE_DESIGNS[template] ?? TEMPLATE_DESIGNS[1];
  const sections = useMemo(() => buildMenuSections(categories, foods), [categories, foods]);
  const activeIndex = Math.min(categoryIndex, Math.max(0, sections.length - 1));
  const page = design.byCategory ? activeIndex : null;
  const entries = useMemo(
    () => menuEntries(page === null ? sections : sections.slice(page, page + 1)),
    [sections, page],
  );
  const layout = useMemo(
    () => layoutMenu(entries, design, width || FALLBACK_LIST_WIDTH),
    [entries, design, width],
  );
  const sideBar = design.variant === "list";
  const spy = useMenuSpy(scrollerRef, listRef, layout, sideBar ? 0 : CATEGORY_TABS_HEIGHT, page);
  usePullPage(scrollerRef, page !== null, activeIndex, sections.length, spy.jumpTo);

  const note = hiddenCount > 0 && (
    <Suspense fallback={null}>
      <HiddenNote count={hiddenCount} />
    </Suspense>
  );
  const active = sections[activeIndex];
  const next = page === null ? undefined : sections[page + 1];
  const list =
    sections.length === 0 ? (
      <p className="menu-body__empty">{COPY.noDishes}</p>
    ) : (
      <>
        <MenuList
          // a new page starts as a fresh list: its first dishes at once, then the window
          key={page ?? "all"}
          layout={layout}
          variant={design.variant}
          scrollerRef={scrollerRef}
          listRef={listRef}
          onView={spy.onView}
        />
        {next && <p className="menu-body__pull-hint">{COPY.pullForNext(next.category.dishesTypeName)}</p>}
      </>
    );

  if (!sideBar) {
    return (
      <div className="menu-body menu-body--tabs" data-template={template}>
        <CategoryTabs sections={sections} activeIndex={activeIndex} onSelect={spy.jumpTo} />
        <div className="menu-body__list" ref={setBox}>
          {note}
          {list}
        </div>
      </div>
    );
  }
  return (
    <div className="menu-body menu-body--side" data-template={template}>
      <CategorySideBar sections={sections} activeIndex={activeIndex} onSelect={spy.jumpTo} />
      <div className="menu-body__list" ref={setBox}>
        {note}
        {active && showsSecondStrip(active.category) && (
          <SecondCategoryStrip
            groups={active.groups}
            activeIndex={secondIndex}
            onSelect={(group) => spy.jumpTo(activeIndex, group)}
          />
        )}
        {list}
      </div>
    </div>
  );
}
