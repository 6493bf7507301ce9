/**
 * The pruning job: counts of failed sign-ins and SMS quotas (login_attempts) whose windows are over,
 * and phone codes expired, are deleted on a timer (PRUNE_MS), one process at a time (job_claims), so
 * neither table grows with every phone and address ever seen. Nothing pruned changes an answer: a
 * count no limit reads any more reads as none, an expired code as none.
 */
import { randomUUID } from "node:crypto";
import { ATTEMPT_RULES } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { claimJob, releaseJob, repeatEvery, type StopJob } from "../../db/jobs.js";
import { pruneAttempts } from "../staff/attempts.js";
import { pruneExpiredCodes, SMS_QUOTA_RULES } from "./phone-codes.js";

const JOB = "prune-attempts-and-codes";
const CLAIM_MS = 5 * 60_000;

/** The longest window any limit counts in: a count older than it is read by none. */
export const ATTEMPT_HORIZON_MS = Math.max(
  ...[...Object.values(ATTEMPT_RULES), ...Object.values(SMS_QUOTA_RULES)].map((rule) => rule.windowMs),
);

export interface PruneDeps {
  db: Db;
  now: () => Date;
}

export interface PruneSummary {
  /** false: another process holds the job */
  ran: boolean;
  attempts: number;
  codes: number;
}

export async function pruneOnce(deps: PruneDeps): Promise<PruneSummary> {
  const holder = randomUUID();
  if (!(await claimJob(deps.db, { name: JOB, holder, now: deps.now(), claimMs: CLAIM_MS })))
    return { ran: false, attempts: 0, codes: 0 };
  try {
    const now = deps.now();
    const attempts = await pruneAttempts(deps.db, now, ATTEMPT_HORIZON_MS);
    const codes = await pruneExpiredCodes(deps.db, now);
    return { ran: true, attempts, codes };
  } finally {
    await releaseJob(deps.db, { name: JOB, holder });
  }
}

/** Runs pruneOnce every `everyMs` in this process (the claim keeps it to one process at a time). */
export function startPruning(deps: PruneDeps, everyMs: number, onError: (error: unknown) => void): StopJob {
  return repeatEvery(everyMs, () => pruneOnce(deps), onError);
}
