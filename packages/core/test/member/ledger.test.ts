import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/errors.js";
import {
  applyEntry,
  EMPTY_BALANCE,
  heldOf,
  type LedgerEntry,
  type LedgerOutcome,
  type PostedEntry,
  pointsReversal,
  refundablePrincipal,
  replayLedger,
  type StoredBalance,
  spendableOf,
  sumPosted,
} from "../../src/member/ledger.js";
import { MEMBER_TEXT } from "../../src/member/text.js";

/** the balance after entries that must all be accepted */
function after(entries: LedgerEntry[], from: StoredBalance = EMPTY_BALANCE): StoredBalance {
  const { balance, refused } = replayLedger(entries, from);
  expect(refused).toEqual([]);
  return balance;
}

function refusal(outcome: LedgerOutcome) {
  expect(outcome.ok).toBe(false);
  return outcome.ok ? null : { error: outcome.error, message: outcome.message };
}

/** 充值500送50: ¥500 principal, ¥50 gift */
const CARD = after([
  { kind: "recharge", cents: 50_000 },
  { kind: "gift", cents: 5_000, points: 0 },
]);

describe("spending", () => {
  it("takes principal first, then gift", () => {
    const outcome = applyEntry(CARD, { kind: "spend", cents: 52_000, points: 0 });
    expect(outcome.ok && outcome.posted).toEqual({
      kind: "spend",
      principalCents: -50_000,
      giftCents: -2_000,
      points: 0,
      after: { principalCents: 0, giftCents: 3_000, points: 0, heldCents: 0, heldPoints: 0 },
    });
  });

  it("refuses more than the card holds, and never goes negative", () => {
    expect(refusal(applyEntry(CARD, { kind: "spend", cents: 55_001, points: 0 }))).toEqual({
      error: "balanceShort",
      message: ERRORS.balanceShort.message,
    });
    const all = applyEntry(CARD, { kind: "spend", cents: 55_000, points: 0 });
    expect(all.ok && all.balance).toMatchObject({ principalCents: 0, giftCents: 0 });
  });

  it("refuses points it does not have", () => {
    const card = after([{ kind: "earn", points: 100 }], CARD);
    expect(refusal(applyEntry(card, { kind: "spend", cents: 0, points: 101 }))?.error).toBe("pointsShort");
    const ok = applyEntry(card, { kind: "spend", cents: 100, points: 100 });
    expect(ok.ok && ok.balance.points).toBe(0);
  });

  it("never changes the balance it is given", () => {
    const frozen = Object.freeze({ ...CARD, holds: Object.freeze({ a: { cents: 1, points: 0 } }) });
    applyEntry(frozen, { kind: "spend", cents: 100, points: 0 });
    applyEntry(frozen, { kind: "release", holdId: "a" });
    expect(frozen.principalCents).toBe(50_000);
    expect(frozen.holds).toEqual({ a: { cents: 1, points: 0 } });
  });
});

