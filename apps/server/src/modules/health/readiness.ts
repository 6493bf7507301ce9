/**
 * What /readyz checks, each a verdict with what to do: the store answers, Redis (when configured) is
 * connected, payment reconciliation keeps up, the printers are ready, and, on the embedded store,
 * backups are recent and the disk has room for them.
 */
import { existsSync, statfsSync } from "node:fs";
import type { HealthCheck } from "@tablemate/core";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { payAttempts, printers } from "../../db/schema.js";
import { listBackups } from "../../db/store/backup.js";
import type { Backplane } from "../../realtime/hub.js";

export interface Check {
  ok: boolean;
  detail: string;
}

export interface ReadinessDeps {
  database: Database;
  backplane: Backplane;
  config: Config;
  now: () => Date;
}

/** a pending payment nobody asked the provider about for this long means reconciliation is not running */
export const RECONCILE_LAG_MS = 5 * 60_000;
/** Redis down: what /readyz and the log say */
export const REDIS_DOWN =
  "Redis is not reachable: live updates reach only the phones on this server process (they catch up when it is back); check that Redis is running";
/** below this, the disk cannot hold many more backups */
export const MIN_FREE_BYTES = 1024 ** 3;

/** a printer in one of these states prints nothing until a person sees to it */
const PRINTER_TROUBLE = ["offline", "paperOut", "coverOpen"] as const;

/** Every check; the printers of `restaurantId` only when given (the console's banner), else all. */
export async function readiness(
  deps: ReadinessDeps,
  restaurantId?: number,
): Promise<Partial<Record<HealthCheck, Check>>> {
  const checks: Partial<Record<HealthCheck, Check>> = {};
  try {
    await deps.database.ping();
    checks.store = { ok: true, detail: deps.database.kind };
  } catch (error) {
    checks.store = { ok: false, detail: `the database does not answer (${(error as Error).message})` };
    return checks;
  }
  if (deps.backplane.connected) {
    const up = deps.backplane.connected();
    checks.redis = up ? { ok: true, detail: "connected" } : { ok: false, detail: REDIS_DOWN };
  }
  const before = new Date(deps.now().getTime() - RECONCILE_LAG_MS);
  const [lag] = await deps.database.db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(payAttempts)
    .where(
      and(
        eq(payAttempts.status, "pending"),
        lt(payAttempts.createdAt, before),
        or(isNull(payAttempts.checkedAt), lt(payAttempts.checkedAt, before)),
      ),
    );
  const waiting = lag?.waiting ?? 0;
  checks.reconciliation = waiting
    ? {
        ok: false,
        detail: `${waiting} pending payment(s) not checked with their provider for over ${RECONCILE_LAG_MS / 60_000} minutes (PAY_RECONCILE_MS=${deps.config.PAY_RECONCILE_MS})`,
      }
    : { ok: true, detail: "keeping up" };
  checks.printers = await printerCheck(deps.database, restaurantId);
  if (deps.database.kind === "pglite") Object.assign(checks, backupChecks(deps.config, deps.now()));
  return checks;
}

async function printerCheck({ db }: Database, restaurantId: number | undefined): Promise<Check> {
  const troubled = await db
    .select({ id: printers.id })
    .from(printers)
    .where(
      and(
        inArray(printers.state, [...PRINTER_TROUBLE]),
        restaurantId === undefined ? undefined : eq(printers.restaurantId, restaurantId),
      ),
    );
  return troubled.length
    ? {
        ok: false,
        detail: `${troubled.length} printer(s) offline, out of paper or with the cover open: see the console's printing page`,
      }
    : { ok: true, detail: "ready" };
}

function backupChecks(config: Config, now: Date): { backups: Check; disk: Check } {
  const [newest] = listBackups(config.DATA_DIR);
  // one missed schedule is tolerated; at-start-only (BACKUP_EVERY=0) asks for a backup within a week
  const maxAgeMs = (config.BACKUP_EVERY > 0 ? config.BACKUP_EVERY * 2 : 24 * 7) * 3_600_000;
  const backups: Check = !newest
    ? { ok: false, detail: "no backup in DATA_DIR/backups yet: run npm run backup" }
    : now.getTime() - newest.takenAt.getTime() > maxAgeMs
      ? {
          ok: false,
          detail: `the newest backup is from ${newest.takenAt.toISOString()}: see the log for why backups fail`,
        }
      : { ok: true, detail: `newest ${newest.takenAt.toISOString()}` };
  const disk = statfsSync(existsSync(config.DATA_DIR) ? config.DATA_DIR : ".");
  const free = disk.bavail * disk.bsize;
  const space: Check =
    free < MIN_FREE_BYTES
      ? {
          ok: false,
          detail: `only ${(free / 1024 ** 2).toFixed(0)} MiB free on DATA_DIR's disk: free space or move old backups off`,
        }
      : { ok: true, detail: `${(free / 1024 ** 3).toFixed(1)} GiB free` };
  return { backups, disk: space };
}
