import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyEntry,
  EMPTY_BALANCE,
  frozenCardRefuses,
  type LedgerEntry,
  MEMBER_PRIVILEGES,
  memberLookupKeys,
  privilegeText,
} from "../../src/index.js";

describe("a frozen card", () => {
  it("refuses new uses of its money (a hold, a spend without one) and nothing that settles the past", () => {
    const refused: LedgerEntry[] = [
      { kind: "hold", holdId: "order:1", cents: 100, points: 0 },
      { kind: "spend", cents: 100, points: 0 },
    ];
    const kept: LedgerEntry[] = [
      { kind: "recharge", cents: 100 },
      { kind: "gift", cents: 10, points: 5 },
      { kind: "earn", points: 3 },
      { kind: "release", holdId: "order:1" },
      { kind: "spend", cents: 100, points: 0, holdId: "order:1" },
      { kind: "refund", cents: 100 },
      { kind: "reverse", points: 3 },
      {
        kind: "adjustment",
        principalCents: -5,
        giftCents: 0,
        points: 0,
        reason: "补录",
        approvedBy: "staff:2",
      },
    ];
    for (const entry of refused) expect(frozenCardRefuses(entry), entry.kind).toBe(true);
    for (const entry of kept) expect(frozenCardRefuses(entry), entry.kind).toBe(false);
    // what it keeps is still up to the ledger's own rules
    expect(applyEntry(EMPTY_BALANCE, { kind: "recharge", cents: 100 }).ok).toBe(true);
  });
});

describe("the 8 privileges in words", () => {
  it("names each id 1-8 in the spec's order, and nothing else", () => {
    expect(MEMBER_PRIVILEGES.map((p) => privilegeText(p.id))).toEqual([
      "会员价",
      "消费积分",
      "专属折扣",
      "充值赠送",
      "更多权益",
      "储值",
      "积分抵扣",
      "会员日",
    ]);
    expect(privilegeText(0)).toBeNull();
    expect(privilegeText(9)).toBeNull();
  });
});

describe("a lookup's text", () => {
  it("reads a phone with any prefix as its 11 digits, and digits as a card number too", () => {
    expect(memberLookupKeys("13812345678")).toEqual({ phone: "13812345678", cardNum: "13812345678" });
    expect(memberLookupKeys(" 86 138-1234-5678 ")).toEqual({
      phone: "13812345678",
      cardNum: "8613812345678",
    });
    expect(memberLookupKeys("23456789012")).toEqual({ phone: null, cardNum: "23456789012" });
    expect(memberLookupKeys("张三")).toBeNull();
    expect(memberLookupKeys("12345")).toBeNull();
    expect(memberLookupKeys("")).toBeNull();
  });

  it("never answers a phone that is not one, nor a card number with anything but digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const keys = memberLookupKeys(text);
        if (keys === null) return;
        if (keys.phone !== null) expect(keys.phone).toMatch(/^1\d{10}$/);
        if (keys.cardNum !== null) expect(keys.cardNum).toMatch(/^\d{6,24}$/);
      }),
    );
  });
});
