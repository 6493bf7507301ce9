import {
  API,
  type Approval,
  ATTEMPT_STATUSES,
  consolePaymentSchema,
  moneyIssueSchema,
  type SandboxSwitches,
  sandboxSwitchesSchema,
} from "@tablemate/core";
import { z } from "zod";
import { call } from "./http.js";

/** The console's payment calls (core's contract/payment.ts), each for one restaurant. */

/** A table's open visit's payments (its orders' and its bill's), or an order group's. */
export const readPayments = (rid: number, of: { tableId: number } | { orderId: number }) =>
  call(API.consolePayments(rid), z.array(consolePaymentSchema), { query: of });

export const readMoneyIssues = (rid: number) => call(API.consoleMoneyIssues(rid), z.array(moneyIssueSchema));

/** Refunds part or all of a payment; a manager's approval when the server asks for one (4031). */
export const refund = (
  rid: number,
  intentId: number,
  body: { amount: string; reason: string; approval?: Approval },
) =>
  call(API.consoleRefund(rid, intentId), z.object({ refunds: z.array(z.string()) }), {
    method: "POST",
    body,
  });

/** Asks the provider again about an attempt; answers its status now. */
export const requery = (rid: number, tradeNo: string) =>
  call(API.consoleRequery(rid, tradeNo), z.object({ status: z.enum(ATTEMPT_STATUSES) }), {
    method: "POST",
    body: {},
  });

export const readSandbox = (rid: number) => call(API.consoleSandbox(rid), sandboxSwitchesSchema);

export const writeSandbox = (rid: number, switches: SandboxSwitches) =>
  call(API.consoleSandbox(rid), sandboxSwitchesSchema, { method: "PUT", body: switches });
