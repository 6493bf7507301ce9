import {
  AppError,
  billDoc,
  kitchenTicketDoc,
  markTransferred,
  type PaperWidth,
  type PrintJob,
  type PrintJobPage,
  type PrintJobState,
  REPRINT_TITLE,
  testPageDoc,
} from "@tablemate/core";
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { printers, printJobs } from "../../db/schema.js";
import { billOf, reprintTicket } from "../kitchen/print.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { pageContext, queuePage, requestKey } from "./enqueue.js";
import { printerOf } from "./printers.js";
import { kickPrinting } from "./run.js";

type JobRow = typeof printJobs.$inferSelect;

const present = (row: JobRow): PrintJob => ({
  id: row.id,
  printerId: row.printerId,
  firstPrinterId: row.firstPrinterId,
  kind: row.kind,
  title: row.page.title,
  ticketId: row.ticketId,
  orderId: row.orderId,
  state: row.state,
  attempts: row.attempts,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  doneAt: row.doneAt?.toISOString() ?? null,
  transferred: row.printerId !== row.firstPrinterId,
});

const PAGE = 50;

/** The restaurant's print queue, newest first, a page at a time. */
export async function listJobs(
  db: Db,
  restaurantId: number,
  query: { before?: number; state?: PrintJobState },
): Promise<PrintJob[]> {
  const rows = await db
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.restaurantId, restaurantId),
        query.before === undefined ? undefined : lt(printJobs.id, query.before),
        query.state === undefined ? undefined : eq(printJobs.state, query.state),
      ),
    )
    .orderBy(desc(printJobs.id))
    .limit(PAGE);
  return rows.map(present);
}

async function jobOf(db: Db, restaurantId: number, jobId: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.restaurantId, restaurantId)));
  if (!row) throw new AppError("printJobNotFound");
  return row;
}

async function audited<T>(
  db: Db,
  principal: StaffPrincipal,
  action: string,
  target: string,
  after: object,
  result: T,
): Promise<T> {
  await db.transaction((tx) =>
    recordAudit(tx, { restaurantId: principal.restaurantId, by: principal, action, target, after }),
  );
  return result;
}

/**
 * Staff retry a failed job (the service refused it): back in the queue at its printer, now. A job
 * whose printing is unknown is not retried (it may have printed): a reprint says 重印 instead.
 */
export async function retryJob(
  db: Db,
  principal: StaffPrincipal,
  jobId: number,
  now: Date,
): Promise<PrintJob> {
  const job = await jobOf(db, principal.restaurantId, jobId);
  const [row] = await db
    .update(printJobs)
    .set({ state: "queued", nextAt: now, error: "" })
    .where(and(eq(printJobs.id, job.id), eq(printJobs.state, "failed")))
    .returning();
  if (!row) throw new AppError("printJobNotRetriable");
  kickPrinting(db);
  return audited(
    db,
    principal,
    "print.retry",
    `print-job:${jobId}`,
    { printerId: row.printerId },
    present(row),
  );
}

/**
 * A job's page printed again, at the printer that has it now: a kitchen ticket through the
 * kitchen's reprint (recorded, numbered, labelled 重印, no new ticket); any other page as it was.
 */
export async function reprintJob(
  db: Db,
  principal: StaffPrincipal,
  jobId: number,
  now: Date,
): Promise<PrintJob> {
  const { restaurantId } = principal;
  const job = await jobOf(db, restaurantId, jobId);
  let page = job.page;
  if (job.ticketId !== null) {
    const print = await reprintTicket(db, principal, job.ticketId, now);
    page = kitchenTicketDoc(print, { timeZone: (await pageContext(db, restaurantId)).timeZone });
  }
  const id = await queuePage(db, {
    restaurantId,
    printerId: job.printerId,
    kind: "reprint",
    key: requestKey("reprint", job.id),
    page: { ...page, title: `${page.title}${REPRINT_TITLE}` },
    ticketId: job.ticketId,
    orderId: job.orderId,
    now,
  });
  kickPrinting(db);
  const queued = present(await jobOf(db, restaurantId, id as number));
  // a kitchen ticket's reprint is recorded by the kitchen's; any other page's here
  return job.ticketId === null
    ? audited(db, principal, "print.reprint", `print-job:${job.id}`, {}, queued)
    : queued;
}

