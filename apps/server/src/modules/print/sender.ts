import {
  CANCEL_SETTLE_MS,
  canMoveJob,
  failoverLeadMs,
  failoverMoveAt,
  knownNotPrinting,
  markResent,
  markTransferred,
  nextLookAt,
  type PrinterLook,
  type PrinterState,
  type PrintJobState,
  printerAlerts,
  retryDelayMs,
  shouldFailOver,
  shouldWithdraw,
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
 *
 * A cloud service's queue for a printer is cleared (clearQueue) to settle what it holds: for a job it
 * gave no id for (untraceable: sent again marked 重印 once cleared), and for one it holds for a printer
 * that went down (core's shouldWithdraw: moved once cleared and still not printed). A job sent before
 * a clear the service confirmed is asked once more CANCEL_SETTLE_MS later: printed, or back to the
 * queue. A clear whose answer was lost is asked again before any job sent before it is trusted.
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

/**
 * What a pass did: the jobs it moved to a backup or back to the queue (another pass follows at once
 * to send them).
 */
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

/**
 * What a printer's pass learnt of it: its state, whether it is known not printing (knownNotPrinting),
 * and whether a clear of its queue at its service was asked and not confirmed (not asked again).
 */
interface Checked {
  state: PrinterState | null;
  down: boolean;
  clearFailed: boolean;
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
  // a new send: the service's id of an earlier one (dropped by a clear) names nothing of it
  const taken = await moveJob(deps.db, job, "queued", "sent", {
    attempts: job.attempts + 1,
    sentAt: now,
    remoteId: null,
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

/**
 * Asks a cloud service to clear the printer's unprinted queue (飞鹅 Open_delPrinterSqs, 易联云
 * cancelall); answers whether it said it did. Confirmed, the printer keeps when it was asked
 * (queueClearedAt) and its jobs sent before are looked at once that word is final (CANCEL_SETTLE_MS);
 * unanswered, it keeps that a clear may have happened (queueClearAskedAt) until one is confirmed.
 */
async function clearQueue(
  deps: SenderDeps,
  link: PrinterLink,
  printer: PrinterRow,
  checked: Checked,
): Promise<boolean> {
  if (!link.clearQueue || checked.clearFailed) return false;
  const asked = deps.now();
  const outcome = await link.clearQueue();
  if (outcome.kind !== "cleared") {
    checked.clearFailed = true;
    if (outcome.kind === "unknown" && printer.queueClearAskedAt === null) {
      printer.queueClearAskedAt = asked;
      await deps.db.update(printers).set({ queueClearAskedAt: asked }).where(eq(printers.id, printer.id));
    }
    deps.log?.warn({ printerId: printer.id, error: outcome.error }, "print queue: a clear was not confirmed");
    return false;
  }
  printer.queueClearedAt = asked;
  printer.queueClearAskedAt = null;
  await deps.db
    .update(printers)
    .set({ queueClearedAt: asked, queueClearAskedAt: null })
    .where(eq(printers.id, printer.id));
  await deps.db
    .update(printJobs)
    .set({ nextAt: new Date(asked.getTime() + CANCEL_SETTLE_MS) })
    .where(
      and(
        eq(printJobs.printerId, printer.id),
        inArray(printJobs.state, ["sent", "unknown"]),
        lte(printJobs.sentAt, asked),
      ),
    );
  return true;
}

/** Whether a clear of the printer's queue (confirmed, or maybe) was asked after the job was sent there. */
const clearedSince = (at: Date | null, job: JobRow): boolean =>
  at !== null && (job.sentAt ?? job.createdAt).getTime() <= at.getTime();

/**
 * A job its service holds (asked: waiting) whose printer went down: taken back (the printer's queue
 * cleared) when core's shouldWithdraw says a job that never left would move now. Answers whether the
 * queue was cleared (the job is asked again once that is final).
 */
async function withdraw(
  deps: SenderDeps,
  link: PrinterLink,
  printer: PrinterRow,
  job: JobRow,
  checked: Checked,
  at: Date,
): Promise<boolean> {
  if (printer.backupPrinterId === null || !link.clearQueue) return false;
  // no question to the printer while it is known printing and its move time is ahead
  if (!printerAlerts(printer.state as PrinterState) && at < moveAtOf(deps, job)) return false;
  if (checked.state === null) {
    // one look a pass, as before a send
    const look = await link.state();
    checked.state = look.state;
    checked.down = await noteState(deps.db, printer, look, at);
  }
  const due = shouldWithdraw({
    printerState: checked.state,
    printerDown: checked.down,
    since: job.transferredAt ?? job.createdAt,
    now: at,
    failoverMs: deps.failoverMs,
    leadMs: leadOf(deps),
    backupPrinterId: printer.backupPrinterId,
  });
  return due && clearQueue(deps, link, printer, checked);
}

/**
 * A job sent or unknown: the service is asked whether it printed; it is sent again only when it
 * never arrived or the service dropped it (a clear it confirmed), and marked 重印 when the service
 * could not be asked about it at all.
 */
async function askAbout(
  deps: SenderDeps,
  link: PrinterLink,
  printer: PrinterRow,
  job: JobRow,
  checked: Checked,
  pass: PassCount,
): Promise<void> {
  const now = deps.now();
  const later = (at: Date, waitMs: number, error: string) =>
    deps.db
      .update(printJobs)
      .set({ nextAt: nextLook(deps, job, printer, at, waitMs), error })
      .where(and(eq(printJobs.id, job.id), eq(printJobs.state, job.state)));
  if (clearedSince(printer.queueClearAskedAt, job)) {
    // a clear whose answer was lost may have dropped it: nothing said of it counts until one is confirmed
    if (!(await clearQueue(deps, link, printer, checked)))
      await later(deps.now(), UNKNOWN_LOOK_MS, "等待服务确认清空队列");
    return;
  }
  const cleared = clearedSince(printer.queueClearedAt, job);
  // its service's word is final only a moment after the clear (clearQueue set its next look)
  if (cleared && now.getTime() < (printer.queueClearedAt?.getTime() ?? 0) + CANCEL_SETTLE_MS) return;
  if (job.state === "sent" && !job.remoteId && !cleared) {
    // a send cut short (its process stopped mid-send): what happened is unknown until asked
    if (now.getTime() - (job.sentAt ?? job.createdAt).getTime() < 4 * deps.links.timeoutMs) return;
    await moveJob(deps.db, job, "sent", "unknown", { error: "发送中断，等待查询", nextAt: now });
    return;
  }
  const asked = await link.ask(await pageOf(deps, job, printer));
  const at = deps.now();
  // the service dropped it or never had it: it will not print there, sending it (or moving it) is safe
  const requeue = async (error: string, page = job.page) => {
    if (await moveJob(deps.db, job, job.state, "queued", { nextAt: at, error, remoteId: null, page }))
      pass.moved++;
  };
  switch (asked.kind) {
    case "printed":
      await moveJob(deps.db, job, job.state, "printed", { doneAt: at });
      return;
    case "waiting":
      if (cleared) return requeue("服务已清空待打印队列，未打印：重新发送");
      // held for a printer that went down: taken back first, moved once that is sure
      if (await withdraw(deps, link, printer, job, checked, at)) return;
      await moveJob(deps.db, job, job.state, "sent", {
        remoteId: asked.remoteId ?? job.remoteId,
        // a clear not confirmed is asked again after a while, not on every question
        nextAt: nextLook(deps, job, printer, at, checked.clearFailed ? UNKNOWN_LOOK_MS : ASK_EVERY_MS),
      });
      return;
    case "notFound":
      // the service never had it: sending it is safe
      return requeue("服务未收到，重新发送");
    case "untraceable":
      // its printer's queue cleared, the service prints no more of it; whether it printed before
      // stays unknown, so the copy sent again says 重印
      if (cleared) return requeue("应答丢失且无法查询：已清空服务队列，标注重印后重发", markResent(job.page));
      if (!(await clearQueue(deps, link, printer, checked))) await later(at, UNKNOWN_LOOK_MS, asked.error);
      return;
    case "unanswerable": {
      // a cloud service holds what it accepted for a printer that is down and prints it once the
      // printer is back: a 转打印 copy now would be followed by that unmarked one (the bench saw it), so
      // only a LAN printer's unknown job moves here; a cloud one is moved by withdraw, once its
      // service answers again
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
      await later(at, wait, asked.error);
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
  const checked: Checked = { state: null, down: false, clearFailed: false };
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
    else await askAbout(deps, link, printer, job, checked, pass);
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
