/**
 * One owner per data folder. Everything that opens the embedded store (the server, `npm run links`,
 * `owner`, `backup`, `restore`, `doctor`'s open) first creates DATA_DIR/tablemate.lock exclusively
 * (O_EXCL), writing who holds it. A lock whose holder is gone is taken over, but only once that is
 * checked: the pid answers no signal, or (Linux) the process with that pid started at another moment
 * than the holder did (the pid was reused). Two takers of one stale lock are serialized by a takeover
 * folder made with mkdir (atomic), so only one of them replaces it.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { StoreError } from "./errors.js";

export const LOCK_FILE = "tablemate.lock";
/** a takeover folder older than this was left by a taker that died mid-takeover */
const TAKEOVER_STALE_MS = 10_000;

export interface LockHolder {
  pid: number;
  /** when it took the lock (ISO) */
  since: string;
  /** the port it serves on; null for a command line tool */
  port: number | null;
  /** what it is: `npm start`, `npm run links`, … */
  command: string;
  host: string;
  /** the process's start time in clock ticks since boot (Linux's /proc/PID/stat field 22), to tell a reused pid */
  startTicks: string | null;
}

export interface DataDirLock {
  readonly path: string;
  /** records the port once the server listens (PORT=0 picks one) */
  setPort(port: number): void;
  /** removes the lock if it is still this process's */
  release(): void;
}

export function lockPath(dataDir: string): string {
  return join(resolve(dataDir), LOCK_FILE);
}

/** Linux: when process `pid` started (clock ticks since boot); null elsewhere or when there is no such process. */
export function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name (field 2) may hold spaces and parentheses: the fields after its last ")" are plain
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** The holder written in the lock file; null when the file is gone or unreadable (a taker mid-write). */
export function readHolder(path: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockHolder;
  } catch {
    return null;
  }
}

/** Whether the holder still runs: "alive", "dead", or "unknown" (another machine's, which cannot be checked). */
export function holderState(holder: LockHolder): "alive" | "dead" | "unknown" {
  if (holder.host !== hostname()) return "unknown";
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, run by another user
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return "dead";
  }
  const ticks = processStartTicks(holder.pid);
  if (holder.startTicks !== null && ticks !== null && ticks !== holder.startTicks) return "dead";
  return "alive";
}

export function describeHolder(holder: LockHolder): string {
  const port = holder.port === null ? "no port" : `port ${holder.port}`;
  return `${holder.command}, pid ${holder.pid} on ${holder.host}, since ${holder.since}, ${port}`;
}

function refusal(dataDir: string, holder: LockHolder, state: "alive" | "unknown"): StoreError {
  const folder = resolve(dataDir);
  const check =
    state === "unknown"
      ? `It was taken on another machine (${holder.host}), so this one cannot check it; if that process is surely gone, remove ${lockPath(dataDir)}.`
      : `Stop that process first (or, for a second server, give this one its own DATA_DIR or DATABASE_URL).`;
  return new StoreError(
    `The data folder ${folder} is in use by another Tablemate process (${describeHolder(holder)}).\n` +
      `Only one process may open the embedded store at a time; this one stopped without touching it.\n${check}`,
  );
}

/** Creates the lock file with `holder` in it; false when it exists. */
function createExclusive(path: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes the takeover folder; false when another taker has it. One left by a dead taker is cleared. */
function takeTakeover(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    try {
      if (Date.now() - statSync(path).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(path);
    } catch {
      // another taker cleared it first
    }
    return false;
  }
}

/**
 * Takes DATA_DIR's lock for this process, or throws a StoreError naming the folder and its holder.
 * `port` is the server's (null for a tool); `command` how the holder is named to whoever is refused.
 */
export function acquireDataDirLock(
  dataDir: string,
  who: { command: string; port: number | null },
): DataDirLock {
  mkdirSync(resolve(dataDir), { recursive: true });
  const path = lockPath(dataDir);
  const mine: LockHolder = {
    pid: process.pid,
    since: new Date().toISOString(),
    port: who.port,
    command: who.command,
    host: hostname(),
    startTicks: processStartTicks(process.pid),
  };
  const takeover = `${path}.takeover`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createExclusive(path, mine)) return heldLock(path, mine);
    const holder = readHolder(path);
    if (holder === null) {
      // being written this instant, or emptied by a crash mid-write: look again shortly
      sleepMs(20);
      if (readHolder(path) === null && takeTakeover(takeover)) replaceUnder(takeover, path, null);
      continue;
    }
    const state = holderState(holder);
    if (state !== "dead") throw refusal(dataDir, holder, state);
    if (takeTakeover(takeover)) replaceUnder(takeover, path, holder);
    else sleepMs(20);
  }
  const holder = readHolder(path);
  throw holder
    ? refusal(dataDir, holder, "alive")
    : new StoreError(`Could not take the lock ${path}: it keeps changing. Is another Tablemate starting?`);
}

/**
 * Under the takeover folder: moves the stale lock aside if it is still the one judged stale (`judged`;
 * null: an empty one), then lets the loop create a fresh one; the takeover folder goes in any case.
 */
function replaceUnder(takeover: string, path: string, judged: LockHolder | null): void {
  try {
    const now = readHolder(path);
    const same =
      judged === null ? now === null : now !== null && now.pid === judged.pid && now.since === judged.since;
    if (same) {
      const aside = `${path}.stale-${process.pid}`;
      renameSync(path, aside);
      rmSync(aside, { force: true });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  } finally {
    rmdirSync(takeover);
  }
}

function heldLock(path: string, mine: LockHolder): DataDirLock {
  let released = false;
  const isMine = () => {
    const now = readHolder(path);
    return now !== null && now.pid === mine.pid && now.since === mine.since;
  };
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (isMine()) rmSync(path, { force: true });
  };
  // a normal exit (process.exit included) gives the folder back; a crash leaves a lock the next start checks
  process.on("exit", release);
  return {
    path,
    setPort(port) {
      if (!isMine()) return;
      mine.port = port;
      // written aside and renamed over it: a reader never sees half a file
      const next = `${path}.next-${process.pid}`;
      writeFileSync(next, `${JSON.stringify(mine, null, 2)}\n`);
      renameSync(next, path);
    },
    release,
  };
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
