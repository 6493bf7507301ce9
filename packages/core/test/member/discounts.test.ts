import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HeldCoupon } from "../../src/member/coupon.js";
import {
  applyDiscounts,
  bestCouponId,
  type DiscountInput,
  type DiscountLine,
  type DiscountResult,
  type FullReductionOffer,
} from "../../src/member/discounts.js";
import { memberDayText } from "../../src/member/text.js";

const SHANGHAI = "Asia/Shanghai";
const sh = (wallClock: string) => new Date(`${wallClock}+08:00`);
const NOW = sh("2026-05-10T12:00:00");
const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

// 宫保鸡丁 ¥38 (member ¥34) ×2, 米饭 ¥2 ×3 (no member price), 清蒸鲈鱼 ¥88 (member ¥78) ×1: ¥170 plain
const CART: DiscountLine[] = [
  { key: "1_0_", dishId: 1, count: 2, unitCents: 3800, vipUnitCents: 3400 },
  { key: "2_0_", dishId: 2, count: 3, unitCents: 200, vipUnitCents: null },
  { key: "3_0_", dishId: 3, count: 1, unitCents: 8800, vipUnitCents: 7800 },
];
/** the demo's announcement, and a bigger one */
const OFFERS: FullReductionOffer[] = [
  { id: "m100", thresholdCents: 10000, reductionCents: 1000 },
  { id: "m200", thresholdCents: 20000, reductionCents: 3000 },
];
const VALID = {
  startsAt: sh("2026-05-01T00:00:00"),
  endsAt: sh("2026-05-31T23:59:59.999"),
  state: "unused",
} as const;
const cash = (
  id: string,
  faceCents: number,
  minSpendCents: number,
  extra: Partial<HeldCoupon> = {},
): HeldCoupon =>
  ({ id, name: `${id} 券`, kind: "cash", faceCents, minSpendCents, ...VALID, ...extra }) as HeldCoupon;
const goods = (
  id: string,
  dishId: number,
  dishName: string,
  faceCents: number | null = null,
): HeldCoupon => ({
  id,
  name: `${dishName}兑换券`,
  kind: "goods",
  dishId,
  dishName,
  faceCents,
  minSpendCents: -1,
  ...VALID,
});
const base = (extra: Partial<DiscountInput> = {}): DiscountInput => ({
  lines: CART,
  member: null,
  now: NOW,
  timeZone: SHANGHAI,
  ...extra,
});
const stepCents = (r: DiscountResult) => Object.fromEntries(r.steps.map((s) => [s.kind, s.cents]));

describe("no discounts", () => {
  it("a guest with nothing to apply pays the plain total, line by line", () => {
    const r = applyDiscounts(base());
    expect(r.plainCents).toBe(17000);
    expect(r.payableCents).toBe(17000);
    expect(r.steps).toEqual([]);
    expect(r.lines.map((l) => l.finalCents)).toEqual([7600, 600, 8800]);
    expect(r.memberBenefit).toBeNull();
  });

  it("an empty cart pays nothing, and no coupon is spent on it", () => {
    const r = applyDiscounts(
      base({ lines: [], offers: OFFERS, coupons: [cash("c", 500, -1)], couponId: "c" }),
    );
    expect(r.payableCents).toBe(0);
    expect(r.steps).toEqual([]);
    expect(r.coupons[0]?.reason).toBe("nothingLeft");
  });

  it("a member whose card has no member price and no member day today gets no step (a)", () => {
    const r = applyDiscounts(base({ member: { vipPrice: false, memberDayPercent: null } }));
    expect(r.payableCents).toBe(17000);
  });
});

