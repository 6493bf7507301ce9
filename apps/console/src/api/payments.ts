import {
  API,
  type Approval,
  consolePaymentListSchema,
  consoleRefundAnswerSchema,
  moneyIssueListSchema,
  requeryAnswerSchema,
  type SandboxSwitches,
  sandboxSwitchesSchema,
} from "@tablemate/core";
import { call } from "./http.js";

/** The console's payment calls (core's contract/payment.ts), each for one restaurant. */

/** A table's open visit's payments (its orders' and its bill's), or an order group's. */
export const readPayments = (rid: number, of: { tableId: number } | { orderId: number }) =>
  call(API.consolePayments(rid), consolePaymentListSchema, { query: of });

export const readMoneyIssues = (rid: number) => call(API.consoleMoneyIssues(rid), moneyIssueListSchema);

/** Refunds part or all of a payment; a manager's approval when the server asks for one (4031). */
export const refund = (
  rid: number,
  intentId: number,
  body: { amount: string; reason: string; approval?: Approval },
) =>
  call(API.consoleRefund(rid, intentId), consoleRefundAnswerSchema, {
    method: "POST",
    body,
  });

/** Asks the provider again about an attempt; answers its status now. */
export const requery = (rid: number, tradeNo: string) =>
  call(API.consoleRequery(rid, tradeNo), requeryAnswerSchema, {
    method: "POST",
    body: {},
  });

export const readSandbox = (rid: number) => call(API.consoleSandbox(rid), sandboxSwitchesSchema);

export const writeSandbox = (rid: number, switches: SandboxSwitches) =>
  call(API.consoleSandbox(rid), sandboxSwitchesSchema, { method: "PUT", body: switches });
