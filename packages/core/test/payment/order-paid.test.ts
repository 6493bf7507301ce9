import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../src/contract/order.js";
import { ORDER_STATUSES } from "../../src/order-status.js";
import { dinerStatusText, isOrderPaid, offersDinerCancel, PAID_TEXT } from "../../src/payment/order-paid.js";

const paidOnce = [{ paid: true }];
const pending = [{ paid: false }];

describe("a paid order on the diner's pages", () => {
  it("reads 已支付 once a payment covers it and nothing is due, and may no longer be cancelled", () => {
    const unpaid = { status: ORDER_STATUS.placed, eatType: "dine", orderNeedMoney: "32.00", pays: [] };
    expect([isOrderPaid(unpaid), dinerStatusText(unpaid), offersDinerCancel(unpaid)]).toEqual([
      false,
      "已下单",
      true,
    ]);
    const paid = { status: ORDER_STATUS.placed, eatType: "dine", orderNeedMoney: "0.00", pays: paidOnce };
    expect([isOrderPaid(paid), dinerStatusText(paid), offersDinerCancel(paid)]).toEqual([
      true,
      PAID_TEXT,
      false,
    ]);
    expect(PAID_TEXT).toBe("已支付");
    // taken by the restaurant: its status, paid beside it
    expect(dinerStatusText({ ...paid, status: ORDER_STATUS.cooking })).toBe("制作中 · 已支付");
  });

  it("is not paid while the gateway has not answered, nor while a part is still due", () => {
    expect(isOrderPaid({ status: ORDER_STATUS.placed, orderNeedMoney: "0.00", pays: pending })).toBe(false);
    const part = { status: ORDER_STATUS.placed, eatType: "dine", orderNeedMoney: "10.00", pays: paidOnce };
    expect([isOrderPaid(part), dinerStatusText(part), offersDinerCancel(part)]).toEqual([
      false,
      "已下单",
      false,
    ]);
  });

  it("a cancelled, closed or settled order reads its own status, paid or not", () => {
    for (const status of [ORDER_STATUS.cancelled, ORDER_STATUS.closed, ORDER_STATUS.settled]) {
      const order = { status, eatType: "dine", orderNeedMoney: "0.00", pays: paidOnce };
      expect(isOrderPaid(order)).toBe(false);
      expect(dinerStatusText(order)).not.toContain(PAID_TEXT);
      expect(offersDinerCancel(order)).toBe(false);
    }
  });

  it("property: paid ⇔ open, a paid payment and nothing due; a paid order is never cancellable and says 已支付", () => {
    const order = fc.record({
      status: fc.constantFrom(...ORDER_STATUSES),
      eatType: fc.constantFrom("dine", "fast", "takeout", "reserve"),
      orderNeedMoney: fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
      pays: fc.array(fc.record({ paid: fc.boolean() }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(order, (o) => {
        const open = [0, 1, 2, 8].includes(o.status);
        const expected = open && o.pays.some((p) => p.paid) && Number(o.orderNeedMoney) === 0;
        expect(isOrderPaid(o)).toBe(expected);
        if (expected) {
          expect(dinerStatusText(o)).toContain(PAID_TEXT);
          expect(offersDinerCancel(o)).toBe(false);
        } else expect(dinerStatusText(o)).not.toContain(PAID_TEXT);
      }),
    );
  });
});
