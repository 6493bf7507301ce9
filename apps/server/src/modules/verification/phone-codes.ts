import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import {
  AppError,
  type AttemptRule,
  canonicalPhone,
  needsPhoneCode,
  type OrderPayload,
  PHONE_CODE,
  type PhoneCodeSent,
  type SmsDelivery,
} from "@tablemate/core";
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { phoneCodes } from "../../db/schema.js";
import { type AttemptLimit, countAttempt } from "../staff/attempts.js";
import { SmsSendError, type SmsSender } from "./sms.js";

/** What a code proves: a takeout or reservation order's phone (`order`), or a member login (`login`). */
export type CodePurpose = "order" | "login";

export interface PhoneCodeDeps {
  db: Db;
  now: () => Date;
  /** the installation's secret: codes are kept only as its HMAC */
  secret: string;
  sender: SmsSender;
}

/** What checking a code found: the live code (`right`), a wrong one (a try used up), or no live code. */
export type CodeCheck = "right" | "wrong" | "none";

export interface PhoneCodes {
  /** how codes reach phones (the sender's): every answer says it */
  readonly delivery: SmsDelivery;
  /**
   * Sends a new code for `purpose`, replacing the last, unless one went to this phone for it within the
   * cooldown, or the phone's daily cap or the address's hourly cap is reached (each refused, nothing sent).
   */
  send(restaurantId: number, phone: string, purpose: CodePurpose, address: string): Promise<PhoneCodeSent>;
  /** whether an order may go ahead: it needs no code, or carries its phone's live code (else 2008) */
  acceptsOrder(
    restaurant: { id: number; verifyPhone: boolean },
    order: Pick<OrderPayload, "takeout" | "reserve" | "phone" | "code">,
  ): Promise<boolean>;
  /** A member login's code: a right one is used up at once (one login per code); a wrong one uses a try. */
  useLoginCode(restaurantId: number, phone: string, code: string): Promise<CodeCheck>;
}

const HOUR_MS = 3_600_000;

/** The SMS quotas, counted in login_attempts (staff/attempts.ts) and never given back: a sent SMS was paid for. */
export const SMS_QUOTA_RULES = {
  phone: { max: PHONE_CODE.perPhoneDaily, windowMs: 24 * HOUR_MS, lockMs: 0 },
  address: { max: PHONE_CODE.perAddressHourly, windowMs: HOUR_MS, lockMs: 0 },
} as const satisfies Record<string, AttemptRule>;

function quotas(phone: string, address: string): { phone: AttemptLimit; address: AttemptLimit } {
  return {
    phone: { key: `sms-phone:${canonicalPhone(phone) ?? phone}`, rule: SMS_QUOTA_RULES.phone },
    address: { key: `sms-address:${address}`, rule: SMS_QUOTA_RULES.address },
  };
}

/**
 * Deletes the codes nothing reads any more (the pruning job's): expired (or used up by a login) and
 * sent over the resend cooldown ago, so no phone may ask again sooner for it. Answers how many.
 */
export async function pruneExpiredCodes(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(phoneCodes)
    .where(
      and(
        lte(phoneCodes.expiresAt, now),
        lte(phoneCodes.sentAt, new Date(now.getTime() - PHONE_CODE.resendSeconds * 1000)),
      ),
    )
    .returning({ phone: phoneCodes.phone });
  return gone.length;
}

