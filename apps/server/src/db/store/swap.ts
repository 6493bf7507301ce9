/**
 * Swapping a new embedded folder in for DATA_DIR/pglite (a restore, an engine upgrade) takes two
 * renames: the old folder aside, the new one into place. A crash between them would leave no store at
 * all, and the next start would make an empty one beside the data. So the swap is journaled: once the
 * new folder is complete, a small file says what goes where; the renames follow; the file goes last.
 * Every start (and every restore) first finishes a swap the journal says was cut short, forward: the
 * new folder is complete whenever the journal exists.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileStamp } from "./backup.js";

export interface SwapJournal {
  /** the complete new folder */
  building: string;
  /** where the folder it replaces goes (none when there was none) */
  keptAside: string | null;
}

export const storeFolder = (dataDir: string) => join(resolve(dataDir), "pglite");
/** Where a swap's journal is while the swap is under way. */
export const swapJournalOf = (dataDir: string) => join(resolve(dataDir), "pglite.swap.json");

/** Writes `text` to `path` and makes it durable (the file and its folder's entry) before answering. */
function writeDurably(path: string, text: string): void {
  const fd = openSync(path, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const folder = openSync(dirname(path), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/**
 * Puts the complete folder `building` in place as DATA_DIR/pglite; the folder there before is renamed
 * `pglite.<aside>-<time>`, never deleted. The caller holds DATA_DIR's lock. Answers where the old went.
 */
export function swapInStore(dataDir: string, building: string, aside: string): string | null {
  const target = storeFolder(dataDir);
  const keptAside = existsSync(target) ? `${target}.${aside}-${fileStamp(new Date())}` : null;
  writeDurably(swapJournalOf(dataDir), JSON.stringify({ building, keptAside } satisfies SwapJournal));
  finishStoreSwap(dataDir);
  return keptAside;
}

/**
 * Finishes a swap its journal says is under way, whichever rename a crash stopped before; answers a
 * sentence for the log when there was one to finish (null otherwise). The caller holds the lock.
 */
export function finishStoreSwap(dataDir: string): string | null {
  const journal = swapJournalOf(dataDir);
  if (!existsSync(journal)) return null;
  const { building, keptAside } = JSON.parse(readFileSync(journal, "utf8")) as SwapJournal;
  const target = storeFolder(dataDir);
  let done = "it had finished";
  if (existsSync(building)) {
    if (existsSync(target)) renameSync(target, keptAside ?? `${target}.replaced-${fileStamp(new Date())}`);
    renameSync(building, target);
    done = `${building} put in place${keptAside ? `, the previous folder kept as ${keptAside}` : ""}`;
  }
  rmSync(journal, { force: true });
  return `store: a swap of the embedded folder was cut short; finished (${done}).`;
}
