import { randomBytes } from "node:crypto";

/**
 * Our merchant trade and refund numbers: unique, 22 characters of [0-9A-Za-z] (WeChat Pay takes 6–32
 * of [0-9A-Za-z_-|*], Alipay up to 64), time-ordered so a person reading a list sees their order.
 */
function number(prefix: string, now: Date): string {
  return `${prefix}${now.getTime().toString(36)}${randomBytes(6).toString("hex")}`;
}

export const newTradeNo = (now: Date) => number("TM", now);
export const newRefundNo = (now: Date) => number("RF", now);
