import {
  API,
  moveOrderBodySchema,
  ORDER_STATUS,
  ridParamSchema,
  staffOrderParamsSchema,
  staffOrdersQuerySchema,
  staffTableParamsSchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { BaseDeps } from "../../deps.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import type { StaffGuard } from "./guard.js";
import { staffOrders } from "./listing.js";
import { clearTable, moveOrderStatus, settleTable } from "./moves.js";

/** The staff calls: input parsed (400), then the guard (401, 403), then the use case. */
export function staffRoutes(app: FastifyInstance, deps: BaseDeps, guard: StaffGuard): void {
  app.get(API.staffOrders(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    const filter = parse(staffOrdersQuerySchema, request.query);
    await guard.require(request, rid, "floor.read");
    await getRestaurant(deps.db, rid);
    return ok(await staffOrders(deps.db, rid, filter));
  });

  app.post(API.staffOrderStatus(":rid", ":orderId"), async (request) => {
    const { rid, orderId } = parse(staffOrderParamsSchema, request.params);
    const body = parse(moveOrderBodySchema, request.body);
    const by = await guard.require(
      request,
      rid,
      body.status === ORDER_STATUS.cancelled ? "orders.cancel" : "orders.serve",
    );
    const input = { restaurantId: rid, orderId, to: body.status, actor: by.actor, by };
    const moved = await moveOrderStatus(deps, input);
    return ok({ orderId: moved.orderId, status: moved.status });
  });

  app.post(API.staffSettleTable(":rid", ":tableId"), async (request) => {
    const { rid, tableId } = parse(staffTableParamsSchema, request.params);
    const by = await guard.require(request, rid, "tables.settle");
    const orderIds = await settleTable(deps, { restaurantId: rid, tableId, actor: by.actor, by });
    return ok({ tableId, orderIds });
  });

  app.post(API.staffClearTable(":rid", ":tableId"), async (request) => {
    const { rid, tableId } = parse(staffTableParamsSchema, request.params);
    const by = await guard.require(request, rid, "tables.clear");
    await clearTable(deps, { restaurantId: rid, tableId, actor: by.actor, by });
    return ok({ tableId });
  });
}
