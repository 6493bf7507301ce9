import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toOrderState } from "../src/checkout.js";
import { consoleSettingsInputSchema } from "../src/contract/console-menu.js";
import {
  belowMinimumMessage,
  deliveryShort,
  estimatedArrival,
  orderDeliveryFeeCents,
  withDeliveryFee,
} from "../src/delivery.js";
import { ERRORS } from "../src/errors.js";
import { applyDiscounts, type DiscountLine, type FullReductionOffer } from "../src/member/discounts.js";

const SHANGHAI = "Asia/Shanghai";
const at = (wallClock: string) => new Date(`${wallClock}+08:00`);

describe("the delivery fee an order carries", () => {
  it("is the restaurant's fee on a takeout order of its own, and none on an added order or another mode", () => {
    const terms = { feeCents: 600 };
    expect(orderDeliveryFeeCents({ eatType: "takeout", addingToOrder: false }, terms)).toBe(600);
    expect(orderDeliveryFeeCents({ eatType: "takeout", addingToOrder: true }, terms)).toBe(0);
    for (const eatType of ["dine", "fast", "reserve"])
      expect(orderDeliveryFeeCents({ eatType, addingToOrder: false }, terms)).toBe(0);
  });

  it("refuses a fee that is not whole cents (a programming error, never rounded)", () => {
    expect(() =>
      orderDeliveryFeeCents({ eatType: "takeout", addingToOrder: false }, { feeCents: 5.5 }),
    ).toThrow(RangeError);
  });
});

describe("the minimum (起送价) on the goods", () => {
  it("says how much is missing, exactly, and 0 once reached", () => {
    expect(deliveryShort("37.5", "50").toString()).toBe("12.5");
    expect(deliveryShort("50", "50").toString()).toBe("0");
    expect(deliveryShort("0.1", "0.3").toString()).toBe("0.2");
    expect(deliveryShort("80", "50").toString()).toBe("0");
  });

  it("is the cart bar's 还差 and the server's refusal alike, the fee not counted", () => {
    const state = toOrderState({
      restaurant: {
        businessTime: "00:00-24:00",
        hotelLock: false,
        restaurantFastHotel: false,
        foodTakingMode: 0,
        startPrice: 50,
      },
      query: { takeout: "1" },
      total: "44",
      clock: { minutes: 600, weekday: 6 },
      isPrepayment: false,
    });
    expect(state).toEqual({ kind: "short", short: new Big(6) });
    expect(belowMinimumMessage(deliveryShort("44", "50"), "50")).toBe(
      "还差¥6起送（起送价¥50，配送费不计入）",
    );
    expect(ERRORS.belowStartPrice).toMatchObject({ status: 422, code: 9001 });
  });

  it("property: short + goods reaches the minimum, and short is never negative", () => {
    const yuan = fc.integer({ min: 0, max: 1_000_000 }).map((c) => new Big(c).div(100));
    fc.assert(
      fc.property(yuan, yuan, (goods, minimum) => {
        const short = deliveryShort(goods, minimum);
        expect(short.gte(0)).toBe(true);
        expect(goods.plus(short).gte(minimum)).toBe(true);
        // exactly what is missing: nothing more
        if (short.gt(0)) expect(goods.plus(short).eq(minimum)).toBe(true);
      }),
    );
  });
});

