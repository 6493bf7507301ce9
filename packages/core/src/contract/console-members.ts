import { z } from "zod";
import { DATE_PATTERN, parseDateTime } from "../dates.js";
import { COUPON_TYPE, OPEN_CARD_ACTIVITY } from "../member/coupon.js";
import { couponValidity, VALIDITY_TYPE } from "../member/coupon-validity.js";
import { LEDGER_KINDS } from "../member/ledger.js";
import { AWARD_TYPE, GIFT_TYPE } from "../member/recharge.js";
import { yuanToCents } from "../payment/cents.js";
import { idSchema } from "./common.js";
import { approvalSchema } from "./console-staff.js";
import { MEMBER_PRIVILEGES } from "./member.js";
import { CARD_STATUS } from "./member-paths.js";

/**
 * The console's member pages (issue 19, staff side): lookup, cards and their ledgers, freezing and
 * adjusting, coupon templates and giving, recharge rules, card types with their member days, 满减
 * offers. Money on the wire is yuan as text, as the console's payment calls carry it ('12.30' in
 * answers; '12', '12.5' or '12.30' typed); the server keeps integer cents.
 */

// ── money and small parts ───────────────────────────────────────────────────────────────────────

/** the most a console amount may be: ¥9,999,999.99 */
const YUAN_TEXT = /^\d{1,7}(\.\d{1,2})?$/;
const SIGNED_YUAN_TEXT = /^[+-]?\d{1,7}(\.\d{1,2})?$/;

/** typed yuan (≥ 0, at most 2 decimals) → cents */
const yuanCents = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请填写${label}` })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(YUAN_TEXT, `${label}应为金额（元），最多两位小数`))
    .transform((v) => yuanToCents(v));

/** typed yuan with a sign (an adjustment: '-20', '+5.50') → signed cents */
const signedYuanCents = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}应为金额（元）` })
    .transform((v) => String(v).trim().replace(/^\+/, ""))
    .pipe(z.string().regex(SIGNED_YUAN_TEXT, `${label}应为金额（元，可为负数），最多两位小数`))
    .transform((v) => yuanToCents(v, { negative: true }));

/** money in an answer: yuan with two places ('12.30', '-5.00') */
const yuan = z.string().regex(/^-?\d+\.\d{2}$/);

