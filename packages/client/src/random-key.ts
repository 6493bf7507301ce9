/**
 * 32 hex digits from the platform's random source: a key for one intended action (a payment's
 * Idempotency-Key, a console adjustment's id). crypto.randomUUID needs a secure context, which a
 * phone or tablet on a plain-http LAN is not; getRandomValues does not.
 */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
