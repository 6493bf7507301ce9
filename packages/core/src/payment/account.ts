import { assertCents } from "./cents.js";

/**
 * Money is one truth (issue 24): what an order owes and what counts as paid for it, whatever way it
 * was paid. An order is paid as a whole (an order intent: captured less refunded, with member stored
 * value) or in bill shares (claims of its lines: paid, or held by a diner who is paying them). The
 * server's /pay, the bill, the order detail and the console's floor and money views read these
 * figures; the invariant checker of the tests holds every visit to them.
 */

/** A bill share on one of the order's lines: paid, or held (its diner may be paying it now). */
export interface ShareMoney {
  amountCents: number;
  status: "held" | "paid";
}

export interface OrderAccountInput {
  /** what the order owes after member prices, promotions, comps, voids and staff refunds (0 once cancelled) */
  owedCents: number;
  /** the live bill shares on its lines */
  shares: readonly ShareMoney[];
  /** what whole-order payments kept for it: captured less refunded (stored value included) */
  wholeNetCents: number;
}

export interface OrderAccount {
  sharesPaidCents: number;
  sharesHeldCents: number;
  /** what counts as paid: paid shares and whole payments kept */
  paidCents: number;
  /** what a whole-order payment may still ask: owed less paid and less held shares, never below 0 */
  dueCents: number;
  /** what was kept beyond what is owed: to refund */
  overCents: number;
}

const total = (shares: readonly ShareMoney[], status: ShareMoney["status"]) =>
  shares.reduce((sum, s) => (s.status === status ? sum + s.amountCents : sum), 0);

/**
 * One order's account. A whole-order payment subtracts the shares paid or held (a held share is being
 * paid by a tablemate: asking for it again would charge it twice); a share is never offered for an
 * order a whole payment covers (the bill leaves such orders out), so the two never ask the same cents.
 */
export function orderAccount(input: OrderAccountInput): OrderAccount {
  assertCents(input.owedCents);
  for (const share of input.shares) assertCents(share.amountCents);
  const sharesPaidCents = total(input.shares, "paid");
  const sharesHeldCents = total(input.shares, "held");
  const paidCents = sharesPaidCents + input.wholeNetCents;
  return {
    sharesPaidCents,
    sharesHeldCents,
    paidCents,
    dueCents: Math.max(0, input.owedCents - paidCents - sharesHeldCents),
    overCents: Math.max(0, paidCents - input.owedCents),
  };
}

/** A visit's (or any scope's) money, as the ledger rows say: captured, and refunds recorded. */
export interface KeptMoneyInput {
  /** what the visit's orders owe together (cancelled orders owe 0) */
  owedCents: number;
  /** every paid event's amount: what the providers captured */
  capturedCents: number;
  /** refunds recorded and not failed (pending ones will return their money) */
  refundRecordedCents: number;
}

/**
 * What is kept beyond what is owed with no refund recorded for it: the invariant says 0. Captured money
 * is either owed, or refunded (recorded at once, sent after commit, shown on the console's money page).
 */
export function keptWithoutRefund(input: KeptMoneyInput): number {
  assertCents(input.owedCents);
  return Math.max(0, input.capturedCents - input.refundRecordedCents - input.owedCents);
}

/** Where an account (an order group's, a table's) stands: nothing paid yet, part of it, or all of it. */
export type PaymentState = "unpaid" | "partlyPaid" | "paid";

/**
 * Paid in full when nothing is left to pay and something was paid (an order all comped, owing 0, was
 * not paid); partly while something was paid and something is left. The floor's paid tables and the
 * console's order read it the same way.
 */
export function paymentState(money: { paidCents: number; leftCents: number }): PaymentState {
  if (money.paidCents <= 0) return "unpaid";
  return money.leftCents === 0 ? "paid" : "partlyPaid";
}
