import type { PrinterState, PrintJobState } from "../contract/console-print.js";

/**
 * The print queue's rules (issue 27), pure: the moves a job may make, the backoff between tries,
 * when a job goes to the backup printer, and what a LAN printer's status bytes say.
 *
 * A job is `queued` until a sender takes it; `sent` while a send is under way or the service has
 * accepted it; `printed` once the printer (or its service) says so; `unknown` when a send's answer
 * was lost: it is never sent again before the service is asked whether it printed; `failed` when the
 * service refused it. A job moves to another printer when it did not print (see mayTransferJob).
 *
 * A cloud service can also be told to drop what it holds: 飞鹅's Open_delPrinterSqs and 易联云's
 * printer/cancelall clear a printer's unprinted queue. Once a service said it cleared it, a job sent
 * there before is asked again (CANCEL_SETTLE_MS later): printed, or it never will be and goes back
 * to the queue (sent or unknown → queued), safe to send again or to move (shouldWithdraw). A job the
 * service cannot be asked about at all (飞鹅 returned no order id: its answer was lost) is settled
 * the same way, by clearing its printer's queue, and is then sent again marked 重印 (markResent):
 * whether its first copy reached paper stays unknown, so the second never goes out unmarked.
 */
const MOVES: Readonly<Record<PrintJobState, readonly PrintJobState[]>> = {
  queued: ["sent"],
  // refused before printing (back to the queue), accepted and printed, refused, or the answer lost
  sent: ["queued", "printed", "failed", "unknown"],
  // asked: it printed, the service has it waiting (sent, with the service's id), it never arrived
  // (back to the queue), or the service refused it
  unknown: ["printed", "sent", "queued", "failed"],
  // staff retry
  failed: ["queued"],
  printed: [],
};

export function canMoveJob(from: PrintJobState, to: PrintJobState): boolean {
  return MOVES[from].includes(to);
}

/**
 * Whether a job may go to another printer: only from a printer that is not known to be printing (a
 * slow queue at a healthy printer moves nothing). One that certainly did not print (queued, failed)
 * moves when its printer is anything but online; one whose printing is unknown only when its printer
 * says it is not printing (offline, out of paper, open): what it may have printed is cut short, and
 * the backup's copy says 转打印, so a second copy is never an unmarked one.
 */
export function mayTransferJob(state: PrintJobState, printerState: PrinterState): boolean {
  if (state === "queued" || state === "failed") return printerState !== "online";
  return state === "unknown" && printerAlerts(printerState);
}

/**
 * How long after a service cleared a printer's unprinted queue its jobs there are asked whether they
 * printed: a print the printer fetched just before the clear is reported a moment later, and only
 * then is "not printed" final.
 */
export const CANCEL_SETTLE_MS = 1000;

/** The wait before the next try after `attempts` tries: 0.5 s doubling, at most 8 s. */
export function retryDelayMs(attempts: number): number {
  return Math.min(8000, 500 * 2 ** Math.max(0, attempts - 1));
}

/**
 * "Failover ≤ PRINT_FAILOVER_S" is the kitchen's promise: a ticket stuck at a failing printer is on
 * the backup's paper within `failoverMs` of being queued. Moving it takes time too (the queue's next
 * pass, then a send to the backup, each bounded by the printer timeout), so the move is due `leadMs`
 * earlier: failoverLeadMs of the queue's poll and timeout.
 */
export const failoverLeadMs = (pollMs: number, timeoutMs: number): number => pollMs + timeoutMs;

/** When a job not printed by then moves to the backup: `failoverMs` after `since`, less the lead. */
export const failoverMoveAt = (since: Date, failoverMs: number, leadMs: number): Date =>
  new Date(since.getTime() + Math.max(0, failoverMs - leadMs));

/**
 * When a job that could not print now is looked at next: after `waitMs` (a backoff, or the wait
 * between questions), but not past its move time while that is still ahead (null: it has no backup),
 * so it moves then and not a backoff later. Once the move time passed it waits its `waitMs` again: a
 * job that did not move then (its printer prints, or its printing is unknown) is not looked at on
 * every pass.
 */
export function nextLookAt(now: Date, waitMs: number, moveAt: Date | null): Date {
  const at = now.getTime() + waitMs;
  if (moveAt === null || moveAt.getTime() <= now.getTime()) return new Date(at);
  return new Date(Math.min(at, moveAt.getTime()));
}

/**
 * Whether a job moves to its printer's backup now (转打印): it certainly did not print (see
 * mayTransferJob) and there is a backup to move it to; and either its printer is known not to be
 * printing (see knownNotPrinting), so there is no reason to wait, or its move time came (see
 * failoverMoveAt: since the job was queued, or last moved, less the lead) without its printer
 * printing it.
 */
