/**
 * Ids from the platform's random source that work on every origin. crypto.randomUUID (like
 * crypto.subtle) exists only in a secure context (https, localhost), and a phone opens the shop's
 * plain-http LAN link, where it is undefined; crypto.getRandomValues exists everywhere. Every id the
 * apps make comes from here (test/secure-context.test.ts fails on any other use).
 */
function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

/** 32 hex digits: a key for one intended action (a payment's Idempotency-Key, a console adjustment's id). */
export function randomKey(): string {
  return hex(randomBytes(16));
}

/** An RFC 4122 version-4 UUID (a visitor's guid, an operation's or a submit's id). */
export function randomUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const digits = hex(bytes);
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
}
