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
} as const;

export const phoneCodeBodySchema = z.object({
  rid: idSchema,
  phone: z.string().trim().regex(PHONE_PATTERN, "手机号格式不正确"),
});

export type PhoneCodeBody = z.infer<typeof phoneCodeBodySchema>;

/** The answer to a code sent: when the next may be asked for, and how long this one holds. */
export const phoneCodeSentSchema = z.object({ resendAfterSeconds: z.number(), validSeconds: z.number() });

export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** Which orders a code is asked of: takeout and reservation ones, where the restaurant says so. */
export function needsPhoneCode(
  restaurant: { verifyPhone: boolean },
  order: { takeout: boolean; reserve: boolean },
): boolean {
  return restaurant.verifyPhone && (order.takeout || order.reserve);
}