export function createPhoneCodes({ db, now, secret, sender }: PhoneCodeDeps): PhoneCodes {
  // the takeout codes' text is as it always was, so a code sent before an upgrade still holds
  const hash = (purpose: CodePurpose, restaurantId: number, phone: string, code: string) =>
    createHmac("sha256", secret)
      .update(`${purpose === "order" ? "phone-code" : "login-code"}:${restaurantId}:${phone}:${code}`)
      .digest();
  const ofPhone = (purpose: CodePurpose, restaurantId: number, phone: string) =>
    and(
      eq(phoneCodes.restaurantId, restaurantId),
      eq(phoneCodes.phone, phone),
      eq(phoneCodes.purpose, purpose),
    );

  /** Checks `code` against the phone's live code; a wrong one uses up one of its tries. */
  async function check(
    purpose: CodePurpose,
    restaurantId: number,
    phone: string,
    code: string,
  ): Promise<CodeCheck> {
    const at = now();
    // a try is taken before the comparison, so guesses sent at once cannot exceed the tries left
    const [live] = await db
      .update(phoneCodes)
      .set({ failedAttempts: sql`${phoneCodes.failedAttempts} + 1` })
      .where(
        and(
          ofPhone(purpose, restaurantId, phone),
          gt(phoneCodes.expiresAt, at),
          lt(phoneCodes.failedAttempts, PHONE_CODE.maxAttempts),
        ),
      )
      .returning({ codeHash: phoneCodes.codeHash });
    if (!live) return "none";
    const expected = Buffer.from(live.codeHash, "hex");
    if (!timingSafeEqual(expected, hash(purpose, restaurantId, phone, code))) return "wrong";
    // an order's right code stays good until it expires, so a retry after a stock refusal needs no new
    // one; a login's is used up (the one that logged in), compare-and-set on the hash checked
    await db
      .update(phoneCodes)
      .set(
        purpose === "order"
          ? { failedAttempts: sql`${phoneCodes.failedAttempts} - 1` }
          : { expiresAt: at, failedAttempts: PHONE_CODE.maxAttempts },
      )
      .where(and(ofPhone(purpose, restaurantId, phone), eq(phoneCodes.codeHash, live.codeHash)));
    return "right";
  }

  return {
    delivery: sender.delivery,

    async send(restaurantId, phone, purpose, address) {
      const at = now();
      const code = String(randomInt(10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, "0");
      const codeHash = hash(purpose, restaurantId, phone, code).toString("hex");
      const fields = {
        codeHash,
        sentAt: at,
        expiresAt: new Date(at.getTime() + PHONE_CODE.validSeconds * 1000),
        failedAttempts: 0,
      };
      const resendFrom = new Date(at.getTime() - PHONE_CODE.resendSeconds * 1000);
      // one transaction: the cooldown, then the quotas; a refusal by either writes nothing
      await db.transaction(async (tx) => {
        // one statement, so two sends at once cannot both pass the cooldown
        const written = await tx
          .insert(phoneCodes)
          .values({ restaurantId, phone, purpose, ...fields })
          .onConflictDoUpdate({
            target: [phoneCodes.restaurantId, phoneCodes.phone, phoneCodes.purpose],
            set: fields,
            setWhere: lte(phoneCodes.sentAt, resendFrom),
          })
          .returning({ phone: phoneCodes.phone });
        if (written.length === 0) {
          const [last] = await tx
            .select()
            .from(phoneCodes)
            .where(ofPhone(purpose, restaurantId, phone));
          const waitMs = (last?.sentAt.getTime() ?? at.getTime()) - resendFrom.getTime();
          throw new AppError("smsTooSoon", `请${Math.max(1, Math.ceil(waitMs / 1000))}秒后再获取验证码`);
        }
        const limits = quotas(phone, address);
        const refused = await countAttempt(tx, [limits.phone, limits.address], at);
        if (refused) throw new AppError(refused === limits.phone ? "smsPhoneCap" : "smsAddressCap");
      });
      try {
        await sender.send(phone, code);
      } catch (error) {
        // nothing reached the phone: the code goes (the cooldown with it), so asking again works at once
        await db
          .delete(phoneCodes)
          .where(and(ofPhone(purpose, restaurantId, phone), eq(phoneCodes.codeHash, codeHash)));
        // the gateway's refusal was logged by the sender; anything else is a fault, answered 500 and logged
        throw error instanceof SmsSendError ? new AppError("smsFailed") : error;
      }
      return {
        resendAfterSeconds: PHONE_CODE.resendSeconds,
        validSeconds: PHONE_CODE.validSeconds,
        delivery: sender.delivery,
      };
    },

    async acceptsOrder(restaurant, order) {
      const kind = { takeout: Boolean(order.takeout), reserve: Boolean(order.reserve) };
      if (!needsPhoneCode(restaurant, kind)) return true;
      if (!order.phone || !order.code) return false;
      return (await check("order", restaurant.id, order.phone.trim(), order.code.trim())) === "right";
    },

    useLoginCode(restaurantId, phone, code) {
      return check("login", restaurantId, phone, code);
    },
  };
}
