import { describe, expect, it } from "vitest";
import type { Category, Dish } from "../src/contract/menu.js";
import { sortCategories } from "../src/contract/menu.js";
import { additionEstimates, applySellOut } from "../src/stock.js";

const dish = (dishesId: number, estimate: number) => ({ dishesId, estimate }) as Dish;

describe("sell-out", () => {
  it("sets each listed dish's stock and leaves the others as they were", () => {
    const foods = [dish(1, -1), dish(2, 5), dish(3, 9)];
    const updated = applySellOut(foods, {
      value: [
        { foodId: 1, sum: 0 },
        { foodId: 2, sum: 5 },
      ],
      additions: [],
    });
    expect(updated.map((d) => d.estimate)).toEqual([0, 5, 9]);
    expect(updated[1]).toBe(foods[1]);
  });

  it("indexes addition stock by addition id", () => {
    expect(additionEstimates({ value: [], additions: [{ additionId: 7, sum: 3 }] })).toEqual({ 7: 3 });
  });
});

describe("category order", () => {
  it("follows sort, keeping the server's order for ties", () => {
    const c = (id: number, sort: number) => ({ id, sort }) as Category;
    expect(sortCategories([c(1, 2), c(2, 1), c(3, 2)]).map((x) => x.id)).toEqual([2, 1, 3]);
  });
});
