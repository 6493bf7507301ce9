/**
 * The engine's move across PostgreSQL majors (issue 26). PGlite 0.5 is PostgreSQL 18 and cannot open a
 * folder made by PGlite 0.3 (PostgreSQL 17): PostgreSQL keeps no file compatibility between majors. On
 * the first start after the move, under DATA_DIR's lock, the folder is read by the previous engine
 * (kept as the dependency pglite-pg17) into a backup that stays in DATA_DIR/backups, that backup is
 * loaded into a new folder by the installed engine (the restore's own path), and the new folder is
 * swapped in; the old one is kept aside, renamed, never deleted.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite as PGlite17 } from "pglite-pg17";
import { type PgliteClient, pgliteSession, StoreOpenError } from "../client.js";
import { backupsDir, fileStamp, takeBackup } from "./backup.js";
import { StoreError } from "./errors.js";
import { replaceStore } from "./restore.js";
import { storeFolder } from "./swap.js";

/** The PostgreSQL major of the installed engine (PGlite 0.5) */
export const ENGINE_MAJOR = 18;
/** The major the previous engine (PGlite 0.3) made folders with: those are upgraded */
export const PREVIOUS_MAJOR = 17;

/** The PostgreSQL major that made the embedded folder `store` (its PG_VERSION), null without one. */
export function storeMajor(store: string): number | null {
  const file = join(store, "PG_VERSION");
  return existsSync(file) ? Number(readFileSync(file, "utf8").trim()) : null;
}

export interface Upgraded {
  from: number;
  /** the backup the new folder was loaded from, kept outside the rotation of DATA_DIR/backups */
  backup: string;
  rows: number;
  /** where the previous folder is now */
  keptAside: string;
}

/**
 * Upgrades DATA_DIR's store when the previous engine made it; nothing when the installed engine did (or
 * there is no store yet). A folder of another major is refused in words. The caller holds DATA_DIR's lock.
 */
export async function upgradeStore(dataDir: string): Promise<Upgraded | null> {
  const store = storeFolder(dataDir);
  const major = storeMajor(store);
  if (major === null || major === ENGINE_MAJOR) return null;
  if (major !== PREVIOUS_MAJOR)
    throw new StoreError(
      `The embedded store in ${store} was made by PostgreSQL ${major}; this Tablemate runs PostgreSQL ${ENGINE_MAJOR} ` +
        `and upgrades folders of PostgreSQL ${PREVIOUS_MAJOR} only. The folder was left untouched.`,
    );
  const backup = join(
    backupsDir(dataDir),
    `before-postgresql-${ENGINE_MAJOR}-${fileStamp(new Date())}.backup.gz`,
  );
  let previous: PGlite17;
  try {
    previous = await PGlite17.create(store);
  } catch (error) {
    throw new StoreOpenError(store, error);
  }
  try {
    await takeBackup({ kind: "pglite", session: pgliteSession(previous as PgliteClient) }, backup);
  } finally {
    await previous.close();
  }
  const { rows, keptAside } = await replaceStore(dataDir, backup, `postgresql-${major}`);
  return { from: major, backup, rows, keptAside: keptAside ?? store };
}

/** What a start says after upgrading: what happened, and where the way back is. */
export function upgradeNotice(upgraded: Upgraded): string {
  return (
    `The embedded store was made by PostgreSQL ${upgraded.from} (PGlite 0.3) and has been upgraded to PostgreSQL ${ENGINE_MAJOR}:\n` +
    `  ${upgraded.rows} rows copied through the backup ${upgraded.backup} (kept, outside the rotation);\n` +
    `  the previous folder is kept as ${upgraded.keptAside} (delete it yourself once all is well).`
  );
}
