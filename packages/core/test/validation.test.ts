import { describe, expect, it } from "vitest";
import { canonicalPhone, contactProblems, isValidPhone } from "../src/validation.js";

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

  it("keeps a phone as its 11 digits, whatever its prefix", () => {
    for (const p of ["13812345678", "013812345678", "8613812345678", "1795113812345678", " 13812345678 "])
      expect(canonicalPhone(p)).toBe("13812345678");
    expect(canonicalPhone("+8613812345678")).toBeNull();
    expect(canonicalPhone("")).toBeNull();
  });
});

describe("the contact of a reservation, takeout or pickup order", () => {
  const whole = { phone: " 13812345678 ", name: "王先生", address: "人民路 1 号" };

  it("needs nothing more when phone, name and (for takeout) address are there", () => {
    expect(contactProblems(whole, true)).toEqual([]);
    expect(contactProblems({ ...whole, address: "" }, false)).toEqual([]);
  });

  it("names what is missing or wrong, in the form's order", () => {
    expect(contactProblems({}, true)).toEqual(["phone", "name", "address"]);
    expect(contactProblems({ ...whole, phone: "12345", name: "  " }, false)).toEqual(["phone", "name"]);
    expect(contactProblems({ ...whole, address: "   " }, true)).toEqual(["address"]);
  });
});
