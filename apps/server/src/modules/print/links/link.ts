import type { PaperWidth, PrintDoc, PrinterLook, PrinterState } from "@tablemate/core";

/**
 * One printer as the print queue talks to it (issue 27), whatever its kind: its state, a send of
 * one job, and the question whether a job it was sent printed.
 */
export type SendOutcome =
  /** the printer said it printed (LAN: online before and after the bytes went) */
  | { kind: "printed" }
  /** the service took it and gave its id: ask it later whether it printed */
  | { kind: "accepted"; remoteId: string }
  /**
   * it certainly did not print (unreachable, offline, out of paper): try again, or the backup; `said`
   * whether the printer or its service said its state (see PrinterLook) or it is inferred from silence
   */
  | { kind: "notSent"; state: PrinterState; said: boolean; error: string }
  /** the service refused it for good (a wrong key, an unknown printer) */
  | { kind: "refused"; error: string }
  /** the answer was lost after the job left: never resent before the service is asked */
  | { kind: "unknown"; error: string };

export type AskOutcome =
  | { kind: "printed" }
  /** the service has it, not printed yet (its printer may be offline) */
  | { kind: "waiting"; remoteId: string | null }
  /** the service never received it: sending it is safe */
  | { kind: "notFound" }
  /** no answer, or the service cannot say (a LAN printer keeps no record) */
  | { kind: "unanswerable"; error: string }
  /**
   * the service can never be asked about it: it gave no id of its own (飞鹅's answer with the order
   * id was lost); only clearing the printer's queue at the service settles what it will still print
   */
  | { kind: "untraceable"; error: string };

/** A cloud service asked to clear a printer's unprinted queue (飞鹅 Open_delPrinterSqs, 易联云 cancelall). */
export type ClearOutcome =
  /** it said it cleared it: whatever it had not printed there it never will */
  | { kind: "cleared" }
  /** it said no: nothing was dropped */
  | { kind: "refused"; error: string }
  /** its answer was lost or unclear: the queue may or may not have been cleared */
  | { kind: "unknown"; error: string };

export interface PrintJobToSend {
  id: number;
  page: PrintDoc;
  paper: PaperWidth;
  remoteId: string | null;
}

export interface PrinterLink {
  /** its state, and whether the printer or its service said so (PrinterLook) */
  state(): Promise<PrinterLook>;
  send(job: PrintJobToSend): Promise<SendOutcome>;
  ask(job: PrintJobToSend): Promise<AskOutcome>;
  /** a cloud printer's: clears its unprinted queue at the service (a LAN printer holds no queue) */
  clearQueue?(): Promise<ClearOutcome>;
}

/** The idempotency key a cloud service gets for a job: the job's own id, prefixed (letters and digits only). */
export const originIdOf = (jobId: number): string => `tm${jobId}`;
