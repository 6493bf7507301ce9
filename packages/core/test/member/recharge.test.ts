import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/errors.js";
import { replayLedger } from "../../src/member/ledger.js";
import {
  AWARD_TYPE,
  checkRechargeAmount,
  checkRechargeSource,
  GIFT_TYPE,
  PAY_SIGN_WINDOW_MS,
  paySignFresh,
  type RechargeRule,
  rechargeAmountText,
  rechargeEntries,
  rechargeGift,
  rechargeRuleText,
  ruleGift,
  ruleOfView,
  sortRechargeRules,
} from "../../src/member/recharge.js";

const rule = (ruleId: string, rechargeMoney: number, giftMoney: number, extra: Partial<RechargeRule> = {}) =>
  ({
    ruleId,
    rechargeMoney,
    giftMoney,
    giftPoints: 0,
    giftType: GIFT_TYPE.threshold,
    ...extra,
  }) as RechargeRule;

/** the demo's announcement: 充值500送50 */
const DEMO = rule("r500", 50_000, 5_000);

describe("recharge rules in order", () => {
  it("sorts by rechargeMoney ascending (001 §5), keeping equal amounts in their order", () => {
    const rules = [
      rule("c", 100_000, 12_000),
      rule("a", 10_000, 500),
      rule("b", 50_000, 5_000),
      rule("b2", 50_000, 0),
    ];
    expect(sortRechargeRules(rules).map((r) => r.ruleId)).toEqual(["a", "b", "b2", "c"]);
    expect(rules.map((r) => r.ruleId)).toEqual(["c", "a", "b", "b2"]);
  });
});

describe("gift type 1, threshold", () => {
  it("充值500送50: ¥500 gets ¥50, ¥499.99 nothing, ¥1000 still ¥50 (once)", () => {
    expect(rechargeGift([DEMO], 50_000)).toEqual({
      ruleId: "r500",
      giftCents: 5_000,
      giftPoints: 0,
      multiples: 1,
    });
    expect(rechargeGift([DEMO], 49_999)).toEqual({ ruleId: null, giftCents: 0, giftPoints: 0, multiples: 0 });
    expect(rechargeGift([DEMO], 100_000).giftCents).toBe(5_000);
  });

  it("tiers: the best rule reached, never two", () => {
    const tiers = [rule("r100", 10_000, 500), DEMO, rule("r1000", 100_000, 12_000, { giftPoints: 200 })];
    expect(rechargeGift(tiers, 9_999).ruleId).toBeNull();
    expect(rechargeGift(tiers, 30_000)).toMatchObject({ ruleId: "r100", giftCents: 500 });
    expect(rechargeGift(tiers, 80_000)).toMatchObject({ ruleId: "r500", giftCents: 5_000 });
    expect(rechargeGift(tiers, 100_000)).toEqual({
      ruleId: "r1000",
      giftCents: 12_000,
      giftPoints: 200,
      multiples: 1,
    });
  });

  it("the gift decides, not the amount: a higher tier giving less loses; an equal gift goes to the higher amount", () => {
    const odd = [rule("big", 50_000, 3_000), rule("small", 20_000, 4_000)];
    expect(rechargeGift(odd, 60_000).ruleId).toBe("small");
    const equal = [rule("low", 20_000, 1_000), rule("high", 30_000, 1_000)];
    expect(rechargeGift(equal, 30_000).ruleId).toBe("high");
    const points = [rule("p", 20_000, 1_000, { giftPoints: 50 }), rule("q", 30_000, 1_000)];
    expect(rechargeGift(points, 30_000).ruleId).toBe("p");
  });
});

describe("gift type 2, per multiple", () => {
  it("每充100送10 and 20 points: ¥350 gets 3 × ¥10 and 3 × 20 points", () => {
    const per = rule("per100", 10_000, 1_000, { giftType: GIFT_TYPE.perMultiple, giftPoints: 20 });
    expect(ruleGift(per, 35_000)).toEqual({
      ruleId: "per100",
      giftCents: 3_000,
      giftPoints: 60,
      multiples: 3,
    });
    expect(ruleGift(per, 9_999).ruleId).toBeNull();
  });

  it("beats a threshold rule when it gives more", () => {
    const rules = [DEMO, rule("per100", 10_000, 1_500, { giftType: GIFT_TYPE.perMultiple })];
    expect(rechargeGift(rules, 50_000)).toMatchObject({ ruleId: "per100", giftCents: 7_500, multiples: 5 });
  });
});

