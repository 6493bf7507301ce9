import type { OrderPay } from "../contract/order.js";

/**
 * Whether an order counts as paid for the prepayment rules (spec 001 §4: "first-order-paid is true if
 * any pay entry is paid"): once it is, the member card used is fixed and the card switch hides, and
 * the diner is told member benefits now need the cashier. A pending entry is not paid.
 */
export function firstOrderPaid(pays: readonly Pick<OrderPay, "paid">[]): boolean {
  return pays.some((p) => p.paid);
}

/**
 * The notice a prepayment diner sees once the first order is paid (spec 000 §2): "companion" when a
 * tablemate paid it with a member card (this diner now shares that card's benefits), otherwise
 * "cashier" (the card is fixed by the payment: any member benefit from now on goes through the
 * cashier). None before the first payment, or outside prepayment.
 */
export type PrepaidNotice = "cashier" | "companion";

export function prepaidNotice(input: {
  prepayment: boolean;
  pays: readonly Pick<OrderPay, "paid" | "mine">[];
  /** the member card the order is fixed to ("" for none) */
  vipId: string;
}): PrepaidNotice | null {
  if (!input.prepayment || !firstOrderPaid(input.pays)) return null;
  const companionPaid = input.pays.some((p) => p.paid && !p.mine);
  return companionPaid && input.vipId !== "" ? "companion" : "cashier";
}
