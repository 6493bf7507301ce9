/**
 * Backups of the store: one file made from a consistent read (a snapshot session, while service goes
 * on), written aside and renamed into place once complete and synced, so a crash mid-backup leaves no
 * file that looks whole. The embedded store keeps its own in DATA_DIR/backups.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Database } from "../client.js";
import { backupWriter } from "./format.js";
import { writeSnapshot } from "./snapshot.js";

const PARTIAL = ".partial";
const SUFFIX = ".backup.gz";

export interface BackupTaken {
  file: string;
  rows: number;
  bytes: number;
  ms: number;
}

export interface BackupFile {
  file: string;
  bytes: number;
  /** when it was taken, from its name */
  takenAt: Date;
}

export function backupsDir(dataDir: string): string {
  return join(resolve(dataDir), "backups");
}

/** tablemate-2026-11-28T04-40-01-123Z.backup.gz: sorting by name is sorting by time */
export function backupName(at: Date): string {
  return `tablemate-${fileStamp(at)}${SUFFIX}`;
}

/** A moment as a file name takes it: 2026-11-28T04-40-01-123Z */
export const fileStamp = (at: Date) => at.toISOString().replaceAll(":", "-").replace(".", "-");

function takenAtOf(name: string): Date | null {
  const match = /^tablemate-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.backup\.gz$/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}

/** Writes a backup of `database` into `file` (which must not exist yet). */
export async function takeBackup(
  database: Pick<Database, "kind" | "session">,
  file: string,
): Promise<BackupTaken> {
  const started = performance.now();
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const partial = `${file}${PARTIAL}`;
  rmSync(partial, { force: true });
  const writer = backupWriter(partial);
  try {
    const { rows } = await database.session("snapshot", (query) =>
      writeSnapshot(query, database.kind, writer.line),
    );
    await writer.end();
    const fd = openSync(partial, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
    return { file, rows, bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
  } catch (error) {
    await writer.end().catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The backups in DATA_DIR/backups, newest first. */
export function listBackups(dataDir: string): BackupFile[] {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const takenAt = takenAtOf(name);
      return takenAt ? [{ file: join(dir, name), bytes: statSync(join(dir, name)).size, takenAt }] : [];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Takes one into DATA_DIR/backups, then keeps the newest `keep` (and drops what a crash left half written). */
export async function backupIntoDataDir(
  database: Database,
  dataDir: string,
  keep: number,
  at: Date = new Date(),
): Promise<BackupTaken> {
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  // the data folder's lock is held: a partial file here was left by a process that died writing it
  for (const name of readdirSync(dir)) if (name.endsWith(PARTIAL)) rmSync(join(dir, name), { force: true });
  const taken = await takeBackup(database, join(dir, backupName(at)));
  for (const old of listBackups(dataDir).slice(keep)) rmSync(old.file, { force: true });
  return taken;
}

export interface BackupSchedule {
  /** a backup now (the one under way, if one is) */
  now(): Promise<BackupTaken | null>;
  /** no more backups; waits for one being written */
  stop(): Promise<void>;
}

/** The embedded store's schedule: a backup now, then every `everyHours` (0: only the one now). */
export function scheduleBackups(
  database: Database,
  opts: { dataDir: string; everyHours: number; keep: number },
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): BackupSchedule {
  let running: Promise<BackupTaken | null> | null = null;
  let stopped = false;
  const now = () => {
    if (stopped) return Promise.resolve(null);
    running ??= backupIntoDataDir(database, opts.dataDir, opts.keep)
      .then((taken) => {
        log.info(taken, "backup written");
        return taken;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "backup failed");
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  void now();
  const timer = opts.everyHours > 0 ? setInterval(now, opts.everyHours * 3_600_000) : null;
  timer?.unref();
  return {
    now,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
