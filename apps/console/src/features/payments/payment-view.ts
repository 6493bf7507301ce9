import {
  type ConsolePayment,
  centsToMoneyText,
  type IntentMoneyState,
  intentState,
  refundableCents,
  yuanToCents,
} from "@tablemate/core";

export interface PaymentView {
  state: IntentMoneyState;
  /** some of what was paid was given back: all of it ('all') or a part ('part') */
  refunded: "none" | "part" | "all";
  /** what may still be refunded, as money text ('12.30'): captured less refunded less refunds in flight */
  refundable: string;
  refundableCents: number;
}

/**
 * Where a payment stands, by core's rules (intentState, refundableCents) over what the server sent:
 * its paid and refunded sums stand for its events, its refunds and attempts are as listed. Staff read
 * whether the payer paid: a refund does not make a paid order 未支付 here (its 已退 says what went
 * back), while money kept beyond what was owed is 多收款, as the money list has it.
 */
export function paymentView(payment: ConsolePayment): PaymentView {
  const amountCents = yuanToCents(payment.amount);
  const paid = { kind: "paid" as const, amountCents: yuanToCents(payment.paid) };
  const refunded = { kind: "refunded" as const, amountCents: yuanToCents(payment.refunded) };
  const captured = intentState({ amountCents, events: [paid], attempts: payment.attempts });
  const kept = intentState({ amountCents, events: [paid, refunded], attempts: payment.attempts });
  const state =
    kept.state === "overpaid" ? "overpaid" : captured.state === "overpaid" ? "paid" : captured.state;
  const refunds = payment.refunds.map((r) => ({ amountCents: yuanToCents(r.amount), status: r.status }));
  const refundable = refundableCents([paid, refunded], refunds);
  return {
    state,
    refunded: refunded.amountCents === 0 ? "none" : kept.netCents <= 0 ? "all" : "part",
    refundable: centsToMoneyText(refundable),
    refundableCents: refundable,
  };
}

/** Whether a typed amount is money: yuan with at most two places ('12', '12.3', '12.30'). */
export const AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** A typed amount as the wire's money text ('12.3' → '12.30'). */
export function amountText(typed: string): string {
  return centsToMoneyText(yuanToCents(typed.trim()));
}
