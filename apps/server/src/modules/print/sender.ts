import {
  canMoveJob,
  failoverLeadMs,
  failoverMoveAt,
  knownNotPrinting,
  markTransferred,
  nextLookAt,
  type PrinterLook,
  type PrinterState,
  type PrintJobState,
  retryDelayMs,
  shouldFailOver,
} from "@tablemate/core";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { claimJob, releaseJob } from "../../db/jobs.js";
import { printers, printJobs } from "../../db/schema.js";
import { type LinkConfig, linkOf } from "./links/index.js";
import type { PrinterLink, PrintJobToSend } from "./links/link.js";

/**
 * The print queue's sender (issue 27). One process at a time runs a pass (claimJob "print-queue");
 * within it each printer's due jobs go in order, printers side by side. A job is taken by a
 * compare-and-set (queued → sent) before any byte leaves, so even two senders never send it twice;
 * what each printer answers moves it on (core's canMoveJob). A job moves to the backup printer and
 * prints there marked 转打印 at once when its printer is known not printing (core's knownNotPrinting:
 * it said so itself, by its status bytes or its service's word, or two looks in a row found it
 * silent), else when it has not printed in time to be on the backup's paper within PRINT_FAILOVER_S
 * of being queued (core's failoverMoveAt): its next look is scheduled for that moment, and a pass
 * that moved jobs is followed at once by another, which sends them at the backup.
 */
export interface SenderDeps {
  db: Db;
  now: () => Date;
  links: LinkConfig;
  failoverMs: number;
  /** the queue's poll: part of the failover's lead (failoverLeadMs); none: 0 */
  pollMs?: number;
  /** which process holds the claim (a random id per process) */
  holder: string;
  log?: FastifyBaseLogger;
}

type JobRow = typeof printJobs.$inferSelect;
type PrinterRow = typeof printers.$inferSelect;

/** How long an unknown job that no service can be asked about waits before the next look. */
const UNANSWERABLE_WAIT_MS = 60_000;
/** How often the service is asked about an accepted job until it prints. */
const ASK_EVERY_MS = 300;
/** How often the printer of an unknown job that may move to a backup is looked at (never past its move time). */
const UNKNOWN_LOOK_MS = 3000;

/** What a pass did: the jobs it moved to a backup (another pass follows at once to send them). */
interface PassCount {
  moved: number;
}

/** Moves a job from `from` (compare-and-set): answers whether this caller moved it. */
async function moveJob(
  db: Db,
  job: JobRow,
  from: PrintJobState,
  to: PrintJobState,
  set: Partial<typeof printJobs.$inferInsert> = {},
): Promise<boolean> {
  if (from !== to && !canMoveJob(from, to))
    throw new Error(`print job ${job.id}: ${from} → ${to} is no move`);
  const moved = await db
    .update(printJobs)
    .set({ ...set, state: to })
    .where(and(eq(printJobs.id, job.id), eq(printJobs.state, from), eq(printJobs.printerId, job.printerId)))
    .returning({ id: printJobs.id });
  return moved.length > 0;
}

/** Writes what a look at the printer found; answers whether it is known not printing (knownNotPrinting). */
async function noteState(db: Db, printer: PrinterRow, look: PrinterLook, now: Date): Promise<boolean> {
  const previous = printer.state as PrinterState;
  if (previous === look.state) return knownNotPrinting(previous, look);
  printer.state = look.state;
  await db.update(printers).set({ state: look.state, stateAt: now }).where(eq(printers.id, printer.id));
  return knownNotPrinting(previous, look);
}

/** What a printer's pass learnt of it: its state, and whether it is known not printing (knownNotPrinting). */
interface Checked {
  state: PrinterState | null;
  down: boolean;
}

const leadOf = (deps: SenderDeps) => failoverLeadMs(deps.pollMs ?? 0, deps.links.timeoutMs);

/** When a job not printed by then moves to its printer's backup (core's failoverMoveAt). */
const moveAtOf = (deps: SenderDeps, job: JobRow): Date =>
  failoverMoveAt(job.transferredAt ?? job.createdAt, deps.failoverMs, leadOf(deps));

/** Whether a job moves to its printer's backup now (core's shouldFailOver, with this queue's lead). */
const dueToMove = (
  deps: SenderDeps,
  job: JobRow,
  printer: PrinterRow,
  look: { state: PrintJobState; printerState: PrinterState; printerDown: boolean; now: Date },
) =>
  shouldFailOver({
    ...look,
    since: job.transferredAt ?? job.createdAt,
    failoverMs: deps.failoverMs,
    leadMs: leadOf(deps),
    backupPrinterId: printer.backupPrinterId,
  });

/**
 * The next look at a job that could not print now: after `waitMs` (a backoff), but never past its
 * move time, so it moves then and not a backoff later.
 */
function nextLook(deps: SenderDeps, job: JobRow, printer: PrinterRow, now: Date, waitMs: number): Date {
  return nextLookAt(now, waitMs, printer.backupPrinterId === null ? null : moveAtOf(deps, job));
}

