/**
 * `npm run doctor`: what state DATA_DIR is in, each finding a line, problems marked. It opens the store
 * only when no process holds it (and then under the lock, as every tool does).
 */
import { existsSync, readFileSync, statfsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { Config } from "../../config.js";
import { migrationsFolder, openDatabase, StoreOpenError } from "../client.js";
import { listBackups } from "./backup.js";
import { StoreError } from "./errors.js";
import { damagedStore } from "./explain.js";
import { readBackup } from "./format.js";
import { acquireDataDirLock, describeHolder, holderState, lockPath, readHolder } from "./lock.js";
import { migrationsOf } from "./snapshot.js";
import { storeFolder } from "./swap.js";
import { ENGINE_MAJOR, PREVIOUS_MAJOR, storeMajor } from "./upgrade.js";

export interface Finding {
  ok: boolean;
  text: string;
}

/** the installed engine's version (its package.json is not exported: found beside its entry point) */
function engineVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const found = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as {
    version: string;
  };
  return found.version;
}

const journalLength = () =>
  (JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] })
    .entries.length;

export async function examine(config: Config): Promise<Finding[]> {
  const dataDir = resolve(config.DATA_DIR);
  const findings: Finding[] = [];
  const say = (ok: boolean, text: string) => findings.push({ ok, text });
  if (config.DATABASE_URL)
    say(true, "DATABASE_URL is set: the server uses PostgreSQL, DATA_DIR's store is not in use");
  const store = storeFolder(dataDir);
  if (!existsSync(store)) {
    say(true, `${store} does not exist yet: the first start creates it`);
    return findings.concat(backupFindings(dataDir));
  }
  const version = storeMajor(store);
  say(
    version !== null,
    `folder ${store}: PostgreSQL ${version ?? "? (no PG_VERSION: not a store, or damaged)"}, engine PGlite ${engineVersion()} (PostgreSQL ${ENGINE_MAJOR})`,
  );
  if (version === PREVIOUS_MAJOR) {
    say(
      true,
      `made by the previous engine: the next start upgrades it to PostgreSQL ${ENGINE_MAJOR} (a backup and the old folder are kept)`,
    );
    return findings.concat(backupFindings(dataDir));
  }

  const holder = readHolder(lockPath(dataDir));
  const state = holder ? holderState(holder) : null;
  if (holder && state !== "dead") {
    say(
      true,
      `lock: held by ${describeHolder(holder)}${state === "unknown" ? " (another machine: not checked)" : ""}; not opened while in use`,
    );
    return findings.concat(backupFindings(dataDir));
  }
  say(
    true,
    holder
      ? `lock: left by ${describeHolder(holder)}, which is gone: the next start takes it over`
      : "lock: free",
  );

  try {
    const lock = acquireDataDirLock(dataDir, { command: "npm run doctor", port: null });
    try {
      const database = await openDatabase({ dataDir: store });
      try {
        const applied = await database.session("snapshot", migrationsOf);
        const known = journalLength();
        say(true, "opens: yes");
        say(
          applied.migrations <= known,
          applied.migrations < known
            ? `schema: ${applied.migrations} of ${known} migrations (the next start applies the rest)`
            : applied.migrations === known
              ? `schema: up to date (${known} migrations)`
              : `schema: ${applied.migrations} migrations, newer than this Tablemate (${known}): update it`,
        );
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  } catch (error) {
    if (error instanceof StoreOpenError) say(false, damagedStore(dataDir, error).message);
    else if (error instanceof StoreError) say(false, error.message);
    else throw error;
  }
  return findings.concat(backupFindings(dataDir));
}

function backupFindings(dataDir: string): Finding[] {
  const backups = listBackups(dataDir);
  const findings: Finding[] = [];
  if (!backups.length)
    findings.push({
      ok: false,
      text: `backups: none in ${dataDir}/backups (the server takes one at each start)`,
    });
  for (const backup of backups.slice(0, 3))
    findings.push({
      ok: true,
      text: `backup ${backup.file}: taken ${backup.takenAt.toISOString()}, ${Math.ceil(backup.bytes / 1024)} KiB`,
    });
  try {
    const disk = statfsSync(dataDir);
    const free = (disk.bavail * disk.bsize) / 2 ** 30;
    findings.push({ ok: free >= 1, text: `disk: ${free.toFixed(1)} GiB free for the store and its backups` });
  } catch {
    // no data folder yet
  }
  return findings;
}

/** Reads the newest backup whole: a file cut short or unreadable is a problem worth knowing before it is needed. */
export async function checkNewestBackup(dataDir: string): Promise<Finding | null> {
  const [newest] = listBackups(dataDir);
  if (!newest) return null;
  try {
    const { rows } = await readBackup(newest.file, async () => {});
    return { ok: true, text: `newest backup reads whole: ${rows} rows` };
  } catch (error) {
    return { ok: false, text: `newest backup: ${(error as Error).message}` };
  }
}
