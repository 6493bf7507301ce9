import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pulledPage } from "../src/pull-page.js";
import { PULL_PAGE_PX } from "../src/timing.js";

const atBothEdges = { atStart: true, atEnd: true };

describe("pulling to change page (spec 000 §5)", () => {
  it("needs a drag of more than 50 px", () => {
    expect(PULL_PAGE_PX).toBe(50);
    expect(pulledPage(1, 3, { dx: 0, dy: -51, ...atBothEdges })).toBe(2);
    expect(pulledPage(1, 3, { dx: 0, dy: -50, ...atBothEdges })).toBe(1);
    expect(pulledPage(1, 3, { dx: 0, dy: 51, ...atBothEdges })).toBe(0);
    expect(pulledPage(1, 3, { dx: 0, dy: 50, ...atBothEdges })).toBe(1);
  });

  it("goes on only from the page's end, back only from its top", () => {
    expect(pulledPage(1, 3, { dx: 0, dy: -120, atStart: true, atEnd: false })).toBe(1);
    expect(pulledPage(1, 3, { dx: 0, dy: -120, atStart: false, atEnd: true })).toBe(2);
    expect(pulledPage(1, 3, { dx: 0, dy: 120, atStart: false, atEnd: true })).toBe(1);
    expect(pulledPage(1, 3, { dx: 0, dy: 120, atStart: true, atEnd: false })).toBe(0);
  });

  it("ignores a sideways drag, and stops at the first and the last page", () => {
    expect(pulledPage(1, 3, { dx: -130, dy: -120, ...atBothEdges })).toBe(1);
    expect(pulledPage(2, 3, { dx: 0, dy: -120, ...atBothEdges })).toBe(2);
    expect(pulledPage(0, 3, { dx: 0, dy: 120, ...atBothEdges })).toBe(0);
  });

  it("moves at most one page, toward the drag's end, and never for 50 px or less", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.nat(40),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: -400, max: 400 }),
        fc.boolean(),
        fc.boolean(),
        (pages, at, dx, dy, atStart, atEnd) => {
          const page = at % pages;
          const next = pulledPage(page, pages, { dx, dy, atStart, atEnd });
          expect(next).toBeGreaterThanOrEqual(0);
          expect(next).toBeLessThan(pages);
          expect(Math.abs(next - page)).toBeLessThanOrEqual(1);
          if (Math.abs(dy) <= 50) expect(next).toBe(page);
          if (next > page) expect(dy < 0 && atEnd).toBe(true);
          if (next < page) expect(dy > 0 && atStart).toBe(true);
        },
      ),
    );
  });
});