describe("award types", () => {
  it("1 (the default): giftMoney is cents of stored value", () => {
    expect(ruleGift({ ...DEMO, awardType: AWARD_TYPE.cents }, 50_000).giftCents).toBe(5_000);
  });

  it("2: giftMoney is a percent of the whole recharge (threshold) or of the whole multiples, half-up", () => {
    const pct = rule("p", 50_000, 10, { awardType: AWARD_TYPE.percent });
    expect(ruleGift(pct, 80_000).giftCents).toBe(8_000);
    expect(ruleGift(pct, 50_005).giftCents).toBe(5_001); // 5000.5 → 5001
    const perPct = rule("pp", 10_000, 5, { awardType: AWARD_TYPE.percent, giftType: GIFT_TYPE.perMultiple });
    expect(ruleGift(perPct, 25_000)).toMatchObject({ giftCents: 1_000, multiples: 2 });
  });
});

describe("a rule in words", () => {
  it.each([
    [DEMO, "充500送50"],
    [rule("r", 10_050, 550), "充100.5送5.5"],
    [rule("r", 100_000, 12_000, { giftPoints: 200 }), "充1000送120+200积分"],
    [rule("r", 10_000, 0, { giftPoints: 100 }), "充100送100积分"],
    [rule("r", 10_000, 1_000, { giftType: GIFT_TYPE.perMultiple }), "每充100送10"],
    [rule("r", 50_000, 10, { awardType: AWARD_TYPE.percent }), "充500送10%"],
    [rule("r", 20_000, 0, { custom: true }), "充200"],
  ])("%j reads %s", (r, text) => {
    expect(rechargeRuleText(r)).toBe(text);
  });
});

describe("a paid recharge in the ledger", () => {
  it("writes the principal and the gift apart: 充值500送50 makes ¥500 principal and ¥50 gift", () => {
    const entries = rechargeEntries([DEMO], 50_000);
    expect(entries).toEqual([
      { kind: "recharge", cents: 50_000 },
      { kind: "gift", cents: 5_000, points: 0 },
    ]);
    const { balance, refused } = replayLedger(entries);
    expect(refused).toEqual([]);
    expect(balance).toMatchObject({ principalCents: 50_000, giftCents: 5_000, points: 0 });
  });

  it("writes no gift below every rule, and refuses a recharge of nothing", () => {
    expect(rechargeEntries([DEMO], 20_000)).toEqual([{ kind: "recharge", cents: 20_000 }]);
    expect(() => rechargeEntries([DEMO], 0)).toThrow(RangeError);
  });

  it("refuses paying a recharge with stored value; a payment provider may pay it", () => {
    expect(checkRechargeSource("storedValue")).toEqual({
      ok: false,
      error: "rechargeWithStoredValue",
      message: ERRORS.rechargeWithStoredValue.message,
    });
    expect(checkRechargeSource("sandbox")).toEqual({ ok: true });
    expect(checkRechargeSource("wechat")).toEqual({ ok: true });
  });

  it("refuses a rule without a recharge amount or with amounts that are not whole cents", () => {
    expect(() => ruleGift(rule("z", 0, 100), 100)).toThrow(RangeError);
    expect(() => ruleGift(rule("f", 100, 1.5), 100)).toThrow(RangeError);
    expect(() => ruleGift(DEMO, -1)).toThrow(RangeError);
  });
});

