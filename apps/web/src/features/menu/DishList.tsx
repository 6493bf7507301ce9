import type { Ref } from "react";
import { COPY } from "../../copy.js";
import { DishRow } from "./DishRow.js";
import { SECTION_ATTRIBUTE } from "./scroll-spy.js";
import type { MenuSection } from "./sections.js";

export interface DishListProps {
  sections: readonly MenuSection[];
  containerRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

/** The scrolling dish list: one section per category, a sticky heading per group. */
export function DishList({ sections, containerRef, onScroll }: DishListProps) {
  let position = 0;
  return (
    <div className="dish-list" ref={containerRef} onScroll={onScroll}>
      {sections.length === 0 && <p className="dish-list__empty">{COPY.noDishes}</p>}
      {sections.map((section) => (
        <section key={section.category.id} className="menu-section" {...{ [SECTION_ATTRIBUTE]: "" }}>
          {section.groups.map((group) => (
            <div key={group.key} className="menu-group">
              <h3 className="menu-group__title">{group.title}</h3>
              {group.dishes.map((dish) => (
                <DishRow key={dish.dishesId} dish={dish} position={position++} />
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
