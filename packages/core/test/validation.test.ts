import { describe, expect, it } from "vitest";
import { isValidPhone } from "../src/validation.js";

describe("phone validation (spec 001 §5)", () => {
  it.each([
    "13812345678",
    "013812345678",
    "8613812345678",
    "1795113812345678",
    "19912345678",
  ])("accepts %s", (p) => {
    expect(isValidPhone(p)).toBe(true);
  });
  it.each([
    "",
    "1381234567",
    "138123456789",
    "23812345678",
    "+8613812345678",
    "8513812345678",
    "1381234567a",
  ])("rejects %s", (p) => {
    expect(isValidPhone(p)).toBe(false);
  });
});
