import { AppError, type AttemptRule, type AttemptState, settleAttempt, takeAttempt } from "@tablemate/core";
import { and, asc, inArray, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { loginAttempts } from "../../db/schema.js";

/** One limit an attempt counts against: its key (`account:3`, `address:10.0.0.2`) and rule. */
export interface AttemptLimit {
  key: string;
  rule: AttemptRule;
  /** a success forgets every failure of this key (an account that signed in), rather than one */
  forgiveOnSuccess?: boolean;
}

/**
 * Runs one sign-in, PIN or approval attempt under its limits, kept in the database so they hold
 * across server processes. The attempt is counted before it runs (rows locked, so concurrent
 * attempts cannot slip past the limit together) and given back if it succeeds; any limit locked
 * refuses it (429) before the secret is even checked.
 */
export async function limitedAttempt<T>(
  db: Db,
  limits: AttemptLimit[],
  now: () => Date,
  attempt: () => Promise<T | null>,
): Promise<T | null> {
  const refused = await db.transaction((tx) => countAttempt(tx, limits, now()));
  if (refused) throw new AppError("tooManyAttempts");
  let result: T | null = null;
  try {
    result = await attempt();
  } finally {
    await settle(db, limits, result !== null, now);
  }
  return result;
}

/**
 * Counts one attempt against each of its limits, in the caller's transaction (the rows locked in key
 * order, so concurrent attempts cannot pass a limit together). Answers the first limit that refuses
 * it, and then counts nothing; null when every limit took it. A count never settled is a quota (the
 * SMS codes': so many within the window, from its first).
 */
export async function countAttempt(tx: Tx, limits: AttemptLimit[], at: Date): Promise<AttemptLimit | null> {
  await tx
    .insert(loginAttempts)
    .values(limits.map((l) => ({ key: l.key, failures: 0, windowStart: at })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(loginAttempts)
    .where(
      inArray(
        loginAttempts.key,
        limits.map((l) => l.key),
      ),
    )
    .orderBy(asc(loginAttempts.key))
    .for("update");
  const next = limits.map((limit) => {
    const row = rows.find((r) => r.key === limit.key);
    return takeAttempt(row ? stateOf(row) : null, at.getTime(), limit.rule);
  });
  const refused = limits.find((_, i) => !next[i]?.allowed);
  if (refused) return refused;
  for (const [i, limit] of limits.entries()) await write(tx, limit.key, next[i]?.state);
  return null;
}

/**
 * Forgets the counts no limit reads any more (the pruning job's): a window started `horizonMs` ago or
 * earlier (the longest rule's window) with no lock still running reads as no count at all (core's
 * takeAttempt starts afresh). A row an attempt is counting right now has a window started now. Answers
 * how many were forgotten.
 */
export async function pruneAttempts(db: Db, now: Date, horizonMs: number): Promise<number> {
  const forgotten = await db
    .delete(loginAttempts)
    .where(
      and(
        lte(loginAttempts.windowStart, new Date(now.getTime() - horizonMs)),
        or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
      ),
    )
    .returning({ key: loginAttempts.key });
  return forgotten.length;
}

async function settle(db: Db, limits: AttemptLimit[], succeeded: boolean, now: () => Date): Promise<void> {
  await db.transaction(async (tx) => {
    const at = now().getTime();
    const rows = await tx
      .select()
      .from(loginAttempts)
      .where(
        inArray(
          loginAttempts.key,
          limits.map((l) => l.key),
        ),
      )
      .orderBy(asc(loginAttempts.key))
      .for("update");
    for (const limit of limits) {
      const row = rows.find((r) => r.key === limit.key);
      if (!row) continue;
      const state = settleAttempt(stateOf(row), succeeded, at, limit.rule, limit.forgiveOnSuccess);
      await write(tx, limit.key, state);
    }
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

function stateOf(row: typeof loginAttempts.$inferSelect): AttemptState {
  return {
    failures: row.failures,
    windowStart: row.windowStart.getTime(),
    lockedUntil: row.lockedUntil?.getTime() ?? null,
  };
}

async function write(tx: Tx, key: string, state: AttemptState | undefined): Promise<void> {
  if (!state) return;
  await tx
    .insert(loginAttempts)
    .values({
      key,
      failures: state.failures,
      windowStart: new Date(state.windowStart),
      lockedUntil: state.lockedUntil === null ? null : new Date(state.lockedUntil),
    })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: state.failures,
        windowStart: new Date(state.windowStart),
        lockedUntil: state.lockedUntil === null ? null : new Date(state.lockedUntil),
      },
    });
}
