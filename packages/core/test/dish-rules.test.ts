import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  attachText,
  badgeText,
  dishAvailability,
  formatSavings,
  isAddable,
  isSoldOut,
  isTwoLevelPopup,
  lowStockHint,
  memberTag,
  periodHeadline,
  recommendLayout,
  saleOrder,
  showsSecondStrip,
  unsellableMessage,
} from "../src/dish-rules.js";
import { isShopOpen } from "../src/shop.js";
import { makeDish } from "./fixtures.js";

const onSale = { availableStatus: 1 as const, nextTime: null };

describe("availability (spec 000 §4)", () => {
  it("is sold out at stock 0, or below the minimum unless unlimited", () => {
    expect(isSoldOut(makeDish({ id: 1, estimate: 0 }))).toBe(true);
    expect(isSoldOut(makeDish({ id: 1, estimate: 1, minCount: 2 }))).toBe(true);
    expect(isSoldOut(makeDish({ id: 1, estimate: 2, minCount: 2 }))).toBe(false);
    expect(isSoldOut(makeDish({ id: 1, estimate: -1, minCount: 2 }))).toBe(false);
  });

  it("puts sold-out dishes after those on sale, each run in menu order (001 §4)", () => {
    const dishes = [
      makeDish({ id: 1, estimate: 0 }),
      makeDish({ id: 2 }),
      makeDish({ id: 3, estimate: 1, minCount: 2 }),
      makeDish({ id: 4, estimate: 5 }),
    ];
    expect(saleOrder(dishes).map((d) => d.id)).toEqual([2, 4, 1, 3]);
  });

  it("puts a dish available soon (2) after those on sale, and one unavailable now (3) with the sold-out ones", () => {
    const dishes = [
      makeDish({ id: 1, availableStatus: 3 }),
      makeDish({ id: 2, estimate: 0 }),
      makeDish({ id: 3, availableStatus: 2 }),
      makeDish({ id: 4 }),
      makeDish({ id: 5, availableStatus: 2, estimate: 0 }),
    ];
    expect(saleOrder(dishes).map((d) => d.id)).toEqual([4, 3, 5, 1, 2]);
  });

  it("sorts by salablePeriodType's 2 and 3 as by availableStatus's (001 §4)", () => {
    const dishes = [
      makeDish({ id: 1, salablePeriodType: 3 }),
      makeDish({ id: 2, salablePeriodType: 2 }),
      makeDish({ id: 3, salablePeriodType: 1 }),
    ];
    expect(saleOrder(dishes).map((d) => d.id)).toEqual([3, 2, 1]);
  });

  it("keeps every dish when sorting, and no dish after one it should follow", () => {
    const dish = fc.record({
      estimate: fc.integer({ min: -1, max: 3 }),
      minCount: fc.integer({ min: -1, max: 2 }),
      availableStatus: fc.constantFrom(1 as const, 2 as const, 3 as const),
    });
    const rank = (d: ReturnType<typeof makeDish>) =>
      d.availableStatus === 2 ? 1 : d.availableStatus === 3 || isSoldOut(d) ? 2 : 0;
    fc.assert(
      fc.property(fc.array(dish, { maxLength: 12 }), (fields) => {
        const dishes = fields.map((f, i) => makeDish({ id: i + 1, ...f }));
        const sorted = saleOrder(dishes);
        expect([...sorted].map((d) => d.id).sort((a, b) => a - b)).toEqual(dishes.map((d) => d.id));
        for (let i = 1; i < sorted.length; i += 1) {
          const [before, after] = [sorted[i - 1], sorted[i]] as [(typeof dishes)[0], (typeof dishes)[0]];
          expect(rank(before)).toBeLessThanOrEqual(rank(after));
          // within a run, menu order
          if (rank(before) === rank(after)) expect(before.id).toBeLessThan(after.id);
        }
      }),
    );
  });

  it("heads the period mask with when a dish becomes available (2), or 暂不可售 (3)", () => {
    expect(periodHeadline({ availableStatus: 2, nextTime: "17:00" })).toBe("17:00后可售");
    expect(periodHeadline({ availableStatus: 2, nextTime: null })).toBe("即将可售");
    expect(periodHeadline({ availableStatus: 3, nextTime: null })).toBe("暂不可售");
    expect(periodHeadline(onSale)).toBeNull();
  });

  it("puts the sale period before stock, and only a sellable dish is addable", () => {
    const soldOut = makeDish({ id: 1, estimate: 0 });
    expect(dishAvailability(soldOut, onSale)).toBe("soldOut");
    expect(dishAvailability(soldOut, { availableStatus: 3 })).toBe("outOfPeriod");
    expect(dishAvailability(makeDish({ id: 2 }), { availableStatus: 2 })).toBe("outOfPeriod");
    expect(isAddable(makeDish({ id: 2 }), undefined)).toBe(true);
    expect(isAddable(soldOut, undefined)).toBe(false);
  });

  it("tells the sale hours of an unsellable dish", () => {
    expect(unsellableMessage({ availableDaysString: "周一、周二", availableTimeString: "11:00-14:00" })).toBe(
      "非可售时间，可售时间：周一、周二 11:00-14:00",
    );
  });
});