/** A printer's test page, queued like any job. */
export async function printTestPage(
  db: Db,
  principal: StaffPrincipal,
  printerId: number,
  now: Date,
): Promise<PrintJob> {
  const { restaurantId } = principal;
  const printer = await printerOf(db, restaurantId, printerId);
  const { timeZone } = await pageContext(db, restaurantId);
  const id = await queuePage(db, {
    restaurantId,
    printerId,
    kind: "test",
    key: requestKey("test", printerId),
    page: testPageDoc(printer.name, now.toISOString(), { timeZone }),
    now,
  });
  kickPrinting(db);
  return audited(
    db,
    principal,
    "print.test",
    `printer:${printerId}`,
    {},
    present(await jobOf(db, restaurantId, id as number)),
  );
}

/** The customer's bill at the counter printer (409 when the restaurant has none). */
export async function printBill(
  db: Db,
  principal: StaffPrincipal,
  orderId: number,
  now: Date,
): Promise<PrintJob> {
  const { restaurantId } = principal;
  const [counter] = await db
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.restaurantId, restaurantId), eq(printers.counter, true)))
    .limit(1);
  const bill = await billOf(db, restaurantId, orderId, now);
  if (!counter) throw new AppError("noPrinter");
  const { timeZone } = await pageContext(db, restaurantId);
  const id = await queuePage(db, {
    restaurantId,
    printerId: counter.id,
    kind: "bill",
    key: requestKey("bill", bill.orderId),
    page: billDoc(bill, { timeZone }),
    orderId: bill.orderId,
    now,
  });
  kickPrinting(db);
  return audited(
    db,
    principal,
    "print.bill",
    `order:${bill.orderId}`,
    { printerId: counter.id },
    present(await jobOf(db, restaurantId, id as number)),
  );
}

/** A job with its page as its printer prints it: marked 转打印 when it was moved there. */
export async function jobPage(db: Db, restaurantId: number, jobId: number): Promise<PrintJobPage> {
  const job = await jobOf(db, restaurantId, jobId);
  const shown = await db
    .select({ id: printers.id, name: printers.name, paper: printers.paper })
    .from(printers)
    .where(inArray(printers.id, [job.printerId, job.firstPrinterId]));
  const first = shown.find((p) => p.id === job.firstPrinterId);
  const page = job.printerId === job.firstPrinterId ? job.page : markTransferred(job.page, first?.name ?? "");
  const paper = (shown.find((p) => p.id === job.printerId)?.paper ?? 80) as PaperWidth;
  return { ...present(job), paper, page };
}

/**
 * The console printed a browser printer's job (its print dialog done and staff said it came out):
 * queued → printed, once (compare-and-set; saying it again answers the printed job). A job of any
 * other printer is the queue's to print (409).
 */
export async function markBrowserPrinted(
  db: Db,
  principal: StaffPrincipal,
  jobId: number,
  now: Date,
): Promise<PrintJob> {
  const job = await jobOf(db, principal.restaurantId, jobId);
  const [printer] = await db
    .select({ kind: printers.kind })
    .from(printers)
    .where(eq(printers.id, job.printerId));
  if (printer?.kind !== "browser") throw new AppError("printJobNotBrowser");
  if (job.state === "printed") return present(job);
  const [row] = await db
    .update(printJobs)
    .set({ state: "printed", doneAt: now, error: "" })
    .where(
      and(eq(printJobs.id, job.id), eq(printJobs.printerId, job.printerId), eq(printJobs.state, "queued")),
    )
    .returning();
  if (!row) {
    // moved to a backup meanwhile, or printed by another console: what it is now
    const now = await jobOf(db, principal.restaurantId, jobId);
    if (now.state === "printed" && now.printerId === job.printerId) return present(now);
    throw new AppError("printJobNotBrowser");
  }
  return audited(
    db,
    principal,
    "print.browser",
    `print-job:${jobId}`,
    { printerId: row.printerId },
    present(row),
  );
}
