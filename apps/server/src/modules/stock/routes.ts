import {
  API,
  posSwitchSchema,
  restaurantParamsSchema,
  stockChangeSchema,
  stockItemParamsSchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import type { StaffGuard } from "../staff/guard.js";
import {
  changeAdditionStock,
  changeDishStock,
  type StockDeps,
  setPosOnline,
  stockOverview,
} from "./stock.js";

/** The console's stock and POS calls: parsed (400), the guard (401, 403), then the use case. */
export function stockRoutes(app: FastifyInstance, deps: StockDeps, guard: StaffGuard): void {
  app.get(API.consoleStock(":rid"), async (request) => {
    const { rid } = parse(restaurantParamsSchema, request.params);
    await guard.require(request, rid, "stock.write");
    return ok(await stockOverview(deps, await getRestaurant(deps.db, rid)));
  });

  app.put(API.consoleDishStock(":rid", ":itemId"), async (request) => {
    const { rid, itemId } = parse(stockItemParamsSchema, request.params);
    const change = parse(stockChangeSchema, request.body);
    const principal = await guard.require(request, rid, "stock.write");
    const restaurant = await getRestaurant(deps.db, rid);
    return ok(await changeDishStock(deps, principal, restaurant, itemId, change));
  });

  app.put(API.consoleAdditionStock(":rid", ":itemId"), async (request) => {
    const { rid, itemId } = parse(stockItemParamsSchema, request.params);
    const change = parse(stockChangeSchema, request.body);
    const principal = await guard.require(request, rid, "stock.write");
    const restaurant = await getRestaurant(deps.db, rid);
    return ok(await changeAdditionStock(deps, principal, restaurant, itemId, change));
  });

  app.put(API.consolePos(":rid"), async (request) => {
    const { rid } = parse(restaurantParamsSchema, request.params);
    const { online } = parse(posSwitchSchema, request.body);
    const principal = await guard.require(request, rid, "pos.write");
    return ok(await setPosOnline(deps, principal, rid, online));
  });
}
