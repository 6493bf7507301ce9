import { YUAN } from "@tablemate/client";
import {
  COUPON_TYPE,
  centsToYuan,
  couponMoneyCents,
  type Equities,
  formatBalance,
  type OpenCardCoupon,
  VALIDITY_TYPE,
  type Voucher,
} from "@tablemate/core";
import { COPY } from "../../copy.js";
import { MEMBER_COPY, WEEKDAY_LABELS } from "./member-copy.js";

type MemberDay = NonNullable<Equities["memberDay"]>;

/** What a coupon is worth, in words: a cash coupon's face (000 §5's money filter), or a goods voucher. */
export function couponFace(coupon: { type: number; price: number }): string {
  return coupon.type === COUPON_TYPE.cash
    ? `¥${centsToYuan(couponMoneyCents(coupon.price))}`
    : MEMBER_COPY.goodsVoucher;
}

/** 满X元可用, or 无门槛 (the money filter: -1 is 0). */
export function minSpendText(cents: number): string {
  const min = couponMoneyCents(cents);
  return min > 0 ? MEMBER_COPY.minSpend(centsToYuan(min)) : MEMBER_COPY.noMinSpend;
}

/** A new-member coupon's validity in words (000 §3: type 1 none, 2 days after it is given, 3 a range). */
export function openCardValidityText(coupon: OpenCardCoupon): string {
  if (coupon.validityType === VALIDITY_TYPE.daysAfterGiven)
    return MEMBER_COPY.validAfterGiven(coupon.effectiveTime ?? 0, coupon.validityDays ?? 0);
  if (coupon.validityType === VALIDITY_TYPE.dateRange && coupon.startTime && coupon.endTime)
    return MEMBER_COPY.validBetween(coupon.startTime, coupon.endTime);
  return MEMBER_COPY.validAlways;
}

/** A held voucher's validity line, from its concrete times ('' where unlimited). */
export function voucherValidityText(voucher: Pick<Voucher, "startTime" | "endTime">): string {
  const { startTime, endTime } = voucher;
  if (startTime && endTime) return MEMBER_COPY.validBetween(startTime, endTime);
  if (endTime) return MEMBER_COPY.validUntil(endTime);
  if (startTime) return MEMBER_COPY.validFrom(startTime);
  return MEMBER_COPY.validAlways;
}

/** A campaign's running time in words, or '' when it has no start or end (open both ways). */
export function campaignTimeText(campaign: { startTime: string; endTime: string }): string {
  const { startTime, endTime } = campaign;
  if (startTime && endTime) return MEMBER_COPY.campaignBetween(startTime, endTime);
  if (endTime) return MEMBER_COPY.campaignUntil(endTime);
  if (startTime) return MEMBER_COPY.campaignFrom(startTime);
  return "";
}

/**
 * A balance as every member screen shows it (001 §9): cents / 100 with the yen sign and two places
 * (¥210.00), or '--' when the card holds no stored value.
 */
export function balanceText(cents: number | null): string {
  return cents === null ? "--" : `${YUAN}${formatBalance(cents)}`;
}

/** A card number in groups of four, as a cashier reads it out. */
export function groupedCardNum(cardNum: string): string {
  return cardNum.replace(/(.{4})(?=.)/g, "$1 ");
}

/** A member day's days in words: 每周三、六 · 每月1日、15日 (weekdays 1-7, Monday to Sunday). */
export function memberDayDays(day: Pick<MemberDay, "weekdays" | "monthDays">): string {
  const parts: string[] = [];
  if (day.weekdays.length > 0)
    parts.push(
      MEMBER_COPY.everyWeek(day.weekdays.map((d) => WEEKDAY_LABELS[d - 1] ?? "").join(COPY.listSeparator)),
    );
  if (day.monthDays.length > 0)
    parts.push(MEMBER_COPY.everyMonth(day.monthDays.map(MEMBER_COPY.monthDay).join(COPY.listSeparator)));
  return parts.join(" · ");
}
