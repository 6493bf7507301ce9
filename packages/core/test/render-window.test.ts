import { describe, expect, it } from "vitest";
import {
  approachRange,
  firstRenderRange,
  indexAtPosition,
  type ListBox,
  renderWindow,
} from "../src/render-window.js";
import { RENDER_WINDOW } from "../src/timing.js";

/** `count` rows of `height` px stacked from the top. */
const rows = (count: number, height: number): ListBox[] =>
  Array.from({ length: count }, (_, i) => ({ top: i * height, height }));

describe("render window", () => {
  it("renders one screen above and three below the viewport", () => {
    // 100 px rows, 1000 px viewport scrolled to 5000: 4000..9000 overlaps rows 40..89
    expect(renderWindow(rows(200, 100), { scrollTop: 5000, viewportHeight: 1000 })).toEqual({
      start: 40,
      end: 90,
    });
    expect(RENDER_WINDOW).toMatchObject({ screensAbove: 1, screensBelow: 3 });
  });

  it("keeps a row that is only partly inside the window", () => {
    const range = renderWindow(rows(200, 100), { scrollTop: 5050, viewportHeight: 1000 });
    expect(range).toEqual({ start: 40, end: 91 });
  });

  it("starts at the top and stops at the end of the list", () => {
    expect(renderWindow(rows(10, 100), { scrollTop: 0, viewportHeight: 300 })).toEqual({ start: 0, end: 10 });
    expect(renderWindow(rows(100, 100), { scrollTop: 9700, viewportHeight: 300 })).toEqual({
      start: 94,
      end: 100,
    });
  });

  it("counts a list still below the viewport (negative scroll) from its top", () => {
    expect(renderWindow(rows(100, 100), { scrollTop: -250, viewportHeight: 500 })).toEqual({
      start: 0,
      end: 18,
    });
  });

  it("takes every box of a grid row together", () => {
    // three cards per row share their top
    const grid = Array.from(
      { length: 30 },
      (_, i): ListBox => ({ top: Math.floor(i / 3) * 200, height: 200 }),
    );
    const range = renderWindow(grid, { scrollTop: 1000, viewportHeight: 200 }, { above: 1, below: 1 });
    expect(range).toEqual({ start: 12, end: 21 });
  });

  it("renders nothing while the viewport is not measured", () => {
    expect(renderWindow(rows(10, 100), { scrollTop: 0, viewportHeight: 0 })).toEqual({ start: 0, end: 0 });
    expect(renderWindow([], { scrollTop: 0, viewportHeight: 800 })).toEqual({ start: 0, end: 0 });
  });
});

describe("first render", () => {
  type Item = { dish: boolean };
  const heading: Item = { dish: false };
  const dish: Item = { dish: true };
  const isDish = (item: Item) => item.dish;

  it("holds the first 15 dishes across categories and the headings among them", () => {
    const items = [heading, ...Array(10).fill(dish), heading, ...Array(10).fill(dish)];
    const range = firstRenderRange(items, isDish);
    expect(range).toEqual({ start: 0, end: 17 });
    expect(items.slice(range.start, range.end).filter(isDish)).toHaveLength(RENDER_WINDOW.firstRender);
  });

  it("holds the whole list when it is shorter", () => {
    expect(firstRenderRange([heading, dish, dish], isDish)).toEqual({ start: 0, end: 3 });
  });
});

describe("index at a scroll position", () => {
  it("is the last top at or above the position, or the first", () => {
    const tops = [0, 500, 900, 1700];
    expect(indexAtPosition(tops, -10)).toBe(0);
    expect(indexAtPosition(tops, 0)).toBe(0);
    expect(indexAtPosition(tops, 499)).toBe(0);
    expect(indexAtPosition(tops, 500)).toBe(1);
    expect(indexAtPosition(tops, 1699)).toBe(2);
    expect(indexAtPosition(tops, 99999)).toBe(3);
    expect(indexAtPosition([], 100)).toBe(0);
  });
});

describe("approaching the window a few entries a frame", () => {
  const range = (start: number, end: number) => ({ start, end });
  const budget = { mount: 3, unmount: 5 };

  it("grows toward the window by at most the mount budget on each side", () => {
    expect(approachRange(range(10, 20), range(4, 40), range(12, 18), budget)).toEqual(range(7, 23));
  });

  it("always holds what is visible, however far that is from what was mounted", () => {
    expect(approachRange(range(10, 20), range(10, 60), range(25, 35), budget)).toEqual(range(10, 35));
  });

  it("drops entries that left the window by at most the unmount budget on each side", () => {
    expect(approachRange(range(0, 50), range(30, 80), range(40, 45), budget)).toEqual(range(5, 53));
    expect(approachRange(range(28, 90), range(30, 80), range(40, 45), budget)).toEqual(range(30, 85));
  });

  it("after a jump starts from the visible entries, then grows from there", () => {
    const first = approachRange(range(0, 20), range(300, 340), range(310, 318), budget);
    expect(first).toEqual(range(307, 321));
    expect(approachRange(first, range(300, 340), range(310, 318), budget)).toEqual(range(304, 324));
  });

  it("stays put once it is the window", () => {
    expect(approachRange(range(4, 40), range(4, 40), range(12, 18), budget)).toEqual(range(4, 40));
  });
});
