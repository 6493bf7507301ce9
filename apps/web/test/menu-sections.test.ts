import { describe, expect, it } from "vitest";
import { activeSectionIndex } from "../src/features/menu/scroll-spy.js";
import { buildMenuSections } from "../src/features/menu/sections.js";
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

describe("active category while scrolling", () => {
  const view = (scrollTop: number) => ({ scrollTop, clientHeight: 600, scrollHeight: 2000 });

  it("is the last section whose top has reached the top of the list", () => {
    const tops = [0, 500, 900, 1700];
    expect(activeSectionIndex(tops, view(0))).toBe(0);
    expect(activeSectionIndex(tops, view(499))).toBe(1);
    expect(activeSectionIndex(tops, view(800))).toBe(1);
    expect(activeSectionIndex(tops, view(900))).toBe(2);
  });

  it("is the last section at the very bottom, however short it is", () => {
    expect(activeSectionIndex([0, 500, 900, 1700], view(1400))).toBe(3);
  });
});