describe("step (a): member price or member day, the better, never both", () => {
  it("member prices: each line's own saving", () => {
    const r = applyDiscounts(base({ member: { vipPrice: true, memberDayPercent: null } }));
    expect(r.steps).toEqual([{ kind: "memberPrice", label: "会员价", cents: 1800, perLine: [800, 0, 1000] }]);
    expect(r.payableCents).toBe(15200);
  });

  it("a member day of 8.8折 beats member prices here (¥149.60 against ¥152)", () => {
    const r = applyDiscounts(base({ member: { vipPrice: true, memberDayPercent: 88 } }));
    expect(r.memberBenefit).toBe("memberDay");
    expect(r.steps[0]?.label).toBe("会员日8.8折");
    expect(r.steps[0]?.cents).toBe(2040);
    expect(sum(r.steps[0]?.perLine ?? [])).toBe(2040);
    expect(r.payableCents).toBe(14960);
  });

  it("a member day of 9.5折 loses to member prices (¥161.50 against ¥152), and they never combine", () => {
    const r = applyDiscounts(base({ member: { vipPrice: true, memberDayPercent: 95 } }));
    expect(r.memberBenefit).toBe("memberPrice");
    expect(r.steps).toHaveLength(1);
    expect(r.payableCents).toBe(15200);
  });

  it("a tie goes to the member price, the price the menu showed", () => {
    const lines = [{ key: "a", dishId: 1, count: 1, unitCents: 10000, vipUnitCents: 9000 }];
    const r = applyDiscounts(base({ lines, member: { vipPrice: true, memberDayPercent: 90 } }));
    expect(r.memberBenefit).toBe("memberPrice");
    expect(r.payableCents).toBe(9000);
  });

  it("rounds the member-day total half-up to a cent: 5 cents at 9.5折 stay 5 (4.75), 15 become 14 (14.25)", () => {
    const lines = [{ key: "a", dishId: 1, count: 1, unitCents: 5, vipUnitCents: null }];
    const r = applyDiscounts(base({ lines, member: { vipPrice: false, memberDayPercent: 95 } }));
    expect(r.payableCents).toBe(5);
    const r2 = applyDiscounts(
      base({
        lines: [{ ...lines[0], unitCents: 15 } as DiscountLine],
        member: { vipPrice: false, memberDayPercent: 95 },
      }),
    );
    expect(r2.payableCents).toBe(14); // 14.25 → 14
  });

  it("a member price above the regular price is not charged", () => {
    const lines = [{ key: "a", dishId: 1, count: 2, unitCents: 1000, vipUnitCents: 1200 }];
    const r = applyDiscounts(base({ lines, member: { vipPrice: true, memberDayPercent: null } }));
    expect(r.payableCents).toBe(2000);
    expect(r.steps).toEqual([]);
  });

  it("a weighed dish's decimal quantity is priced half-up to a cent", () => {
    const lines = [{ key: "w", dishId: 7, count: 1.255, unitCents: 6800, vipUnitCents: 6000 }];
    const r = applyDiscounts(base({ lines, member: { vipPrice: true, memberDayPercent: null } }));
    expect(r.plainCents).toBe(8534); // 8534.0
    expect(r.payableCents).toBe(7530); // 7530.0
  });

  it("shows the member day as value/10 with 折", () => {
    expect(memberDayText(88)).toBe("8.8折");
    expect(memberDayText(90)).toBe("9折");
    expect(memberDayText(75)).toBe("7.5折");
  });

  it("refuses a member-day value that is not a whole percent 1..100", () => {
    for (const memberDayPercent of [0, 101, 8.8])
      expect(() => applyDiscounts(base({ member: { vipPrice: false, memberDayPercent } }))).toThrow(
        RangeError,
      );
  });
});

describe("step (b): full-reduction offers", () => {
  it("满100减10 on what step (a) left: ¥152 → ¥142, split over the lines", () => {
    const r = applyDiscounts(base({ member: { vipPrice: true, memberDayPercent: null }, offers: OFFERS }));
    expect(r.offerId).toBe("m100");
    const step = r.steps[1];
    expect(step?.label).toBe("满100减10");
    expect(step?.cents).toBe(1000);
    // in proportion to ¥68, ¥6, ¥78 (of ¥152), floors, the remainder on the last line
    expect(step?.perLine).toEqual([447, 39, 514]);
    expect(r.payableCents).toBe(14200);
  });

  it("the best single offer: ¥170 reaches only 满100减10; ¥340 takes 满200减30, not both", () => {
    expect(applyDiscounts(base({ offers: OFFERS })).offerId).toBe("m100");
    const doubled = CART.map((l) => ({ ...l, count: l.count * 2 }));
    const r = applyDiscounts(base({ lines: doubled, offers: OFFERS }));
    expect(r.offerId).toBe("m200");
    expect(stepCents(r)).toEqual({ fullReduction: 3000 });
  });

  it("the threshold reads the amount after member prices: ¥105 plain, ¥95 as a member: no 满100减10", () => {
    const lines = [{ key: "a", dishId: 1, count: 1, unitCents: 10500, vipUnitCents: 9500 }];
    expect(applyDiscounts(base({ lines, offers: OFFERS })).offerId).toBe("m100");
    const member = applyDiscounts(
      base({ lines, offers: OFFERS, member: { vipPrice: true, memberDayPercent: null } }),
    );
    expect(member.offerId).toBeNull();
    expect(member.payableCents).toBe(9500);
  });
});

