import {
  API,
  moveOrderBodySchema,
  ORDER_STATUS,
  orderIdParamSchema,
  settleTableBodySchema,
  staffOrdersQuerySchema,
  tableIdParamSchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { CartDeps } from "../cart/operate.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { staffActor } from "./auth.js";
import type { StaffGuard } from "./guard.js";
import { staffOrders } from "./listing.js";
import { clearTable, moveOrderStatus, settleTable } from "./moves.js";

/** The staff calls: input parsed (400), then the guard (401, 403), then the use case. */
export function staffRoutes(app: FastifyInstance, deps: CartDeps, guard: StaffGuard): void {
  app.get(API.staffOrders, async (request) => {
    const { rid, status } = parse(staffOrdersQuerySchema, request.query);
    await guard.require(request, rid, "floor.read");
    await getRestaurant(deps.db, rid);
    return ok(await staffOrders(deps.db, rid, status));
  });

  app.post(API.staffOrderStatus(":orderId"), async (request) => {
    const { orderId } = parse(orderIdParamSchema, request.params);
    const body = parse(moveOrderBodySchema, request.body);
    const by = await guard.require(
      request,
      body.rid,
      body.status === ORDER_STATUS.cancelled ? "orders.cancel" : "orders.serve",
    );
    const input = { restaurantId: body.rid, orderId, to: body.status, actor: staffActor(body.by), by };
    const moved = await moveOrderStatus(deps, input);
    return ok({ orderId: moved.orderId, status: moved.status });
  });

  app.post(API.staffSettleTable(":tableId"), async (request) => {
    const { tableId } = parse(tableIdParamSchema, request.params);
    const body = parse(settleTableBodySchema, request.body);
    const by = await guard.require(request, body.rid, "tables.settle");
    const orderIds = await settleTable(deps, {
      restaurantId: body.rid,
      tableId,
      actor: staffActor(body.by),
      by,
    });
    return ok({ tableId, orderIds });
  });

  app.post(API.staffClearTable(":tableId"), async (request) => {
    const { tableId } = parse(tableIdParamSchema, request.params);
    const body = parse(settleTableBodySchema, request.body);
    const by = await guard.require(request, body.rid, "tables.clear");
    await clearTable(deps, { restaurantId: body.rid, tableId, actor: staffActor(body.by), by });
    return ok({ tableId });
  });
}
