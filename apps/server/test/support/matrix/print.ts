import { API, testPageDoc } from "@tablemate/core";
import { and, asc, eq } from "drizzle-orm";
import { auditLog, kitchenTickets, printers, printJobs, stations } from "../../../src/db/schema.js";
import { kitchenIdle } from "../../../src/modules/kitchen/queue.js";
import type { MatrixContext, MatrixRow } from "./types.js";

/** Printing's rows (issue 27): printers are set up with settings.write, the queue used with tickets.reprint. */
const printingOf = async ({ db, rid }: MatrixContext) => ({
  printers: await db.select().from(printers).where(eq(printers.restaurantId, rid)).orderBy(asc(printers.id)),
  jobs: await db.select().from(printJobs).where(eq(printJobs.restaurantId, rid)).orderBy(asc(printJobs.id)),
  stations: await db.select().from(stations).where(eq(stations.restaurantId, rid)).orderBy(asc(stations.id)),
  audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
});

/** A browser printer made for a row (no process sends to it). */
async function freshPrinter(ctx: MatrixContext, counter = false): Promise<number> {
  if (counter)
    await ctx.db.update(printers).set({ counter: false }).where(eq(printers.restaurantId, ctx.rid));
  const [row] = await ctx.db
    .insert(printers)
    .values({ restaurantId: ctx.rid, name: `矩阵打印${ctx.unique()}`, kind: "browser", counter })
    .returning({ id: printers.id });
  if (!row) throw new Error("no printer");
  return row.id;
}

/** A job of a kitchen ticket at a fresh printer, in `state`. */
async function freshJob(ctx: MatrixContext, state: "queued" | "failed" | "printed"): Promise<number> {
  const { orderId } = await ctx.placedOrder();
  await kitchenIdle(ctx.db);
  const [ticket] = await ctx.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, orderId));
  const printerId = await freshPrinter(ctx);
  const [job] = await ctx.db
    .insert(printJobs)
    .values({
      restaurantId: ctx.rid,
      printerId,
      firstPrinterId: printerId,
      kind: "ticket",
      key: `matrix/${ctx.unique()}`,
      ticketId: ticket?.id ?? null,
      orderId,
      page: testPageDoc("矩阵", new Date().toISOString(), { timeZone: "Asia/Shanghai" }),
      state,
    })
    .returning({ id: printJobs.id });
  if (!job) throw new Error("no job");
  return job.id;
}

const firstStation = async ({ db, rid }: MatrixContext) => {
  const [row] = await db
    .select()
    .from(stations)
    .where(eq(stations.restaurantId, rid))
    .orderBy(asc(stations.id));
  if (!row) throw new Error("no station");
  return row.id;
};

export const PRINT_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consolePrinters(":rid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrinters(ctx.rid) }),
    snapshot: printingOf,
  },
  {
    method: "POST",
    route: API.consolePrinters(":rid"),
    permission: "settings.write",
    request: async (ctx) => ({
      url: API.consolePrinters(ctx.rid),
      // a browser printer: no sender talks to it, so the snapshots stay still
      payload: { name: `新打印机${ctx.unique()}`, kind: "browser", paper: 58 },
    }),
    snapshot: printingOf,
  },
  {
    method: "PUT",
    route: API.consolePrinter(":rid", ":pid"),
    permission: "settings.write",
    request: async (ctx) => ({
      url: API.consolePrinter(ctx.rid, await freshPrinter(ctx)),
      payload: { name: `改名${ctx.unique()}`, kind: "browser", paper: 58 },
    }),
    snapshot: printingOf,
  },
  {
    method: "DELETE",
    route: API.consolePrinter(":rid", ":pid"),
    permission: "settings.write",
    request: async (ctx) => ({ url: API.consolePrinter(ctx.rid, await freshPrinter(ctx)) }),
    snapshot: printingOf,
  },
  {
    method: "POST",
    route: API.consolePrinterTest(":rid", ":pid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrinterTest(ctx.rid, await freshPrinter(ctx)) }),
    snapshot: printingOf,
  },
  {
    method: "GET",
    route: API.consolePrinterPaper(":rid", ":pid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrinterPaper(ctx.rid, await freshPrinter(ctx)) }),
    snapshot: printingOf,
  },
  {
    method: "PUT",
    route: API.consoleStationPrinter(":rid", ":sid"),
    permission: "settings.write",
    request: async (ctx) => ({
      url: API.consoleStationPrinter(ctx.rid, await firstStation(ctx)),
      payload: { printerId: await freshPrinter(ctx) },
    }),
    snapshot: printingOf,
  },
  {
    method: "GET",
    route: API.consolePrintJobs(":rid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrintJobs(ctx.rid) }),
    snapshot: printingOf,
  },
  {
    method: "POST",
    route: API.consolePrintJobRetry(":rid", ":jid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrintJobRetry(ctx.rid, await freshJob(ctx, "failed")) }),
    snapshot: printingOf,
  },
  {
    method: "GET",
    route: API.consolePrintJob(":rid", ":jid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrintJob(ctx.rid, await freshJob(ctx, "queued")) }),
    snapshot: printingOf,
  },
  {
    method: "POST",
    // a browser printer's job, printed from the console's page
    route: API.consolePrintJobPrinted(":rid", ":jid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrintJobPrinted(ctx.rid, await freshJob(ctx, "queued")) }),
    snapshot: printingOf,
  },
  {
    method: "POST",
    route: API.consolePrintJobReprint(":rid", ":jid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consolePrintJobReprint(ctx.rid, await freshJob(ctx, "printed")) }),
    snapshot: printingOf,
  },
  {
    method: "POST",
    route: API.consoleOrderBillPrint(":rid", ":oid"),
    permission: "bill.print",
    request: async (ctx) => {
      await freshPrinter(ctx, true);
      const { orderId } = await ctx.placedOrder();
      return { url: API.consoleOrderBillPrint(ctx.rid, orderId) };
    },
    snapshot: async (ctx) => ({
      ...(await printingOf(ctx)),
      counter: await ctx.db
        .select()
        .from(printers)
        .where(and(eq(printers.restaurantId, ctx.rid), eq(printers.counter, true))),
    }),
  },
];
