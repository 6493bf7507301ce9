import { useMemo } from "react";
import { useAppStore } from "../../store/app-store.js";
import { CategorySideBar } from "./CategorySideBar.js";
import { DishList } from "./DishList.js";
import { useScrollSpy } from "./scroll-spy.js";
import { buildMenuSections } from "./sections.js";
import "./menu.css";

/** Template 1: categories on the left, the dish list on the right, kept in step both ways. */
export function MenuBody() {
  const categories = useAppStore((state) => state.categories);
  const foods = useAppStore((state) => state.foods);
  const categoryIndex = useAppStore((state) => state.categoryIndex);
  const setCategoryIndex = useAppStore((state) => state.setCategoryIndex);
  const sections = useMemo(() => buildMenuSections(categories, foods), [categories, foods]);
  const spy = useScrollSpy(setCategoryIndex);
  const activeIndex = Math.min(categoryIndex, Math.max(0, sections.length - 1));

  return (
    <div className="menu-body">
      <CategorySideBar sections={sections} activeIndex={activeIndex} onSelect={spy.jumpTo} />
      <DishList sections={sections} containerRef={spy.containerRef} onScroll={spy.onScroll} />
    </div>
  );
}
