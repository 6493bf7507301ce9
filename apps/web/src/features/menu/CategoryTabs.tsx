import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { COPY } from "../../copy.js";
import { ChevronDownIcon } from "./icons.js";
import { revealChild } from "./reveal.js";
import type { MenuSection } from "./sections.js";

// the pop-up's code (and antd-mobile's Popup) loads on the first tap of the expand button
const CategoryPopup = lazy(async () => ({ default: (await import("./CategoryPopup.js")).CategoryPopup }));

/** The tabs' height: the list scrolls a section's heading to just below them. */
export const CATEGORY_TABS_HEIGHT = 44;

export interface CategoryTabsProps {
  sections: readonly MenuSection[];
  activeIndex: number;
  onSelect(section: number, group?: number): void;
}

/**
 * Templates 2-4 (spec 000 §2): horizontal category tabs, and an expand button opening the category
 * pop-up. Plain buttons rather than antd-mobile's Tabs, whose animation library would weigh on the
 * first screen.
 */
export function CategoryTabs({ sections, activeIndex, onSelect }: CategoryTabsProps) {
  const stripRef = useRef<HTMLDivElement | null>(null);
  const [popup, setPopup] = useState<"closed" | "open" | "unmounted">("unmounted");
  useEffect(() => {
    revealChild(stripRef.current, activeIndex, "x");
  }, [activeIndex]);
  return (
    <nav className="category-tabs">
      <div className="category-tabs__items" ref={stripRef}>
        {sections.map((section, index) => (
          <button
            key={section.category.id}
            type="button"
            className={
              index === activeIndex
                ? "category-tabs__item category-tabs__item--active"
                : "category-tabs__item"
            }
            aria-pressed={index === activeIndex}
            onClick={() => onSelect(index)}
          >
            <span data-testid="category-item">{section.category.dishesTypeName}</span>
          </button>
        ))}
      </div>
      <button
        type="button"
        className="category-tabs__expand"
        aria-label={COPY.allCategories}
        aria-expanded={popup === "open"}
        onClick={() => setPopup("open")}
      >
        <ChevronDownIcon />
      </button>
      {popup !== "unmounted" && (
        <Suspense fallback={null}>
          <CategoryPopup
            sections={sections}
            activeIndex={activeIndex}
            visible={popup === "open"}
            onClose={() => setPopup("closed")}
            onSelect={(section, group) => {
              setPopup("closed");
              onSelect(section, group);
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