export function shouldFailOver(job: FailoverLook): boolean {
  return (
    job.backupPrinterId !== null &&
    mayTransferJob(job.state, job.printerState) &&
    ((job.printerDown && printerAlerts(job.printerState)) ||
      job.now.getTime() >= failoverMoveAt(job.since, job.failoverMs, job.leadMs ?? 0).getTime())
  );
}

/** What shouldFailOver weighs: a job, what its printer last said, and the failover time. */
export interface FailoverLook {
  state: PrintJobState;
  /** what its printer last said (see mayTransferJob) */
  printerState: PrinterState;
  /** whether the printer is known not printing (knownNotPrinting) */
  printerDown: boolean;
  since: Date;
  now: Date;
  failoverMs: number;
  /** how long before `failoverMs` the move is due (failoverLeadMs); 0: at it */
  leadMs?: number;
  backupPrinterId: number | null;
}

/**
 * Whether a job a cloud service holds (accepted, not yet printed: `sent`) is taken back from it to
 * go to the backup: when a job that never left would move (shouldFailOver of a queued one: its
 * printer known not printing, or its move time come with the printer not printing). Taking it back is
 * asking the service to clear the printer's unprinted queue; the job moves only once the service
 * said it did and, asked again CANCEL_SETTLE_MS later, that it did not print. A cancel refused or
 * unanswered moves nothing: the service may still print it, and the backup's copy would be a second.
 */
export const shouldWithdraw = (job: Omit<FailoverLook, "state">): boolean =>
  shouldFailOver({ ...job, state: "queued" });

/**
 * A printer is known not printing when the look before and this one both found it so (a refused
 * connection, a hang-up, a service that did not answer): one look alone may be a timeout on a busy
 * network or machine, and moving a healthy printer's jobs would print them at the wrong station.
 */
export const confirmsDown = (previous: PrinterState, now: PrinterState): boolean =>
  printerAlerts(previous) && printerAlerts(now);

/**
 * One look at a printer: its state, and whether the printer or its service said so (`said`: valid
 * DLE EOT status bytes, a cloud service's status answer such as 飞鹅's 离线) or it was only inferred
 * from silence (a refused or dropped connection, a timeout, garbage bytes).
 */
export interface PrinterLook {
  state: PrinterState;
  said: boolean;
}

/**
 * Whether a printer is known not printing after this look: at once when it said so itself (paper
 * out, cover open, offline by its status bytes or its service's word: certain, nothing to wait
 * for), else when the look before found it not printing too (confirmsDown).
 */
export const knownNotPrinting = (previous: PrinterState, look: PrinterLook): boolean =>
  look.said ? printerAlerts(look.state) : confirmsDown(previous, look.state);

/** A printer state that prints: anything else raises the alert on the floor and kitchen screens. */
export const printerAlerts = (state: PrinterState): boolean =>
  state === "offline" || state === "paperOut" || state === "coverOpen";

/** ESC/POS real-time status: DLE EOT n (0x10 0x04 n); n = 1 printer, 2 offline cause, 4 paper. */
export const DLE_EOT = { printer: 1, offlineCause: 2, paper: 4 } as const;

/**
 * What the status bytes of DLE EOT 1, 2 and 4 say (Epson's bits): 1's bit 3 offline; 2's bit 2 the
 * cover open, bit 5 stopped for paper end; 4's bits 5 and 6 the roll's end. A byte whose fixed bits
 * (1 set, 0, 4 and 7 clear) are wrong is no status: the printer is treated as offline.
 */
export function printerStateOf(status: {
  printer: number;
  offlineCause: number;
  paper: number;
}): PrinterState {
  return printerLookOf(status).state;
}

/** printerStateOf, and whether the printer said it (valid status bytes) or it is inferred (garbage). */
export function printerLookOf(status: { printer: number; offlineCause: number; paper: number }): PrinterLook {
  const valid = (b: number) => (b & 0x93) === 0x12;
  const said = (state: PrinterState): PrinterLook => ({ state, said: true });
  if (!valid(status.printer) || !valid(status.offlineCause) || !valid(status.paper))
    return { state: "offline", said: false };
  if ((status.paper & 0x60) === 0x60 || (status.offlineCause & 0x20) !== 0) return said("paperOut");
  if ((status.offlineCause & 0x04) !== 0) return said("coverOpen");
  if ((status.printer & 0x08) !== 0) return said("offline");
  return said("online");
}

/** The status bytes a printer in `state` answers (the fakes speak them; printerStateOf reads them back). */
export function statusBytesOf(state: PrinterState): { printer: number; offlineCause: number; paper: number } {
  const base = 0x12;
  return {
    printer: base | (state === "online" ? 0 : 0x08),
    offlineCause: base | (state === "coverOpen" ? 0x04 : 0) | (state === "paperOut" ? 0x20 : 0),
    paper: base | (state === "paperOut" ? 0x60 : 0),
  };
}
