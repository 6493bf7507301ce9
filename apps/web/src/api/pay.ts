/**
 * The diner's pay calls (issue 18) on the diner's client, loaded only with the pay pages: PAY_API is
 * apart from DINER_API so the menu's first screen carries none of it. Their bodies are JSON, as
 * docs/api.md takes them (the bill's claims are a list).
 */
import { jsonBody } from "@tablemate/client";
import {
  type AvailableCoupons,
  type BillClaimRequest,
  type BillView,
  MEMBER_API,
  type MemberDiscounts,
  type MemberPayChoice,
  PAY_API,
  type PayAttempt,
  type PayStart,
  type PayView,
} from "@tablemate/core";
import { http } from "./http.js";

type Id = number | string;

export function payView(rid: Id, orderId: Id): Promise<PayView> {
  return http.get(PAY_API.payOrder(orderId), { rid });
}

/**
 * Start paying an order, with the member money chosen (none by default): the same key and body answer
 * the same attempt (a retried tap, a reload).
 */
export function startPay(
  rid: Id,
  orderId: Id,
  returnPath: string,
  idempotencyKey: string,
  choice: Partial<MemberPayChoice> = {},
): Promise<PayStart> {
  return http.post(
    PAY_API.prepay,
    { rid, orderId, returnPath, ...choice },
    { encodeBody: jsonBody, headers: { "Idempotency-Key": idempotencyKey } },
  );
}

/** The coupons the diner's card holds, each with its verdict on this order (`couponId`: the one chosen). */
export function availableCoupons(rid: Id, orderId: Id, couponId?: number): Promise<AvailableCoupons> {
  return http.get(MEMBER_API.availableCoupons, { rid, orderId, ...(couponId ? { couponId } : {}) });
}

/** The discount pipeline for a choice: its steps, the payable, what stored value and points may pay. */
export function memberDiscounts(rid: Id, orderId: Id, choice: MemberPayChoice): Promise<MemberDiscounts> {
  return http.get(MEMBER_API.discounts, {
    rid,
    orderId,
    ...(choice.couponId ? { couponId: choice.couponId } : {}),
    points: choice.points,
    storedValue: choice.storedValueCents,
  });
}

/** An attempt's state as the server knows it (it asks the provider about a pending one). */
export function attempt(rid: Id, tradeNo: string): Promise<PayAttempt> {
  return http.get(PAY_API.payAttempt(tradeNo), { rid });
}

export function bill(rid: Id): Promise<BillView> {
  return http.get(PAY_API.bill, { rid });
}

/** Split lines and hold shares of them (take 0 lets this diner's go); answers the bill as it now is. */
export function claim(rid: Id, claims: BillClaimRequest["claims"]): Promise<BillView> {
  return http.post(PAY_API.billClaims, { rid, claims }, { encodeBody: jsonBody });
}

/** Pay what this diner's held claims come to. */
export function payBill(rid: Id, returnPath: string, idempotencyKey: string): Promise<PayStart> {
  return http.post(
    PAY_API.billPay,
    { rid, returnPath },
    {
      encodeBody: jsonBody,
      headers: { "Idempotency-Key": idempotencyKey },
    },
  );
}
