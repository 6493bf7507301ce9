import { useEffect, useRef } from "react";
import { revealChild } from "./reveal.js";
import type { MenuSection } from "./sections.js";

export interface CategorySideBarProps {
  sections: readonly MenuSection[];
  activeIndex: number;
  onSelect(index: number): void;
}

/**
 * The left category list of template 1 (spec 000 §2). Plain buttons rather than antd-mobile's
 * SideBar: the same look for a fraction of the first screen's code.
 */
export function CategorySideBar({ sections, activeIndex, onSelect }: CategorySideBarProps) {
  const listRef = useRef<HTMLDivElement | null>(null);
  // keeps the active item visible when the list's scrolling moves the highlight past the bar's edge
  useEffect(() => revealChild(listRef.current, activeIndex, "y"), [activeIndex]);
  return (
    <nav className="menu-sidebar">
      <div className="menu-sidebar__items" ref={listRef}>
        {sections.map((section, index) => (
          <button
            key={section.category.id}
            type="button"
            className={
              index === activeIndex ? "menu-sidebar__item menu-sidebar__item--active" : "menu-sidebar__item"
            }
            aria-pressed={index === activeIndex}
            onClick={() => onSelect(index)}
          >
            <span data-testid="category-item">{section.category.dishesTypeName}</span>
          </button>
        ))}
      </div>
    </nav>
  );
}
