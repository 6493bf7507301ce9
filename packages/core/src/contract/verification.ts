import { z } from "zod";
import { PHONE_PATTERN } from "../validation.js";
import { idSchema } from "./common.js";

/**
 * The phone verification code of takeout and reservation orders (submit code 2008). The specs do not
 * say how a code is sent; these are ours: a new code after 60 s, each valid 5 minutes for 5 tries.
 */
export const PHONE_CODE = {
  resendSeconds: 60,
  validSeconds: 300,
  maxAttempts: 5,
  digits: 6,
  /** codes to one phone within 24 hours (login and takeout together, every restaurant): SMS pumping costs */
  perPhoneDaily: 10,
  /** codes asked from one client address within an hour, whatever the phones (a dining room shares one) */
  perAddressHourly: 30,
} as const;

/**
 * How a code reached the diner: by SMS, or only into the server's log (no SMS gateway configured: the
 * diner app never says a code was sent to the phone then).
 */
export const SMS_DELIVERY = ["sms", "log"] as const;
export type SmsDelivery = (typeof SMS_DELIVERY)[number];

export const phoneCodeBodySchema = z.object({
  rid: idSchema,
  phone: z.string().trim().regex(PHONE_PATTERN, "手机号格式不正确"),
});

export type PhoneCodeBody = z.infer<typeof phoneCodeBodySchema>;

/** The answer to a code sent: when the next may be asked for, how long this one holds, how it went. */
export const phoneCodeSentSchema = z.object({
  resendAfterSeconds: z.number(),
  validSeconds: z.number(),
  delivery: z.enum(SMS_DELIVERY),
});

export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** Which orders a code is asked of: takeout and reservation ones, where the restaurant says so. */
export function needsPhoneCode(
  restaurant: { verifyPhone: boolean },
  order: { takeout: boolean; reserve: boolean },
): boolean {
  return restaurant.verifyPhone && (order.takeout || order.reserve);
}