describe("step (c): at most one coupon, and why each can or cannot be used", () => {
  const HELD: HeldCoupon[] = [
    cash("c5", 500, 5000),
    cash("c20", 2000, 20000),
    cash("old", 800, 0, { endsAt: sh("2026-05-09T23:59:59.999") }),
    cash("soon", 800, 0, { startsAt: sh("2026-05-11T00:00:00") }),
    cash("spent", 800, 0, { state: "used" }),
    cash("held", 800, 0, { state: "locked" }),
    goods("rice", 2, "米饭"),
    goods("duck", 9, "烤鸭"),
  ];

  it("applies the chosen coupon and explains every other one", () => {
    const r = applyDiscounts(base({ offers: OFFERS, coupons: HELD, couponId: "c5" }));
    // ¥170 − 满100减10 = ¥160 − ¥5 = ¥155
    expect(r.couponId).toBe("c5");
    expect(r.payableCents).toBe(15500);
    const byId = Object.fromEntries(r.coupons.map((v) => [v.couponId, v]));
    expect(byId.c5).toMatchObject({
      applied: true,
      usable: true,
      reason: null,
      message: "已使用此券",
      reductionCents: 500,
    });
    expect(byId.c20).toMatchObject({
      applied: false,
      usable: false,
      reason: "minSpend",
      message: "满200元可用，还差40元",
      shortCents: 4000,
    });
    expect(byId.old).toMatchObject({ usable: false, reason: "expired", message: "优惠券已过期" });
    expect(byId.soon).toMatchObject({ usable: false, reason: "notYetValid", message: "2026-05-11 起可用" });
    expect(byId.spent).toMatchObject({ usable: false, reason: "used", message: "优惠券已使用" });
    expect(byId.held).toMatchObject({ usable: false, reason: "locked", message: "优惠券已被其他订单占用" });
    expect(byId.rice).toMatchObject({
      applied: false,
      usable: true,
      reason: "otherChosen",
      message: "每单限用一张优惠券，已选择其他优惠券",
    });
    expect(byId.duck).toMatchObject({
      usable: false,
      reason: "dishMissing",
      message: "购物车中没有烤鸭，不能使用此券",
    });
  });

  it("with no coupon chosen, every usable one reads 可用 with what it would take off", () => {
    const r = applyDiscounts(base({ coupons: HELD }));
    expect(r.couponId).toBeNull();
    expect(r.payableCents).toBe(17000);
    const usable = r.coupons.filter((v) => v.usable).map((v) => [v.couponId, v.message, v.reductionCents]);
    expect(usable).toEqual([
      ["c5", "可用", 500],
      ["rice", "可用", 200],
    ]);
  });

  it("a goods voucher makes one unit of its dish free, on that dish's line", () => {
    const r = applyDiscounts(base({ coupons: HELD, couponId: "rice" }));
    expect(r.steps).toEqual([{ kind: "coupon", label: "米饭兑换券", cents: 200, perLine: [0, 200, 0] }]);
    expect(r.lines[1]?.finalCents).toBe(400);
  });

  it("a goods voucher takes one unit as the earlier steps left it, up to its face value, the dearest line first", () => {
    const lines: DiscountLine[] = [
      { key: "small", dishId: 1, count: 1, unitCents: 3000, vipUnitCents: null },
      { key: "large", dishId: 1, count: 2, unitCents: 4800, vipUnitCents: 4000 },
    ];
    const member = { vipPrice: true, memberDayPercent: null };
    const free = applyDiscounts(base({ lines, member, coupons: [goods("g", 1, "宫保鸡丁")], couponId: "g" }));
    expect(free.steps.at(-1)?.perLine).toEqual([0, 4000]);
    const capped = applyDiscounts(
      base({ lines, member, coupons: [goods("g", 1, "宫保鸡丁", 1500)], couponId: "g" }),
    );
    expect(capped.steps.at(-1)?.perLine).toEqual([0, 1500]);
  });

  it("the minimum spend reads the amount after member prices and offers", () => {
    // ¥170 plain reaches a ¥160 minimum; after 满100减10 it is ¥160, still enough; as a member ¥142, not
    const coupons = [cash("c", 1000, 16000)];
    expect(applyDiscounts(base({ offers: OFFERS, coupons, couponId: "c" })).couponId).toBe("c");
    const member = applyDiscounts(
      base({ offers: OFFERS, coupons, couponId: "c", member: { vipPrice: true, memberDayPercent: null } }),
    );
    expect(member.couponId).toBeNull();
    expect(member.coupons[0]).toMatchObject({ reason: "minSpend", shortCents: 1800 });
  });

  it("a chosen coupon that cannot be used applies nothing and says why; so does an id not held", () => {
    const r = applyDiscounts(base({ coupons: HELD, couponId: "old" }));
    expect(r.couponId).toBeNull();
    expect(r.payableCents).toBe(17000);
    expect(r.coupons.find((v) => v.couponId === "old")?.reason).toBe("expired");
    expect(r.coupons.find((v) => v.couponId === "c5")?.reason).toBeNull();
    expect(applyDiscounts(base({ coupons: HELD, couponId: "nope" })).couponId).toBeNull();
  });

  it("a coupon bigger than what is left takes only what is left, and one with nothing to take is not used", () => {
    const lines = [{ key: "a", dishId: 1, count: 1, unitCents: 300, vipUnitCents: null }];
    const big = applyDiscounts(base({ lines, coupons: [cash("big", 1000, 0)], couponId: "big" }));
    expect(big.payableCents).toBe(0);
    expect(big.coupons[0]?.reductionCents).toBe(300);
    const free = [{ key: "a", dishId: 1, count: 1, unitCents: 0, vipUnitCents: null }];
    const none = applyDiscounts(base({ lines: free, coupons: [cash("big", 1000, -1)], couponId: "big" }));
    expect(none.couponId).toBeNull();
    expect(none.coupons[0]).toMatchObject({ reason: "nothingLeft", message: "本单已无可抵扣的金额" });
  });

  it("a coupon is valid to its last moment, not after", () => {
    const coupons = [cash("c", 500, 0, { endsAt: sh("2026-05-10T23:59:59.999") })];
    expect(
      applyDiscounts(base({ coupons, couponId: "c", now: sh("2026-05-10T23:59:59.999") })).couponId,
    ).toBe("c");
    expect(
      applyDiscounts(base({ coupons, couponId: "c", now: sh("2026-05-11T00:00:00") })).couponId,
    ).toBeNull();
  });

  it("offers first the coupon that takes the most, the one ending soonest on a tie", () => {
    expect(bestCouponId(base({ coupons: HELD }))).toBe("c5");
    const tie = [
      cash("late", 500, 0, { endsAt: sh("2026-05-31T23:59:59.999") }),
      cash("early", 500, 0, { endsAt: sh("2026-05-12T23:59:59.999") }),
      cash("never", 500, 0, { endsAt: null }),
    ];
    expect(bestCouponId(base({ coupons: tie }))).toBe("early");
    expect(bestCouponId(base({ coupons: [HELD[2] as HeldCoupon] }))).toBeNull();
  });
});