const nameSchema = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过 ${max} 个字`);
const reasonSchema = z
  .string({ error: "请填写原因" })
  .trim()
  .min(1, "请填写原因")
  .max(60, "原因不能超过 60 个字");
/** a key the console makes once per intended action (a retry or a double tap does it once) */
const actionKeySchema = z
  .string({ error: "请求编号格式不正确" })
  .regex(/^[A-Za-z0-9-]{8,64}$/, "请求编号格式不正确");
const versionSchema = z.number({ error: "缺少版本号，请刷新后再改" }).int().min(0);

// ── paths' parameters ───────────────────────────────────────────────────────────────────────────

export const consoleCardParamSchema = z.object({ rid: idSchema, cardId: idSchema });
export const consoleCouponTemplateParamSchema = z.object({ rid: idSchema, templateId: idSchema });
export const consoleRechargeRuleParamSchema = z.object({ rid: idSchema, ruleId: idSchema });
export const consoleCardTypeParamSchema = z.object({ rid: idSchema, typeId: idSchema });
export const consoleOfferParamSchema = z.object({ rid: idSchema, offerId: idSchema });

// ── members, cards and ledgers ──────────────────────────────────────────────────────────────────

/** GET members?q=: a phone (any of its prefixes) or a card number (core's memberLookupKeys) */
export const memberLookupQuerySchema = z.object({
  q: z.string().trim().min(1, "请输入手机号或卡号").max(32, "请输入手机号或卡号"),
});

export const consoleCardSchema = z.object({
  id: z.number(),
  cardNum: z.string(),
  cardType: z.number(),
  cardTypeName: z.string(),
  /** 1 in use, 4 frozen */
  status: z.number(),
  isVipPrice: z.boolean(),
  chargeFlag: z.boolean(),
  principal: yuan,
  gift: yuan,
  /** what open orders hold */
  held: yuan,
  /** principal + gift − held */
  spendable: yuan,
  points: z.number(),
  heldPoints: z.number(),
  /** the card's ledger head (its last entry's seq) */
  version: z.number(),
  createdAt: z.string(),
});
export type ConsoleCard = z.infer<typeof consoleCardSchema>;

export const consoleMemberSchema = z.object({
  id: z.number(),
  phone: z.string(),
  name: z.string(),
  /** 0 unknown, 1 male, 2 female */
  sex: z.number(),
  birthday: z.string().nullable(),
  /** their cards at this restaurant, oldest first */
  cards: z.array(consoleCardSchema),
});
export type ConsoleMember = z.infer<typeof consoleMemberSchema>;

/** the members the text names (a phone's and a card number's may be two), each with their cards here */
export const memberLookupAnswerSchema = z.array(consoleMemberSchema);

/** GET member-cards/:cardId/ledger: newest first */
export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ledgerEntryViewSchema = z.object({
  seq: z.number(),
  kind: z.enum(LEDGER_KINDS),
  /** signed changes */
  principal: yuan,
  gift: yuan,
  points: z.number(),
  principalAfter: yuan,
  giftAfter: yuan,
  pointsAfter: z.number(),
  heldAfter: yuan,
  heldPointsAfter: z.number(),
  /** `staff:<id>`, `apikey:<id>`, `payment:<provider>`, `diner:<guid>`, `system` */
  actor: z.string(),
  /** a staff member's or an API key's name; null for the others */
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  approver: z.string().nullable(),
  approverName: z.string().nullable(),
  at: z.string(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;

export const ledgerPageSchema = z.object({
  entries: z.array(ledgerEntryViewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** PUT member-cards/:cardId/status: freeze (4) or unfreeze (1), with why */
export const cardStatusBodySchema = z.object({
  status: z.union([z.literal(CARD_STATUS.normal), z.literal(CARD_STATUS.frozen)], {
    error: "状态应为 1（正常）或 4（冻结）",
  }),
  reason: reasonSchema,
});
export type CardStatusBody = z.input<typeof cardStatusBodySchema>;

/**
 * POST member-cards/:cardId/adjustments: a correction as one ledger entry (signed amounts, a reason,
 * a manager's approval), never an edited balance. `adjustmentId` makes it once: sent again, it
 * answers the entry posted first.
 */
export const adjustmentBodySchema = z.object({
  adjustmentId: actionKeySchema,
  principal: signedYuanCents("本金").default(0),
  gift: signedYuanCents("赠送金").default(0),
  points: z
    .number({ error: "积分应为整数" })
    .int("积分应为整数")
    .min(-10_000_000, "积分超出范围")
    .max(10_000_000, "积分超出范围")
    .default(0),
  reason: reasonSchema,
  approval: approvalSchema.optional(),
});
export type AdjustmentBody = z.input<typeof adjustmentBodySchema>;

export const adjustmentAnswerSchema = z.object({
  card: consoleCardSchema,
  entry: ledgerEntryViewSchema,
  /** the adjustment had been posted already (the same adjustmentId) */
  replayed: z.boolean(),
});

// ── coupon templates ────────────────────────────────────────────────────────────────────────────

const wallClockText = z
  .string()
  .trim()
  .refine(
    (t) => (DATE_PATTERN.test(t) ? parseDateTime(`${t} 00:00`) : parseDateTime(t)) !== null,
    "日期应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm",
  );

/**
 * POST coupon-templates: a cash coupon (type 1, its face value) or a goods voucher (type 2, one unit
 * of a dish free, or up to its face value off it); validity type 1 unlimited, 2 `validityDays` days
 * from `effectiveTime` days after it is given, 3 from `startTime` to `endTime` (core's couponValidity).
 */
export const couponTemplateBodySchema = z
  .object({
    name: nameSchema("券名", 20),
    couponType: z.union([z.literal(COUPON_TYPE.cash), z.literal(COUPON_TYPE.goods)], {
      error: "券类型应为 1（代金券）或 2（商品券）",
    }),
    face: yuanCents("面值").nullable().default(null),
    dishId: idSchema.nullable().default(null),
    minSpend: yuanCents("最低消费").default(0),
    validityType: z.union(
      [
        z.literal(VALIDITY_TYPE.unlimited),
        z.literal(VALIDITY_TYPE.daysAfterGiven),
        z.literal(VALIDITY_TYPE.dateRange),
      ],
      { error: "有效期类型应为 1、2 或 3" },
    ),
    effectiveTime: z.number().int().min(0, "生效天数不能为负").max(365).nullable().default(null),
    validityDays: z.number().int().min(1, "有效天数至少 1 天").max(3650).nullable().default(null),
    startTime: wallClockText.nullable().default(null),
    endTime: wallClockText.nullable().default(null),
    /** given on opening a card: 1 sign-up, 2 consumption, 3 stored value (001 §9); null never */
    openCardActivity: z
      .union([
        z.literal(OPEN_CARD_ACTIVITY.signUp),
        z.literal(OPEN_CARD_ACTIVITY.consumption),
        z.literal(OPEN_CARD_ACTIVITY.storedValue),
      ])
      .nullable()
      .default(null),
  })
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (t.couponType === COUPON_TYPE.cash) {
      if (!t.face) issue("face", "代金券须填写大于 0 的面值");
      if (t.dishId !== null) issue("dishId", "代金券不指定菜品");
    } else {
      if (t.dishId === null) issue("dishId", "商品券须指定菜品");
      if (t.face === 0) issue("face", "商品券的面值须大于 0，或不填（整份免费）");
    }
    if (t.validityType === VALIDITY_TYPE.daysAfterGiven && t.validityDays === null)
      issue("validityDays", "请填写有效天数");
    if (t.validityType === VALIDITY_TYPE.dateRange) {
      if (t.startTime === null) issue("startTime", "请填写开始日期");
      if (t.endTime === null) issue("endTime", "请填写结束日期");
      if (t.startTime !== null && t.endTime !== null) {
        try {
          couponValidity(t, new Date(0), "UTC");
        } catch {
          issue("endTime", "结束时间不能早于开始时间");
        }
      }
    }
  });
export type CouponTemplateBody = z.input<typeof couponTemplateBodySchema>;

export const enabledBodySchema = z.object({ enabled: z.boolean({ error: "请选择启用或停用" }) });

export const couponTemplateViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  couponType: z.number(),
  /** a cash coupon's face value; a goods voucher's cap (null: the unit free) */
  face: yuan.nullable(),
  dishId: z.number().nullable(),
  dishName: z.string().nullable(),
  minSpend: yuan,
  validityType: z.number(),
  effectiveTime: z.number().nullable(),
  validityDays: z.number().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  openCardActivity: z.number().nullable(),
  enabled: z.boolean(),
  /** coupons given of it so far */
  given: z.number(),
  createdAt: z.string(),
});
export type CouponTemplateView = z.infer<typeof couponTemplateViewSchema>;

/** POST coupon-templates/:templateId/give: one coupon to a card of the restaurant, once per giveId */
export const giveCouponBodySchema = z.object({
  cardId: z.number({ error: "请选择会员卡" }).int().positive("请选择会员卡"),
  giveId: actionKeySchema,
});

export const givenCouponSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  cardId: z.number(),
  /** 'YYYY-MM-DD' on the restaurant's clock; lastDay null: never expires */
  firstDay: z.string(),
  lastDay: z.string().nullable(),
  /** given before with the same giveId */
  replayed: z.boolean(),
});
export type GivenCoupon = z.infer<typeof givenCouponSchema>;

// ── recharge rules ──────────────────────────────────────────────────────────────────────────────

/**
 * POST recharge-rules, PUT recharge-rules/:ruleId (with `version` and `enabled`): pay `rechargeMoney`,
 * get the gift (giftType 1 once from the amount, 2 per whole multiple); awardType 1 gives `giftMoney`
 * yuan, 2 gives `giftPercent` % of the money counted; `giftPoints` beside either (core's recharge rules).
 */
const rechargeRuleFields = z.object({
  rechargeMoney: yuanCents("充值金额").refine((c) => c > 0, "充值金额须大于 0"),
  giftType: z.union([z.literal(GIFT_TYPE.threshold), z.literal(GIFT_TYPE.perMultiple)], {
    error: "赠送方式应为 1（满额送）或 2（每满送）",
  }),
  awardType: z.union([z.literal(AWARD_TYPE.cents), z.literal(AWARD_TYPE.percent)], {
    error: "赠送类型应为 1（金额）或 2（比例）",
  }),
  giftMoney: yuanCents("赠送金额").nullable().default(null),
  giftPercent: z
    .number({ error: "赠送比例应为整数" })
    .int("赠送比例应为整数")
    .min(0, "赠送比例应在 0 到 100 之间")
    .max(100, "赠送比例应在 0 到 100 之间")
    .nullable()
    .default(null),
  giftPoints: z.number().int("赠送积分应为整数").min(0, "赠送积分不能为负").max(10_000_000).default(0),
  custom: z.boolean().default(false),
});

type RuleFields = z.output<typeof rechargeRuleFields>;

/** the rule as stored: its gift value is cents (awardType 1) or a whole percent (awardType 2) */
function storedRule(r: RuleFields, ctx: z.RefinementCtx) {
  const value = r.awardType === AWARD_TYPE.percent ? r.giftPercent : r.giftMoney;
  if (value === null)
    ctx.addIssue({
      code: "custom",
      path: [r.awardType === AWARD_TYPE.percent ? "giftPercent" : "giftMoney"],
      message: r.awardType === AWARD_TYPE.percent ? "请填写赠送比例" : "请填写赠送金额",
    });
  else if (value === 0 && r.giftPoints === 0)
    ctx.addIssue({ code: "custom", path: ["giftPoints"], message: "赠送金额和赠送积分不能都为 0" });
  return {
    rechargeCents: r.rechargeMoney,
    giftValue: value ?? 0,
    giftPoints: r.giftPoints,
    giftType: r.giftType,
    awardType: r.awardType,
    custom: r.custom,
  };
}

export const rechargeRuleBodySchema = rechargeRuleFields.transform(storedRule);
export type RechargeRuleBody = z.input<typeof rechargeRuleBodySchema>;

export const rechargeRuleEditSchema = rechargeRuleFields
  .extend({ enabled: z.boolean({ error: "请选择启用或停用" }), version: versionSchema })
  .transform((r, ctx) => ({ ...storedRule(r, ctx), enabled: r.enabled, version: r.version }));
export type RechargeRuleEdit = z.input<typeof rechargeRuleEditSchema>;

export const consoleRechargeRuleSchema = z.object({
  id: z.number(),
  rechargeMoney: yuan,
  giftType: z.number(),
  awardType: z.number(),
  /** awardType 1: the gift in yuan (else null) */
  giftMoney: yuan.nullable(),
  /** awardType 2: the gift's percent (else null) */
  giftPercent: z.number().nullable(),
  giftPoints: z.number(),
  custom: z.boolean(),
  enabled: z.boolean(),
  version: z.number(),
  /** core's rechargeRuleText: 充500送50 */
  text: z.string(),
});
export type ConsoleRechargeRule = z.infer<typeof consoleRechargeRuleSchema>;

// ── card types and member days ──────────────────────────────────────────────────────────────────

/** A member day (001 §9): these weekdays (1 Monday … 7 Sunday) and/or days of the month, `percent` paid. */
export const memberDayBodySchema = z
  .object({
    weekdays: z.array(z.number().int().min(1, "星期应为 1–7").max(7, "星期应为 1–7")).max(7).default([]),
    monthDays: z.array(z.number().int().min(1, "日期应为 1–31").max(31, "日期应为 1–31")).max(31).default([]),
    /** what is paid, in percent: 88 shows as 8.8折 */
    percent: z
      .number({ error: "请填写折扣" })
      .int("折扣应为整数")
      .min(1, "折扣应在 1 到 99 之间")
      .max(99, "折扣应在 1 到 99 之间"),
  })
  .refine((d) => d.weekdays.length + d.monthDays.length > 0, {
    message: "请至少选择一个会员日",
    path: ["weekdays"],
  })
  .transform((d) => ({
    weekdays: [...new Set(d.weekdays)].sort((a, b) => a - b),
    monthDays: [...new Set(d.monthDays)].sort((a, b) => a - b),
    percent: d.percent,
  }));

const PRIVILEGE_IDS = MEMBER_PRIVILEGES.map((p) => p.id) as number[];

const cardTypeFields = z.object({
  name: nameSchema("卡类型名称", 20),
  isVipPrice: z.boolean().default(true),
  chargeFlag: z.boolean().default(true),
  pointsPerYuan: z.number().int("每元积分应为整数").min(0, "每元积分不能为负").max(1000).default(1),
  centsPerPoint: z
    .number()
    .int("每积分抵扣应为整数（分）")
    .min(0, "每积分抵扣不能为负")
    .max(10_000)
    .default(1),
  /** the privileges shown (001 §3's 8, by id) */
  rights: z
    .array(z.number().refine((id) => PRIVILEGE_IDS.includes(id), "权益应为 1–8"))
    .max(8)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .default([1, 2, 4, 6, 7, 8]),
  isDefault: z.boolean().default(false),
  enabled: z.boolean().default(true),
  memberDay: memberDayBodySchema.nullable().default(null),
});

const defaultEnabled = (t: { isDefault: boolean; enabled: boolean }) => !t.isDefault || t.enabled;
const DEFAULT_ENABLED = { message: "停用的卡类型不能设为默认", path: ["isDefault"] };

/** POST card-types */
export const cardTypeBodySchema = cardTypeFields.refine(defaultEnabled, DEFAULT_ENABLED);
export type CardTypeBody = z.input<typeof cardTypeBodySchema>;
/** PUT card-types/:typeId: the whole type, over the version the console read */
export const cardTypeEditSchema = cardTypeFields
  .extend({ version: versionSchema })
  .refine(defaultEnabled, DEFAULT_ENABLED);
export type CardTypeEdit = z.input<typeof cardTypeEditSchema>;

export const consoleCardTypeSchema = z.object({
  id: z.number(),
  cardType: z.number(),
  name: z.string(),
  isVipPrice: z.boolean(),
  chargeFlag: z.boolean(),
  pointsPerYuan: z.number(),
  centsPerPoint: z.number(),
  rights: z.array(z.number()),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  memberDay: z
    .object({
      weekdays: z.array(z.number()),
      monthDays: z.array(z.number()),
      percent: z.number(),
      /** core's memberDayText: 8.8折 */
      text: z.string(),
    })
    .nullable(),
  /** cards of this type at the restaurant */
  cards: z.number(),
  version: z.number(),
});
export type ConsoleCardType = z.infer<typeof consoleCardTypeSchema>;

// ── 满减 offers ─────────────────────────────────────────────────────────────────────────────────

/** POST discount-offers: from `threshold` on, `reduction` off */
export const discountOfferBodySchema = z
  .object({ threshold: yuanCents("门槛金额"), reduction: yuanCents("减免金额") })
  .refine((o) => o.reduction > 0, { message: "减免金额须大于 0", path: ["reduction"] })
  .refine((o) => o.threshold >= o.reduction, { message: "减免金额不能大于门槛金额", path: ["reduction"] });
export type DiscountOfferBody = z.input<typeof discountOfferBodySchema>;

export const consoleOfferSchema = z.object({
  id: z.number(),
  threshold: yuan,
  reduction: yuan,
  enabled: z.boolean(),
  /** core's MEMBER_TEXT.fullReduction: 满100减10 */
  text: z.string(),
});
export type ConsoleOffer = z.infer<typeof consoleOfferSchema>;

/** The member settings' lists (GET of each tab). */
export const couponTemplateListSchema = z.array(couponTemplateViewSchema);
export const consoleRechargeRuleListSchema = z.array(consoleRechargeRuleSchema);
export const consoleCardTypeListSchema = z.array(consoleCardTypeSchema);
export const consoleOfferListSchema = z.array(consoleOfferSchema);