describe("holds for open orders", () => {
  it("a race of two orders with money for one: the second hold is refused until the first lets go", () => {
    const card = after([{ kind: "recharge", cents: 10_000 }]);
    const first = after([{ kind: "hold", holdId: "order-1", cents: 8_000, points: 0 }], card);
    expect(spendableOf(first)).toEqual({ cents: 2_000, points: 0 });
    expect(
      refusal(applyEntry(first, { kind: "hold", holdId: "order-2", cents: 8_000, points: 0 }))?.error,
    ).toBe("balanceShort");
    // nor can a spend without a hold take the held money
    expect(refusal(applyEntry(first, { kind: "spend", cents: 3_000, points: 0 }))?.error).toBe(
      "balanceShort",
    );
    const released = after([{ kind: "release", holdId: "order-1" }], first);
    expect(heldOf(released)).toEqual({ cents: 0, points: 0 });
    expect(applyEntry(released, { kind: "hold", holdId: "order-2", cents: 8_000, points: 0 }).ok).toBe(true);
  });

  it("an order's spend takes its hold; what it held beyond the spend is released", () => {
    const card = after(
      [
        { kind: "recharge", cents: 10_000 },
        { kind: "earn", points: 500 },
        { kind: "hold", holdId: "order-1", cents: 8_000, points: 300 },
      ],
      EMPTY_BALANCE,
    );
    const outcome = applyEntry(card, { kind: "spend", cents: 6_000, points: 200, holdId: "order-1" });
    expect(outcome.ok && outcome.posted).toMatchObject({
      holdId: "order-1",
      principalCents: -6_000,
      points: -200,
      after: { principalCents: 4_000, points: 300, heldCents: 0, heldPoints: 0 },
    });
  });

  it("refuses a second hold for one order, a release or spend of no hold, and a spend above its hold", () => {
    const card = after([{ kind: "hold", holdId: "o", cents: 1_000, points: 0 }], CARD);
    expect(refusal(applyEntry(card, { kind: "hold", holdId: "o", cents: 1, points: 0 }))).toEqual({
      error: "holdConflict",
      message: MEMBER_TEXT.holdTwice,
    });
    expect(refusal(applyEntry(card, { kind: "release", holdId: "x" }))?.message).toBe(
      MEMBER_TEXT.holdUnknown,
    );
    // a key every object inherits is no hold
    expect(refusal(applyEntry(card, { kind: "release", holdId: "toString" }))?.error).toBe("holdConflict");
    expect(
      refusal(applyEntry(card, { kind: "spend", cents: 1, points: 0, holdId: "constructor" }))?.error,
    ).toBe("holdConflict");
    expect(refusal(applyEntry(card, { kind: "spend", cents: 1_001, points: 0, holdId: "o" }))?.message).toBe(
      MEMBER_TEXT.spendAboveHold,
    );
  });
});

describe("refunds return only unspent principal", () => {
  it("after spending ¥100 of ¥500 (+¥50 gift): ¥400 back, and the gift with it", () => {
    const spent = after([{ kind: "spend", cents: 10_000, points: 0 }], CARD);
    expect(refundablePrincipal(spent)).toBe(40_000);
    expect(refusal(applyEntry(spent, { kind: "refund", cents: 40_001 }))).toEqual({
      error: "refundAbovePrincipal",
      message: ERRORS.refundAbovePrincipal.message,
    });
    const all = applyEntry(spent, { kind: "refund", cents: 40_000 });
    expect(all.ok && all.posted).toMatchObject({ principalCents: -40_000, giftCents: -5_000 });
    expect(all.ok && all.balance).toMatchObject({ principalCents: 0, giftCents: 0 });
  });

  it("a partial refund takes back the gift in proportion, rounded down for the member", () => {
    const outcome = applyEntry(CARD, { kind: "refund", cents: 20_001 });
    // 5000 × 20001 / 50000 = 2000.1 → 2000
    expect(outcome.ok && outcome.posted).toMatchObject({ principalCents: -20_001, giftCents: -2_000 });
  });

  it("nothing once the principal is spent (the gift is no cash), and not what an open order holds", () => {
    const spent = after([{ kind: "spend", cents: 50_000, points: 0 }], CARD);
    expect(refundablePrincipal(spent)).toBe(0);
    expect(refusal(applyEntry(spent, { kind: "refund", cents: 1 }))?.error).toBe("refundAbovePrincipal");
    const held = after([{ kind: "hold", holdId: "o", cents: 30_000, points: 0 }], CARD);
    expect(refundablePrincipal(held)).toBe(20_000);
    const refunded = after([{ kind: "refund", cents: 20_000 }], held);
    // the order can still spend what it holds
    expect(applyEntry(refunded, { kind: "spend", cents: 30_000, points: 0, holdId: "o" }).ok).toBe(true);
  });
});

describe("points", () => {
  it("are earned and reversed, never below zero nor below what is held", () => {
    const card = after([
      { kind: "earn", points: 100 },
      { kind: "hold", holdId: "o", cents: 0, points: 60 },
    ]);
    expect(refusal(applyEntry(card, { kind: "reverse", points: 41 }))?.error).toBe("pointsShort");
    const ok = applyEntry(card, { kind: "reverse", points: 40 });
    expect(ok.ok && ok.posted.after).toMatchObject({ points: 60, heldPoints: 60 });
  });
});

