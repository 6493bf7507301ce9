/**
 * Restores a backup: into a fresh embedded folder beside the data folder's (the old one kept aside), or
 * into an empty PostgreSQL database. The schema is first migrated to the backup's own version, the rows
 * loaded as they were (triggers and foreign keys off for the load: session_replication_role replica),
 * the sequences set, and then the later migrations run, so an older backup passes through every data
 * migration since.
 */
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { type Database, migrationsFolder, openDatabase, type RawQuery } from "../client.js";
import { StoreError } from "./errors.js";
import { type BackupHeader, parseHeader, readBackup } from "./format.js";
import { acquireDataDirLock } from "./lock.js";
import { quoted, tablesOf } from "./snapshot.js";
import { finishStoreSwap, storeFolder, swapInStore } from "./swap.js";

const BATCH = 500;

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

/** The header alone (the first line). */
export async function readHeader(file: string): Promise<BackupHeader> {
  if (!existsSync(file)) throw new StoreError(`no such file: ${file}`);
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  let first: string | null = null;
  try {
    for await (const line of lines) {
      first = line;
      break;
    }
  } catch {
    // not gzip: said below
  } finally {
    lines.close();
  }
  if (first === null) throw new StoreError(`${file} is not a Tablemate backup`);
  return parseHeader(file, first);
}

/** A migrations folder whose journal stops at the backup's last migration (the SQL files read from the real one). */
function migrationsUpTo(header: BackupHeader): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
  const upTo = journal.entries.slice(0, header.migrations);
  const last = upTo.at(-1);
  if (header.migrations > journal.entries.length || (last?.when ?? null) !== header.lastMigrationWhen)
    throw new StoreError(
      `the backup was made by a newer or different Tablemate (its schema: ${header.migrations} migrations); update this one first`,
    );
  const folder = mkdtempSync(join(tmpdir(), "tablemate-restore-migrations-"));
  mkdirSync(join(folder, "meta"));
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: upTo }));
  for (const entry of upTo)
    writeFileSync(join(folder, `${entry.tag}.sql`), readFileSync(join(migrationsFolder, `${entry.tag}.sql`)));
  return folder;
}

async function assertEmpty(query: RawQuery): Promise<void> {
  for (const { table } of await tablesOf(query)) {
    const [row] = await query<{ filled: boolean }>(
      `select exists (select 1 from public.${quoted(table)}) as filled`,
    );
    if (row?.filled)
      throw new StoreError(
        `the target database is not empty (table ${table} has rows): restore only into an empty one`,
      );
  }
}

/** Loads the backup `file` into `database`, which must be empty; answers its header and the rows loaded. */
export async function loadBackup(
  database: Database,
  file: string,
): Promise<{ header: BackupHeader; rows: number }> {
  const header = await readHeader(file);
  const folder = migrationsUpTo(header);
  try {
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const loaded = await database.session("write", async (query) => {
    await assertEmpty(query);
    try {
      await query("set local session_replication_role = replica");
    } catch (error) {
      throw new StoreError(
        `loading needs a superuser's right to set session_replication_role (${(error as Error).message})`,
      );
    }
    let current: { table: string; columns: string[] } | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!current || !batch.length) return;
      const columns = current.columns.map(quoted).join(", ");
      const table = `public.${quoted(current.table)}`;
      await query(
        `insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [`[${batch.join(",")}]`],
      );
      batch = [];
    };
    return readBackup(file, async (line) => {
      if (line.kind === "table") {
        await flush();
        current = line;
      } else if (line.kind === "row") {
        batch.push(line.json);
        if (batch.length >= BATCH) await flush();
      } else {
        await flush();
        for (const [name, value, called] of line.sequences)
          await query("select setval($1, $2, $3)", [`public.${quoted(name)}`, value, called]);
      }
    });
  });
  await database.migrate();
  return loaded;
}

/** DATA_DIR/pglite and what restore puts aside */

/**
 * Restores `file` as DATA_DIR's embedded store: refused while the folder's lock is held (a running
 * server); loaded into a new folder first, then swapped in, the previous folder renamed aside (never deleted).
 */
export async function restoreIntoDataDir(
  dataDir: string,
  file: string,
): Promise<{ header: BackupHeader; rows: number; keptAside: string | null }> {
  const lock = acquireDataDirLock(dataDir, { command: "npm run restore", port: null });
  try {
    return await replaceStore(dataDir, file, "before-restore");
  } finally {
    lock.release();
  }
}

/**
 * Loads `file` into a new embedded folder and swaps it in as DATA_DIR/pglite; the folder it replaces
 * is renamed `pglite.<aside>-<time>`, never deleted. The caller holds DATA_DIR's lock.
 */
export async function replaceStore(
  dataDir: string,
  file: string,
  aside: string,
): Promise<{ header: BackupHeader; rows: number; keptAside: string | null }> {
  // a swap a crash cut short is finished first: its new folder is `building`'s name
  const finished = finishStoreSwap(dataDir);
  if (finished) console.warn(finished);
  const building = `${storeFolder(dataDir)}.restoring`;
  // left by a restore that died before its swap: never a store in use (that is always DATA_DIR/pglite)
  rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  let loaded: { header: BackupHeader; rows: number };
  try {
    loaded = await loadBackup(database, resolve(file));
  } catch (error) {
    await database.close();
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  await database.close();
  return { ...loaded, keptAside: swapInStore(dataDir, building, aside) };
}
