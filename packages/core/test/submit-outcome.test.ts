import { describe, expect, it } from "vitest";
import type { CartLine } from "../src/cart.js";
import { SUBMIT_CODES } from "../src/contract/order.js";
import { fixStockShortage, periodNames, removeShortAdditions, submitOutcome } from "../src/submit-outcome.js";

const line = (detailId: string, foodId: number, count: string, additions: CartLine["additions"] = []) => ({
  detailId,
  foodId,
  count,
  memo: "少辣",
  normId: null,
  methodIds: [],
  additions,
  parts: [],
});

describe("what the client does with each submit code (spec 000 §8)", () => {
  it("succeeds on 1000 and 200", () => {
    expect(submitOutcome(1000, false)).toEqual({ kind: "success" });
    expect(submitOutcome(200, false)).toEqual({ kind: "success" });
  });

  it.each([
    [SUBMIT_CODES.failed, "failed"],
    [SUBMIT_CODES.infoMissing, "infoMissing"],
    [SUBMIT_CODES.invalid, "invalid"],
    [SUBMIT_CODES.othersOrdering, "othersOrdering"],
    [SUBMIT_CODES.restaurantNotFound, "restaurantNotFound"],
    [SUBMIT_CODES.shopClosed, "shopClosed"],
    [SUBMIT_CODES.posOffline, "posOffline"],
    [SUBMIT_CODES.submitting, "submitting"],
    [SUBMIT_CODES.tooFrequent, "tooFrequent"],
    [12345, "other"],
  ])("gives a notice for %i", (code, reason) => {
    expect(submitOutcome(code, false)).toEqual({ kind: "notice", reason, toSubOrder: false });
  });

  it("returns to the order page on a timeout only when there is no order id", () => {
    for (const code of [1002, 1006]) {
      expect(submitOutcome(code, false)).toEqual({ kind: "notice", reason: "timeout", toSubOrder: true });
      expect(submitOutcome(code, true)).toEqual({ kind: "notice", reason: "timeout", toSubOrder: false });
    }
    expect(submitOutcome(null, false, true)).toEqual({ kind: "notice", reason: "timeout", toSubOrder: true });
    expect(submitOutcome(null, false)).toEqual({ kind: "notice", reason: "other", toSubOrder: false });
  });

  it("names the special cases", () => {
    expect(submitOutcome(9001, false).kind).toBe("serverMessage");
    expect(submitOutcome(2000, false).kind).toBe("stockShort");
    expect(submitOutcome(2008, false).kind).toBe("wrongCode");
    expect(submitOutcome(3000, false).kind).toBe("additionsShort");
    expect(submitOutcome(6000, false).kind).toBe("tableSettled");
    expect(submitOutcome(6666, false).kind).toBe("companionOrdered");
  });
});

describe("fixing the cart after a shortage", () => {
  const lines = [line("1__", 1, "2"), line("1__2", 1, "3"), line("2__", 2, "1"), line("3__", 3, "4")];

  it("removes sold-out dishes and combos, and cuts others to what is left in cart order", () => {
    const fix = fixStockShortage(lines, [
      { foodId: 1, name: "水煮鱼", left: 3, isCombo: false },
      { foodId: 2, name: "双人套餐", left: 5, isCombo: true },
      { foodId: 3, name: "毛血旺", left: 0, isCombo: false },
    ]);
    expect(fix.counts).toEqual([
      { detailId: "1__2", count: "1" },
      { detailId: "2__", count: "0" },
      { detailId: "3__", count: "0" },
    ]);
    expect(fix.fixes).toEqual([
      { kind: "reduced", name: "水煮鱼", left: 3 },
      { kind: "comboDeleted", name: "双人套餐" },
      { kind: "soldOut", name: "毛血旺" },
    ]);
  });

  it("re-makes lines without the short add-ons, keeping count and note", () => {
    const withAdd = line("5__~9#1~8#2", 5, "2", [
      { id: 9, count: 1 },
      { id: 8, count: 2 },
    ]);
    const remakes = removeShortAdditions(
      [withAdd, line("6__", 6, "1")],
      [{ foodId: 9, name: "加蛋", left: 0, isCombo: false }],
    );
    expect(remakes).toEqual([
      {
        removeDetailId: "5__~9#1~8#2",
        foodId: 5,
        choice: { normId: null, methodIds: [], additions: [{ id: 8, count: 2 }], parts: [] },
        count: "2",
        memo: "少辣",
      },
    ]);
  });
});

describe("the period message's names", () => {
  it("joins the names and cuts them at 30 characters then ...", () => {
    expect(periodNames(["皮蛋瘦肉粥", "油条"])).toBe("皮蛋瘦肉粥、油条");
    const long = periodNames(["一二三四五六七八九十", "一二三四五六七八九十", "一二三四五六七八九十"]);
    expect(long).toBe("一二三四五六七八九十、一二三四五六七八九十、一二三四五六七八...");
    expect(Array.from(long.replace("...", ""))).toHaveLength(30);
  });
});
