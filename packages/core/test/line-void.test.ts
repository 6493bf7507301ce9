import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../src/contract/order.js";
import { type LineVoidFacts, lineVoidRefusal } from "../src/staff/line-void.js";

const open: LineVoidFacts = {
  orderStatus: ORDER_STATUS.cooking,
  voided: false,
  comped: false,
  liveLines: 3,
  orderPaid: false,
  claimed: false,
};

describe("voiding a line (退菜)", () => {
  it("allows a live line of an open, unpaid order with other lines, whatever its status", () => {
    for (const status of [
      ORDER_STATUS.placed,
      ORDER_STATUS.accepted,
      ORDER_STATUS.cooking,
      ORDER_STATUS.served,
    ])
      expect(lineVoidRefusal({ ...open, orderStatus: status })).toBeNull();
  });

  it.each([
    [{ orderStatus: ORDER_STATUS.cancelled }, "orderMoveRefused"],
    [{ orderStatus: ORDER_STATUS.settled }, "orderMoveRefused"],
    [{ voided: true }, "lineVoided"],
    [{ comped: true }, "lineComped"],
    [{ liveLines: 1 }, "lastLineVoid"],
    [{ orderPaid: true }, "voidPaidOrder"],
    [{ claimed: true }, "lineClaimed"],
  ] as const)("refuses %j with %s", (facts, refusal) => {
    expect(lineVoidRefusal({ ...open, ...facts })).toBe(refusal);
  });

  it("refuses whenever any one fact forbids it, and only then", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(ORDER_STATUS)),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        fc.boolean(),
        (orderStatus, voided, comped, liveLines, orderPaid, claimed) => {
          const openOrder = [0, 1, 2, 8].includes(orderStatus);
          const allowed = openOrder && !voided && !comped && liveLines > 1 && !orderPaid && !claimed;
          const refusal = lineVoidRefusal({ orderStatus, voided, comped, liveLines, orderPaid, claimed });
          expect(refusal === null).toBe(allowed);
        },
      ),
    );
  });
});
