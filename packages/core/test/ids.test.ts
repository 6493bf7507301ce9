import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guidSchema, idSchema } from "../src/contract/common.js";
import { isGuid, parseId } from "../src/ids.js";

describe("ids without zod", () => {
  it.each([
    ["7", 7],
    [" 12 ", 12],
    ["2147483647", 2_147_483_647],
    ["2147483648", null],
    ["0", null],
    ["-3", null],
    ["1.5", null],
    ["abc", null],
    ["", null],
    [undefined, null],
  ])("parseId(%j) is %j", (text, expected) => {
    expect(parseId(text)).toBe(expected);
  });

  it.each([
    ["0b7c1f9e-2d4a-4b8e-9c1d-3f5a6b7c8d9e", true],
    ["abcd1234", true],
    ["abc123", false],
    ["has space-inside", false],
    ["a".repeat(65), false],
  ])("isGuid(%j) is %j", (text, expected) => {
    expect(isGuid(text)).toBe(expected);
  });

  it("accepts exactly what the wire schemas accept", () => {
    const idText = fc.oneof(fc.integer().map(String), fc.string(), fc.double().map(String));
    fc.assert(
      fc.property(idText, (text) => {
        const parsed = idSchema.safeParse(text);
        expect(parseId(text)).toBe(parsed.success ? parsed.data : null);
      }),
    );
    const guidText = fc.oneof(
      fc.string({ minLength: 6, maxLength: 70 }),
      fc.uuid(),
      fc.stringMatching(/^ ?[A-Za-z0-9_ -]{6,66} ?$/),
    );
    fc.assert(
      fc.property(guidText, (text) => {
        expect(isGuid(text)).toBe(guidSchema.safeParse(text).success);
      }),
    );
  });
});