describe("staff adjustments", () => {
  const adjust = (extra: Partial<Extract<LedgerEntry, { kind: "adjustment" }>>): LedgerEntry => ({
    kind: "adjustment",
    principalCents: 0,
    giftCents: 0,
    points: 0,
    reason: "补录收银台充值",
    approvedBy: "manager-1",
    ...extra,
  });

  it("is an entry with a reason and an approver", () => {
    const outcome = applyEntry(CARD, adjust({ giftCents: -1_000, points: 50 }));
    expect(outcome.ok && outcome.posted).toMatchObject({ kind: "adjustment", giftCents: -1_000, points: 50 });
    expect(refusal(applyEntry(CARD, adjust({ giftCents: 1, reason: "  " })))).toEqual({
      error: "badRequest",
      message: MEMBER_TEXT.adjustmentReason,
    });
    expect(refusal(applyEntry(CARD, adjust({ giftCents: 1, approvedBy: "" })))?.error).toBe(
      "approvalRequired",
    );
  });

  it("cannot take any part below zero, nor the balance below what is held", () => {
    expect(refusal(applyEntry(CARD, adjust({ giftCents: -5_001 })))?.message).toBe(
      MEMBER_TEXT.adjustmentNegative,
    );
    // principal and gift are apart: gift cannot cover principal taken below zero
    expect(refusal(applyEntry(CARD, adjust({ principalCents: -50_001 })))?.message).toBe(
      MEMBER_TEXT.adjustmentNegative,
    );
    expect(refusal(applyEntry(CARD, adjust({ points: -1 })))?.message).toBe(MEMBER_TEXT.adjustmentNegative);
    const held = after([{ kind: "hold", holdId: "o", cents: 50_000, points: 0 }], CARD);
    expect(refusal(applyEntry(held, adjust({ principalCents: -5_001 })))?.message).toBe(
      MEMBER_TEXT.adjustmentNegative,
    );
    expect(applyEntry(held, adjust({ principalCents: -5_000 })).ok).toBe(true);
  });
});

describe("amounts", () => {
  it.each([
    [{ kind: "recharge", cents: -1 }],
    [{ kind: "recharge", cents: 1.5 }],
    [{ kind: "spend", cents: Number.NaN, points: 0 }],
    [{ kind: "gift", cents: 0, points: -3 }],
    [{ kind: "adjustment", principalCents: 0.5, giftCents: 0, points: 0, reason: "x", approvedBy: "m" }],
  ] as Array<[LedgerEntry]>)("refuses %j: not whole", (entry) => {
    expect(refusal(applyEntry(CARD, entry))).toEqual({
      error: "badRequest",
      message: MEMBER_TEXT.amountNotWhole,
    });
  });

  it.each([
    [{ kind: "recharge", cents: 0 }],
    [{ kind: "spend", cents: 0, points: 0 }],
    [{ kind: "hold", holdId: "o", cents: 0, points: 0 }],
    [{ kind: "adjustment", principalCents: 0, giftCents: 0, points: 0, reason: "x", approvedBy: "m" }],
  ] as Array<[LedgerEntry]>)("refuses %j: nothing to record", (entry) => {
    expect(refusal(applyEntry(CARD, entry))?.message).toBe(MEMBER_TEXT.entryEmpty);
  });
});

