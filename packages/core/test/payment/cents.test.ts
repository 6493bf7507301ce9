import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToMoneyText } from "../../src/money.js";
import { yuanToCents } from "../../src/payment/cents.js";

describe("yuan to cents", () => {
  it.each([
    ["12.30", 1230],
    ["12.3", 1230],
    ["0.01", 1],
    ["0", 0],
    ["0.00", 0],
    ["100", 10000],
    ["12.300", 1230],
    ["99999999.99", 9999999999],
  ])("takes %s as %i cents", (yuan, cents) => {
    expect(yuanToCents(yuan)).toBe(cents);
  });

  it("takes an exact Big as well", () => {
    expect(yuanToCents(new Big("0.1").plus("0.2"))).toBe(30);
  });

  it.each([
    "0.005",
    "12.301",
    "0.0001",
    "abc",
    "",
    "1e-3",
  ])("refuses %j: not a whole number of cents", (yuan) => {
    expect(() => yuanToCents(yuan)).toThrow(RangeError);
  });

  it("refuses a negative amount unless the caller says it means one", () => {
    expect(() => yuanToCents("-0.01")).toThrow(/negative/);
    expect(yuanToCents("-12.30", { negative: true })).toBe(-1230);
  });

  it("is the inverse of the wire's money text", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(yuanToCents(centsToMoneyText(cents), { negative: true })).toBe(cents);
      }),
    );
  });
});