/**
 * A job moves to its printer's backup (compare-and-set on its state and printer) and is queued there:
 * a queued one, or an unknown one whose printer is not printing (core's mayTransferJob).
 */
async function transfer(
  deps: SenderDeps,
  job: JobRow,
  printer: PrinterRow,
  now: Date,
  pass: PassCount,
): Promise<boolean> {
  const backup = printer.backupPrinterId;
  if (backup === null) return false;
  const moved = await deps.db
    .update(printJobs)
    .set({
      printerId: backup,
      state: "queued",
      transferredAt: now,
      nextAt: now,
      error: `${printer.name} 未能打印，已转打印`,
    })
    .where(
      and(eq(printJobs.id, job.id), eq(printJobs.printerId, job.printerId), eq(printJobs.state, job.state)),
    )
    .returning({ id: printJobs.id });
  pass.moved += moved.length;
  return moved.length > 0;
}

async function pageOf(deps: SenderDeps, job: JobRow, printer: PrinterRow): Promise<PrintJobToSend> {
  let page = job.page;
  if (job.printerId !== job.firstPrinterId) {
    const [first] = await deps.db
      .select({ name: printers.name })
      .from(printers)
      .where(eq(printers.id, job.firstPrinterId));
    page = markTransferred(page, first?.name ?? "");
  }
  return { id: job.id, page, paper: printer.paper, remoteId: job.remoteId };
}

/** A queued job: moved to the backup when due, else sent when its printer can print. */
async function sendQueued(
  deps: SenderDeps,
  link: PrinterLink,
  printer: PrinterRow,
  job: JobRow,
  checked: Checked,
  pass: PassCount,
): Promise<void> {
  const now = deps.now();
  const due = (printerState: PrinterState, printerDown: boolean, at: Date) =>
    dueToMove(deps, job, printer, { state: "queued", printerState, printerDown, now: at });
  // what the printer said last (this pass, or the state check): a healthy printer keeps its jobs
  if (due(checked.state ?? (printer.state as PrinterState), checked.down, now))
    if (await transfer(deps, job, printer, now, pass)) return;
  const wait = async (error: string) => {
    await deps.db
      .update(printJobs)
      .set({ nextAt: nextLook(deps, job, printer, now, retryDelayMs(job.attempts + 1)), error })
      .where(and(eq(printJobs.id, job.id), eq(printJobs.state, "queued")));
  };
  if (checked.state !== null && checked.state !== "online") return wait(`打印机状态：${checked.state}`);
  if (printer.kind !== "lan") {
    // a cloud printer is asked first: a job for an offline one waits here (or moves), never at the service
    if (checked.state === null) {
      const look = await link.state();
      checked.state = look.state;
      checked.down = await noteState(deps.db, printer, look, now);
      if (due(checked.state, checked.down, now) && (await transfer(deps, job, printer, now, pass))) return;
    }
    if (checked.state !== "online") return wait(`打印机状态：${checked.state}`);
  }
  const taken = await moveJob(deps.db, job, "queued", "sent", {
    attempts: job.attempts + 1,
    sentAt: now,
    error: "",
  });
  if (!taken) return;
  const outcome = await link.send(await pageOf(deps, job, printer));
  const at = deps.now();
  const sent = { ...job, attempts: job.attempts + 1 };
  switch (outcome.kind) {
    case "printed":
      await noteState(deps.db, printer, { state: "online", said: true }, at);
      await moveJob(deps.db, job, "sent", "printed", { doneAt: at });
      return;
    case "accepted":
      await moveJob(deps.db, job, "sent", "sent", {
        remoteId: outcome.remoteId,
        nextAt: new Date(at.getTime() + ASK_EVERY_MS),
      });
      return;
    case "notSent": {
      // known not printing now (it said so, or twice silent): this job and the next ones go to the backup
      checked.state = outcome.state;
      checked.down = await noteState(deps.db, printer, outcome, at);
      const back = await moveJob(deps.db, job, "sent", "queued", {
        nextAt: nextLook(deps, sent, printer, at, retryDelayMs(sent.attempts + 1)),
        error: outcome.error,
      });
      if (back && due(outcome.state, checked.down, at))
        await transfer(deps, { ...job, state: "queued" }, printer, at, pass);
      return;
    }
    case "refused":
      await moveJob(deps.db, job, "sent", "failed", { error: outcome.error, doneAt: at });
      return;
    case "unknown":
      await moveJob(deps.db, job, "sent", "unknown", {
        error: outcome.error,
        nextAt: new Date(at.getTime() + ASK_EVERY_MS),
      });
      return;
  }
}

