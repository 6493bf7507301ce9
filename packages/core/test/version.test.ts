import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareVersions, isServerVersion, supports, VERSION_GATES } from "../src/version.js";

describe("version gates", () => {
  it.each([
    ["2.17.06", "2.17.06", 0],
    ["2.17.10", "2.17.06", 1],
    ["2.9.00", "2.17.06", -1],
    ["2.24", "2.24.00", 0],
    ["3.0.0", "2.35.15", 1],
  ] as const)("compares %s with %s as %s (dotted numbers, not text)", (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it("is antisymmetric and reflexive", () => {
    const version = fc
      .array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 4 })
      .map((p) => p.join("."));
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersions(a, a)).toBe(0);
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
      }),
    );
  });

  it("opens a feature at its threshold and not below", () => {
    expect(VERSION_GATES).toEqual({
      callWaiter: "2.17.06",
      memberPay: "2.20.00",
      combinePay: "2.21.00",
      combo: "2.23.00",
      vip: "2.24.00",
      insideOut: "2.23.06",
      allInsideOut: "2.27.00",
      prepayAfter: "2.35.15",
    });
    expect(supports("2.23.00", "combo")).toBe(true);
    expect(supports("2.22.99", "combo")).toBe(false);
    expect(supports(undefined, "vip")).toBe(false);
  });

  it("reads dotted register versions only (000 §8's card version check)", () => {
    expect(["2.35.15", "2.9", "3.0.0.1"].map(isServerVersion)).toEqual([true, true, true]);
    expect(["", "2", "2.x", "v2.20.00", "2.20.00 ", null, undefined].map(isServerVersion)).toEqual(
      Array(7).fill(false),
    );
  });
});
