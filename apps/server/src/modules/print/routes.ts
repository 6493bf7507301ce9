import {
  API,
  billParamSchema,
  printerBodySchema,
  printerParamSchema,
  printJobParamSchema,
  printJobsQuerySchema,
  ridParamSchema,
  stationParamSchema,
  stationPrinterBodySchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Sealer } from "../../security/sealed.js";
import type { StaffGuard } from "../staff/guard.js";
import { feieyunCallback, yilianyunCallback } from "./callbacks.js";
import {
  jobPage,
  listJobs,
  markBrowserPrinted,
  printBill,
  printTestPage,
  reprintJob,
  retryJob,
} from "./jobs.js";
import { deletePrinter, listPrinters, printerOf, routeStation, savePrinter } from "./printers.js";
import type { VirtualPrinters } from "./virtual.js";

export interface PrintRouteDeps {
  db: Db;
  now: () => Date;
  sealer: Sealer;
  virtualPrinters: VirtualPrinters;
  /** 飞鹅's callback key (FEIEYUN_CALLBACK_PUBLIC_KEY) */
  feieyunPublicKey?: string;
}

/** A form body (@fastify/formbody parsed it) as the services sent it. */
const formOf = (body: unknown): URLSearchParams =>
  new URLSearchParams(
    body && typeof body === "object"
      ? Object.entries(body).flatMap(
          ([k, v]): Array<[string, string]> => (typeof v === "string" ? [[k, v]] : []),
        )
      : [],
  );

/**
 * The printing console calls (issue 27): parsed (400), the guard (401, 403), then the use case.
 * Printers are set up by who sets up the restaurant (settings.write); the queue is read, retried and
 * reprinted by whoever may reprint a ticket (floor, kitchen, counter).
 */
export function printRoutes(app: FastifyInstance, deps: PrintRouteDeps, guard: StaffGuard): void {
  const { db } = deps;
  const callbackDeps = {
    db,
    sealer: deps.sealer,
    now: () => new Date(),
    feieyunPublicKey: deps.feieyunPublicKey,
  };
  // the services' callbacks: a forged one is refused (403); any other is acknowledged as each expects
  app.post(API.printCallback("yilianyun"), async (request, reply) => {
    const outcome = await yilianyunCallback(callbackDeps, formOf(request.body));
    if (outcome === "badSignature") return reply.code(403).send({ data: "sign error" });
    return { data: "OK" };
  });
  app.post(API.printCallback("feieyun"), async (request, reply) => {
    const outcome = await feieyunCallback(callbackDeps, formOf(request.body));
    if (outcome === "badSignature") return reply.code(403).type("text/plain").send("SIGN ERROR");
    return reply.type("text/plain").send("SUCCESS");
  });
  app.get(API.consolePrinters(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    await guard.require(request, rid, "tickets.reprint");
    return ok(await listPrinters(db, rid));
  });

  app.post(API.consolePrinters(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    const body = parse(printerBodySchema, request.body);
    const principal = await guard.require(request, rid, "settings.write");
    return ok(await savePrinter(db, deps.sealer, principal, null, body));
  });

  app.put(API.consolePrinter(":rid", ":pid"), async (request) => {
    const { rid, pid } = parse(printerParamSchema, request.params);
    const body = parse(printerBodySchema, request.body);
    const principal = await guard.require(request, rid, "settings.write");
    return ok(await savePrinter(db, deps.sealer, principal, pid, body));
  });

  app.delete(API.consolePrinter(":rid", ":pid"), async (request) => {
    const { rid, pid } = parse(printerParamSchema, request.params);
    const principal = await guard.require(request, rid, "settings.write");
    await deletePrinter(db, principal, pid);
    return ok({ id: pid });
  });

  app.post(API.consolePrinterTest(":rid", ":pid"), async (request) => {
    const { rid, pid } = parse(printerParamSchema, request.params);
    const principal = await guard.require(request, rid, "tickets.reprint");
    return ok(await printTestPage(db, principal, pid, deps.now()));
  });

  app.get(API.consolePrinterPaper(":rid", ":pid"), async (request) => {
    const { rid, pid } = parse(printerParamSchema, request.params);
    await guard.require(request, rid, "tickets.reprint");
    await printerOf(db, rid, pid);
    return ok(deps.virtualPrinters.paper(pid));
  });

  app.put(API.consoleStationPrinter(":rid", ":sid"), async (request) => {
    const { rid, sid } = parse(stationParamSchema, request.params);
    const { printerId } = parse(stationPrinterBodySchema, request.body);
    const principal = await guard.require(request, rid, "settings.write");
    return ok(await routeStation(db, principal, sid, printerId));
  });

  app.get(API.consolePrintJobs(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    const query = parse(printJobsQuerySchema, request.query);
    await guard.require(request, rid, "tickets.reprint");
    return ok(await listJobs(db, rid, query));
  });

  app.post(API.consolePrintJobRetry(":rid", ":jid"), async (request) => {
    const { rid, jid } = parse(printJobParamSchema, request.params);
    const principal = await guard.require(request, rid, "tickets.reprint");
    return ok(await retryJob(db, principal, jid, deps.now()));
  });

  app.get(API.consolePrintJob(":rid", ":jid"), async (request) => {
    const { rid, jid } = parse(printJobParamSchema, request.params);
    await guard.require(request, rid, "tickets.reprint");
    return ok(await jobPage(db, rid, jid));
  });

  app.post(API.consolePrintJobPrinted(":rid", ":jid"), async (request) => {
    const { rid, jid } = parse(printJobParamSchema, request.params);
    const principal = await guard.require(request, rid, "tickets.reprint");
    return ok(await markBrowserPrinted(db, principal, jid, deps.now()));
  });

  app.post(API.consolePrintJobReprint(":rid", ":jid"), async (request) => {
    const { rid, jid } = parse(printJobParamSchema, request.params);
    const principal = await guard.require(request, rid, "tickets.reprint");
    return ok(await reprintJob(db, principal, jid, deps.now()));
  });

  app.post(API.consoleOrderBillPrint(":rid", ":oid"), async (request) => {
    const { rid, oid } = parse(billParamSchema, request.params);
    const principal = await guard.require(request, rid, "bill.print");
    return ok(await printBill(db, principal, oid, deps.now()));
  });
}