describe("step (d): points", () => {
  const points = (requested: number, extra: object = {}) => ({
    balance: 5000,
    requested,
    centsPerPoint: 1,
    ...extra,
  });

  it("takes the points asked for, after every other step, split over the lines", () => {
    const r = applyDiscounts(base({ offers: OFFERS, points: points(300) }));
    expect(r.pointsUsed).toBe(300);
    expect(r.steps.at(-1)).toMatchObject({ kind: "points", label: "积分抵扣（300积分）", cents: 300 });
    expect(r.payableCents).toBe(17000 - 1000 - 300);
  });

  it("uses no more than the balance, nor more than is left, in whole points", () => {
    const lines = [{ key: "a", dishId: 1, count: 1, unitCents: 1005, vipUnitCents: null }];
    const r = applyDiscounts(base({ lines, points: { balance: 5000, requested: 5000, centsPerPoint: 10 } }));
    expect(r.pointsMax).toBe(100);
    expect(r.pointsUsed).toBe(100);
    expect(r.payableCents).toBe(5);
    const poor = applyDiscounts(base({ lines, points: { balance: 30, requested: 5000, centsPerPoint: 10 } }));
    expect(poor.pointsUsed).toBe(30);
    expect(poor.payableCents).toBe(705);
  });

  it("keeps to a restaurant's cap on the share points may pay", () => {
    const r = applyDiscounts(base({ points: points(5000, { maxSharePercent: 10 }) }));
    expect(r.pointsMax).toBe(1700);
    expect(r.payableCents).toBe(17000 - 1700);
  });
});