/** A job sent or unknown: the service is asked whether it printed; it is sent again only when it never arrived. */
async function askAbout(
  deps: SenderDeps,
  link: PrinterLink,
  printer: PrinterRow,
  job: JobRow,
  pass: PassCount,
): Promise<void> {
  const now = deps.now();
  if (job.state === "sent" && !job.remoteId) {
    // a send cut short (its process stopped mid-send): what happened is unknown until asked
    if (now.getTime() - (job.sentAt ?? job.createdAt).getTime() < 4 * deps.links.timeoutMs) return;
    await moveJob(deps.db, job, "sent", "unknown", { error: "发送中断，等待查询", nextAt: now });
    return;
  }
  const asked = await link.ask(await pageOf(deps, job, printer));
  const at = deps.now();
  switch (asked.kind) {
    case "printed":
      await moveJob(deps.db, job, job.state, "printed", { doneAt: at });
      return;
    case "waiting":
      await moveJob(deps.db, job, job.state, "sent", {
        remoteId: asked.remoteId ?? job.remoteId,
        nextAt: new Date(at.getTime() + ASK_EVERY_MS),
      });
      return;
    case "notFound":
      // the service never had it: sending it is safe
      await moveJob(deps.db, job, job.state, "queued", { nextAt: at, error: "服务未收到，重新发送" });
      return;
    case "unanswerable": {
      // a cloud service holds what it accepted for a printer that is down and prints it once the
      // printer is back: a 转打印 copy now would be followed by that unmarked one (the bench saw it), so
      // only a LAN printer's unknown job moves; a cloud one waits for its service's word (or 重印)
      if (job.state === "unknown" && printer.backupPrinterId !== null && printer.kind === "lan") {
        // its printer not printing: the backup prints it, marked 转打印
        const look = await link.state();
        const printerDown = await noteState(deps.db, printer, look, at);
        const state = { state: "unknown" as const, printerState: look.state, printerDown, now: at };
        if (dueToMove(deps, job, printer, state) && (await transfer(deps, job, printer, at, pass))) return;
      }
      const wait = job.remoteId
        ? ASK_EVERY_MS * 4
        : printer.backupPrinterId !== null
          ? UNKNOWN_LOOK_MS
          : UNANSWERABLE_WAIT_MS;
      await deps.db
        .update(printJobs)
        .set({ nextAt: nextLook(deps, job, printer, at, wait), error: asked.error })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.state, job.state)));
      return;
    }
  }
}

async function servePrinter(
  deps: SenderDeps,
  printer: PrinterRow,
  jobs: JobRow[],
  pass: PassCount,
): Promise<void> {
  const link = linkOf(printer, deps.links);
  const checked: Checked = { state: null, down: false };
  for (const job of jobs) {
    if (!link) {
      // a browser printer: the console prints it; only the move to a backup is the queue's
      const now = deps.now();
      const state = { printerState: printer.state as PrinterState, printerDown: false, now };
      if (job.state === "queued" && dueToMove(deps, job, printer, { ...state, state: job.state }))
        await transfer(deps, job, printer, now, pass);
      continue;
    }
    if (job.state === "queued") await sendQueued(deps, link, printer, job, checked, pass);
    else await askAbout(deps, link, printer, job, pass);
  }
}

/**
 * One pass over the due jobs, if this process holds the queue: answers how many jobs it looked at,
 * and how many it moved to a backup (the caller passes again at once: they are due there now).
 */
export async function printPass(deps: SenderDeps): Promise<{ looked: number; moved: number }> {
  const now = deps.now();
  const claim = { name: "print-queue", holder: deps.holder };
  const pass: PassCount = { moved: 0 };
  if (!(await claimJob(deps.db, { ...claim, now, claimMs: 60_000 }))) return { looked: 0, moved: 0 };
  try {
    const due = await deps.db
      .select({ job: printJobs, printer: printers })
      .from(printJobs)
      .innerJoin(printers, eq(printJobs.printerId, printers.id))
      .where(and(inArray(printJobs.state, ["queued", "sent", "unknown"]), lte(printJobs.nextAt, now)))
      .orderBy(asc(printJobs.id))
      .limit(1000);
    const byPrinter = new Map<number, { printer: PrinterRow; jobs: JobRow[] }>();
    for (const { job, printer } of due) {
      const entry = byPrinter.get(printer.id) ?? { printer, jobs: [] };
      entry.jobs.push(job);
      byPrinter.set(printer.id, entry);
    }
    await Promise.all(
      [...byPrinter.values()].map(({ printer, jobs }) =>
        servePrinter(deps, printer, jobs, pass).catch((error) =>
          deps.log?.error({ err: error, printerId: printer.id }, "print queue: a printer's pass failed"),
        ),
      ),
    );
    return { looked: due.length, moved: pass.moved };
  } finally {
    await releaseJob(deps.db, claim);
  }
}

/** Asks every LAN and cloud printer its state (the alert's source when nothing is printing). */
export async function checkPrinters(deps: SenderDeps): Promise<void> {
  const all = await deps.db.select().from(printers);
  await Promise.all(
    all.map(async (printer) => {
      const link = linkOf(printer, deps.links);
      if (link) await noteState(deps.db, printer, await link.state(), deps.now());
    }),
  );
}
