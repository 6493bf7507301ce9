import { useEffect, useRef } from "react";
import { revealChild } from "./reveal.js";
import type { MenuGroup } from "./sections.js";

export interface SecondCategoryStripProps {
  groups: readonly MenuGroup[];
  activeIndex: number;
  onSelect(index: number): void;
}

/**
 * Template 1's second-category strip (spec 000 §2) over the top of the dish list: the active
 * category's second categories, the current one highlighted; a tap scrolls to it.
 */
export function SecondCategoryStrip({ groups, activeIndex, onSelect }: SecondCategoryStripProps) {
  const stripRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    revealChild(stripRef.current, activeIndex, "x");
  }, [activeIndex]);
  return (
    <div className="second-strip" data-testid="second-category-strip">
      <div className="second-strip__items" ref={stripRef}>
        {groups.map((group, index) => (
          <button
            key={group.key}
            type="button"
            className={
              index === activeIndex ? "second-strip__item second-strip__item--active" : "second-strip__item"
            }
            aria-pressed={index === activeIndex}
            onClick={() => onSelect(index)}
          >
            {group.title}
          </button>
        ))}
      </div>
    </div>
  );
}
