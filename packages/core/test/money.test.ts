import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToYuan, formatBalance, isMarketPrice, roundMoney, truncateMoney } from "../src/money.js";

describe("money display", () => {
  it.each([
    [12.999, "12.99"],
    [12.345, "12.34"],
    [0.1 + 0.2, "0.3"],
    [38, "38"],
    [38.5, "38.5"],
    ["19.90", "19.9"],
    [0.0001, "0"],
  ])("truncates %s to %s, never rounding up", (value, shown) => {
    expect(truncateMoney(value)).toBe(shown);
  });

  it("truncation never exceeds the exact value and loses less than a cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 9999 }),
        (whole, frac) => {
          const exact = new Big(`${whole}.${String(frac).padStart(4, "0")}`);
          const shown = new Big(truncateMoney(exact));
          expect(shown.lte(exact)).toBe(true);
          expect(exact.minus(shown).lt(0.01)).toBe(true);
        },
      ),
    );
  });

  it("rounds totals half-up to 2 decimals", () => {
    expect(roundMoney("2.675").toString()).toBe("2.68");
    expect(roundMoney("2.674").toString()).toBe("2.67");
    expect(roundMoney("10").toFixed(2)).toBe("10.00");
  });

  it("recognises the market price 0.0001", () => {
    expect(isMarketPrice(0.0001)).toBe(true);
    expect(isMarketPrice("0.0001")).toBe(true);
    expect(isMarketPrice(0.01)).toBe(false);
    expect(isMarketPrice(null)).toBe(false);
  });

  it("turns cents into yuan; -1 shows as 0; an absent balance shows --", () => {
    expect(centsToYuan(1050)).toBe("10.5");
    expect(centsToYuan(-1)).toBe("0");
    expect(formatBalance(12345)).toBe("123.45");
    expect(formatBalance(undefined)).toBe("--");
  });
});
