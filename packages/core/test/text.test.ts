import { describe, expect, it } from "vitest";
import { findBadText, isBadText } from "../src/text.js";

describe("the text rule: no NUL, no unpaired surrogate", () => {
  it.each([
    ["", false],
    ["少辣，不要香菜", false],
    ["emoji 🍜 and 𠀀 (pairs)", false],
    ["tab\tnewline\n", false],
    ["a\u0000b", true],
    ["\u0000", true],
    ["lone high \uD83C", true],
    ["\uD83C at the start", true],
    ["at the end \uD83C", true],
    ["lone low \uDF5C", true],
    ["\uDF5C", true],
    ["two highs \uD83C\uD83C\uDF5C", true],
    ["reversed \uDF5C\uD83C", true],
    ["pair then a low \uD83C\uDF5C\uDF5C", true],
  ])("%j is bad: %s", (text, bad) => {
    expect(isBadText(text)).toBe(bad);
  });

  it("finds the first bad text anywhere in a parsed value, by its path", () => {
    const order = {
      restaurantId: 1,
      wholeMemo: { guid: "guest-0001", memo: "少辣" },
      foods: [
        { foodId: 3, memo: "" },
        { foodId: 4, memo: "x\u0000" },
      ],
      invoiceTitle: "公司\uD800",
    };
    expect(findBadText(order)).toBe("invoiceTitle");
    expect(findBadText({ ...order, invoiceTitle: "" })).toBe("foods.1.memo");
    expect(findBadText({ ...order, invoiceTitle: "", foods: [] })).toBeNull();
    expect(findBadText("\u0000")).toBe("");
    expect(findBadText({ "ke\u0000y": 1 })).toBe("ke\u0000y");
    expect(findBadText([null, 1, true, undefined, ["ok", "\uDC00"]])).toBe("4.1");
  });

  it("walks any nesting without exhausting the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep)?.split(".")).toHaveLength(200_000);
  });
});
