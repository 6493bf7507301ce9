import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.js";
import { claimJob, releaseJob, repeatEvery } from "../../db/jobs.js";
import { checkPrinters, printPass, type SenderDeps } from "./sender.js";

/** How often the printers' own state is asked (the alert within 10 s when one goes offline). */
export const PRINTER_CHECK_MS = 3000;

const kicks = new WeakMap<Db, () => void>();

/**
 * Runs the print queue in this process: a pass every `pollMs`, one at once when a ticket was queued
 * here (kickPrinting) or the last pass moved jobs to a backup; the printers' states every
 * PRINTER_CHECK_MS (one process at a time).
 * Answers the stop.
 */
export function startPrintQueue(deps: Omit<SenderDeps, "holder" | "pollMs">, pollMs: number): () => void {
  const sender: SenderDeps = { ...deps, pollMs, holder: randomUUID() };
  const onError = (error: unknown) => deps.log?.error({ err: error }, "print queue pass failed");
  let running: Promise<unknown> | null = null;
  let again = false;
  const pass = (): Promise<unknown> => {
    if (running) {
      again = true;
      return running;
    }
    running = printPass(sender)
      .then(({ moved }) => {
        // jobs moved to a backup are due there now: they go at once, not a poll later
        if (moved > 0) again = true;
      })
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void pass();
        }
      });
    return running;
  };
  const stopPasses = repeatEvery(pollMs, pass, onError);
  const check = { name: "printer-check", holder: sender.holder };
  const stopChecks = repeatEvery(
    pollMs > 0 ? PRINTER_CHECK_MS : 0,
    async () => {
      if (!(await claimJob(deps.db, { ...check, now: deps.now(), claimMs: 30_000 }))) return;
      try {
        await checkPrinters(sender);
      } finally {
        await releaseJob(deps.db, check);
      }
    },
    onError,
  );
  if (pollMs > 0) kicks.set(deps.db, () => void pass());
  return () => {
    stopPasses();
    stopChecks();
    kicks.delete(deps.db);
  };
}

/** Something was queued: this process's queue looks now rather than at its next tick. */
export function kickPrinting(db: Db): void {
  kicks.get(db)?.();
}
