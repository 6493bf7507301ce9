import {
  API,
  billParamSchema,
  bumpBodySchema,
  recallBodySchema,
  ridParamSchema,
  stationBodySchema,
  stationParamSchema,
  ticketParamSchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { BaseDeps } from "../../deps.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { StaffGuard } from "../staff/guard.js";
import { bumpTicket, recallBump, stationDisplay } from "./display.js";
import { billOf, reprintTicket, ticketToPrint } from "./print.js";
import { setKitchenLog } from "./queue.js";
import {
  createStation,
  deleteStation,
  listStations,
  stationCategoryChoices,
  updateStation,
} from "./stations.js";

/** The kitchen's console calls: parsed (400), the guard (401, 403), then the use case. */
export function kitchenRoutes(app: FastifyInstance, deps: BaseDeps, guard: StaffGuard): void {
  setKitchenLog(deps.db, app.log);
  const stations = API.consoleStations(":rid");
  const station = API.consoleStation(":rid", ":sid");

  app.get(stations, async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    await guard.require(request, rid, "kitchen.read");
    return ok(await listStations(deps.db, rid));
  });

  app.get(API.consoleStationCategories(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    await guard.require(request, rid, "kitchen.read");
    return ok(await stationCategoryChoices(deps.db, rid));
  });

  app.post(stations, async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    const body = parse(stationBodySchema, request.body);
    const principal = await guard.require(request, rid, "menu.write");
    return ok(await createStation(deps.db, principal, body));
  });

  app.put(station, async (request) => {
    const { rid, sid } = parse(stationParamSchema, request.params);
    const body = parse(stationBodySchema, request.body);
    const principal = await guard.require(request, rid, "menu.write");
    return ok(await updateStation(deps.db, principal, sid, body));
  });

  app.delete(station, async (request) => {
    const { rid, sid } = parse(stationParamSchema, request.params);
    const principal = await guard.require(request, rid, "menu.write");
    await deleteStation(deps.db, principal, sid);
    return ok({ id: sid });
  });

  app.get(API.consoleStationDisplay(":rid", ":sid"), async (request) => {
    const { rid, sid } = parse(stationParamSchema, request.params);
    await guard.require(request, rid, "kitchen.read");
    return ok(await stationDisplay(deps, rid, sid));
  });

  app.post(API.consoleStationRecall(":rid", ":sid"), async (request) => {
    const { rid, sid } = parse(stationParamSchema, request.params);
    const { bumpId } = parse(recallBodySchema, request.body);
    const principal = await guard.require(request, rid, "kitchen.bump");
    return ok(await recallBump(deps, principal, sid, bumpId));
  });

  app.get(API.consoleTicket(":rid", ":tid"), async (request) => {
    const { rid, tid } = parse(ticketParamSchema, request.params);
    await guard.require(request, rid, "kitchen.read");
    return ok(await ticketToPrint(deps.db, rid, tid, deps.now()));
  });

  app.post(API.consoleTicketBump(":rid", ":tid"), async (request) => {
    const { rid, tid } = parse(ticketParamSchema, request.params);
    const body = parse(bumpBodySchema, request.body);
    const principal = await guard.require(request, rid, "kitchen.bump");
    return ok(await bumpTicket(deps, principal, { ticketId: tid, ...body }));
  });

  app.post(API.consoleTicketReprint(":rid", ":tid"), async (request) => {
    const { rid, tid } = parse(ticketParamSchema, request.params);
    const principal = await guard.require(request, rid, "tickets.reprint");
    return ok(await reprintTicket(deps.db, principal, tid, deps.now()));
  });

  app.get(API.consoleOrderBill(":rid", ":oid"), async (request) => {
    const { rid, oid } = parse(billParamSchema, request.params);
    await guard.require(request, rid, "bill.print");
    return ok(await billOf(deps.db, rid, oid, deps.now()));
  });
}
