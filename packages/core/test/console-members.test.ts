import { describe, expect, it } from "vitest";
import {
  adjustmentBodySchema,
  cardStatusBodySchema,
  cardTypeBodySchema,
  couponTemplateBodySchema,
  discountOfferBodySchema,
  rechargeRuleBodySchema,
  rechargeRuleEditSchema,
} from "../src/index.js";

/** the Chinese messages a schema refuses an input with, by field */
function refusals(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message] as const));
}

describe("the console's member requests", () => {
  it("reads an adjustment's yuan as signed cents, points as a whole number", () => {
    expect(
      adjustmentBodySchema.parse({ adjustmentId: "adj-12345678", principal: "-20.5", reason: " 补录 " }),
    ).toEqual({ adjustmentId: "adj-12345678", principal: -2050, gift: 0, points: 0, reason: "补录" });
    expect(
      adjustmentBodySchema.parse({ adjustmentId: "adj-12345678", gift: "+3", points: -7, reason: "x" }),
    ).toMatchObject({ gift: 300, points: -7 });
    const bad = adjustmentBodySchema.safeParse({
      adjustmentId: "a",
      principal: "1.234",
      points: 1.5,
      reason: "",
    });
    expect(refusals(bad)).toEqual({
      adjustmentId: "请求编号格式不正确",
      principal: "本金应为金额（元，可为负数），最多两位小数",
      points: "积分应为整数",
      reason: "请填写原因",
    });
  });

  it("freezes with 4 and unfreezes with 1, always with a reason", () => {
    expect(cardStatusBodySchema.parse({ status: 4, reason: "挂失" })).toEqual({ status: 4, reason: "挂失" });
    expect(refusals(cardStatusBodySchema.safeParse({ status: 2, reason: "" }))).toEqual({
      status: "状态应为 1（正常）或 4（冻结）",
      reason: "请填写原因",
    });
  });

  it("takes a cash coupon with its face value, a goods voucher with its dish, each validity type's fields", () => {
    expect(
      couponTemplateBodySchema.parse({
        name: "满50减5",
        couponType: 1,
        face: "5",
        minSpend: "50",
        validityType: 1,
      }),
    ).toMatchObject({ face: 500, minSpend: 5000, dishId: null, openCardActivity: null });
    expect(
      couponTemplateBodySchema.parse({
        name: "赠拍黄瓜",
        couponType: 2,
        dishId: 12,
        validityType: 2,
        effectiveTime: 1,
        validityDays: 7,
        openCardActivity: 1,
      }),
    ).toMatchObject({ face: null, dishId: 12, validityDays: 7, effectiveTime: 1, openCardActivity: 1 });
    expect(
      refusals(couponTemplateBodySchema.safeParse({ name: "", couponType: 1, validityType: 2 })),
    ).toEqual({
      name: "请填写券名",
      face: "代金券须填写大于 0 的面值",
      validityDays: "请填写有效天数",
    });
    expect(
      refusals(
        couponTemplateBodySchema.safeParse({
          name: "五一",
          couponType: 2,
          validityType: 3,
          startTime: "2026-05-05",
          endTime: "2026-05-01 10:00",
        }),
      ),
    ).toEqual({ dishId: "商品券须指定菜品", endTime: "结束时间不能早于开始时间" });
    expect(
      refusals(
        couponTemplateBodySchema.safeParse({
          name: "五一",
          couponType: 1,
          face: "5",
          validityType: 3,
          startTime: "2026-02-30",
        }),
      ),
    ).toEqual({ startTime: "日期应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm", endTime: "请填写结束日期" });
  });

  it("stores a recharge rule's gift as cents or a whole percent, and refuses a rule that gives nothing", () => {
    expect(
      rechargeRuleBodySchema.parse({ rechargeMoney: "500", giftType: 1, awardType: 1, giftMoney: "50" }),
    ).toEqual({
      rechargeCents: 50_000,
      giftValue: 5_000,
      giftPoints: 0,
      giftType: 1,
      awardType: 1,
      custom: false,
    });
    expect(
      rechargeRuleEditSchema.parse({
        rechargeMoney: "100",
        giftType: 2,
        awardType: 2,
        giftPercent: 10,
        giftPoints: 20,
        enabled: false,
        version: 3,
      }),
    ).toEqual({
      rechargeCents: 10_000,
      giftValue: 10,
      giftPoints: 20,
      giftType: 2,
      awardType: 2,
      custom: false,
      enabled: false,
      version: 3,
    });
    expect(
      refusals(
        rechargeRuleBodySchema.safeParse({ rechargeMoney: "0", giftType: 3, awardType: 2, giftPercent: 120 }),
      ),
    ).toEqual({
      rechargeMoney: "充值金额须大于 0",
      giftType: "赠送方式应为 1（满额送）或 2（每满送）",
      giftPercent: "赠送比例应在 0 到 100 之间",
    });
    expect(
      refusals(
        rechargeRuleBodySchema.safeParse({ rechargeMoney: "100", giftType: 1, awardType: 1, giftMoney: "0" }),
      ),
    ).toEqual({ giftPoints: "赠送金额和赠送积分不能都为 0" });
  });

  it("keeps a card type's member day sorted and unique, and refuses one with no day or a default that is off", () => {
    expect(
      cardTypeBodySchema.parse({
        name: "金卡",
        memberDay: { weekdays: [5, 3, 5], monthDays: [8], percent: 88 },
      }),
    ).toMatchObject({
      isVipPrice: true,
      rights: [1, 2, 4, 6, 7, 8],
      memberDay: { weekdays: [3, 5], monthDays: [8], percent: 88 },
    });
    expect(
      refusals(
        cardTypeBodySchema.safeParse({
          name: "金卡",
          rights: [9],
          isDefault: true,
          enabled: false,
          memberDay: { weekdays: [], monthDays: [], percent: 100 },
        }),
      ),
    ).toEqual({
      "rights.0": "权益应为 1–8",
      "memberDay.percent": "折扣应在 1 到 99 之间",
      "memberDay.weekdays": "请至少选择一个会员日",
      isDefault: "停用的卡类型不能设为默认",
    });
    expect(refusals(cardTypeBodySchema.safeParse({ name: "金卡", isDefault: true, enabled: false }))).toEqual(
      {
        isDefault: "停用的卡类型不能设为默认",
      },
    );
  });

  it("takes a 满减 offer whose reduction is above 0 and not above its threshold", () => {
    expect(discountOfferBodySchema.parse({ threshold: "100", reduction: "10" })).toEqual({
      threshold: 10_000,
      reduction: 1_000,
    });
    expect(refusals(discountOfferBodySchema.safeParse({ threshold: "10", reduction: "20" }))).toEqual({
      reduction: "减免金额不能大于门槛金额",
    });
  });
});
