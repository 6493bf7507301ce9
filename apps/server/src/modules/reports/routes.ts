import { API, reportDays, reportParamsSchema, reportRangeQuerySchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import type { StaffGuard } from "../staff/guard.js";
import { ordersCsv, reportSummary } from "./reports.js";

export interface ReportDeps {
  db: Db;
  now: () => Date;
}

/** Today's numbers: the summary and the orders' CSV of a range of the restaurant's days (reports.read). */
export function reportRoutes(app: FastifyInstance, deps: ReportDeps, guard: StaffGuard): void {
  const read = async (params: unknown, query: unknown, request: Parameters<StaffGuard["require"]>[0]) => {
    const { rid } = parse(reportParamsSchema, params);
    const range = parse(reportRangeQuerySchema, query);
    await guard.require(request, rid, "reports.read");
    const restaurant = await getRestaurant(deps.db, rid);
    return { restaurant, days: reportDays(range, deps.now(), restaurant.timezone) };
  };

  app.get(API.consoleReportsSummary(":rid"), async (request) => {
    const { restaurant, days } = await read(request.params, request.query, request);
    return ok(await reportSummary(deps.db, restaurant, days));
  });

  app.get(API.consoleReportsCsv(":rid"), async (request, reply) => {
    const { restaurant, days } = await read(request.params, request.query, request);
    const csv = await ordersCsv(deps.db, restaurant, days);
    const file = `orders-${restaurant.id}-${days.from}_${days.to}.csv`;
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${file}"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
}
