import {
  API,
  createTableSchema,
  qrSheetQuerySchema,
  restaurantParamsSchema,
  tableParamsSchema,
  updateTableSchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import type { StaffGuard } from "../staff/guard.js";
import {
  consoleTables,
  createTable,
  deleteTable,
  qrSheetHtml,
  type TableAdminDeps,
  updateTable,
} from "./admin.js";

/** The console's table management: parsed (400), the guard (401, 403), then the use case. */
export function tableAdminRoutes(
  app: FastifyInstance,
  deps: TableAdminDeps & { now: () => Date },
  guard: StaffGuard,
): void {
  app.get(API.consoleTables(":rid"), async (request) => {
    const { rid } = parse(restaurantParamsSchema, request.params);
    await guard.require(request, rid, "tables.write");
    return ok(await consoleTables(deps, await getRestaurant(deps.db, rid)));
  });

  app.post(API.consoleTables(":rid"), async (request) => {
    const { rid } = parse(restaurantParamsSchema, request.params);
    const body = parse(createTableSchema, request.body);
    const principal = await guard.require(request, rid, "tables.write");
    return ok(await createTable(deps, principal, await getRestaurant(deps.db, rid), body));
  });

  // registered before /tables/:tableId, which it would otherwise match
  app.get(API.consoleQrSheet(":rid"), async (request, reply) => {
    const { rid } = parse(restaurantParamsSchema, request.params);
    const { ids } = parse(qrSheetQuerySchema, request.query);
    await guard.require(request, rid, "tables.write");
    const html = await qrSheetHtml(deps, await getRestaurant(deps.db, rid), ids);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
  });

  app.put(API.consoleTable(":rid", ":tableId"), async (request) => {
    const { rid, tableId } = parse(tableParamsSchema, request.params);
    const body = parse(updateTableSchema, request.body);
    const principal = await guard.require(request, rid, "tables.write");
    return ok(await updateTable(deps, principal, await getRestaurant(deps.db, rid), tableId, body));
  });

  app.delete(API.consoleTable(":rid", ":tableId"), async (request) => {
    const { rid, tableId } = parse(tableParamsSchema, request.params);
    const principal = await guard.require(request, rid, "tables.write");
    return ok(await deleteTable(deps, principal, await getRestaurant(deps.db, rid), tableId, deps.now()));
  });
}
