import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceLine } from "../src/pricing.js";
import {
  offersAddAfterPrepay,
  offersLinePacking,
  offersOrderPacking,
  PACK_ORDER_NOTE,
  takesAddedDishes,
  unofferedPacking,
  withOrderPacking,
} from "../src/register-gates.js";
import {
  isCombo,
  offeredDishes,
  offersCombos,
  offersMemberCards,
  offersMemberPrices,
  pricedByRegister,
  refusedCombos,
} from "../src/register-offer.js";
import { compareVersions } from "../src/version.js";
import { makeDish } from "./fixtures.js";

const single = makeDish({ id: 1, name: "拍黄瓜", price: 12 });
const memberPriced = makeDish({
  id: 2,
  name: "北京烤鸭",
  price: 128,
  vipPrice: 118,
  pricingType: 1,
  startPrice: 68,
  startVipPrice: 62,
  norms: [
    { id: 21, name: "整只", price: 128, vipPrice: 118 },
    { id: 22, name: "半只", price: 68, vipPrice: 62, isDefault: true },
  ],
});
const setMenu = makeDish({ id: 3, name: "双人套餐", foodproperty: 1, price: 98 });
const pickMenu = makeDish({ id: 4, name: "自选套餐", foodproperty: 3, price: 58 });
const complex = makeDish({ id: 5, name: "组合拼盘", foodproperty: 2, price: 38 });
const menu = [single, memberPriced, setMenu, pickMenu, complex];

const at = (serverVersion: string) => ({ serverVersion });

describe("what a restaurant's register version offers (spec 000 §9)", () => {
  it("counts every dish but a single one (foodproperty 0) as a combo", () => {
    expect(menu.map(isCombo)).toEqual([false, false, true, true, true]);
  });

  it.each([
    ["2.19.99", false, false, false],
    ["2.20.00", true, false, false],
    ["2.22.00", true, false, false],
    ["2.22.99", true, false, false],
    ["2.23.00", true, true, false],
    ["2.23.99", true, true, false],
    ["2.24.00", true, true, true],
    ["2.35.15", true, true, true],
  ] as const)("at %s: member cards %s, combos %s, member prices %s", (version, cards, combos, memberPrices) => {
    expect(offersMemberCards(at(version))).toBe(cards);
    expect(offersCombos(at(version))).toBe(combos);
    expect(offersMemberPrices(at(version))).toBe(memberPrices);
  });

  it("never offers member prices without member cards (vip 2.24.00 is above memberPay 2.20.00)", () => {
    const version = fc
      .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 99 }))
      .map((parts) => parts.join("."));
    fc.assert(fc.property(version, (v) => !offersMemberPrices(at(v)) || offersMemberCards(at(v))));
  });

  it("leaves every combo out of the menu below 2.23.00, and keeps them from 2.23.00", () => {
    expect(offeredDishes(menu, at("2.22.00")).map((d) => d.name)).toEqual(["拍黄瓜", "北京烤鸭"]);
    expect(offeredDishes(menu, at("2.23.00")).map((d) => d.name)).toEqual([
      "拍黄瓜",
      "北京烤鸭",
      "双人套餐",
      "自选套餐",
      "组合拼盘",
    ]);
    expect(refusedCombos(menu, at("2.22.00"))).toEqual([setMenu, pickMenu, complex]);
    expect(refusedCombos(menu, at("2.23.00"))).toEqual([]);
  });

  it("takes every member price off below 2.24.00, so a member is charged the regular price", () => {
    const old = pricedByRegister(memberPriced, at("2.23.06"));
    expect(old.vipPrice).toBeNull();
    expect(old.startVipPrice).toBeNull();
    expect(old.norms.map((n) => n.vipPrice)).toEqual([null, null]);
    const half = { normId: 22, methodIds: [], additions: [], parts: [] };
    expect(priceLine(old, half, 2, true).total.toString()).toBe("136");
    // from 2.24.00 the dish is as it was, member prices and all
    expect(pricedByRegister(memberPriced, at("2.24.00"))).toBe(memberPriced);
    expect(priceLine(memberPriced, half, 2, true).total.toString()).toBe("124");
  });

  it("never adds a dish, and offers a combo or a member price exactly at or past its gate", () => {
    const version = fc
      .tuple(
        fc.integer({ min: 2, max: 2 }),
        fc.integer({ min: 15, max: 30 }),
        fc.integer({ min: 0, max: 99 }),
      )
      .map((parts) => parts.map((p) => String(p).padStart(2, "0")).join("."));
    fc.assert(
      fc.property(version, (serverVersion) => {
        const offered = offeredDishes(menu, at(serverVersion));
        const comboGate = compareVersions(serverVersion, "2.23.00") >= 0;
        const vipGate = compareVersions(serverVersion, "2.24.00") >= 0;
        expect(offered.some(isCombo)).toBe(comboGate);
        expect(offered.length).toBe(comboGate ? menu.length : 2);
        expect(offered.some((d) => d.vipPrice !== null)).toBe(vipGate);
      }),
    );
  });
});

