import { createHmac, timingSafeEqual } from "node:crypto";
import { NotificationRefused } from "../../port.js";

/** The header the sandbox signs its notifications in (lower case, as the port hands headers over). */
export const SIGNATURE_HEADER = "tablemate-sandbox-signature";
/** A notification signed longer ago (or further ahead) than this is refused: a replay of an old one. */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

function mac(secret: string, t: number, body: Buffer | string): Buffer {
  return createHmac("sha256", secret).update(`${t}.`).update(body).digest();
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, signed with the first secret (the one
 * in use; the others are kept only to verify while a rotation is under way).
 */
export function signatureHeader(secrets: readonly string[], body: Buffer | string, at: Date): string {
  const [current] = secrets;
  if (!current) throw new Error("the sandbox has no secret to sign with");
  const t = seconds(at);
  return `t=${t},v1=${mac(current, t, body).toString("hex")}`;
}

/** The header's timestamp and its v1 signatures (several are allowed); null when it has neither. */
function readHeader(header: string): { t: number; signatures: Buffer[] } | null {
  let t: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2);
    if (key === "t" && /^\d{1,12}$/.test(value)) t = Number(value);
    if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  return t === null || signatures.length === 0 ? null : { t, signatures };
}

/**
 * Checks a notification's signature over its raw bytes: some v1 is the HMAC of one of the secrets
 * (compared in constant time), and its timestamp is within the tolerance of `now`. Throws
 * NotificationRefused saying which.
 */
export function verifySignature(
  header: string | undefined,
  body: Buffer,
  secrets: readonly string[],
  now: Date,
): void {
  if (!header) throw new NotificationRefused("missing signature");
  const read = readHeader(header);
  if (!read) throw new NotificationRefused("malformed signature");
  const expected = secrets.map((secret) => mac(secret, read.t, body));
  // every pair is compared (no early exit): the time taken says nothing about which came close
  let matched = false;
  for (const want of expected) {
    for (const given of read.signatures) matched = timingSafeEqual(want, given) || matched;
  }
  if (!matched) throw new NotificationRefused("bad signature");
  if (Math.abs(seconds(now) - read.t) > SIGNATURE_TOLERANCE_S)
    throw new NotificationRefused("stale timestamp");
}
