import { describe, expect, it } from "vitest";
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
    const withCode = entries.filter(([key, e]) => e.code === code && !key.startsWith("cancel"));
    expect(withCode.length).toBeGreaterThan(0);
    for (const [, entry] of withCode) expect(entry.status).toBe(status);
  });

  it("has the cancel refusals of spec 001 §8", () => {
    expect(ERRORS.cancelPaying).toEqual({ status: 409, code: 2000, message: "支付中，不能取消订单" });
    expect(ERRORS.cancelFailed).toEqual({ status: 409, code: 1001, message: "取消订单失败，请重试" });
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
