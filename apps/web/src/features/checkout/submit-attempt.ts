import { randomUuid } from "@tablemate/client";
import type { CartLine } from "@tablemate/core";
import { updateCheckout, useCheckoutStore } from "./checkout-store.js";

/** One submit of one cart: the id the server knows it by (spec 000 §3 submitId). */
export interface SubmitAttempt {
  /** the cart as the order takes it: its id, and each line's choice, count and note */
  cart: string;
  submitId: string;
}

const cartKey = (cartId: number, lines: readonly CartLine[]): string =>
  JSON.stringify([cartId, lines.map((line) => [line.detailId, line.count, line.memo])]);

/**
 * The attempt to send: the unanswered one of the same cart again, else a new id. An attempt that got no
 * answer may have placed the order; the server answers a repeated submit id with that order, where a
 * new id would find the cart already emptied.
 */
export function submitAttempt(cartId: number, lines: readonly CartLine[]): SubmitAttempt {
  const cart = cartKey(cartId, lines);
  const unanswered = useCheckoutStore.getState().unanswered;
  return unanswered?.cart === cart ? unanswered : { cart, submitId: randomUuid() };
}

/** After the call: any code is definitive and ends the attempt; no answer keeps it for the retry. */
export function settleAttempt(attempt: SubmitAttempt, answered: boolean): void {
  updateCheckout({ unanswered: answered ? null : attempt });
}
