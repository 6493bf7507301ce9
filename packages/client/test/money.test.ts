import { describe, expect, it } from "vitest";
import { formatMarkup, formatMoney, YUAN } from "../src/money.js";

describe("money as both apps print it", () => {
  it.each([
    [12, "¥12"],
    ["12.50", "¥12.5"],
    ["0.999", "¥0.99"],
    [0.1 + 0.2, "¥0.3"],
    ["-3.456", "¥-3.45"],
  ])("%s → %s (truncated, never rounded up)", (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it("prints a markup with a plus", () => {
    expect(formatMarkup("2.005")).toBe("+¥2");
    expect(YUAN).toBe("¥");
  });
});
