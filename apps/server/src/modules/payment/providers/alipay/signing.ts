import { type KeyObject, sign, verify } from "node:crypto";

/**
 * Alipay's RSA2: SHA256withRSA over the parameters sorted by name, 'k=v' joined with '&', the values
 * raw (not URL-encoded), empty values left out. A request leaves out `sign`; a notification leaves out
 * `sign` and `sign_type`.
 */
export function signContent(
  params: Readonly<Record<string, string | undefined>>,
  leaveOut: readonly string[],
): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== undefined && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

export function rsa2Sign(privateKey: KeyObject, content: string): string {
  return sign("sha256", Buffer.from(content, "utf8"), privateKey).toString("base64");
}

export function rsa2Verify(publicKey: KeyObject, content: string, signature: string): boolean {
  try {
    return verify("sha256", Buffer.from(content, "utf8"), publicKey, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}
