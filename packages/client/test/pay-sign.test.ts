import { createHash, createHmac } from "node:crypto";
import { rechargePaySignText } from "@tablemate/core";
import { describe, expect, it } from "vitest";
import { rechargePaySign, sha256Hex } from "../src/pay-sign.js";

describe("recharge-prepay's paySign", () => {
  const body = { rid: 2, cardId: 17, rechargeMoney: 50_000, timestamp: 1_767_268_800_000 };

  it("is the HMAC-SHA256 of the body's text keyed by the token's SHA-256 hex, as the server computes it", async () => {
    const token = "mt_8f1c2b7a-member-token";
    const tokenHash = createHash("sha256").update(token).digest("hex");
    expect(sha256Hex(token)).toBe(tokenHash);
    const expected = createHmac("sha256", tokenHash).update(rechargePaySignText(body)).digest("hex");
    expect(rechargePaySign(token, body)).toBe(expected);
    expect(rechargePaySignText(body)).toBe("cardId=17&rechargeMoney=50000&rid=2&timestamp=1767268800000");
  });

  it("changes with any signed field and with the token", async () => {
    const first = rechargePaySign("a", body);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(rechargePaySign("b", body)).not.toBe(first);
    expect(rechargePaySign("a", { ...body, rechargeMoney: 50_001 })).not.toBe(first);
    expect(rechargePaySign("a", { ...body, timestamp: body.timestamp + 1 })).not.toBe(first);
  });
});
