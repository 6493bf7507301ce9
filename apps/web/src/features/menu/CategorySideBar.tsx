import { SideBar } from "antd-mobile";
import { useEffect, useRef } from "react";
import type { MenuSection } from "./sections.js";

export interface CategorySideBarProps {
  sections: readonly MenuSection[];
  activeIndex: number;
  onSelect(index: number): void;
}

/**
 * Keeps the active item visible when the list's scrolling moves the highlight past the bar's edge.
 * antd-mobile's .adm-side-bar is the scrolling element (menu.css makes it the items' offsetParent).
 */
function revealActiveItem(nav: HTMLElement | null) {
  const bar = nav?.querySelector<HTMLElement>(".adm-side-bar");
  const item = bar?.querySelector<HTMLElement>(".adm-side-bar-item-active");
  if (!bar || !item) return;
  if (item.offsetTop < bar.scrollTop) bar.scrollTop = item.offsetTop;
  else if (item.offsetTop + item.offsetHeight > bar.scrollTop + bar.clientHeight) {
    bar.scrollTop = item.offsetTop + item.offsetHeight - bar.clientHeight;
  }
}

/** The left category list of template 1 (spec 000 §2). */
export function CategorySideBar({ sections, activeIndex, onSelect }: CategorySideBarProps) {
  const barRef = useRef<HTMLElement | null>(null);
  const activeKey = String(sections[activeIndex]?.category.id ?? "");

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run whenever the active item changes
  useEffect(() => revealActiveItem(barRef.current), [activeKey]);

  return (
    <nav className="menu-sidebar" ref={barRef}>
      <SideBar
        activeKey={activeKey}
        onChange={(key) => onSelect(sections.findIndex((section) => String(section.category.id) === key))}
      >
        {sections.map((section) => (
          <SideBar.Item
            key={section.category.id}
            title={<span data-testid="category-item">{section.category.dishesTypeName}</span>}
          />
        ))}
      </SideBar>
    </nav>
  );
}
