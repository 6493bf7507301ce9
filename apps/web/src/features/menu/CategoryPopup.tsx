import { isTwoLevelPopup } from "@tablemate/core";
import Popup from "antd-mobile/es/components/popup";
import { useState } from "react";
import { COPY } from "../../copy.js";
import type { MenuSection } from "./sections.js";

export interface CategoryPopupProps {
  sections: readonly MenuSection[];
  activeIndex: number;
  visible: boolean;
  onClose(): void;
  onSelect(section: number, group?: number): void;
}

function chipClass(active: boolean): string {
  return active ? "category-popup__chip category-popup__chip--active" : "category-popup__chip";
}

/** Every category as chips: the one-level pop-up. */
function OneLevel({ sections, activeIndex, onSelect }: Omit<CategoryPopupProps, "visible" | "onClose">) {
  return (
    <div className="category-popup__grid">
      {sections.map((section, index) => (
        <button
          key={section.category.id}
          type="button"
          className={chipClass(index === activeIndex)}
          onClick={() => onSelect(index)}
        >
          {section.category.dishesTypeName}
        </button>
      ))}
    </div>
  );
}

/** Categories on the left, the chosen one's second categories on the right: the two-level pop-up. */
function TwoLevel({ sections, activeIndex, onSelect }: Omit<CategoryPopupProps, "visible" | "onClose">) {
  const [chosen, setChosen] = useState(activeIndex);
  const groups = sections[chosen]?.groups ?? [];
  return (
    <div className="category-popup__levels">
      <div className="category-popup__first" role="tablist">
        {sections.map((section, index) => (
          <button
            key={section.category.id}
            type="button"
            role="tab"
            aria-selected={index === chosen}
            className={
              index === chosen
                ? "category-popup__first-item category-popup__first-item--active"
                : "category-popup__first-item"
            }
            onClick={() => (section.groups.length > 1 ? setChosen(index) : onSelect(index))}
          >
            {section.category.dishesTypeName}
          </button>
        ))}
      </div>
      <div className="category-popup__grid category-popup__grid--second">
        {groups.map((group, index) => (
          <button
            key={group.key}
            type="button"
            className={chipClass(false)}
            onClick={() => onSelect(chosen, index)}
          >
            {group.title}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The category pop-up of templates 2-4 (spec 000 §2): two-level when any category has more than
 * one second category or one not named 其它, else one level.
 */
export function CategoryPopup(props: CategoryPopupProps) {
  const { sections, visible, onClose } = props;
  const twoLevel = isTwoLevelPopup(sections.map((section) => section.category));
  return (
    <Popup
      visible={visible}
      onClose={onClose}
      onMaskClick={onClose}
      position="top"
      bodyClassName="category-popup"
    >
      <section aria-label={COPY.allCategories} data-testid="category-popup">
        <h2 className="category-popup__title">{COPY.allCategories}</h2>
        {twoLevel ? <TwoLevel {...props} /> : <OneLevel {...props} />}
      </section>
    </Popup>
  );
}
