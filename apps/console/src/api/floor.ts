import {
  API,
  type Approval,
  callAckedSchema,
  consoleOrdersSchema,
  floorSchema,
  gateRulesSchema,
  orderMovedSchema,
  type TableOp,
  tableDetailSchema,
} from "@tablemate/core";
import { z } from "zod";
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
  call(API.consoleLineComp(rid, lineId), z.object({ lineId: z.number(), orderId: z.number() }), {
    method: "POST",
    body: { reason, approval },
  });

export const voidLine = (rid: number, lineId: number, reason: string, approval?: Approval) =>
  call(
    API.consoleLineVoid(rid, lineId),
    z.object({ lineId: z.number(), orderId: z.number(), total: z.string() }),
    { method: "POST", body: { reason, approval } },
  );

export const reverseSettle = (rid: number, tableId: number, reason: string, approval?: Approval) =>
  call(API.consoleTableAction(rid, tableId, "reverse-settle"), z.object({ tableId: z.number() }), {
    method: "POST",
    body: { reason, approval },
  });

export const seatTable = (rid: number, tableId: number, personNum?: number) =>
  call(API.consoleTableAction(rid, tableId, "seat"), z.object({ tableId: z.number() }), {
    method: "POST",
    body: personNum === undefined ? {} : { personNum },
  });

export const staffCartOp = (rid: number, tableId: number, opId: string, op: TableOp) =>
  call(
    API.consoleTableAction(rid, tableId, "cart-ops"),
    z.object({ verdict: z.object({ ok: z.boolean(), message: z.string() }) }),
    {
      method: "POST",
      body: { opId, op },
    },
  );

export const ackCall = (rid: number, callId: number) =>
  call(API.consoleCallAck(rid, callId), callAckedSchema, { method: "POST", body: {} });

/** Settle and clear: the staff calls that existed before the floor. */
export const settleTable = (rid: number, tableId: number) =>
  call(API.staffSettleTable(rid, tableId), z.unknown(), { method: "POST", body: {} });

export const clearTable = (rid: number, tableId: number) =>
  call(API.staffClearTable(rid, tableId), z.unknown(), { method: "POST", body: {} });

export const readGate = (rid: number) => call(API.consoleGate(rid), gateRulesSchema);
