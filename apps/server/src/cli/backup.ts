import { copyFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { openStore } from "../boot.js";
import { loadConfig } from "../config.js";
import { backupIntoDataDir, backupName, listBackups, takeBackup } from "../db/store/backup.js";
import { StoreError } from "../db/store/errors.js";
import { holderState, lockPath, readHolder } from "../db/store/lock.js";
import { runMain } from "./exit.js";

const USAGE = `Makes a backup now: a consistent copy of every table, taken while service goes on.

  npm run backup -- [--out FILE]

Embedded store (DATA_DIR): into DATA_DIR/backups (the last BACKUP_KEEP are kept), or FILE. While the
server runs it holds the folder: it is asked to take the backup itself (signal SIGUSR2).
With DATABASE_URL: through an ordinary connection (no pg_dump), into FILE or ./tablemate-<time>.backup.gz.
Restore with: npm run restore -- FILE`;

/** how long a running server is given to write the backup it was asked for */
const SERVER_BACKUP_WAIT_MS = 120_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const config = loadConfig();
  const out = values.out === undefined ? undefined : resolve(values.out);
  const holder = config.DATABASE_URL ? null : readHolder(lockPath(config.DATA_DIR));
  if (holder && holderState(holder) === "alive" && holder.command === "npm start") {
    const taken = await askServer(config.DATA_DIR, holder.pid);
    if (out) copyFileSync(taken, out);
    return void process.stdout.write(
      `Backup written by the running server (pid ${holder.pid}): ${out ?? taken}\n`,
    );
  }
  const { database } = await openStore(config, { command: "npm run backup" });
  try {
    const taken =
      out || database.kind === "postgres"
        ? await takeBackup(database, out ?? resolve(backupName(new Date())))
        : await backupIntoDataDir(database, config.DATA_DIR, config.BACKUP_KEEP);
    process.stdout.write(
      `Backup written: ${taken.file} (${taken.rows} rows, ${taken.bytes} bytes, ${taken.ms} ms)\n`,
    );
  } finally {
    await database.close();
  }
}

/** Signals the server holding the folder to take a backup, and waits for the new file. */
async function askServer(dataDir: string, pid: number): Promise<string> {
  const before = listBackups(dataDir)[0]?.file;
  const asked = Date.now();
  process.kill(pid, "SIGUSR2");
  while (Date.now() - asked < SERVER_BACKUP_WAIT_MS) {
    await new Promise((done) => setTimeout(done, 200));
    const newest = listBackups(dataDir)[0];
    if (newest && newest.file !== before && newest.takenAt.getTime() >= asked - 1000) return newest.file;
  }
  throw new StoreError(
    `The server (pid ${pid}) wrote no backup within ${SERVER_BACKUP_WAIT_MS / 1000} s: see its log.`,
  );
}

runMain(main);
