import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_NUMBER_DIGITS, orderNumber, pickUpNumber } from "../src/order-number.js";

describe("the order number", () => {
  it("is the id in six digits, or more when the id is longer", () => {
    expect(orderNumber(8)).toBe("000008");
    expect(orderNumber(12)).toBe("000012");
    expect(orderNumber(1234567)).toBe("1234567");
  });

  it("reads back as the id and never collides (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (a, b) => {
          expect(Number(orderNumber(a))).toBe(a);
          expect(orderNumber(a).length).toBeGreaterThanOrEqual(ORDER_NUMBER_DIGITS);
          expect(orderNumber(a) === orderNumber(b)).toBe(a === b);
        },
      ),
    );
  });

  it("writes a pick-up number in three digits, none without one", () => {
    expect(pickUpNumber(7)).toBe("007");
    expect(pickUpNumber(1234)).toBe("1234");
    expect(pickUpNumber(null)).toBe("");
  });
});
