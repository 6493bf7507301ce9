import { describe, expect, it } from "vitest";
import { asksDinerCount, hasDinerCount, isMustOrder, needsDinerCount } from "../src/diner-count.js";

const dineIn = { restaurantFastHotel: false, fastFoodNeedPersonNum: false };
const teaSeat = { necessary: true, season: false };
const seasonal = { necessary: true, season: true };
const plain = { necessary: false, season: false };

describe("the diner count an order needs (/selectNumber, spec 000 §2)", () => {
  it("dine-in: needed when the menu has a must-order dish, which only the count brings", () => {
    expect(needsDinerCount(dineIn, [plain, teaSeat], {})).toBe(true);
    expect(needsDinerCount(dineIn, [plain, seasonal], {})).toBe(false);
    expect(needsDinerCount(dineIn, [], {})).toBe(false);
  });

  it("quick-service: exactly when the restaurant says so (fastFoodNeedPersonNum), whatever the menu", () => {
    const fast = { restaurantFastHotel: true, fastFoodNeedPersonNum: false };
    expect(needsDinerCount(fast, [teaSeat], {})).toBe(false);
    expect(needsDinerCount({ ...fast, fastFoodNeedPersonNum: true }, [], {})).toBe(true);
  });

  it("takeout and reservations have no table party: never", () => {
    const fast = { restaurantFastHotel: true, fastFoodNeedPersonNum: true };
    for (const query of [{ takeout: "1" }, { reserve: "1" }]) {
      expect(needsDinerCount(dineIn, [teaSeat], query)).toBe(false);
      expect(needsDinerCount(fast, [], query)).toBe(false);
    }
    expect(needsDinerCount(dineIn, [teaSeat], { takeout: "", reserve: "" })).toBe(true);
  });

  it("a count is at least one diner; 0 and none are no count", () => {
    expect([0, null, undefined, 1, 12].map(hasDinerCount)).toEqual([false, false, false, true, true]);
  });

  it("asks only where needed and the table's count is known and not set", () => {
    expect(asksDinerCount(dineIn, [teaSeat], {}, 0)).toBe(true);
    expect(asksDinerCount(dineIn, [teaSeat], {}, 2)).toBe(false);
    // not known yet (no table in the page): not asked until it is
    expect(asksDinerCount(dineIn, [teaSeat], {}, null)).toBe(false);
    expect(asksDinerCount(null, [teaSeat], {}, 0)).toBe(false);
    expect(asksDinerCount(dineIn, [plain], {}, 0)).toBe(false);
  });

  it("a must-order dish is necessary and not seasonal", () => {
    expect([teaSeat, seasonal, plain].map(isMustOrder)).toEqual([true, false, false]);
  });
});