describe("the money breakdown with the fee", () => {
  const CART: DiscountLine[] = [
    { key: "1", dishId: 1, count: 2, unitCents: 3800, vipUnitCents: 3400 },
    { key: "2", dishId: 2, count: 1, unitCents: 2000, vipUnitCents: null },
  ];
  const OFFER: FullReductionOffer[] = [{ id: "m100", thresholdCents: 10_000, reductionCents: 1000 }];
  const now = at("2026-11-28T12:00:00");

  it("adds the fee after the discounts: ¥96 of goods and a ¥6 fee do not reach 满100减10", () => {
    const goods = applyDiscounts({ lines: CART, member: null, offers: OFFER, now, timeZone: SHANGHAI });
    expect(goods.steps).toEqual([]);
    expect(withDeliveryFee(goods, 600)).toEqual({
      goodsCents: 9600,
      discountCents: 0,
      feeCents: 600,
      payableCents: 10_200,
    });
  });

  it("leaves the fee whole when 满减 applies to the goods", () => {
    const lines = [...CART, { key: "3", dishId: 3, count: 1, unitCents: 800, vipUnitCents: null }];
    const goods = applyDiscounts({ lines, member: null, offers: OFFER, now, timeZone: SHANGHAI });
    expect(withDeliveryFee(goods, 600)).toEqual({
      goodsCents: 10_400,
      discountCents: 1000,
      feeCents: 600,
      payableCents: 10_000,
    });
  });

  it("property: payable = goods − discounts + fee, and no discount reaches the fee", () => {
    const line = fc.record({
      dishId: fc.integer({ min: 1, max: 5 }),
      count: fc.integer({ min: 1, max: 9 }),
      unitCents: fc.integer({ min: 0, max: 20_000 }),
      vip: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    });
    const offer = fc.record({
      thresholdCents: fc.integer({ min: 0, max: 50_000 }),
      reductionCents: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.array(offer, { maxLength: 3 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000 }),
        (raw, rawOffers, vipPrice, feeCents) => {
          const lines: DiscountLine[] = raw.map((l, i) => ({
            key: String(i),
            dishId: l.dishId,
            count: l.count,
            unitCents: l.unitCents,
            vipUnitCents: l.vip === null ? null : Math.floor((l.unitCents * l.vip) / 100),
          }));
          const offers = rawOffers.map((o, i) => ({ id: String(i), ...o }));
          const goods = applyDiscounts({
            lines,
            member: vipPrice ? { vipPrice, memberDayPercent: null } : null,
            offers,
            now,
            timeZone: SHANGHAI,
          });
          const charge = withDeliveryFee(goods, feeCents);
          expect(charge.payableCents).toBe(charge.goodsCents - charge.discountCents + charge.feeCents);
          expect(charge.feeCents).toBe(feeCents);
          // what the discounts take is what they take without a fee: the fee neither reaches a threshold nor is reduced
          expect(charge.discountCents).toBe(withDeliveryFee(goods, 0).discountCents);
          expect(charge.payableCents - withDeliveryFee(goods, 0).payableCents).toBe(feeCents);
          expect(charge.payableCents).toBeGreaterThanOrEqual(feeCents);
        },
      ),
    );
  });
});

describe("预计送达", () => {
  it("is the submit time plus the minutes, in the restaurant's zone", () => {
    expect(estimatedArrival(at("2026-11-28T11:40:00"), 30, SHANGHAI)).toBe("12:10");
    // the same instant in New York's zone
    expect(estimatedArrival(at("2026-11-28T11:40:00"), 30, "America/New_York")).toBe("23:10");
    expect(estimatedArrival(at("2026-11-28T23:50:00"), 30, SHANGHAI)).toBe("00:20");
  });

  it("is the time the diner chose when that is later, else the soonest the kitchen can make it", () => {
    const submitted = at("2026-11-28T11:40:00");
    expect(estimatedArrival(submitted, 30, SHANGHAI, "2026-11-28 18:30")).toBe("18:30");
    expect(estimatedArrival(submitted, 30, SHANGHAI, "2026-11-28 11:45")).toBe("12:10");
    expect(estimatedArrival(submitted, 30, SHANGHAI, "")).toBe("12:10");
  });
});

describe("the console's takeout settings", () => {
  const base = consoleSettingsInputSchema.shape;
  it("take the fee in whole cents and the minutes as a whole number within a day", () => {
    expect(base.deliveryFee.safeParse("6.5").data).toBe("6.5");
    expect(base.deliveryFee.safeParse(6).data).toBe("6");
    expect(base.deliveryFee.safeParse("0.005").success).toBe(false);
    expect(base.deliveryFee.safeParse("-1").success).toBe(false);
    expect(base.deliveryMinutes.safeParse(30).success).toBe(true);
    expect(base.deliveryMinutes.safeParse(30.5).success).toBe(false);
    expect(base.deliveryMinutes.safeParse(1441).success).toBe(false);
  });
});
