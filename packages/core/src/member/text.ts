import Big from "big.js";
import { centsToYuan } from "../money.js";

/**
 * The member rules' words (discount steps, why a coupon can or cannot be used, recharge offers,
 * ledger refusals): one place, so the server's answers, the diner app and the console read the same.
 * Amounts in these words are yuan from cents (centsToYuan: '100', '0.5'), never rounded.
 */

/** Member-day discount as the spec shows it (001 §9): value/10 followed by 折 (88 → '8.8折', 90 → '9折'). */
export function memberDayText(value: number): string {
  return `${new Big(value).div(10).toString()}折`;
}

export const MEMBER_TEXT = {
  // the discount pipeline's steps
  memberPrice: "会员价",
  memberDay: (percent: number) => `会员日${memberDayText(percent)}`,
  fullReduction: (thresholdCents: number, reductionCents: number) =>
    `满${centsToYuan(thresholdCents)}减${centsToYuan(reductionCents)}`,
  points: (points: number) => `积分抵扣（${points}积分）`,

  // a coupon the member holds, at checkout
  couponApplied: "已使用此券",
  couponUsable: "可用",
  couponOtherChosen: "每单限用一张优惠券，已选择其他优惠券",
  couponUsed: "优惠券已使用",
  couponLocked: "优惠券已被其他订单占用",
  couponNotYetValid: (firstDay: string) => `${firstDay} 起可用`,
  couponExpired: "优惠券已过期",
  couponDishMissing: (dishName: string) => `购物车中没有${dishName}，不能使用此券`,
  couponMinSpend: (minCents: number, shortCents: number) =>
    `满${centsToYuan(minCents)}元可用，还差${centsToYuan(shortCents)}元`,
  couponNothingLeft: "本单已无可抵扣的金额",

  /** an open-card coupon's activity (001 §9: 1 sign-up, 2 consumption, 3 stored value) */
  openCardActivity: (type: number) => ["", "开卡礼", "消费礼", "储值礼"][type] ?? "",

  // recharge offers (the demo's 充值500送50)
  rechargeOffer: (rechargeCents: number, gift: string) => `充${centsToYuan(rechargeCents)}送${gift}`,
  rechargeOfferPerMultiple: (rechargeCents: number, gift: string) =>
    `每充${centsToYuan(rechargeCents)}送${gift}`,
  giftPoints: (points: number) => `${points}积分`,
  giftPercent: (percent: number) => `${percent}%`,

  // the stored-value and points ledger
  amountNotWhole: "金额须为非负整数（分），积分须为非负整数",
  entryEmpty: "金额和积分不能都为 0",
  adjustmentReason: "调整余额须填写原因",
  adjustmentNegative: "调整后余额不能为负，也不能少于已冻结的金额",
  holdUnknown: "没有找到这笔订单冻结的余额",
  holdTwice: "这笔订单已冻结过余额",
  spendAboveHold: "扣款超过这笔订单冻结的余额",
} as const;
