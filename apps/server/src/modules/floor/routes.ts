import {
  API,
  cancelOrderBodySchema,
  compLineBodySchema,
  consoleCallParamSchema,
  consoleLineParamSchema,
  consoleOrderParamSchema,
  consoleRidParamSchema,
  consoleTableParamSchema,
  emptyActionSchema,
  fulfilmentBodySchema,
  fulfilmentPermission,
  gateRulesSchema,
  reverseSettleBodySchema,
  seatTableBodySchema,
  staffCartOpBodySchema,
  staffSubmitBodySchema,
  voidLineBodySchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { RefundingDeps } from "../../deps.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { SubmitDeps } from "../order/submit.js";
import type { StaffGuard } from "../staff/guard.js";
import {
  acceptOrder,
  ackCall,
  cancelStaffOrder,
  compLine,
  reverseSettle,
  seatTable,
  serveOrder,
  voidLine,
} from "./actions.js";
import type { VerifyApproval } from "./approvals.js";
import { readFloor, readTableDetail } from "./floor-read.js";
import { moveFulfilment } from "./fulfilment.js";
import { readGateRules, writeGateRules } from "./gate-settings.js";
import { readOrderDetail } from "./order-detail.js";
import { staffCartOp, staffSubmit } from "./waiter-cart.js";

export interface FloorRouteDeps extends SubmitDeps, RefundingDeps {
  guard: StaffGuard;
  verifyApproval: VerifyApproval;
}

/**
 * The floor's staff calls (issue 17), all under `/console/api/v1/restaurants/:rid/...`: parsed (400),
 * then the guard (401, 403: another restaurant, or a role without the permission), then the use case.
 */
export function floorRoutes(app: FastifyInstance, deps: FloorRouteDeps): void {
  const { db, guard } = deps;
  const path = (build: (...ids: string[]) => string, ...names: string[]) =>
    build(...names.map((n) => `:${n}`));

  app.get(
    path((rid) => API.consoleFloor(rid), "rid"),
    async (request) => {
      const { rid } = parse(consoleRidParamSchema, request.params);
      await guard.require(request, rid, "floor.read");
      return ok(await readFloor(db, rid, deps.now()));
    },
  );

  app.get(
    path((rid, tableId) => API.consoleTable(rid, tableId), "rid", "tableId"),
    async (request) => {
      const { rid, tableId } = parse(consoleTableParamSchema, request.params);
      await guard.require(request, rid, "floor.read");
      return ok(await readTableDetail(db, rid, tableId, deps.now()));
    },
  );

  app.get(
    path((rid, orderId) => API.consoleOrder(rid, orderId), "rid", "orderId"),
    async (request) => {
      const { rid, orderId } = parse(consoleOrderParamSchema, request.params);
      const by = await guard.require(request, rid, "floor.read");
      return ok(await readOrderDetail(db, by, orderId, deps.now()));
    },
  );

  const orderPath = (action: "accept" | "serve" | "cancel" | "fulfilment") =>
    path((rid, orderId) => API.consoleOrderAction(rid, orderId, action), "rid", "orderId");

  app.post(orderPath("accept"), async (request) => {
    const { rid, orderId } = parse(consoleOrderParamSchema, request.params);
    parse(emptyActionSchema, request.body);
    const by = await guard.require(request, rid, "orders.accept");
    return ok(await acceptOrder(deps, by, rid, orderId));
  });

  app.post(orderPath("serve"), async (request) => {
    const { rid, orderId } = parse(consoleOrderParamSchema, request.params);
    parse(emptyActionSchema, request.body);
    const by = await guard.require(request, rid, "orders.serve");
    return ok(await serveOrder(deps, by, rid, orderId));
  });

  app.post(orderPath("cancel"), async (request) => {
    const { rid, orderId } = parse(consoleOrderParamSchema, request.params);
    const body = parse(cancelOrderBodySchema, request.body);
    const by = await guard.require(request, rid, "orders.cancel");
    return ok(await cancelStaffOrder(deps, by, rid, orderId, body));
  });

  // 配送中 / 已送达, a reservation confirmed or declined, 叫号: the step's own permission (core)
  app.post(orderPath("fulfilment"), async (request) => {
    const { rid, orderId } = parse(consoleOrderParamSchema, request.params);
    const { to } = parse(fulfilmentBodySchema, request.body);
    const by = await guard.require(request, rid, fulfilmentPermission(to));
    return ok(await moveFulfilment(deps, by, rid, orderId, to));
  });

  app.post(
    path((rid, lineId) => API.consoleLineComp(rid, lineId), "rid", "lineId"),
    async (request) => {
      const { rid, lineId } = parse(consoleLineParamSchema, request.params);
      const body = parse(compLineBodySchema, request.body);
      const by = await guard.require(request, rid, "orders.comp");
      return ok(await compLine(deps, by, rid, lineId, body));
    },
  );

  app.post(
    path((rid, lineId) => API.consoleLineVoid(rid, lineId), "rid", "lineId"),
    async (request) => {
      const { rid, lineId } = parse(consoleLineParamSchema, request.params);
      const body = parse(voidLineBodySchema, request.body);
      const by = await guard.require(request, rid, "orders.cancel");
      return ok(await voidLine(deps, by, rid, lineId, body));
    },
  );

  const tablePath = (action: "seat" | "reverse-settle" | "cart-ops" | "submit") =>
    path((rid, tableId) => API.consoleTableAction(rid, tableId, action), "rid", "tableId");

  app.post(tablePath("reverse-settle"), async (request) => {
    const { rid, tableId } = parse(consoleTableParamSchema, request.params);
    const body = parse(reverseSettleBodySchema, request.body);
    const by = await guard.require(request, rid, "tables.reverseSettle");
    return ok(await reverseSettle(deps, by, rid, tableId, body));
  });

  app.post(tablePath("seat"), async (request) => {
    const { rid, tableId } = parse(consoleTableParamSchema, request.params);
    const body = parse(seatTableBodySchema, request.body);
    // seating a party is part of taking their orders
    const by = await guard.require(request, rid, "orders.accept");
    return ok(await seatTable(deps, by, rid, tableId, body?.personNum));
  });

  app.post(tablePath("cart-ops"), async (request) => {
    const { rid, tableId } = parse(consoleTableParamSchema, request.params);
    const body = parse(staffCartOpBodySchema, request.body);
    const by = await guard.require(request, rid, "orders.accept");
    return ok(await staffCartOp(deps, by, rid, tableId, body));
  });

  app.post(tablePath("submit"), async (request) => {
    const { rid, tableId } = parse(consoleTableParamSchema, request.params);
    const body = parse(staffSubmitBodySchema, request.body);
    const by = await guard.require(request, rid, "orders.accept");
    return ok(await staffSubmit(deps, by, rid, tableId, body));
  });

  app.post(
    path((rid, callId) => API.consoleCallAck(rid, callId), "rid", "callId"),
    async (request) => {
      const { rid, callId } = parse(consoleCallParamSchema, request.params);
      parse(emptyActionSchema, request.body);
      const by = await guard.require(request, rid, "calls.ack");
      return ok(await ackCall(deps, by, rid, callId));
    },
  );

  app.get(
    path((rid) => API.consoleGate(rid), "rid"),
    async (request) => {
      const { rid } = parse(consoleRidParamSchema, request.params);
      await guard.require(request, rid, "floor.read");
      return ok(await readGateRules(db, rid));
    },
  );

  app.put(
    path((rid) => API.consoleGate(rid), "rid"),
    async (request) => {
      const { rid } = parse(consoleRidParamSchema, request.params);
      const rules = parse(gateRulesSchema, request.body);
      const by = await guard.require(request, rid, "settings.write");
      return ok(await writeGateRules(db, by, rid, rules));
    },
  );
}
