import type { Dish, ListBox } from "@tablemate/core";
import { type CardDesign, HEADING_HEIGHT } from "./card-designs.js";
import type { MenuSection } from "./sections.js";

/** One thing the list draws: a section heading or a dish card. */
export type MenuEntry =
  | { kind: "heading"; key: string; title: string; section: number; group: number }
  | { kind: "dish"; key: string; dish: Dish; section: number; group: number };

export interface PlacedBox extends ListBox {
  left: number;
  width: number;
}

/** Where every entry sits, from the top-left of the list, and where sections and groups start. */
export interface MenuLayout {
  entries: readonly MenuEntry[];
  boxes: readonly PlacedBox[];
  /** the width the boxes were placed for */
  width: number;
  height: number;
  /** the top of each section */
  sectionTops: readonly number[];
  /** the top of each group, per section */
  groupTops: ReadonlyArray<readonly number[]>;
}

export const isDishEntry = (entry: MenuEntry): boolean => entry.kind === "dish";

/** The sections as the list draws them: each group's heading, then its dishes. */
export function menuEntries(sections: readonly MenuSection[]): MenuEntry[] {
  return sections.flatMap((section, sectionIndex) =>
    section.groups.flatMap((group, groupIndex): MenuEntry[] => [
      { kind: "heading", key: group.key, title: group.title, section: sectionIndex, group: groupIndex },
      ...group.dishes.map(
        (dish): MenuEntry => ({
          kind: "dish",
          key: `d${dish.dishesId}`,
          dish,
          section: sectionIndex,
          group: groupIndex,
        }),
      ),
    ]),
  );
}

/** Dishes alone, without headings (the search results). */
export function dishEntries(dishes: readonly Dish[]): MenuEntry[] {
  return dishes.map((dish) => ({ kind: "dish", key: `d${dish.dishesId}`, dish, section: 0, group: 0 }));
}

/**
 * Places the entries for a list `width` px wide: headings full width, dishes in rows of the
 * design's columns, a row closed by the next heading or when full.
 */
export function layoutMenu(entries: readonly MenuEntry[], design: CardDesign, width: number): MenuLayout {
  const columns = Math.max(1, design.columns(width));
  const cardWidth = Math.max(0, (width - design.gap * (columns - 1)) / columns);
  const cardHeight = design.cardHeight(cardWidth);
  const boxes: PlacedBox[] = [];
  const sectionTops: number[] = [];
  const groupTops: number[][] = [];
  let y = 0;
  let column = 0;
  let rowOpen = false;
  const closeRow = () => {
    if (!rowOpen) return;
    y += cardHeight + design.gap;
    rowOpen = false;
    column = 0;
  };
  for (const entry of entries) {
    if (entry.kind === "heading") {
      closeRow();
      if (entry.group === 0) sectionTops[entry.section] = y;
      const tops = groupTops[entry.section] ?? [];
      tops[entry.group] = y;
      groupTops[entry.section] = tops;
      boxes.push({ top: y, left: 0, width, height: HEADING_HEIGHT });
      y += HEADING_HEIGHT;
      continue;
    }
    if (column === columns) closeRow();
    boxes.push({ top: y, left: column * (cardWidth + design.gap), width: cardWidth, height: cardHeight });
    column += 1;
    rowOpen = true;
  }
  closeRow();
  return { entries, boxes, width, height: y, sectionTops, groupTops };
}
