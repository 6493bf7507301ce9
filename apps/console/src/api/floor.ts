import {
  API,
  type Approval,
  callAckedSchema,
  consoleOrdersSchema,
  floorSchema,
  gateRulesSchema,
  lineCompedSchema,
  lineVoidedSchema,
  orderMovedSchema,
  settleReversedSchema,
  staffCartOpAnswerSchema,
  staffClearResultSchema,
  staffSettleResultSchema,
  type TableOp,
  tableDetailSchema,
  tableSeatedSchema,
} from "@tablemate/core";
import { call } from "./http.js";

/** The floor's calls (core's contract/console-floor.ts), each for one restaurant. */

export const readFloor = (rid: number) => call(API.consoleFloor(rid), floorSchema);

export const readTable = (rid: number, tableId: number) =>
  call(API.consoleTable(rid, tableId), tableDetailSchema);

export const readOrders = (rid: number, filter: { status?: number; from?: string }) =>
  call(API.staffOrders(rid), consoleOrdersSchema, { query: filter });

export const acceptOrder = (rid: number, orderId: number) =>
  call(API.consoleOrderAction(rid, orderId, "accept"), orderMovedSchema, { method: "POST", body: {} });

export const serveOrder = (rid: number, orderId: number) =>
  call(API.consoleOrderAction(rid, orderId, "serve"), orderMovedSchema, { method: "POST", body: {} });

export const cancelOrder = (rid: number, orderId: number, reason: string, approval?: Approval) =>
  call(API.consoleOrderAction(rid, orderId, "cancel"), orderMovedSchema, {
    method: "POST",
    body: { reason, approval },
  });

export const compLine = (rid: number, lineId: number, reason: string, approval?: Approval) =>
  call(API.consoleLineComp(rid, lineId), lineCompedSchema, {
    method: "POST",
    body: { reason, approval },
  });

export const voidLine = (rid: number, lineId: number, reason: string, approval?: Approval) =>
  call(API.consoleLineVoid(rid, lineId), lineVoidedSchema, { method: "POST", body: { reason, approval } });

export const reverseSettle = (rid: number, tableId: number, reason: string, approval?: Approval) =>
  call(API.consoleTableAction(rid, tableId, "reverse-settle"), settleReversedSchema, {
    method: "POST",
    body: { reason, approval },
  });

export const seatTable = (rid: number, tableId: number, personNum?: number) =>
  call(API.consoleTableAction(rid, tableId, "seat"), tableSeatedSchema, {
    method: "POST",
    body: personNum === undefined ? {} : { personNum },
  });

export const staffCartOp = (rid: number, tableId: number, opId: string, op: TableOp) =>
  call(API.consoleTableAction(rid, tableId, "cart-ops"), staffCartOpAnswerSchema, {
    method: "POST",
    body: { opId, op },
  });

export const ackCall = (rid: number, callId: number) =>
  call(API.consoleCallAck(rid, callId), callAckedSchema, { method: "POST", body: {} });

/** Settle and clear: the staff calls that existed before the floor. */
export const settleTable = (rid: number, tableId: number) =>
  call(API.staffSettleTable(rid, tableId), staffSettleResultSchema, { method: "POST", body: {} });

export const clearTable = (rid: number, tableId: number) =>
  call(API.staffClearTable(rid, tableId), staffClearResultSchema, { method: "POST", body: {} });

export const readGate = (rid: number) => call(API.consoleGate(rid), gateRulesSchema);
