import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keptWithoutRefund, orderAccount, paymentState, type ShareMoney } from "../../src/payment/account.js";

const cents = fc.integer({ min: 0, max: 1_000_000 });
const share: fc.Arbitrary<ShareMoney> = fc.record({
  amountCents: fc.integer({ min: 1, max: 50_000 }),
  status: fc.constantFrom("held" as const, "paid" as const),
});

describe("orderAccount", () => {
  it("the issue's table: a ¥64 order, E's ¥42 share paid, asks ¥22 of a whole pay, never ¥64", () => {
    const account = orderAccount({
      owedCents: 6400,
      shares: [{ amountCents: 4200, status: "paid" }],
      wholeNetCents: 0,
    });
    expect(account).toEqual({
      sharesPaidCents: 4200,
      sharesHeldCents: 0,
      paidCents: 4200,
      dueCents: 2200,
      overCents: 0,
    });
  });

  it("a share still in flight is subtracted as well, and counts as paid only once it is", () => {
    const account = orderAccount({
      owedCents: 6400,
      shares: [{ amountCents: 4200, status: "held" }],
      wholeNetCents: 0,
    });
    expect([account.dueCents, account.paidCents, account.sharesHeldCents]).toEqual([2200, 0, 4200]);
  });

  it("what is due, paid and held never ask more than is owed; overpaid only when paid exceeds it", () => {
    fc.assert(
      fc.property(cents, fc.array(share, { maxLength: 8 }), cents, (owed, shares, whole) => {
        const a = orderAccount({ owedCents: owed, shares, wholeNetCents: whole });
        expect(a.dueCents).toBeGreaterThanOrEqual(0);
        expect(a.overCents).toBeGreaterThanOrEqual(0);
        expect(a.paidCents).toBe(a.sharesPaidCents + whole);
        // nothing owed is left unasked: due, paid and held cover it
        expect(a.dueCents + a.paidCents + a.sharesHeldCents).toBeGreaterThanOrEqual(owed);
        // and a whole pay of the due never takes the total beyond what is owed, unless it already was
        if (a.dueCents > 0) expect(a.dueCents + a.paidCents + a.sharesHeldCents).toBe(owed);
        expect(a.overCents > 0).toBe(a.paidCents > owed);
        if (a.overCents > 0) expect(a.dueCents).toBe(0);
      }),
    );
  });

  it("paying the due as a whole leaves nothing due and nothing over, once the held shares are paid", () => {
    fc.assert(
      fc.property(cents, fc.array(share, { maxLength: 8 }), (owed, shares) => {
        const first = orderAccount({ owedCents: owed, shares, wholeNetCents: 0 });
        fc.pre(first.paidCents + first.sharesHeldCents <= owed);
        const allPaid = shares.map((s) => ({ ...s, status: "paid" as const }));
        const after = orderAccount({ owedCents: owed, shares: allPaid, wholeNetCents: first.dueCents });
        expect(after.dueCents).toBe(0);
        expect(after.overCents).toBe(0);
        expect(after.paidCents).toBe(owed);
      }),
    );
  });

  it("more paid never leaves more due", () => {
    fc.assert(
      fc.property(cents, fc.array(share, { maxLength: 6 }), cents, cents, (owed, shares, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const less = orderAccount({ owedCents: owed, shares, wholeNetCents: low });
        const more = orderAccount({ owedCents: owed, shares, wholeNetCents: high });
        expect(more.dueCents).toBeLessThanOrEqual(less.dueCents);
      }),
    );
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => orderAccount({ owedCents: 1.5, shares: [], wholeNetCents: 0 })).toThrow();
    expect(() =>
      orderAccount({ owedCents: 100, shares: [{ amountCents: -1, status: "paid" }], wholeNetCents: 0 }),
    ).toThrow();
  });
});

describe("keptWithoutRefund", () => {
  it("the issue's ¥106 kept for a ¥64 order with no refund is ¥42 kept without one", () => {
    expect(keptWithoutRefund({ owedCents: 6400, capturedCents: 10_600, refundRecordedCents: 0 })).toBe(4200);
    expect(keptWithoutRefund({ owedCents: 6400, capturedCents: 10_600, refundRecordedCents: 4200 })).toBe(0);
  });

  it("is 0 exactly when captured less refunds recorded is within what is owed", () => {
    fc.assert(
      fc.property(cents, cents, cents, (owed, captured, refunded) => {
        const kept = keptWithoutRefund({
          owedCents: owed,
          capturedCents: captured,
          refundRecordedCents: refunded,
        });
        expect(kept === 0).toBe(captured - refunded <= owed);
        expect(kept).toBe(Math.max(0, captured - refunded - owed));
      }),
    );
  });
});

describe("paymentState", () => {
  it("is paid only when nothing is left and something was paid; partly while both", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (paidCents, leftCents) => {
        const state = paymentState({ paidCents, leftCents });
        if (paidCents === 0) expect(state).toBe("unpaid");
        else expect(state).toBe(leftCents === 0 ? "paid" : "partlyPaid");
      }),
    );
    // an order all comped owes 0 and paid 0: not paid
    expect(paymentState({ paidCents: 0, leftCents: 0 })).toBe("unpaid");
  });
});
