import { describe, expect, it } from "vitest";
import { deleteKey, typedCount, typeKey } from "../src/features/cart/keypad-input.js";

const typing = (keys: string, decimals: boolean) =>
  [...keys].reduce((value, key) => typeKey(value, key, decimals), "");

describe("typing a quantity on the keypad", () => {
  it.each([
    ["12", false, "12"],
    ["05", false, "5"],
    ["1.5", false, "15"],
    ["1.5", true, "1.5"],
    [".5", true, "0.5"],
    ["1..5", true, "1.5"],
    ["1.256", true, "1.25"],
    ["12345678", false, "1234567"],
  ])("%j (decimals %s) gives %j", (keys, decimals, expected) => {
    expect(typing(keys, decimals)).toBe(expected);
  });

  it("deletes the last character", () => {
    expect(deleteKey("1.5")).toBe("1.");
    expect(deleteKey("")).toBe("");
  });

  it("has a count only once the text is a number", () => {
    expect(typedCount("")).toBeNull();
    expect(typedCount("1.")).toBeNull();
    expect(typedCount("1.25")).toBe("1.25");
  });
});
