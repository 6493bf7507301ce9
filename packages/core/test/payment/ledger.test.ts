import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/errors.js";
import {
  checkRefund,
  intentState,
  netCents,
  type PayEvent,
  paidCents,
  type RefundRecord,
  refundableCents,
  refundedCents,
} from "../../src/payment/ledger.js";

const paid = (amountCents: number): PayEvent => ({ kind: "paid", amountCents });
const refunded = (amountCents: number): PayEvent => ({ kind: "refunded", amountCents });
const refund = (amountCents: number, status: RefundRecord["status"]): RefundRecord => ({
  amountCents,
  status,
});

describe("an intent's money from its events", () => {
  it("sums paid and refunded events; net is what is kept", () => {
    const events = [paid(3000), refunded(500), paid(1000), refunded(1000)];
    expect(paidCents(events)).toBe(4000);
    expect(refundedCents(events)).toBe(1500);
    expect(netCents(events)).toBe(2500);
    expect(netCents([])).toBe(0);
  });

  it.each([
    ["nothing yet", [], [], "unpaid", 3000, 0],
    ["an attempt in flight", [], ["pending"], "paying", 3000, 0],
    ["a failed attempt", [], ["failed"], "unpaid", 3000, 0],
    ["paid in full", [paid(3000)], ["paid"], "paid", 0, 0],
    ["paid in part, another attempt in flight", [paid(1000)], ["paid", "pending"], "paying", 2000, 0],
    ["paid twice", [paid(3000), paid(3000)], ["paid", "paid"], "overpaid", 0, 3000],
    [
      "paid twice, the second refunded",
      [paid(3000), paid(3000), refunded(3000)],
      ["paid", "paid"],
      "paid",
      0,
      0,
    ],
    ["paid, then refunded in full", [paid(3000), refunded(3000)], ["paid"], "unpaid", 3000, 0],
    [
      "paid twice while a third is pending",
      [paid(3000), paid(100)],
      ["paid", "paid", "pending"],
      "overpaid",
      0,
      100,
    ],
  ] as const)("%s: %s", (_, events, statuses, state, due, over) => {
    const money = intentState({
      amountCents: 3000,
      events,
      attempts: statuses.map((status) => ({ status })),
    });
    expect(money.state).toBe(state);
    expect(money.dueCents).toBe(due);
    expect(money.overpaidBy).toBe(over);
  });

  it("owes exactly the amount less the net, or holds exactly the excess", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e8 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom("paid", "refunded"),
            amountCents: fc.integer({ min: 1, max: 1e8 }),
          }),
        ),
        fc.boolean(),
        (amountCents, events, pending) => {
          const money = intentState({
            amountCents,
            events,
            attempts: pending ? [{ status: "pending" }] : [],
          });
          expect(money.netCents + money.dueCents - money.overpaidBy).toBe(amountCents);
          expect(Math.min(money.dueCents, money.overpaidBy)).toBe(0);
          expect(money.state === "paid" || money.state === "overpaid").toBe(money.dueCents === 0);
          if (money.state === "paying") expect(pending).toBe(true);
        },
      ),
    );
  });
});

describe("refunds against what was captured", () => {
  it("may refund what was captured, less refunded, less refunds under way", () => {
    const events = [paid(5000), refunded(1000)];
    const refunds = [refund(1000, "done"), refund(1500, "pending"), refund(9999, "failed")];
    expect(refundableCents(events, refunds)).toBe(2500);
    expect(checkRefund(2500, events, refunds)).toEqual({ ok: true, refundableCents: 2500 });
    expect(checkRefund(1, events, refunds)).toEqual({ ok: true, refundableCents: 2500 });
  });

  it.each([
    ["a cent above what is refundable", 2501, "refundTooLarge", ERRORS.refundTooLarge.message],
    ["nothing", 0, "badRequest", "退款金额必须大于 0"],
    ["a negative amount", -100, "badRequest", "退款金额必须大于 0"],
    ["a fraction of a cent", 10.5, "badRequest", "退款金额必须大于 0"],
  ])("refuses %s", (_, amount, error, message) => {
    const outcome = checkRefund(amount, [paid(5000), refunded(1000)], [refund(1500, "pending")]);
    expect(outcome).toEqual({ ok: false, error, message });
  });

  it("refuses any refund of an attempt that captured nothing, in Chinese", () => {
    expect(checkRefund(100, [], [])).toEqual({
      ok: false,
      error: "refundTooLarge",
      message: "退款金额超过可退金额",
    });
  });

  it("never lets accepted refunds add up to more than was captured", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.array(fc.integer({ min: 1, max: 1e6 }), { maxLength: 20 }),
        (captured, asks) => {
          const events: PayEvent[] = captured > 0 ? [paid(captured)] : [];
          const refunds: RefundRecord[] = [];
          for (const ask of asks) {
            if (checkRefund(ask, events, refunds).ok) refunds.push(refund(ask, "pending"));
          }
          const asked = refunds.reduce((s, r) => s + r.amountCents, 0);
          expect(asked).toBeLessThanOrEqual(captured);
          expect(refundableCents(events, refunds)).toBe(captured - asked);
        },
      ),
    );
  });
});
