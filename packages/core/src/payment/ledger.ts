import type { AttemptStatus } from "../contract/payment.js";
import { assertCents } from "./cents.js";
import { type PayRefusal, refuse } from "./refusal.js";
import { PAY_TEXT } from "./text.js";

/**
 * An intent's money from its events (the provider's word, once per provider event). Paid and refunded
 * are sums over events, never a stored balance, so a replayed notification cannot count twice and
 * every figure can be recomputed from the rows. Callers scope the events (an intent's, an attempt's).
 */
export interface PayEvent {
  kind: "paid" | "refunded";
  amountCents: number;
}

/** A refund asked of a provider: pending until its outcome, done when its refunded event is there. */
export interface RefundRecord {
  amountCents: number;
  status: "pending" | "done" | "failed";
}

function sum(events: readonly PayEvent[], kind: PayEvent["kind"]): number {
  return events.reduce((total, e) => (e.kind === kind ? total + e.amountCents : total), 0);
}

/** What was captured. */
export function paidCents(events: readonly PayEvent[]): number {
  return sum(events, "paid");
}

/** What was given back (refunds done: each has its refunded event). */
export function refundedCents(events: readonly PayEvent[]): number {
  return sum(events, "refunded");
}

/** What the restaurant keeps: captured less refunded. */
export function netCents(events: readonly PayEvent[]): number {
  return paidCents(events) - refundedCents(events);
}

export type IntentMoneyState = "unpaid" | "paying" | "paid" | "overpaid";

export interface IntentMoney {
  state: IntentMoneyState;
  paidCents: number;
  refundedCents: number;
  netCents: number;
  /** what is still owed (0 once paid) */
  dueCents: number;
  /** what was kept beyond what is owed (paid twice, or more than asked): to refund */
  overpaidBy: number;
}

/**
 * Where an intent's money stands. Paid means the net covers what is owed; overpaid means it covers
 * more (a second attempt captured too): the excess is refunded, after which the intent reads paid.
 * Short of that, an attempt still pending (the payer may be paying now) makes it paying, else unpaid.
 * The diner's pay view shows overpaid as paid; the console lists it as money that needs a person.
 */
export function intentState(input: {
  amountCents: number;
  events: readonly PayEvent[];
  attempts: readonly { status: AttemptStatus }[];
}): IntentMoney {
  assertCents(input.amountCents);
  const paid = paidCents(input.events);
  const refunded = refundedCents(input.events);
  const net = paid - refunded;
  const dueCents = Math.max(0, input.amountCents - net);
  const overpaidBy = Math.max(0, net - input.amountCents);
  const state: IntentMoneyState =
    overpaidBy > 0
      ? "overpaid"
      : dueCents === 0
        ? "paid"
        : input.attempts.some((a) => a.status === "pending")
          ? "paying"
          : "unpaid";
  return { state, paidCents: paid, refundedCents: refunded, netCents: net, dueCents, overpaidBy };
}

/**
 * What may still be refunded: captured, less refunded, less refunds asked and not answered yet (they
 * will take their money when done; counting them stops two refunds taking the same cents).
 */
export function refundableCents(events: readonly PayEvent[], refunds: readonly RefundRecord[]): number {
  const pending = refunds.reduce((total, r) => (r.status === "pending" ? total + r.amountCents : total), 0);
  return Math.max(0, netCents(events) - pending);
}

/** A refund of `amountCents` checked against what was captured: refused above what is refundable. */
export function checkRefund(
  amountCents: number,
  events: readonly PayEvent[],
  refunds: readonly RefundRecord[],
): { ok: true; refundableCents: number } | PayRefusal {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return refuse("badRequest", PAY_TEXT.refundNotPositive);
  const refundable = refundableCents(events, refunds);
  if (amountCents > refundable) return refuse("refundTooLarge");
  return { ok: true, refundableCents: refundable };
}