describe("any run of entries", () => {
  const holdId = fc.constantFrom("o1", "o2", "o3");
  const cents = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 60_000 }));
  const points = fc.integer({ min: 0, max: 500 });
  const entry: fc.Arbitrary<LedgerEntry> = fc.oneof(
    fc.record({ kind: fc.constant("recharge" as const), cents }),
    fc.record({ kind: fc.constant("gift" as const), cents, points }),
    fc.record({ kind: fc.constant("earn" as const), points }),
    fc.record({ kind: fc.constant("hold" as const), holdId, cents, points }),
    fc.record({ kind: fc.constant("release" as const), holdId }),
    fc.record({ kind: fc.constant("spend" as const), cents, points }),
    fc.record({ kind: fc.constant("spend" as const), cents, points, holdId }),
    fc.record({ kind: fc.constant("refund" as const), cents }),
    fc.record({ kind: fc.constant("reverse" as const), points }),
    fc.record({
      kind: fc.constant("adjustment" as const),
      principalCents: fc.integer({ min: -60_000, max: 60_000 }),
      giftCents: fc.integer({ min: -60_000, max: 60_000 }),
      points: fc.integer({ min: -500, max: 500 }),
      // mostly complete, so adjustments reach the balance rules
      reason: fc.constantFrom("", "盘点", "补录"),
      approvedBy: fc.constantFrom("", "m1", "m2"),
    }),
  );

  it("keeps every balance at or above zero and what is held, and the ledger sums to the balance", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        const { balance, posted, refused } = replayLedger(entries);
        expect(posted.length + refused.length).toBe(entries.length);
        let running = { principalCents: 0, giftCents: 0, points: 0 };
        for (const p of posted as PostedEntry[]) {
          running = {
            principalCents: running.principalCents + p.principalCents,
            giftCents: running.giftCents + p.giftCents,
            points: running.points + p.points,
          };
          const a = p.after;
          expect(a).toMatchObject(running);
          expect(a.principalCents).toBeGreaterThanOrEqual(0);
          expect(a.giftCents).toBeGreaterThanOrEqual(0);
          expect(a.points).toBeGreaterThanOrEqual(0);
          expect(a.principalCents + a.giftCents).toBeGreaterThanOrEqual(a.heldCents);
          expect(a.points).toBeGreaterThanOrEqual(a.heldPoints);
        }
        expect(sumPosted(posted)).toEqual({
          principalCents: balance.principalCents,
          giftCents: balance.giftCents,
          points: balance.points,
        });
        const spendable = spendableOf(balance);
        expect(spendable.cents).toBeGreaterThanOrEqual(0);
        expect(spendable.points).toBeGreaterThanOrEqual(0);
        // money out never exceeds money in
        const out = posted.filter((p) => p.kind === "spend" || p.kind === "refund");
        const paidOut = -sumPosted(out).principalCents - sumPosted(out).giftCents;
        const inflow = posted.filter((p) => p.kind !== "spend" && p.kind !== "refund");
        expect(paidOut).toBeLessThanOrEqual(sumPosted(inflow).principalCents + sumPosted(inflow).giftCents);
      }),
    );
  });
});

describe("points reversed on a refund", () => {
  const card = after([{ kind: "earn", points: 100 }]);
  const payment = { earnedPoints: 100, paidCents: 30_000, refundedBeforeCents: 0 };

  it("takes back the refund's share of the points the payment earned, rounded down", () => {
    expect(pointsReversal(card, { ...payment, refundCents: 10_000 })).toEqual({
      due: 33,
      reversed: 33,
      shortfall: 0,
    });
  });

  it("adds up to all the earned points once the whole payment is refunded, in any steps", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 6 }), (cuts) => {
        let refunded = 0;
        let taken = 0;
        const steps = [...cuts.sort((a, b) => a - b), 30_000];
        for (const cut of steps) {
          if (cut <= refunded) continue;
          const r = pointsReversal(card, {
            ...payment,
            refundedBeforeCents: refunded,
            refundCents: cut - refunded,
          });
          taken += r.due;
          refunded = cut;
        }
        expect(taken).toBe(100);
      }),
    );
  });

  it("takes back only points the card can spend now: the rest is the shortfall", () => {
    const spent = after([{ kind: "spend", cents: 0, points: 90 }], card);
    expect(pointsReversal(spent, { ...payment, refundCents: 30_000 })).toEqual({
      due: 100,
      reversed: 10,
      shortfall: 90,
    });
    const held = after([{ kind: "hold", holdId: "order:1", cents: 0, points: 95 }], card);
    expect(pointsReversal(held, { ...payment, refundCents: 30_000 }).reversed).toBe(5);
  });

  it("refuses refunds above the payment", () => {
    expect(() =>
      pointsReversal(card, { ...payment, refundedBeforeCents: 20_000, refundCents: 10_001 }),
    ).toThrow(RangeError);
  });
});
