import { describe, expect, it } from "vitest";
import {
  BIG_DESIGN,
  FOUR_DESIGN,
  HEADING_HEIGHT,
  LIST_CARD_HEIGHT,
  LIST_DESIGN,
  NINE_DESIGN,
} from "../src/features/menu/card-designs.js";
import { layoutMenu, menuEntries } from "../src/features/menu/menu-layout.js";
import { buildMenuSections } from "../src/features/menu/sections.js";
import { activeAt } from "../src/features/menu/use-menu-spy.js";
import { category, dish } from "./fixtures.js";

describe("menu sections", () => {
  it("heads each category by its name, in category order, leaving out empty ones", () => {
    const sections = buildMenuSections(
      [
        category({ id: 1, dishesTypeName: "凉菜" }),
        category({ id: 3, dishesTypeName: "空分类" }),
        category({ id: 2, dishesTypeName: "热菜" }),
      ],
      [
        dish({ dishesId: 20, typeId: 2 }),
        dish({ dishesId: 10, typeId: 1 }),
        dish({ dishesId: 21, typeId: 2 }),
      ],
    );
    expect(sections.map((s) => s.groups.map((g) => [g.title, g.dishes.map((d) => d.dishesId)]))).toEqual([
      [["凉菜", [10]]],
      [["热菜", [20, 21]]],
    ]);
  });

  it("lists a category's sold-out dishes after those on sale (001 §4)", () => {
    const sections = buildMenuSections(
      [category({ id: 1, dishesTypeName: "凉菜" })],
      [
        dish({ dishesId: 10, typeId: 1, estimate: 0 }),
        dish({ dishesId: 11, typeId: 1 }),
        dish({ dishesId: 12, typeId: 1, estimate: 3 }),
      ],
    );
    expect(sections[0]?.groups[0]?.dishes.map((d) => d.dishesId)).toEqual([11, 12, 10]);
  });

  it("heads a category with second categories by the second categories' names", () => {
    const drinks = category({
      id: 5,
      dishesTypeName: "饮品",
      hasSecondCategory: true,
      secondCategories: [
        { id: 51, name: "热饮", foods: [501] },
        { id: 52, name: "冷饮", foods: [502] },
      ],
    });
    const [section] = buildMenuSections(
      [drinks],
      [
        dish({ dishesId: 502, typeId: 5, secondTypeId: 52 }),
        dish({ dishesId: 501, typeId: 5, secondTypeId: 51 }),
        dish({ dishesId: 503, typeId: 5 }),
      ],
    );
    expect(section?.groups.map((g) => [g.title, g.dishes.map((d) => d.dishesId)])).toEqual([
      ["饮品", [503]],
      ["热饮", [501]],
      ["冷饮", [502]],
    ]);
  });
});

describe("menu layout", () => {
  const sections = buildMenuSections(
    [category({ id: 1, dishesTypeName: "凉菜" }), category({ id: 2, dishesTypeName: "热菜" })],
    [
      ...Array.from({ length: 4 }, (_, i) => dish({ dishesId: 10 + i, typeId: 1 })),
      ...Array.from({ length: 2 }, (_, i) => dish({ dishesId: 20 + i, typeId: 2 })),
    ],
  );
  const entries = menuEntries(sections);

  it("stacks template 1 as a heading, then one fixed-height row per dish", () => {
    const layout = layoutMenu(entries, LIST_DESIGN, 300);
    expect(layout.boxes.map((b) => b.top)).toEqual([
      0,
      HEADING_HEIGHT,
      HEADING_HEIGHT + LIST_CARD_HEIGHT,
      HEADING_HEIGHT + 2 * LIST_CARD_HEIGHT,
      HEADING_HEIGHT + 3 * LIST_CARD_HEIGHT,
      HEADING_HEIGHT + 4 * LIST_CARD_HEIGHT,
      2 * HEADING_HEIGHT + 4 * LIST_CARD_HEIGHT,
      2 * HEADING_HEIGHT + 5 * LIST_CARD_HEIGHT,
    ]);
    expect(layout.sectionTops).toEqual([0, HEADING_HEIGHT + 4 * LIST_CARD_HEIGHT]);
    expect(layout.height).toBe(2 * HEADING_HEIGHT + 6 * LIST_CARD_HEIGHT);
  });

  it("puts template 3's cards three to a row on a phone, two on a narrow screen", () => {
    expect(NINE_DESIGN.columns(366)).toBe(3);
    expect(NINE_DESIGN.columns(300)).toBe(2);
    const layout = layoutMenu(entries, NINE_DESIGN, 366);
    const cards = layout.boxes.slice(1, 5);
    // the fourth dish starts a second row under the first
    expect(cards.map((b) => [b.left, b.top])).toEqual([
      [0, HEADING_HEIGHT],
      [(366 - 16) / 3 + 8, HEADING_HEIGHT],
      [2 * ((366 - 16) / 3 + 8), HEADING_HEIGHT],
      [0, HEADING_HEIGHT + (cards[0]?.height ?? 0) + 8],
    ]);
  });

  it("sizes picture cards by their image's proportions", () => {
    const big = layoutMenu(entries, BIG_DESIGN, 345).boxes[1];
    expect(big?.height).toBeCloseTo(195 + 108);
    const four = layoutMenu(entries, FOUR_DESIGN, 410).boxes[1];
    expect(four?.width).toBe(200);
    expect(four?.height).toBeCloseTo(150 + 104);
  });
});

describe("active category while scrolling", () => {
  const layout = { sectionTops: [0, 500, 900, 1700], groupTops: [[0], [500, 640, 760], [900], [1700]] };

  it("is the last section whose top has reached the line under the category bar", () => {
    expect(activeAt(layout, 0, false)).toEqual({ section: 0, group: 0 });
    expect(activeAt(layout, 499, false)).toEqual({ section: 0, group: 0 });
    expect(activeAt(layout, 500, false)).toEqual({ section: 1, group: 0 });
    expect(activeAt(layout, 700, false)).toEqual({ section: 1, group: 1 });
    expect(activeAt(layout, 900, false)).toEqual({ section: 2, group: 0 });
  });

  it("is the last section at the very end, however short it is", () => {
    expect(activeAt(layout, 1400, true)).toEqual({ section: 3, group: 0 });
  });
});