describe("the amounts a recharge may be", () => {
  const rules = [
    rule("r100", 10_000, 500),
    DEMO,
    rule("any", 20_000, 0, { custom: true }),
    rule("big", 100_000, 12_000, { custom: true }),
  ];

  it("an enabled rule's exact amount, by whichever rule has it, or by the rule named", () => {
    expect(checkRechargeAmount(rules, 50_000)).toEqual({ ok: true, rule: DEMO });
    expect(checkRechargeAmount(rules, 10_000, "r100")).toMatchObject({ ok: true, rule: { ruleId: "r100" } });
  });

  it("at or above a custom rule's amount: the highest custom rule reached allows it", () => {
    expect(checkRechargeAmount(rules, 20_001)).toMatchObject({ ok: true, rule: { ruleId: "any" } });
    expect(checkRechargeAmount(rules, 150_000)).toMatchObject({ ok: true, rule: { ruleId: "big" } });
    expect(checkRechargeAmount(rules, 60_000, "any")).toMatchObject({ ok: true, rule: { ruleId: "any" } });
  });

  it("refuses an amount no rule allows, saying the least a custom amount may be", () => {
    expect(checkRechargeAmount(rules, 15_000)).toEqual({
      ok: false,
      error: "rechargeAmountInvalid",
      message: "充值金额不能低于200元",
    });
    expect(checkRechargeAmount([DEMO], 30_000)).toEqual({
      ok: false,
      error: "rechargeAmountInvalid",
      message: ERRORS.rechargeAmountInvalid.message,
    });
    // the rule tapped allows no such amount, though another would: the page's rules are stale
    expect(checkRechargeAmount(rules, 50_000, "r100")).toMatchObject({ ok: false });
    expect(checkRechargeAmount(rules, 50_000, "gone")).toEqual({
      ok: false,
      error: "rechargeAmountInvalid",
      message: "充值规则已变更，请刷新后重试",
    });
    expect(checkRechargeAmount([], 50_000)).toMatchObject({ ok: false, error: "rechargeAmountInvalid" });
    expect(() => checkRechargeAmount(rules, 100.5)).toThrow(RangeError);
  });
});

describe("paySign's window", () => {
  const now = Date.UTC(2026, 0, 1, 12);
  it("takes a timestamp up to 5 minutes either side of the server's clock, not a moment more", () => {
    expect(paySignFresh(now, now)).toBe(true);
    expect(paySignFresh(now - PAY_SIGN_WINDOW_MS, now)).toBe(true);
    expect(paySignFresh(now + PAY_SIGN_WINDOW_MS, now)).toBe(true);
    expect(paySignFresh(now - PAY_SIGN_WINDOW_MS - 1, now)).toBe(false);
    expect(paySignFresh(now + PAY_SIGN_WINDOW_MS + 1, now)).toBe(false);
    expect(paySignFresh(Number.NaN, now)).toBe(false);
  });
});

describe("a rule as the rules call answers it", () => {
  it("reads back as the rule it was, its types narrowed (an unknown type as the default)", () => {
    const view = {
      ruleId: 7,
      rechargeMoney: 10_000,
      giftMoney: 5,
      giftPoints: 2,
      giftType: 2,
      awardType: 2,
      custom: true,
    };
    expect(ruleOfView(view)).toEqual({
      ruleId: "7",
      rechargeMoney: 10_000,
      giftMoney: 5,
      giftPoints: 2,
      giftType: GIFT_TYPE.perMultiple,
      awardType: AWARD_TYPE.percent,
      custom: true,
    });
    expect(ruleOfView({ ...view, giftType: 9, awardType: 0 })).toMatchObject({
      giftType: GIFT_TYPE.threshold,
      awardType: AWARD_TYPE.cents,
    });
  });
});

describe("a recharge tile's words: the gift a diner will actually get", () => {
  it("says the best rule's gift for the tile's amount, not the tile's own rule", () => {
    const rules = [
      rule("a", 20_000, 1_000),
      rule("b", 10_000, 1_500, { giftType: GIFT_TYPE.perMultiple }),
      rule("c", 50_000, 10, { awardType: AWARD_TYPE.percent, giftPoints: 100 }),
    ];
    // 充200送10 alone, but 每充100送15 gives ¥30 for ¥200
    expect(rechargeAmountText(rules, 20_000)).toBe("充200送30");
    // 10% of ¥500 is ¥50, with its 100 points; 每充100送15 gives ¥75 without points: the better gift is ¥75
    expect(rechargeAmountText(rules, 50_000)).toBe("充500送75");
    expect(rechargeAmountText([rules[2] as RechargeRule], 50_000)).toBe("充500送50+100积分");
    expect(rechargeAmountText([rule("d", 20_000, 0)], 20_000)).toBe("充200");
  });

  it("always names the gift rechargeGift credits", () => {
    const rules = [
      rule("a", 20_000, 1_000),
      rule("b", 50_000, 5_000),
      rule("c", 100_000, 12_000, { giftPoints: 100 }),
    ];
    for (const cents of [20_000, 50_000, 100_000]) {
      const gift = rechargeGift(rules, cents);
      expect(rechargeAmountText(rules, cents)).toContain(`送${gift.giftCents / 100}`);
    }
    expect(rechargeAmountText(rules, 100_000)).toBe("充1000送120+100积分");
  });
});
