import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { AppError, needsPhoneCode, type OrderPayload, PHONE_CODE, type PhoneCodeSent } from "@tablemate/core";
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { phoneCodes } from "../../db/schema.js";
import type { SmsSender } from "./sms.js";

export interface PhoneCodeDeps {
  db: Db;
  now: () => Date;
  /** the installation's secret: codes are kept only as its HMAC */
  secret: string;
  sender: SmsSender;
}

export interface PhoneCodes {
  /** sends a new code, unless one went to this phone within the cooldown (8001) */
  send(restaurantId: number, phone: string): Promise<PhoneCodeSent>;
  /** whether an order may go ahead: it needs no code, or carries its phone's live code (else 2008) */
  acceptsOrder(
    restaurant: { id: number; verifyPhone: boolean },
    order: Pick<OrderPayload, "takeout" | "reserve" | "phone" | "code">,
  ): Promise<boolean>;
}

export function createPhoneCodes({ db, now, secret, sender }: PhoneCodeDeps): PhoneCodes {
  const hash = (restaurantId: number, phone: string, code: string) =>
    createHmac("sha256", secret).update(`phone-code:${restaurantId}:${phone}:${code}`).digest();
  const ofPhone = (restaurantId: number, phone: string) =>
    and(eq(phoneCodes.restaurantId, restaurantId), eq(phoneCodes.phone, phone));

  /** whether `code` is the phone's live code; a wrong one uses up one of its tries */
  async function check(restaurantId: number, phone: string, code: string): Promise<boolean> {
    // a try is taken before the comparison, so guesses sent at once cannot exceed the tries left
    const [live] = await db
      .update(phoneCodes)
      .set({ failedAttempts: sql`${phoneCodes.failedAttempts} + 1` })
      .where(
        and(
          ofPhone(restaurantId, phone),
          gt(phoneCodes.expiresAt, now()),
          lt(phoneCodes.failedAttempts, PHONE_CODE.maxAttempts),
        ),
      )
      .returning({ codeHash: phoneCodes.codeHash });
    if (!live) return false;
    const right = timingSafeEqual(Buffer.from(live.codeHash, "hex"), hash(restaurantId, phone, code));
    // a right code stays good until it expires, so a retry after a stock refusal needs no new one
    if (right) {
      await db
        .update(phoneCodes)
        .set({ failedAttempts: sql`${phoneCodes.failedAttempts} - 1` })
        .where(ofPhone(restaurantId, phone));
    }
    return right;
  }

  return {
    async send(restaurantId, phone) {
      const at = now();
      const code = String(randomInt(10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, "0");
      const fields = {
        codeHash: hash(restaurantId, phone, code).toString("hex"),
        sentAt: at,
        expiresAt: new Date(at.getTime() + PHONE_CODE.validSeconds * 1000),
        failedAttempts: 0,
      };
      const resendFrom = new Date(at.getTime() - PHONE_CODE.resendSeconds * 1000);
      // one statement, so two sends at once cannot both pass the cooldown
      const written = await db
        .insert(phoneCodes)
        .values({ restaurantId, phone, ...fields })
        .onConflictDoUpdate({
          target: [phoneCodes.restaurantId, phoneCodes.phone],
          set: fields,
          setWhere: lte(phoneCodes.sentAt, resendFrom),
        })
        .returning({ phone: phoneCodes.phone });
      if (written.length === 0) {
        const [last] = await db.select().from(phoneCodes).where(ofPhone(restaurantId, phone));
        const waitMs = (last?.sentAt.getTime() ?? at.getTime()) - resendFrom.getTime();
        throw new AppError("tooFrequent", `请${Math.max(1, Math.ceil(waitMs / 1000))}秒后再获取验证码`);
      }
      await sender.send(phone, code);
      return { resendAfterSeconds: PHONE_CODE.resendSeconds, validSeconds: PHONE_CODE.validSeconds };
    },

    async acceptsOrder(restaurant, order) {
      const kind = { takeout: Boolean(order.takeout), reserve: Boolean(order.reserve) };
      if (!needsPhoneCode(restaurant, kind)) return true;
      if (!order.phone || !order.code) return false;
      return check(restaurant.id, order.phone.trim(), order.code.trim());
    },
  };
}
