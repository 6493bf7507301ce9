import { randomKey } from "@tablemate/client";
import { session } from "../../storage.js";

/**
 * The Idempotency-Key of one intended payment, kept in sessionStorage: a second tap, a retry after
 * no answer, or a reload of /pay sends the same key, so the server answers the attempt it already
 * started instead of starting another. The key is tied to what is being paid (`what`: the amount, or
 * the bill's shares), so paying something else takes a new one; a failed attempt drops it
 * (forgetPayKey), so paying again starts a new attempt.
 */
const PREFIX = "tablemate.payKey:";

/** Which payment: an order's, or this diner's part of the table's bill. */
export type PayIntent = { kind: "order"; rid: number; orderId: number } | { kind: "bill"; rid: number };

const storageKey = (intent: PayIntent) =>
  intent.kind === "order" ? `${PREFIX}${intent.rid}:order:${intent.orderId}` : `${PREFIX}${intent.rid}:bill`;

/** The key for paying `what` of `intent`: the kept one while it names the same `what`, else a new one, kept. */
export function payKey(intent: PayIntent, what: string): string {
  const kept = session.get(storageKey(intent));
  const [key, keptWhat] = kept ? kept.split(" ") : [];
  if (key && keptWhat === what) return key;
  const fresh = randomKey();
  session.set(storageKey(intent), `${fresh} ${what}`);
  return fresh;
}

/** After a failed attempt (or a refusal): the next tap starts a new one. */
export function forgetPayKey(intent: PayIntent): void {
  // storage.ts's session has no remove; an empty value is no key
  session.set(storageKey(intent), "");
}
