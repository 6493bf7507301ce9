import SideBar from "antd-mobile/es/components/side-bar";
import { useEffect, useRef } from "react";
import { revealInStrip } from "./reveal.js";
import type { MenuSection } from "./sections.js";

export interface CategorySideBarProps {
  sections: readonly MenuSection[];
  activeIndex: number;
  onSelect(index: number): void;
}

/** The left category list of template 1 (spec 000 §2). */
export function CategorySideBar({ sections, activeIndex, onSelect }: CategorySideBarProps) {
  const navRef = useRef<HTMLElement | null>(null);
  const activeKey = String(sections[activeIndex]?.category.id ?? "");

  // keeps the active item visible when the list's scrolling moves the highlight past the bar's edge;
  // antd-mobile's .adm-side-bar is the scrolling element (menu.css makes it the items' offsetParent)
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run whenever the active item changes
  useEffect(() => {
    const bar = navRef.current?.querySelector<HTMLElement>(".adm-side-bar") ?? null;
    revealInStrip(bar, bar?.querySelector<HTMLElement>(".adm-side-bar-item-active"), "y");
  }, [activeKey]);

  return (
    <nav className="menu-sidebar" ref={navRef}>
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
