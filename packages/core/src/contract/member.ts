import { z } from "zod";
import { CARD_HISTORIES } from "../member/history.js";
import { LEDGER_KINDS } from "../member/ledger.js";
import { PHONE_PATTERN } from "../validation.js";
import { guidSchema, idSchema } from "./common.js";
import { memberUseSchema } from "./order.js";
import { phoneCodeSentSchema } from "./verification.js";

/**
 * The member calls (issue 19; spec 001 §3, §7, §9), one contract for both families (fusecrm and
 * oldcrm answer the same shapes). Money here is integer cents, as the spec's member server keeps it
 * (001 §5: divide by 100 to show; a balance absent shows '--').
 */

const cents = z.number().int();
const phoneSchema = z.string().trim().regex(PHONE_PATTERN, "手机号格式不正确");
/** 'YYYY-MM-DD' */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式不正确");

/** The 8 privilege kinds (001 §3), numbered in the spec's order. */
export const MEMBER_PRIVILEGES = [
  { id: 1, key: "memberPrice" },
  { id: 2, key: "consumePoints" },
  { id: 3, key: "exclusiveDiscount" },
  { id: 4, key: "rechargeGift" },
  { id: 5, key: "more" },
  { id: 6, key: "storedValue" },
  { id: 7, key: "pointsDeduction" },
  { id: 8, key: "memberDay" },
] as const;
export type MemberPrivilegeKey = (typeof MEMBER_PRIVILEGES)[number]["key"];

// ── requests ────────────────────────────────────────────────────────────────────────────────────

export const memberRidQuerySchema = z.object({ rid: idSchema });

/** POST {family}/members/phone/code */
export const loginCodeBodySchema = z.object({ rid: idSchema, phone: phoneSchema });
export type LoginCodeBody = z.infer<typeof loginCodeBodySchema>;

/** GET {family}/members/{memberId}, GET {family}/cards/{memberCardId}: the path's id */
export const memberIdParamSchema = z.object({ memberId: idSchema });
export const memberCardIdParamSchema = z.object({ memberCardId: idSchema });

/** POST {family}/cards/login: the phone and its SMS code (1418 when the code is empty) */
export const cardLoginBodySchema = z.object({
  rid: idSchema,
  phone: phoneSchema,
  code: z.string().trim().max(12, "验证码格式不正确"),
});
export type CardLoginBody = z.infer<typeof cardLoginBodySchema>;

/** POST {family}/cards: open (activate) a card by the logged-in phone; cardType: the restaurant's default */
export const cardActivateBodySchema = z.object({
  rid: idSchema,
  cardType: z.coerce.number().int().optional(),
});

/** GET {family}/cards/equities */
export const equitiesQuerySchema = z.object({ rid: idSchema, cardId: idSchema });

