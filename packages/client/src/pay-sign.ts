import { rechargePaySignText } from "@tablemate/core";

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** SHA-256 of a text, hex (Web Crypto: a secure context, https or localhost). */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", utf8(text)));
}

/**
 * recharge-prepay's paySign header (001 §7): HMAC-SHA256, hex, over core's rechargePaySignText of the
 * body, keyed by the SHA-256 (hex) of the member token: the server keeps only that hash, and checks the
 * same. Rejects where Web Crypto is missing (a page over plain http on another address than localhost).
 */
export async function rechargePaySign(
  memberToken: string,
  body: Parameters<typeof rechargePaySignText>[0],
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    utf8(await sha256Hex(memberToken)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return hex(await crypto.subtle.sign("HMAC", key, utf8(rechargePaySignText(body))));
}