describe("the whole pipeline", () => {
  it("in its order: 会员日 8.8折, 满100减10, a ¥5 coupon, 100 points", () => {
    const r = applyDiscounts(
      base({
        member: { vipPrice: true, memberDayPercent: 88 },
        offers: OFFERS,
        coupons: [cash("c5", 500, 5000)],
        couponId: "c5",
        points: { balance: 100, requested: 100, centsPerPoint: 1 },
      }),
    );
    expect(r.steps.map((s) => [s.kind, s.cents])).toEqual([
      ["memberDay", 2040],
      ["fullReduction", 1000],
      ["coupon", 500],
      ["points", 100],
    ]);
    expect(r.payableCents).toBe(17000 - 2040 - 1000 - 500 - 100);
    expect(sum(r.lines.map((l) => l.finalCents))).toBe(r.payableCents);
  });

  it("never lets a proportional remainder take a small last line below zero", () => {
    // 3 cents over lines of 1, 1 and 2: allocateCents alone would give the last line 3
    const lines = [1, 1, 2].map((c, i) => ({
      key: `l${i}`,
      dishId: i,
      count: 1,
      unitCents: c,
      vipUnitCents: null,
    }));
    const r = applyDiscounts(base({ lines, offers: [{ id: "o", thresholdCents: 0, reductionCents: 3 }] }));
    expect(r.steps[0]?.perLine).toEqual([0, 1, 2]);
    expect(r.lines.map((l) => l.finalCents)).toEqual([1, 0, 0]);
  });
});