/** GET {family}/cards/balance-history and cards/points-history: one page of the card's history, newest first */
export const cardHistoryQuerySchema = z.object({
  rid: idSchema,
  cardId: idSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CardHistoryQuery = z.infer<typeof cardHistoryQuerySchema>;

/** GET {family}/coupons: type 1 usable now, 2 used or expired (the app asks page 1, limit 999, type 1) */
export const couponsQuerySchema = z.object({
  rid: idSchema,
  type: z.coerce.number().int().min(1).max(2).default(1),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(999).default(999),
  memberCardId: idSchema.optional(),
  memberId: idSchema.optional(),
});
export type CouponsQuery = z.infer<typeof couponsQuerySchema>;

/** POST {family}/members/{memberId}: member info (001 §7) */
export const memberUpdateBodySchema = z.object({
  guid: guidSchema.optional(),
  rid: idSchema,
  memberId: idSchema,
  memberName: z.string().trim().max(20, "姓名不能超过20个字符").default(""),
  sex: z.coerce.number().int().min(0).max(2).default(0),
  birthDay: daySchema.or(z.literal("")).default(""),
  isLunar: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .transform((v) => v === true || v === "true" || v === "1")
    .default(false),
});
export type MemberUpdateBody = z.infer<typeof memberUpdateBodySchema>;

/** POST /cloud/api/v2/users/current/member-ship */
export const memberShipBodySchema = z.object({ rid: idSchema, cardId: idSchema });

/** GET /cloud/api/v1/fusecrm/open-card-gived-coupons: `type` all (000 §7) or one activity type (001 §9) */
export const openCardCouponsQuerySchema = z.object({
  rid: idSchema,
  type: z.union([z.literal("all"), z.coerce.number().pipe(z.literal([1, 2, 3]))]).default("all"),
});

/** POST /cloud/api/v1/oldcrm/coupons/give and /redpackets/draw: a campaign's onto the caller's card */
export const campaignTakeBodySchema = z.object({ rid: idSchema, cardId: idSchema, campaignId: idSchema });
export type CampaignTakeBody = z.infer<typeof campaignTakeBodySchema>;

/**
 * GET /cloud/api/v2/users/token-refresh (001 §7: token, rid): the token travels in the member-token
 * header as on every member call, never in the URL (which logs, proxies and histories keep).
 */
export const tokenRefreshQuerySchema = z.object({ rid: idSchema });
export const refreshTokenSchema = z.string().min(1).max(200);

/**
 * POST /deal/api/v1/recharge-prepay: header paySign = HMAC-SHA256 (hex) over rechargePaySignText(body),
 * keyed by the SHA-256 (hex) of the member token (all the server keeps of it). rechargeMoney in cents;
 * the timestamp (ms) within 5 minutes (paySignFresh). The same signature again answers the same recharge.
 */
export const rechargePrepayBodySchema = z.object({
  rid: idSchema,
  cardId: idSchema,
  rechargeMoney: z.coerce.number().int().positive().max(10_000_000),
  timestamp: z.coerce.number().int().positive(),
  ruleId: idSchema.optional(),
  returnPath: z
    .string()
    .max(1000)
    .regex(/^\/(?![/\\])[^\s]*$/, "返回地址不正确")
    .optional(),
});
export type RechargePrepayBody = z.infer<typeof rechargePrepayBodySchema>;

/** What paySign signs: the body's fields in a fixed order, so client and server sign the same text. */
export function rechargePaySignText(body: {
  rid: number | string;
  cardId: number | string;
  rechargeMoney: number | string;
  timestamp: number | string;
}): string {
  return `cardId=${body.cardId}&rechargeMoney=${body.rechargeMoney}&rid=${body.rid}&timestamp=${body.timestamp}`;
}

// ── answers ─────────────────────────────────────────────────────────────────────────────────────

/** A member card (001 §3). status: 1 normal, 4 frozen. */
export const memberCardSchema = z.object({
  id: z.number(),
  memberId: z.number(),
  cardType: z.number(),
  cardTypeName: z.string(),
  cardNum: z.string(),
  chargeFlag: z.boolean(),
  status: z.number(),
  isVipPrice: z.boolean(),
  /** the phone, masked: 138****8000 */
  telPhone: z.string(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

/** POST {family}/cards/login's answer: the member token (kept in local storage) and the cards here. */
export const cardLoginAnswerSchema = z.object({
  token: z.string(),
  /** when the token stops working (ms); refresh before or on 1991 */
  expiresAt: z.number(),
  memberId: z.number(),
  phone: z.string(),
  cards: z.array(memberCardSchema),
});
export type CardLoginAnswer = z.infer<typeof cardLoginAnswerSchema>;

/** POST {family}/members/phone/code's answer: as the takeout code's (when again, how long, how it went) */
export const loginCodeAnswerSchema = phoneCodeSentSchema;

/** GET {family}/cards's answer: the logged-in member's cards at the restaurant, oldest first */
export const memberCardsSchema = z.array(memberCardSchema);

/** POST /cloud/api/v2/users/current/member-ship's answer: the card this visitor now uses here */
export const memberShipAnswerSchema = z.object({ cardId: z.number(), card: memberCardSchema });

/** GET /cloud/api/v1/users/phone's answer: the logged-in member's phone ('' without a login) */
export const usersPhoneAnswerSchema = z.object({ phone: z.string() });

/** GET /cloud/api/v2/users/token-refresh's answer */
export const tokenRefreshAnswerSchema = z.object({ token: z.string(), expiresAt: z.number() });
export type TokenRefreshAnswer = z.infer<typeof tokenRefreshAnswerSchema>;

/** GET {family}/members/phone's answer */
export const memberPhoneAnswerSchema = z.object({ memberId: z.number(), phone: z.string() });

/** Member info (001 §3); GET answers code 100201 with null when none was given yet. */
export const memberInfoSchema = z.object({
  memberId: z.number(),
  memberName: z.string(),
  sex: z.number(),
  birthDay: z.string(),
  isLunar: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** A card's member day: the days it falls on and what is paid (88: 8.8折). */
export const memberDaySchema = z.object({
  weekdays: z.array(z.number()),
  monthDays: z.array(z.number()),
  percent: z.number(),
  /** 8.8折 (001 §9: value/10 with 折) */
  text: z.string(),
  today: z.boolean(),
});

/** GET {family}/cards/equities's answer: the card's money in cents (null shows '--'), points, privileges */
export const equitiesSchema = z.object({
  cardId: z.number(),
  /** what can be spent: principal + gift − held */
  balance: cents.nullable(),
  principal: cents,
  gift: cents,
  points: z.number(),
  couponCount: z.number(),
  memberDay: memberDaySchema.nullable(),
  /** the privilege ids of MEMBER_PRIVILEGES this card gives */
  privileges: z.array(z.number()),
});
export type Equities = z.infer<typeof equitiesSchema>;

/**
 * A card history's page (issue 25): the balance's lines in cents (principal and gift together), or
 * the points'; each with the ledger entry's kind, its signed change and what was left after it, its
 * time 'YYYY-MM-DD HH:mm' on the restaurant's clock. Newest first.
 */
export const cardHistoryPageSchema = z.object({
  history: z.enum(CARD_HISTORIES),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  list: z.array(
    z.object({
      seq: z.number(),
      kind: z.enum(LEDGER_KINDS),
      change: z.number().int(),
      after: z.number().int(),
      time: z.string(),
    }),
  ),
});
export type CardHistoryPage = z.infer<typeof cardHistoryPageSchema>;

/** GET {family}/wechat-card-rights's answer: the restaurant's card types and what each gives. */
export const cardRightsSchema = z.object({
  cardTypes: z.array(
    z.object({
      cardType: z.number(),
      name: z.string(),
      isVipPrice: z.boolean(),
      isDefault: z.boolean(),
      privileges: z.array(z.number()),
      memberDay: memberDaySchema.nullable(),
    }),
  ),
  openRecharge: z.boolean(),
});
export type CardRights = z.infer<typeof cardRightsSchema>;

/** A recharge rule (001 §3), money in cents, sorted by rechargeMoney ascending. */
export const rechargeRuleSchema = z.object({
  ruleId: z.number(),
  rechargeMoney: cents,
  giftMoney: cents,
  giftPoints: z.number(),
  giftType: z.number(),
  awardType: z.number(),
  custom: z.boolean(),
  /** 充500送50 */
  text: z.string(),
});
export type RechargeRuleView = z.infer<typeof rechargeRuleSchema>;

/** A voucher a member holds (001 §3), money in cents; times 'YYYY-MM-DD HH:mm' ('' when unlimited). */
export const voucherSchema = z.object({
  id: z.number(),
  activityId: z.number(),
  code: z.string(),
  /** face value (cash coupon), or the dish's price (goods voucher) */
  price: cents,
  /** what it takes off an order now */
  realPrice: cents,
  startTime: z.string(),
  endTime: z.string(),
  /** minimum spend; -1 none (the money filter shows 0) */
  minFee: cents,
  voucherName: z.string(),
  /** 1 cash coupon, 2 goods voucher */
  type: z.number(),
  /** unused, locked, used, expired */
  state: z.string(),
  dishName: z.string().nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const couponPageSchema = z.object({ total: z.number(), list: z.array(voucherSchema) });
export type CouponPage = z.infer<typeof couponPageSchema>;

/** A new-member coupon (000 §3), as the open-card-gived-coupons call answers them. */
export const openCardCouponSchema = z.object({
  id: z.number(),
  name: z.string(),
  num: z.number(),
  validityType: z.number(),
  type: z.number(),
  price: cents,
  money: cents,
  effectiveTime: z.number().nullable(),
  validityDays: z.number().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  activityType: z.number(),
  datasetData: z.object({ option: z.string() }),
});
export type OpenCardCoupon = z.infer<typeof openCardCouponSchema>;

/** POST {family}/cards's answer: the card opened (or the one already held) and the coupons it was given */
export const cardActivateAnswerSchema = z.object({
  card: memberCardSchema,
  /** false: the member held a card of that type here already (nothing new given) */
  opened: z.boolean(),
  gifts: z.array(voucherSchema),
});
export type CardActivateAnswer = z.infer<typeof cardActivateAnswerSchema>;

/** An old-CRM campaign's kind: 1 gives a coupon (coupons/give), 2 a red packet of stored value (redpackets/draw). */
export const CAMPAIGN_KIND = { coupon: 1, redpacket: 2 } as const;

/** GET /cloud/api/v1/oldcrm/campaigns's answer, one per campaign running now; times 'YYYY-MM-DD HH:mm' ('' open) */
export const campaignSchema = z.object({
  id: z.number(),
  kind: z.number(),
  name: z.string(),
  description: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** kind 1: the coupon it gives */
  coupon: z
    .object({
      name: z.string(),
      type: z.number(),
      price: cents.nullable(),
      minFee: cents,
      dishName: z.string().nullable(),
    })
    .nullable(),
  /** kind 2: the red packet's range, cents */
  minMoney: cents.nullable(),
  maxMoney: cents.nullable(),
  /** one of the logged-in member's cards here took it already (false without a login) */
  taken: z.boolean(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignsSchema = z.array(campaignSchema);

/** POST /cloud/api/v1/oldcrm/coupons/give's answer: the coupon on the card; firstTime false when given before */
export const couponGiveAnswerSchema = z.object({ coupon: voucherSchema, firstTime: z.boolean() });
export type CouponGiveAnswer = z.infer<typeof couponGiveAnswerSchema>;

/** POST /cloud/api/v1/oldcrm/redpackets/draw's answer: what was drawn (the first draw's, drawn again) */
export const redpacketDrawAnswerSchema = z.object({
  campaignId: z.number(),
  /** the gift money drawn, cents */
  money: cents,
  firstTime: z.boolean(),
  /** what the card can spend now, cents */
  balance: cents,
});
export type RedpacketDrawAnswer = z.infer<typeof redpacketDrawAnswerSchema>;

export const RECHARGE_STATES = ["pending", "paid", "closed"] as const;

/**
 * GET /deal/api/v1/recharges/{tradeNo}: the recharge a trade pays, as its member sees it. paid only
 * once its principal and gift are on the card; closed when it expired unpaid. Money in cents;
 * `balance` is what the card can spend now (null: not shown, '--').
 */
export const rechargeViewSchema = z.object({
  rechargeId: z.number(),
  cardId: z.number(),
  state: z.enum(RECHARGE_STATES),
  rechargeMoney: cents,
  giftMoney: cents,
  giftPoints: z.number(),
  balance: cents.nullable(),
  /** paid through the sandbox: 测试 */
  test: z.boolean(),
});
export type RechargeView = z.infer<typeof rechargeViewSchema>;

// ── paying an order with member money at /pay (the prepay group's available coupons and discounts) ──

/** GET /deal/api/v1/available-coupons */
export const availableCouponsQuerySchema = z.object({ rid: idSchema, orderId: idSchema });

/** points, or stored value in cents, a diner asks to use */
const memberAmount = z.coerce.number().int().min(0).max(100_000_000).default(0);

/**
 * GET /deal/api/v1/discounts, and what the prepay call takes besides the order: the coupon chosen
 * (none: no coupon), the points to spend and the stored value (cents) to pay with. What cannot be
 * used is refused by the prepay, never quietly lowered: the discounts call says what can.
 */
export const memberPayChoiceSchema = z.object({
  couponId: idSchema.optional(),
  points: memberAmount,
  storedValueCents: memberAmount,
});
export type MemberPayChoice = z.infer<typeof memberPayChoiceSchema>;

export const discountsQuerySchema = z
  .object({
    rid: idSchema,
    orderId: idSchema,
    couponId: idSchema.optional(),
    points: memberAmount,
    /** stored value to pay with, cents */
    storedValue: memberAmount,
  })
  .transform(({ storedValue, ...rest }) => ({ ...rest, storedValueCents: storedValue }));

/** Why a coupon can or cannot be used on this order now (core's CouponVerdict). */
export const couponVerdictSchema = z.object({
  usable: z.boolean(),
  applied: z.boolean(),
  /** used, locked, notYetValid, expired, dishMissing, minSpend, nothingLeft, otherChosen; null: usable */
  reason: z.string().nullable(),
  message: z.string(),
  /** what it takes off this order (or would, chosen instead), cents */
  reductionCents: cents,
  /** minSpend: how much more the order needs, cents */
  shortCents: cents.nullable(),
});

/** A coupon the member holds, as the coupon choice at checkout (/member/selectCoupons) shows it. */
export const couponChoiceSchema = z.object({
  couponId: z.number(),
  name: z.string(),
  /** 1 cash coupon, 2 goods voucher */
  type: z.number(),
  /** the face value, cents (a goods voucher without one: null, the dish free) */
  faceCents: cents.nullable(),
  /** minimum spend, cents (0: none) */
  minSpendCents: cents,
  dishName: z.string().nullable(),
  /** 'YYYY-MM-DD' on the restaurant's clock; lastDay null: never expires */
  firstDay: z.string(),
  lastDay: z.string().nullable(),
  verdict: couponVerdictSchema,
});
export type CouponChoice = z.infer<typeof couponChoiceSchema>;

/** GET /deal/api/v1/available-coupons's answer: every coupon the member holds here, with its verdict. */
export const availableCouponsSchema = z.object({
  orderId: z.number(),
  member: memberUseSchema.nullable(),
  /** the usable coupon taking the most off (core's bestCouponId), offered first */
  bestCouponId: z.number().nullable(),
  coupons: z.array(couponChoiceSchema),
});
export type AvailableCoupons = z.infer<typeof availableCouponsSchema>;

/** One step of the discount pipeline as the bill shows it (core's DiscountStep, without its split). */
export const discountStepSchema = z.object({
  kind: z.enum(["memberPrice", "memberDay", "fullReduction", "coupon", "points"]),
  label: z.string(),
  cents,
});
export type DiscountStepView = z.infer<typeof discountStepSchema>;

/**
 * GET /deal/api/v1/discounts's answer: the pipeline over what the order group still owes (the orders
 * no payment covers yet), with the diner's choices, and what is left for the gateway. Cents throughout.
 */
export const memberDiscountsSchema = z.object({
  orderId: z.number(),
  member: memberUseSchema.nullable(),
  /** the orders at regular prices */
  plainCents: cents,
  steps: z.array(discountStepSchema),
  /** the takeout's delivery fee, which no step reduces (core's delivery.ts) */
  deliveryFeeCents: cents,
  /**
   * what the diner pays, by stored value and the gateway together: goods less the steps, plus the fee,
   * less what tablemates' bill shares paid or hold of it (what a whole pay asks now)
   */
  payableCents: cents,
  couponId: z.number().nullable(),
  points: z.object({
    /** the diner's own card may spend points here (and the register takes member pay) */
    allowed: z.boolean(),
    balance: z.number(),
    /** the most usable on this order now */
    max: z.number(),
    used: z.number(),
    centsPerPoint: z.number(),
  }),
  storedValue: z.object({
    /** the card may pay with stored value (its own, not frozen, chargeFlag, member pay on the register) */
    allowed: z.boolean(),
    /** what the card can spend now (balance less what open orders hold), cents */
    balanceCents: cents,
    /** the most it can pay of this order: all of it, or (without combined pay) only all of it */
    maxCents: cents,
    usedCents: cents,
    /** the register takes stored value with the gateway together (2.21.00); else all or nothing */
    combine: z.boolean(),
  }),
  /** what the gateway is asked for */
  gatewayCents: cents,
});
export type MemberDiscounts = z.infer<typeof memberDiscountsSchema>;
