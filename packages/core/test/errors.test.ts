import { describe, expect, it } from "vitest";
import { MEMBER_CODES } from "../src/contract/member-paths.js";
import { SUBMIT_CODES } from "../src/contract/order.js";
import { AppError, ERRORS, type ErrorKey } from "../src/errors.js";

const entries = Object.entries(ERRORS) as Array<[ErrorKey, (typeof ERRORS)[ErrorKey]]>;

describe("the error table", () => {
  it("gives every refusal a 4xx or 5xx status, a numeric code and a Chinese message", () => {
    for (const [key, entry] of entries) {
      expect(entry.status, key).toBeGreaterThanOrEqual(400);
      expect(entry.status, key).toBeLessThan(600);
      expect(Number.isInteger(entry.code), key).toBe(true);
      expect(entry.message, key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("gives each of our own codes (4xxx) to one refusal only, so a client can tell them apart", () => {
    const byCode = new Map<number, string[]>();
    for (const [key, entry] of entries) {
      // the spec's codes (1001, 1008, 2000, 9001…) name families of refusals, and the HTTP statuses
      // (400, 404…) repeat on purpose: ours are the four-digit 4xxx ones
      if (entry.code < 4000 || entry.code > 4999) continue;
      byCode.set(entry.code, [...(byCode.get(entry.code) ?? []), key]);
    }
    const shared = [...byCode].filter(([, keys]) => keys.length > 1);
    expect(shared).toEqual([]);
  });

  // spec 000 §8 and docs/api.md: the status each submit code travels with
  it.each([
    [SUBMIT_CODES.failed, 500],
    [SUBMIT_CODES.timeout, 409],
    [SUBMIT_CODES.infoMissing, 422],
    [SUBMIT_CODES.invalid, 403],
    [SUBMIT_CODES.othersOrdering, 409],
    [SUBMIT_CODES.restaurantNotFound, 404],
    [SUBMIT_CODES.stockShort, 409],
    [SUBMIT_CODES.wrongCode, 409],
    [SUBMIT_CODES.additionsShort, 409],
    [SUBMIT_CODES.posOffline, 503],
    [SUBMIT_CODES.shopClosed, 503],
    [SUBMIT_CODES.tableSettled, 409],
    [SUBMIT_CODES.companionOrdered, 409],
    [SUBMIT_CODES.tooFrequent, 429],
    [SUBMIT_CODES.serverMessage, 422],
    [SUBMIT_CODES.submitting, 409],
  ])("has submit code %i, answered with status %i", (code, status) => {
    // 1001 is also the cancel's (001 §8) and the member token refresh's: other calls, other statuses
    const ofOtherCalls = (key: ErrorKey) => key.startsWith("cancel") || key === "memberRefreshRefused";
    const withCode = entries.filter(([key, e]) => e.code === code && !ofOtherCalls(key));
    expect(withCode.length).toBeGreaterThan(0);
    for (const [, entry] of withCode) expect(entry.status).toBe(status);
  });

  it("has the cancel refusals of spec 001 §8", () => {
    expect(ERRORS.cancelPaying).toEqual({ status: 409, code: 2000, message: "支付中，不能取消订单" });
    expect(ERRORS.cancelFailed).toEqual({ status: 409, code: 1001, message: "取消订单失败，请重试" });
  });

  // spec 001 §8: the member calls' refusals, each with its status (the token's are 401s the app acts on)
  it.each([
    ["memberLoginNeeded", 401, MEMBER_CODES.loginNeeded],
    ["memberTokenExpired", 401, MEMBER_CODES.tokenExpired],
    ["memberRefreshRefused", 401, MEMBER_CODES.refreshRefused],
    ["cardOtherRestaurant", 403, MEMBER_CODES.otherRestaurant],
    ["cardRightOff", 403, MEMBER_CODES.cardRightOff],
    ["noCardRight", 403, MEMBER_CODES.noCardRight],
    ["cardFrozen", 403, MEMBER_CODES.cardFrozen],
    ["cardQueryFailed", 403, MEMBER_CODES.cardQueryFailed],
    ["loginCodeEmpty", 400, MEMBER_CODES.codeEmpty],
    ["loginCodeWrong", 422, MEMBER_CODES.codeWrong],
    ["loginCodeFailed", 422, MEMBER_CODES.codeAuthFailed],
  ] as const)("has %s, status %i with the spec's code %i", (key, status, code) => {
    expect([ERRORS[key].status, ERRORS[key].code]).toEqual([status, code]);
  });

  it("says the spec's words where it gives them, and the member codes are 001 §8's", () => {
    expect(ERRORS.cardOtherRestaurant.message).toBe("该会员卡不能在本店使用");
    expect(MEMBER_CODES).toMatchObject({
      loginNeeded: 1990,
      tokenExpired: 1991,
      refreshRefused: 1001,
      otherRestaurant: 100002,
      cardRightOff: 10024,
      noCardRight: 10025,
      cardFrozen: 10020,
      cardQueryFailed: 1403,
      codeEmpty: 1418,
      codeWrong: 1422,
      codeAuthFailed: 1416,
      memberInfoEmpty: 100201,
      memberUnchanged: 100801,
    });
    // 100201 and 100801 are answers, never refusals
    const refusalCodes = entries.map(([, e]) => e.code);
    expect(refusalCodes).not.toContain(MEMBER_CODES.memberInfoEmpty);
    expect(refusalCodes).not.toContain(MEMBER_CODES.memberUnchanged);
  });

  it("refuses SMS codes too soon (8001, as the takeout code always did), past a phone's or an address's cap", () => {
    expect([ERRORS.smsTooSoon.status, ERRORS.smsTooSoon.code]).toEqual([429, SUBMIT_CODES.tooFrequent]);
    expect([ERRORS.smsPhoneCap.status, ERRORS.smsAddressCap.status]).toEqual([429, 429]);
  });

  it("has an entry for each of the framework's refusals of bad input", () => {
    expect(ERRORS.badUrl.status).toBe(400);
    expect(ERRORS.badJson.status).toBe(400);
    expect(ERRORS.badText.status).toBe(400);
    expect(ERRORS.bodyTooLarge.status).toBe(413);
    expect(ERRORS.unsupportedMediaType.status).toBe(415);
    expect(ERRORS.unknownRoute.status).toBe(404);
  });
});

describe("AppError", () => {
  it("takes status, code and message from the table, with no data", () => {
    const error = new AppError("shopClosed");
    expect([error.key, error.status, error.code, error.message, error.data]).toEqual([
      "shopClosed",
      503,
      5555,
      "本店已打烊，暂时无法下单",
      null,
    ]);
  });

  it("carries a message that says more, and the envelope's data", () => {
    const shortages = [{ foodId: 3, name: "宫保鸡丁", left: 1, isCombo: false }];
    const error = new AppError("stockShort", "宫保鸡丁仅剩1份", shortages);
    expect([error.status, error.code, error.message, error.data]).toEqual([
      409,
      2000,
      "宫保鸡丁仅剩1份",
      shortages,
    ]);
  });
});
