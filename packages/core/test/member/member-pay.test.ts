import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDiscounts, placedDiscountLines } from "../../src/member/discounts.js";
import {
  applyEntry,
  EMPTY_BALANCE,
  earnedPoints,
  replayLedger,
  spendRestore,
} from "../../src/member/ledger.js";

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);
const NOW = new Date("2026-05-10T12:00:00+08:00");

describe("placed orders' lines for the pipeline", () => {
  it("keeps each line's stored amounts and puts the order's rounding on its last line", () => {
    // two lines rounded on their own to 10.01 and 5.01, the order rounded once over them to 15.01
    const lines = placedDiscountLines([
      {
        totalCents: 1501,
        vipTotalCents: 1301,
        memberPrices: true,
        lines: [
          { key: "a", dishId: 1, count: 1, totalCents: 1001, vipTotalCents: 901 },
          { key: "b", dishId: 2, count: 3, totalCents: 501, vipTotalCents: 401 },
        ],
      },
    ]);
    expect(lines).toEqual([
      { key: "a", dishId: 1, count: 1, amountCents: 1001, vipAmountCents: 901 },
      { key: "b", dishId: 2, count: 3, amountCents: 500, vipAmountCents: 400 },
    ]);
  });

  it("gives an order placed without member prices none, whatever its lines' member amounts", () => {
    const [line] = placedDiscountLines([
      {
        totalCents: 3800,
        vipTotalCents: 3400,
        memberPrices: false,
        lines: [{ key: "a", dishId: 1, count: 1, totalCents: 3800, vipTotalCents: 3400 }],
      },
    ]);
    expect(line).toMatchObject({ amountCents: 3800, vipAmountCents: null });
  });

  it("charges a member exactly the member total the order was placed with", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            totalCents: fc.integer({ min: 1, max: 50_000 }),
            share: fc.integer({ min: 50, max: 100 }),
            count: fc.integer({ min: 1, max: 9 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: -2, max: 2 }),
        (raw, rounding) => {
          const rows = raw.map((r, i) => ({
            key: `l${i}`,
            dishId: i,
            count: r.count,
            totalCents: r.totalCents,
            vipTotalCents: Math.floor((r.totalCents * r.share) / 100),
          }));
          const totalCents = Math.max(0, sum(rows.map((r) => r.totalCents)) + rounding);
          const vipTotalCents = Math.max(0, sum(rows.map((r) => r.vipTotalCents)) + rounding);
          const lines = placedDiscountLines([{ totalCents, vipTotalCents, memberPrices: true, lines: rows }]);
          const plain = applyDiscounts({ lines, member: null, now: NOW, timeZone: "Asia/Shanghai" });
          expect(plain.payableCents).toBe(totalCents);
          const member = applyDiscounts({
            lines,
            member: { vipPrice: true, memberDayPercent: null },
            now: NOW,
            timeZone: "Asia/Shanghai",
          });
          expect(member.payableCents).toBe(Math.min(totalCents, vipTotalCents));
        },
      ),
    );
  });
});

describe("a refunded payment's stored value back on the card", () => {
  it("splits what comes back as the payment spent it, and all of it gives back exactly the spend", () => {
    const spent = { principalCents: 3000, giftCents: 2000 };
    expect(spendRestore(spent, 0, 1000)).toEqual({ principalCents: 600, giftCents: 400 });
    expect(spendRestore(spent, 1000, 4000)).toEqual({ principalCents: 2400, giftCents: 1600 });
    expect(() => spendRestore(spent, 1000, 4001)).toThrow(RangeError);
  });

  it("sums to the spend over any run of partial refunds, each part whole and none negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }),
        (principalCents, giftCents, weights) => {
          const total = principalCents + giftCents;
          const weightSum = sum(weights);
          let before = 0;
          const back = { principalCents: 0, giftCents: 0 };
          weights.forEach((w, i) => {
            const cents = i === weights.length - 1 ? total - before : Math.floor((total * w) / weightSum);
            const part = spendRestore({ principalCents, giftCents }, before, cents);
            expect(part.principalCents).toBeGreaterThanOrEqual(0);
            expect(part.giftCents).toBeGreaterThanOrEqual(0);
            back.principalCents += part.principalCents;
            back.giftCents += part.giftCents;
            before += cents;
          });
          expect(back).toEqual({ principalCents, giftCents });
        },
      ),
    );
  });

  it("is a ledger entry that adds principal and gift, refused when it adds nothing", () => {
    const { balance } = replayLedger([{ kind: "restore", principalCents: 600, giftCents: 400 }]);
    expect(balance).toMatchObject({ principalCents: 600, giftCents: 400, points: 0 });
    const empty = applyEntry(EMPTY_BALANCE, { kind: "restore", principalCents: 0, giftCents: 0 });
    expect(empty.ok).toBe(false);
  });

  it("gives back the points a fully refunded payment redeemed, alone or with its stored value", () => {
    const { balance } = replayLedger([
      { kind: "restore", principalCents: 0, giftCents: 0, points: 20 },
      { kind: "restore", principalCents: 300, giftCents: 0, points: 5 },
    ]);
    expect(balance).toMatchObject({ principalCents: 300, giftCents: 0, points: 25 });
    const negative = applyEntry(EMPTY_BALANCE, {
      kind: "restore",
      principalCents: 0,
      giftCents: 0,
      points: -1,
    });
    expect(negative.ok).toBe(false);
  });
});

describe("points a payment earns", () => {
  it("earns the card type's points per whole yuan paid", () => {
    expect(earnedPoints(5299, 2)).toBe(104);
    expect(earnedPoints(99, 5)).toBe(0);
    expect(() => earnedPoints(-1, 1)).toThrow(RangeError);
  });
});
