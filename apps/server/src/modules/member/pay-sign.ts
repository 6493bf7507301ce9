import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError, paySignFresh, type RechargePrepayBody, rechargePaySignText } from "@tablemate/core";

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * recharge-prepay's paySign header (001 §7), checked before anything is written: HMAC-SHA256 (hex)
 * over core's rechargePaySignText of the parsed body, keyed by the member token's SHA-256 hex (the
 * session keeps only that; the client's rechargePaySign computes the same), then the timestamp within
 * core's window. Missing or wrong: 4720; an old request: 4721. Answers the signature, lower case (the
 * request's key: the same signature again is the same recharge).
 */
export function checkPaySign(
  header: string | string[] | undefined,
  body: RechargePrepayBody,
  tokenHash: string,
  now: Date,
): string {
  if (typeof header !== "string" || !HEX_SHA256.test(header)) throw new AppError("paySignInvalid");
  const expected = createHmac("sha256", tokenHash).update(rechargePaySignText(body)).digest();
  if (!timingSafeEqual(Buffer.from(header, "hex"), expected)) throw new AppError("paySignInvalid");
  if (!paySignFresh(body.timestamp, now.getTime())) throw new AppError("paySignStale");
  return header.toLowerCase();
}
