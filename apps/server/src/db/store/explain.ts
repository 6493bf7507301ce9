import type { StoreOpenError } from "../client.js";
import { listBackups } from "./backup.js";
import { StoreError } from "./errors.js";

/**
 * What a start says when the engine cannot open the folder: what failed, that the folder was left as
 * it was, and the command that restores the newest backup (or, without one, what to do instead).
 */
export function damagedStore(dataDir: string, error: StoreOpenError): StoreError {
  const reason =
    error.reason instanceof Error ? `${error.reason.name}: ${error.reason.message}` : String(error.reason);
  const [latest] = listBackups(dataDir);
  const restore = latest
    ? `The newest backup was taken ${latest.takenAt.toISOString()}. To restore it (the damaged folder is kept aside, renamed, not deleted):\n` +
      `  npm run restore -- ${latest.file}\n` +
      "Orders, payments and members after that moment are not in it."
    : `There is no backup in ${dataDir}/backups. Keep the folder as it is (copy it somewhere safe) and ask for help; do not delete it.`;
  return new StoreError(
    `The embedded store in ${error.dataDir} could not be opened.\n` +
      `  What failed: ${reason}\n` +
      "  The folder was left untouched: this start deleted and changed nothing in it.\n" +
      `${restore}\n` +
      "`npm run doctor` checks the folder (lock, version, whether it opens) and lists the backups.",
  );
}