describe("properties", () => {
  const line = fc.record({
    dishId: fc.integer({ min: 1, max: 4 }),
    count: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0.5, 1.25, 2.375)),
    // small prices too: a proportional remainder overflows only lines of a few cents
    unitCents: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 50_000 })),
    vipShare: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
  });
  const lines = fc.array(line, { minLength: 1, maxLength: 6 }).map((ls) =>
    ls.map(
      (l, i): Extract<DiscountLine, { unitCents: number }> => ({
        key: `l${i}`,
        dishId: l.dishId,
        count: l.count,
        unitCents: l.unitCents,
        vipUnitCents: l.vipShare === null ? null : Math.floor((l.unitCents * l.vipShare) / 100),
      }),
    ),
  );
  const member = fc.option(
    fc.record({
      vipPrice: fc.boolean(),
      memberDayPercent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    }),
    { nil: null },
  );
  const offers = fc.array(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 3 }),
      thresholdCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
      reductionCents: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 100_000 })),
    }),
    { maxLength: 4 },
  );
  const coupon = fc.oneof(
    fc.record({
      kind: fc.constant("cash" as const),
      faceCents: fc.integer({ min: 0, max: 100_000 }),
      minSpendCents: fc.integer({ min: -1, max: 100_000 }),
    }),
    fc.record({
      kind: fc.constant("goods" as const),
      dishId: fc.integer({ min: 1, max: 5 }),
      dishName: fc.constant("菜"),
      faceCents: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
      minSpendCents: fc.integer({ min: -1, max: 100_000 }),
    }),
  );
  const coupons = fc
    .array(
      fc.tuple(
        coupon,
        fc.constantFrom("unused", "unused", "locked", "used") as fc.Arbitrary<HeldCoupon["state"]>,
      ),
      {
        maxLength: 4,
      },
    )
    .map((cs) =>
      cs.map(([c, state], i) => ({ ...c, ...VALID, id: `c${i}`, name: `券${i}`, state }) as HeldCoupon),
    );
  const points = fc.option(
    fc.record({
      balance: fc.integer({ min: 0, max: 1_000_000 }),
      requested: fc.integer({ min: 0, max: 1_000_000 }),
      centsPerPoint: fc.integer({ min: 1, max: 100 }),
      maxSharePercent: fc.integer({ min: 0, max: 100 }),
    }),
    { nil: null },
  );
  const input = fc
    .record({ lines, member, offers, coupons, pick: fc.integer({ min: -1, max: 4 }), points })
    .map(
      ({ pick, ...rest }): DiscountInput => ({
        ...rest,
        couponId: pick < 0 ? null : `c${pick}`,
        now: NOW,
        timeZone: SHANGHAI,
      }),
    );

  it("each step's parts sum exactly to it, no part or line is negative, payable is the lines' sum and never below zero", () => {
    fc.assert(
      fc.property(input, (inp) => {
        const r = applyDiscounts(inp);
        for (const step of r.steps) {
          expect(step.cents).toBeGreaterThan(0);
          expect(step.perLine).toHaveLength(inp.lines.length);
          expect(sum(step.perLine)).toBe(step.cents);
          for (const part of step.perLine) {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
        }
        for (const l of r.lines) {
          expect(l.finalCents).toBeGreaterThanOrEqual(0);
          expect(l.finalCents).toBeLessThanOrEqual(l.plainCents);
        }
        expect(r.payableCents).toBeGreaterThanOrEqual(0);
        expect(r.payableCents).toBe(sum(r.lines.map((l) => l.finalCents)));
        expect(r.plainCents - sum(r.steps.map((s) => s.cents))).toBe(r.payableCents);
        // the steps in their order, each at most once, one coupon at most
        const order = ["memberPrice", "memberDay", "fullReduction", "coupon", "points"];
        const kinds = r.steps.map((s) => order.indexOf(s.kind));
        expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
        expect(new Set(kinds).size).toBe(kinds.length);
        expect(kinds.includes(0) && kinds.includes(1)).toBe(false);
        expect(r.coupons.filter((v) => v.applied).length).toBe(r.couponId === null ? 0 : 1);
        for (const v of r.coupons) expect(v.message).toMatch(/[\u4e00-\u9fff]/);
      }),
    );
  });

  it("step (a) leaves the lower of the member-price total and the member-day total", () => {
    fc.assert(
      fc.property(lines, member, (ls, m) => {
        const r = applyDiscounts({ lines: ls, member: m, now: NOW, timeZone: SHANGHAI });
        const half = (x: number) => Math.floor(x + 0.5);
        const plain = sum(ls.map((l) => half(l.unitCents * l.count)));
        const candidates = [plain];
        if (m?.vipPrice)
          candidates.push(
            sum(
              ls.map((l) => {
                const p = half(l.unitCents * l.count);
                return l.vipUnitCents === null ? p : Math.min(p, half(l.vipUnitCents * l.count));
              }),
            ),
          );
        if (m && m.memberDayPercent !== null) candidates.push(half((plain * m.memberDayPercent) / 100));
        expect(r.payableCents).toBe(Math.min(...candidates));
      }),
    );
  });

  it("applying no discounts returns the plain total", () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const r = applyDiscounts({ lines: ls, member: null, now: NOW, timeZone: SHANGHAI });
        expect(r.steps).toEqual([]);
        expect(r.payableCents).toBe(r.plainCents);
        expect(r.lines.map((l) => l.finalCents)).toEqual(r.lines.map((l) => l.plainCents));
      }),
    );
  });
});
