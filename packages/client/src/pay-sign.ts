import { rechargePaySignText } from "@tablemate/core";
import { hmacSha256, sha256 } from "./sha256.js";

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

/** SHA-256 of a text, hex. */
export function sha256Hex(text: string): string {
  return hex(sha256(utf8(text)));
}

/**
 * recharge-prepay's paySign header (001 §7): HMAC-SHA256, hex, over core's rechargePaySignText of the
 * body, keyed by the SHA-256 (hex) of the member token: the server keeps only that hash, and checks the
 * same. Computed in plain TypeScript (sha256.ts), so a page over plain http (the LAN link) signs too.
 */
export function rechargePaySign(
  memberToken: string,
  body: Parameters<typeof rechargePaySignText>[0],
): string {
  return hex(hmacSha256(utf8(sha256Hex(memberToken)), utf8(rechargePaySignText(body))));
}
