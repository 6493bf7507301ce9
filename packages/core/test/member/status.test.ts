import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bannerHiddenByOrder,
  currentCardOf,
  isMemberLogin,
  MEMBER_TOKEN_CODES,
  memberTokenAction,
  orderFixedCardId,
  showsCardSwitch,
  showsMemberPrices,
} from "../../src/member/status.js";

const paid = { paid: true };
const unpaid = { paid: false };
const NEW = { serverVersion: "2.24.00" };
const OLD = { serverVersion: "2.23.99" };

describe("member token codes (spec 001 §8)", () => {
  it.each([
    [401, "clear"],
    [1990, "clear"],
    [405, "refresh"],
    [407, "refresh"],
    [1991, "refresh"],
    [1992, "refresh"],
    [500, "systemError"],
    [1001, null],
    [100002, null],
    [null, null],
  ] as const)("code %s: %s", (code, action) => {
    expect(memberTokenAction(code)).toBe(action);
  });

  it("keeps every other code for the caller", () => {
    const known = new Set<number>([...MEMBER_TOKEN_CODES.clear, ...MEMBER_TOKEN_CODES.refresh, 500]);
    fc.assert(
      fc.property(
        fc.integer().filter((code) => !known.has(code)),
        (code) => memberTokenAction(code) === null,
      ),
    );
  });
});

describe("who is a member (spec 001 §6)", () => {
  it("needs a valid phone and a card", () => {
    expect(isMemberLogin("13812345678", 1)).toBe(true);
    expect(isMemberLogin("8613812345678", 2)).toBe(true);
    expect(isMemberLogin("13812345678", 0)).toBe(false);
    expect(isMemberLogin("1381234567", 1)).toBe(false);
    expect(isMemberLogin(null, 1)).toBe(false);
  });
});

describe("the current card (spec 001 §4)", () => {
  const cards = [{ id: 4 }, { id: 9 }];
  it("is the saved one while the member still holds it, else the first", () => {
    expect(currentCardOf(cards, 9)).toEqual({ id: 9 });
    expect(currentCardOf(cards, null)).toEqual({ id: 4 });
    expect(currentCardOf(cards, 77)).toEqual({ id: 4 });
    expect(currentCardOf([], 9)).toBeNull();
  });
});

describe("the card an order fixed (spec 001 §4)", () => {
  it("is the card of the first paid order, and none before a payment lands", () => {
    expect(orderFixedCardId(null)).toBeNull();
    expect(orderFixedCardId({ pays: [unpaid], vipId: "9" })).toBeNull();
    expect(orderFixedCardId({ pays: [paid], vipId: "" })).toBeNull();
    expect(orderFixedCardId({ pays: [paid], vipId: "abc" })).toBeNull();
    expect(orderFixedCardId({ pays: [unpaid, paid], vipId: "9" })).toBe(9);
  });
});

describe("member prices (spec 000 §4, §6; 001 §4)", () => {
  const vip = { isVipPrice: true };
  const plain = { isVipPrice: false };

  it("follow the current card's vip flag, from 2.24.00", () => {
    const base = { prepayment: false, order: null };
    expect(showsMemberPrices({ ...base, restaurant: NEW, currentCard: vip })).toBe(true);
    expect(showsMemberPrices({ ...base, restaurant: OLD, currentCard: vip })).toBe(false);
    expect(showsMemberPrices({ ...base, restaurant: NEW, currentCard: plain })).toBe(false);
    expect(showsMemberPrices({ ...base, restaurant: NEW, currentCard: null })).toBe(false);
  });

  it("in prepayment, come from the stored card until a paid order fixes one, then from that card", () => {
    const base = { prepayment: true, restaurant: NEW };
    expect(showsMemberPrices({ ...base, currentCard: vip, order: { pays: [unpaid], vipId: "9" } })).toBe(
      true,
    );
    // a tablemate paid with their card: the benefit is shared
    expect(showsMemberPrices({ ...base, currentCard: null, order: { pays: [paid], vipId: "9" } })).toBe(true);
    expect(
      showsMemberPrices({ ...base, currentCard: vip, order: { pays: [paid], vipId: "9" }, orderCard: plain }),
    ).toBe(false);
    // paid without a card: the stored card's vip flag, the benefit then taken at the cashier
    expect(showsMemberPrices({ ...base, currentCard: plain, order: { pays: [paid], vipId: "" } })).toBe(
      false,
    );
    // outside prepayment an order's card does not count
    expect(
      showsMemberPrices({
        ...base,
        prepayment: false,
        currentCard: null,
        order: { pays: [paid], vipId: "9" },
      }),
    ).toBe(false);
  });
});

describe("the multi-card switch and the banner (spec 001 §2)", () => {
  it("offers the switch with more than one card, not once prepayment's first order is paid with a card", () => {
    expect(showsCardSwitch({ cardCount: 1, prepayment: false, order: null })).toBe(false);
    expect(showsCardSwitch({ cardCount: 2, prepayment: false, order: null })).toBe(true);
    expect(showsCardSwitch({ cardCount: 2, prepayment: true, order: { pays: [unpaid], vipId: "9" } })).toBe(
      true,
    );
    expect(showsCardSwitch({ cardCount: 2, prepayment: true, order: { pays: [paid], vipId: "" } })).toBe(
      true,
    );
    expect(showsCardSwitch({ cardCount: 2, prepayment: true, order: { pays: [paid], vipId: "9" } })).toBe(
      false,
    );
    expect(showsCardSwitch({ cardCount: 2, prepayment: false, order: { pays: [paid], vipId: "9" } })).toBe(
      true,
    );
  });

  it("hides the banner when the current card is not the one the order fixed", () => {
    const order = { pays: [paid], vipId: "9" };
    expect(bannerHiddenByOrder(9, order)).toBe(false);
    expect(bannerHiddenByOrder(4, order)).toBe(true);
    expect(bannerHiddenByOrder(null, order)).toBe(true);
    expect(bannerHiddenByOrder(4, { pays: [unpaid], vipId: "9" })).toBe(false);
    expect(bannerHiddenByOrder(4, null)).toBe(false);
  });
});
