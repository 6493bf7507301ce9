/**
 * The member calls' presenters: one per entity, from rows to core's answer schemas (money in cents,
 * times on the restaurant's clock), so a new column never reaches the wire by itself.
 */
import {
  COUPON_TYPE,
  formatDateTime,
  type MemberCard,
  maskPhone,
  memberDayView,
  type RechargeRule,
  type RechargeRuleView,
  rechargeRuleText,
  roundMoney,
  type Voucher,
  validityState,
  yuanToCents,
} from "@tablemate/core";
import type { rechargeRules } from "../../db/schema.js";
import type { CardTypeRow } from "./access.js";
import type { CouponRow } from "./coupons.js";
import type { CardRow } from "./members.js";

/** The privileges (MEMBER_PRIVILEGES' ids) of a card whose restaurant keeps no type for it: the column's default. */
export const DEFAULT_RIGHTS: readonly number[] = [1, 2, 4, 6, 7, 8];

export function presentCard(card: CardRow, phone: string): MemberCard {
  return {
    id: card.id,
    memberId: card.memberId,
    cardType: card.cardType,
    cardTypeName: card.cardTypeName,
    cardNum: card.cardNum,
    chargeFlag: card.chargeFlag,
    status: card.status,
    isVipPrice: card.isVipPrice,
    telPhone: maskPhone(phone),
  };
}

export function presentCardType(type: CardTypeRow, now: Date, timeZone: string) {
  return {
    cardType: type.cardType,
    name: type.name,
    isVipPrice: type.isVipPrice,
    isDefault: type.isDefault,
    privileges: type.rights,
    memberDay: memberDayView(type.memberDay, now, timeZone),
  };
}

type RuleRow = typeof rechargeRules.$inferSelect;

/** A rule as core's recharge rules read it (the console's and the diner's views are built on it). */
export function ruleOf(row: RuleRow) {
  return {
    ruleId: String(row.id),
    rechargeMoney: row.rechargeCents,
    giftMoney: row.giftCents,
    giftPoints: row.giftPoints,
    giftType: row.giftType,
    awardType: row.awardType,
    custom: row.custom,
  } satisfies RechargeRule;
}

/** The diner's rule: core's, by its numeric id, in words. */
export function presentRechargeRule(row: RuleRow): RechargeRuleView {
  const rule = ruleOf(row);
  return { ...rule, ruleId: row.id, text: rechargeRuleText(rule) };
}

/** A dish's price in cents (a market price, 0.0001, is 0). */
export const dishCents = (price: string): number => yuanToCents(roundMoney(price));

/** The wire's minimum spend: -1 for none (000 §5's money filter shows it as 0). */
export const minFeeOf = (minSpendCents: number): number => (minSpendCents > 0 ? minSpendCents : -1);

/**
 * A held coupon as a voucher (001 §3). A goods voucher's price is its dish's (`dishPriceCents`, null
 * when the dish is gone), and what it takes off at most its cap. An unused coupon past its end is
 * `expired`.
 */
export function presentVoucher(
  row: CouponRow,
  dishPriceCents: number | null,
  now: Date,
  timeZone: string,
): Voucher {
  const goods = row.couponType === COUPON_TYPE.goods;
  const price = goods ? (dishPriceCents ?? row.faceCents ?? 0) : (row.faceCents ?? 0);
  const realPrice = goods && row.faceCents !== null ? Math.min(row.faceCents, price) : price;
  const expired = row.state === "unused" && validityState(row, now) === "expired";
  return {
    id: row.id,
    activityId: row.templateId,
    code: row.code,
    price,
    realPrice,
    startTime: formatDateTime(row.startsAt, timeZone),
    endTime: row.endsAt ? formatDateTime(row.endsAt, timeZone) : "",
    minFee: minFeeOf(row.minSpendCents),
    voucherName: row.name,
    type: row.couponType,
    state: expired ? "expired" : row.state,
    dishName: row.dishName,
  };
}