describe("the gates docs/decisions.md names: inside-out, all inside-out, prepay-after (000 §9, 001 §9)", () => {
  it.each([
    ["2.23.05", false, false, false],
    ["2.23.06", true, false, false],
    ["2.26.99", true, false, false],
    ["2.27.00", true, true, false],
    ["2.35.14", true, true, false],
    ["2.35.15", true, true, true],
  ])("at %s: one dish packed %s, the whole order %s, 加菜 after paying first %s", (v, line, order, after) => {
    expect(offersLinePacking(at(v))).toBe(line);
    expect(offersOrderPacking(at(v))).toBe(order);
    expect(offersAddAfterPrepay(at(v))).toBe(after);
  });

  it("takes 加菜 on a pay-later order at any register, on a pay-first one only from prepay-after", () => {
    const version = fc
      .tuple(fc.integer({ min: 2, max: 3 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
      .map(([a, b, c]) => `${a}.${String(b).padStart(2, "0")}.${String(c).padStart(2, "0")}`);
    const order = fc.record({
      paymentType: fc.constantFrom(0, 1),
      eatType: fc.constantFrom("dine", "fast", "takeout", "reserve"),
    });
    fc.assert(
      fc.property(version, order, (v, o) => {
        const paysFirst = o.paymentType === 1 || o.eatType === "fast" || o.eatType === "takeout";
        expect(takesAddedDishes(at(v), o)).toBe(!paysFirst || offersAddAfterPrepay(at(v)));
      }),
    );
    // the old register's quick-service counter (阿婆粥铺): its paid order is not added to
    expect(takesAddedDishes(at("2.22.00"), { paymentType: 0, eatType: "fast" })).toBe(false);
    expect(takesAddedDishes(at("2.22.00"), { paymentType: 0, eatType: "dine" })).toBe(true);
  });

  it("refuses exactly the packing the register cannot take, the whole order's first", () => {
    const lines = { wholeMemo: "尽快上菜", lineMemos: ["少辣", "打包"] };
    const whole = { wholeMemo: "整单打包 尽快上菜", lineMemos: ["少辣"] };
    expect(unofferedPacking(at("2.22.00"), lines)).toBe("line");
    expect(unofferedPacking(at("2.23.06"), lines)).toBeNull();
    expect(unofferedPacking(at("2.23.06"), whole)).toBe("order");
    expect(unofferedPacking(at("2.22.00"), { ...whole, lineMemos: ["打包"] })).toBe("order");
    expect(unofferedPacking(at("2.27.00"), whole)).toBeNull();
  });

  it("puts 整单打包 first in the whole-order note once, and leaves an unpacked note as typed", () => {
    expect(withOrderPacking("尽快上菜", true)).toBe("整单打包 尽快上菜");
    expect(withOrderPacking("", true)).toBe(PACK_ORDER_NOTE);
    expect(withOrderPacking("尽快上菜", false)).toBe("尽快上菜");
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (memo) => {
        const packed = withOrderPacking(memo, true);
        expect(packed.startsWith(PACK_ORDER_NOTE)).toBe(true);
        expect(withOrderPacking(packed, true)).toBe(packed);
      }),
    );
  });
});
