import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstOrderPaid, prepaidNotice } from "../../src/payment/first-order.js";

const pay = (paid: boolean, mine = true) => ({ payId: 1, payType: "微信支付", money: 12.3, paid, mine });

describe("first order paid (spec 001 §4)", () => {
  it.each([
    [[], false],
    [[pay(false)], false],
    [[pay(false), pay(false)], false],
    [[pay(true)], true],
    [[pay(false), pay(true)], true],
  ])("pays %j: %s", (pays, paid) => {
    expect(firstOrderPaid(pays)).toBe(paid);
  });
});

describe("the prepayment notice once the first order is paid (spec 000 §2)", () => {
  it("says nothing before a payment lands, or outside prepayment", () => {
    expect(prepaidNotice({ prepayment: true, pays: [], vipId: "" })).toBeNull();
    expect(prepaidNotice({ prepayment: true, pays: [pay(false, false)], vipId: "9" })).toBeNull();
    expect(prepaidNotice({ prepayment: false, pays: [pay(true)], vipId: "" })).toBeNull();
  });

  it("sends the diner who paid, or anyone without a card on the order, to the cashier for benefits", () => {
    expect(prepaidNotice({ prepayment: true, pays: [pay(true)], vipId: "" })).toBe("cashier");
    expect(prepaidNotice({ prepayment: true, pays: [pay(true)], vipId: "9" })).toBe("cashier");
    expect(prepaidNotice({ prepayment: true, pays: [pay(true, false)], vipId: "" })).toBe("cashier");
  });

  it("tells a tablemate that a companion paid with a card, and its benefits are shared", () => {
    expect(prepaidNotice({ prepayment: true, pays: [pay(true, false)], vipId: "9" })).toBe("companion");
    // a companion's pending attempt does not count; a companion's paid one does
    expect(prepaidNotice({ prepayment: true, pays: [pay(true), pay(false, false)], vipId: "9" })).toBe(
      "cashier",
    );
  });

  it("answers exactly when the first order is paid in prepayment", () => {
    const pays = fc.array(fc.record({ paid: fc.boolean(), mine: fc.boolean() }), { maxLength: 5 });
    fc.assert(
      fc.property(fc.boolean(), pays, fc.constantFrom("", "7"), (prepayment, list, vipId) => {
        const notice = prepaidNotice({ prepayment, pays: list, vipId });
        expect(notice !== null).toBe(prepayment && firstOrderPaid(list));
        if (notice === "companion") expect(list.some((p) => p.paid && !p.mine) && vipId !== "").toBe(true);
      }),
    );
  });
});
