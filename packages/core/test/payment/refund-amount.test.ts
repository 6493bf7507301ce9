import { describe, expect, it } from "vitest";
import { consoleRefundRequestSchema } from "../../src/contract/payment.js";
import { yuanToCents } from "../../src/payment/cents.js";

describe("a console refund's amount is bounded before any rule reads it", () => {
  const parse = (amount: unknown) => consoleRefundRequestSchema.safeParse({ amount, reason: "退菜" });

  it.each(["0.01", "12.30", "99999999.99"])("takes %s, which is whole cents within range", (amount) => {
    const parsed = parse(amount);
    expect(parsed.success).toBe(true);
    if (parsed.success) expect(Number.isSafeInteger(yuanToCents(parsed.data.amount))).toBe(true);
  });

  it.each([
    "99999999999999999999.00",
    "100000000.00",
    "1e30",
    "-1.00",
    "0.00",
    "12.3",
    "12.305",
    "",
    12.3,
  ])("refuses %j with a Chinese message", (amount) => {
    const parsed = parse(amount);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
