import { verify } from "node:crypto";
import type { VerifyingKey } from "./config.js";

/**
 * Checks WeChat Pay's signature on an answer or a notification: SHA256withRSA over
 * 'timestamp\nnonce\nbody\n' (the body's exact bytes), with the key the Wechatpay-Serial header names
 * (a platform certificate's serial or the public key's PUB_KEY_ID_…).
 */

/** WeChat's window: a signed message older or newer than this is refused (a replay). */
export const TIMESTAMP_WINDOW_SECONDS = 5 * 60;

/**
 * WeChat now and then sends a deliberately wrong signature starting with this, to see whether the
 * merchant checks; such a message is never genuine.
 */
export const PROBE_SIGNATURE_PREFIX = "WECHATPAY/SIGNTEST/";

export interface SignedMessage {
  timestamp?: string;
  nonce?: string;
  serial?: string;
  signature?: string;
  body: Buffer;
}

/** The signature headers of an answer or a notification (names in lower case). */
export function signedMessage(
  headers: Readonly<Record<string, string | undefined>>,
  body: Buffer,
): SignedMessage {
  return {
    timestamp: headers["wechatpay-timestamp"],
    nonce: headers["wechatpay-nonce"],
    serial: headers["wechatpay-serial"],
    signature: headers["wechatpay-signature"],
    body,
  };
}

/** Why a signature was refused; the caller turns it into its own refusal. */
export class SignatureRefused extends Error {
  override readonly name = "SignatureRefused";
}

export function verifyWechatSignature(
  keys: ReadonlyMap<string, VerifyingKey>,
  message: SignedMessage,
  nowMs = Date.now(),
): void {
  const { timestamp, nonce, serial, signature, body } = message;
  if (!timestamp || !nonce || !serial || !signature) throw new SignatureRefused("signature headers missing");
  if (signature.startsWith(PROBE_SIGNATURE_PREFIX)) throw new SignatureRefused("signature probe");
  if (!/^\d{1,12}$/.test(timestamp)) throw new SignatureRefused("timestamp malformed");
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS)
    throw new SignatureRefused("timestamp outside the window");
  const found = keys.get(serial) ?? keys.get(serial.toUpperCase());
  if (!found) throw new SignatureRefused(`unknown serial ${serial}`);
  if (
    (found.validFrom && nowMs < found.validFrom.getTime()) ||
    (found.validTo && nowMs > found.validTo.getTime())
  )
    throw new SignatureRefused(`certificate ${serial} not valid now`);
  const signed = Buffer.concat([
    Buffer.from(`${timestamp}\n${nonce}\n`, "utf8"),
    body,
    Buffer.from("\n", "utf8"),
  ]);
  let good = false;
  try {
    good = verify("sha256", signed, found.key, Buffer.from(signature, "base64"));
  } catch {
    good = false;
  }
  if (!good) throw new SignatureRefused("bad signature");
}
