import type { AttemptStatus } from "../contract/payment.js";

/**
 * An attempt's moves, as data. A pending attempt is paid, failed or closed by the provider's word.
 * Failed and closed are not final: a notification that arrives late (the payer paid just before the
 * attempt was closed) means money was captured, and it must be recorded as paid and then refunded,
 * never dropped. Paid is final: captured money is undone only by a refund, never by a status.
 */
export const ATTEMPT_MOVES: Readonly<Record<AttemptStatus, readonly AttemptStatus[]>> = {
  pending: ["paid", "failed", "closed"],
  failed: ["paid"],
  closed: ["paid"],
  paid: [],
};

export function canMoveAttempt(from: AttemptStatus, to: AttemptStatus): boolean {
  return ATTEMPT_MOVES[from].includes(to);
}

export const INTENT_STATUSES = ["open", "paid", "cancelled"] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/**
 * An intent's moves: open until covered (paid) or given up (cancelled). Both ends are final: a paid
 * intent never reopens (what is owed afterwards is a new intent), and money that arrives for a
 * cancelled one is refunded, the intent staying cancelled.
 */
export const INTENT_MOVES: Readonly<Record<IntentStatus, readonly IntentStatus[]>> = {
  open: ["paid", "cancelled"],
  paid: [],
  cancelled: [],
};

export function canMoveIntent(from: IntentStatus, to: IntentStatus): boolean {
  return INTENT_MOVES[from].includes(to);
}
