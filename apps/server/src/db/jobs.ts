/**
 * Periodic jobs that one process at a time runs, however many run: a pass claims its job through the
 * database (job_claims: the row taken when free or expired, in one statement) and releases it at its
 * end; a process that crashed mid-pass holds it only until the claim expires.
 */
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "./client.js";
import { jobClaims } from "./schema.js";

/** Takes job `name` for `holder` until `claimMs` from `now`; answers whether this holder has it. */
export async function claimJob(
  db: Db,
  job: { name: string; holder: string; now: Date; claimMs: number },
): Promise<boolean> {
  const until = new Date(job.now.getTime() + job.claimMs);
  const taken = await db
    .insert(jobClaims)
    .values({ name: job.name, holder: job.holder, until })
    .onConflictDoUpdate({
      target: jobClaims.name,
      set: { holder: job.holder, until },
      setWhere: lt(jobClaims.until, job.now),
    })
    .returning({ holder: jobClaims.holder });
  return taken[0]?.holder === job.holder;
}

export async function releaseJob(db: Db, job: { name: string; holder: string }): Promise<void> {
  await db.delete(jobClaims).where(and(eq(jobClaims.name, job.name), eq(jobClaims.holder, job.holder)));
}

/** Stops a periodic job: no new pass starts, and the answer waits for the pass running now (its claim released at its end). */
export type StopJob = () => Promise<void>;

/**
 * Runs `pass` every `everyMs` in this process, never two at once (a pass still running skips the
 * tick); a failed pass goes to `onError` and the next tick tries again. Answers the stop; 0: never runs.
 */
export function repeatEvery(
  everyMs: number,
  pass: () => Promise<unknown>,
  onError: (error: unknown) => void,
): StopJob {
  if (everyMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .then(() => {}, onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
