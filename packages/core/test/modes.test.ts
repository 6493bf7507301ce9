import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPrepaymentMode, offersCallWaiter, refusesShopMode } from "../src/modes.js";
import { compareVersions, VERSION_GATES } from "../src/version.js";

describe("business modes", () => {
  it.each([
    [1, false, {}, true],
    [1, false, { reserve: "1" }, false],
    [1, true, {}, false],
    [0, false, {}, false],
  ] as const)("payment type %s, fast food %s, query %o: prepayment %s", (wctPayType, fast, query, expected) => {
    expect(isPrepaymentMode({ wctPayType, restaurantFastHotel: fast }, query)).toBe(expected);
  });

  it.each([
    [0, 0, true],
    [1, 1, true],
    [1, 0, false],
    [2, 0, false],
  ] as const)("food taking mode %s, pay only %s: shop mode refused %s", (foodTakingMode, wctPayOnly, expected) => {
    expect(refusesShopMode({ foodTakingMode, wctPayOnly })).toBe(expected);
  });
});

describe("the call-waiter bell (000 §3 wctCallService, §9 2.17.06)", () => {
  it.each([
    [true, "2.17.06", true],
    [true, "2.35.15", true],
    [true, "2.17.05", false],
    [true, "2.9", false],
    [true, "", false],
    [false, "2.35.15", false],
  ] as const)("service %s at version %s: offered %s", (wctCallService, serverVersion, expected) => {
    expect(offersCallWaiter({ wctCallService, serverVersion })).toBe(expected);
  });

  it("is offered exactly when the service is on and the version reaches the gate", () => {
    const version = fc
      .array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join("."));
    fc.assert(
      fc.property(fc.boolean(), version, (wctCallService, serverVersion) => {
        const reaches = compareVersions(serverVersion, VERSION_GATES.callWaiter) >= 0;
        expect(offersCallWaiter({ wctCallService, serverVersion })).toBe(wctCallService && reaches);
      }),
    );
  });
});