describe("attach text", () => {
  it.each([
    ["a minimum", { minCount: 2, unit: "份" }, "2份起售"],
    ["low stock", { estimate: 3 }, "仅剩3"],
    ["stock of 10", { estimate: 10 }, "仅剩10"],
    ["stock of 11", { estimate: 11 }, ""],
    ["stock below the minimum", { estimate: 2, minCount: 3, unit: "斤" }, "3斤起售"],
    ["minimum and low stock", { estimate: 5, minCount: 2, unit: "只" }, "2只起售，仅剩5"],
  ])("shows %s", (_case, overrides, text) => {
    expect(attachText(makeDish({ id: 1, ...overrides }), onSale, false)).toBe(text);
  });

  it("adds the end of sale hours, but never more than 2 parts", () => {
    const period = { availableStatus: 1 as const, nextTime: "14:00" };
    expect(attachText(makeDish({ id: 1 }), period, true)).toBe("14:00后不可售");
    expect(attachText(makeDish({ id: 1, estimate: 4, minCount: 2 }), period, true)).toBe("2份起售，仅剩4");
    expect(attachText(makeDish({ id: 1 }), period, false)).toBe("");
  });
});

describe("member display", () => {
  it("shows members their saving and others the member price, only when they differ", () => {
    const dish = makeDish({ id: 1, price: 38, vipPrice: 35.5 });
    expect(memberTag(dish, true)).toEqual({ kind: "saved", text: "会员已省2.50" });
    expect(memberTag(dish, false)).toEqual({ kind: "vipPrice", text: "会员价35.5" });
    expect(memberTag(makeDish({ id: 1, price: 38, vipPrice: 35 }), true)?.text).toBe("会员已省3");
    expect(memberTag(makeDish({ id: 1, price: 38, vipPrice: 38 }), false)).toBeNull();
    expect(memberTag(makeDish({ id: 1, price: 38, vipPrice: null }), false)).toBeNull();
  });

  it("formats savings with 2 decimals only when fractional", () => {
    expect(formatSavings(new Big(3))).toBe("3");
    expect(formatSavings(new Big("0.1"))).toBe("0.10");
  });
});

describe("老板推荐 layout", () => {
  const dishes = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it("needs 3 and shows at most 6", () => {
    expect(recommendLayout(dishes(2), 1)).toBeNull();
    expect(recommendLayout(dishes(3), 1)).toEqual({ featured: [], rest: [1, 2, 3] });
    expect(recommendLayout(dishes(9), 1)?.rest).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("features 1 dish in template 2 when the count is odd, else 2", () => {
    expect(recommendLayout(dishes(5), 2)).toEqual({ featured: [1], rest: [2, 3, 4, 5] });
    expect(recommendLayout(dishes(4), 2)).toEqual({ featured: [1, 2], rest: [3, 4] });
    expect(recommendLayout(dishes(8), 2)).toEqual({ featured: [1, 2], rest: [3, 4, 5, 6] });
  });
});

describe("category pop-up and strip", () => {
  const category = (...names: string[]) => ({
    secondCategories: names.map((name, i) => ({ id: i, name, foods: [] })),
  });

  it("is two-level when any category has several second categories or one not named 其它", () => {
    expect(isTwoLevelPopup([category(), category("其它")])).toBe(false);
    expect(isTwoLevelPopup([category(), category("川菜")])).toBe(true);
    expect(isTwoLevelPopup([category("川菜", "其它")])).toBe(true);
  });

  it("hides the strip when the only second category is 其它", () => {
    expect(showsSecondStrip(category("其它"))).toBe(false);
    expect(showsSecondStrip(category())).toBe(false);
    expect(showsSecondStrip(category("川菜", "其它"))).toBe(true);
  });
});

describe("badges", () => {
  it("show 99+ above 99", () => {
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});

describe("shop hours", () => {
  const at = (hhmm: string) => {
    const [h = 0, m = 0] = hhmm.split(":").map(Number);
    return { weekday: 1, minutes: h * 60 + m };
  };

  it("is open within business time, across midnight too, and closed when locked", () => {
    expect(isShopOpen({ businessTime: "10:00-22:00", hotelLock: false }, at("09:59"))).toBe(false);
    expect(isShopOpen({ businessTime: "10:00-22:00", hotelLock: false }, at("10:00"))).toBe(true);
    expect(isShopOpen({ businessTime: "10:00-22:00", hotelLock: false }, at("22:00"))).toBe(false);
    expect(isShopOpen({ businessTime: "17:00-02:00", hotelLock: false }, at("01:30"))).toBe(true);
    expect(isShopOpen({ businessTime: "17:00-02:00", hotelLock: false }, at("12:00"))).toBe(false);
    expect(isShopOpen({ businessTime: "00:00-24:00", hotelLock: false }, at("23:59"))).toBe(true);
    expect(isShopOpen({ businessTime: "00:00-24:00", hotelLock: true }, at("12:00"))).toBe(false);
  });
});

describe("the low-stock hint (001 §5, §9)", () => {
  it("cart.low-stock-hint: says {name}仅剩{n}份 while the estimate is 1 to 10, and nothing otherwise", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 50 }), (estimate) => {
        const hint = lowStockHint({ name: "杨枝甘露", estimate });
        expect(hint).toBe(estimate >= 1 && estimate <= 10 ? `杨枝甘露仅剩${estimate}份` : null);
      }),
    );
    expect([lowStockHint({ name: "鱼", estimate: 1 }), lowStockHint({ name: "鱼", estimate: 10 })]).toEqual([
      "鱼仅剩1份",
      "鱼仅剩10份",
    ]);
  });
});
