import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../../e2e/support/server.js";
import { openDatabase } from "../src/db/client.js";
import { backupIntoDataDir } from "../src/db/store/backup.js";
import { StoreError } from "../src/db/store/errors.js";
import {
  acquireDataDirLock,
  type LockHolder,
  lockPath,
  processStartTicks,
  readHolder,
} from "../src/db/store/lock.js";
import { storeFolder } from "../src/db/store/swap.js";
import { runScript } from "./support/store.js";

const freshFolder = () => mkdtempSync(join(tmpdir(), "tablemate-lock-"));
const holder = (over: Partial<LockHolder>): LockHolder => ({
  pid: process.pid,
  since: new Date().toISOString(),
  port: 3000,
  command: "npm start",
  host: hostname(),
  startTicks: processStartTicks(process.pid),
  ...over,
});
const writeLock = (dataDir: string, h: LockHolder) => writeFileSync(lockPath(dataDir), JSON.stringify(h));

/** A pid no process has: one of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid ?? 0;
}

describe("the data folder's lock", () => {
  it("refuses a second holder, naming the folder, pid, since when and port", () => {
    const dataDir = freshFolder();
    const lock = acquireDataDirLock(dataDir, { command: "npm start", port: 3456 });
    try {
      expect(() => acquireDataDirLock(dataDir, { command: "npm run links", port: null })).toThrow(StoreError);
      try {
        acquireDataDirLock(dataDir, { command: "npm run links", port: null });
      } catch (error) {
        const text = (error as Error).message;
        expect(text).toContain(`The data folder ${dataDir} is in use by another Tablemate process`);
        expect(text).toContain(`pid ${process.pid}`);
        expect(text).toContain("port 3456");
        expect(text).toContain(`since ${readHolder(lockPath(dataDir))?.since}`);
      }
    } finally {
      lock.release();
    }
    expect(existsSync(lockPath(dataDir))).toBe(false);
  });

  it("takes over a lock whose process is gone, or whose pid now belongs to another process", async () => {
    const dataDir = freshFolder();
    writeLock(dataDir, holder({ pid: await deadPid() }));
    acquireDataDirLock(dataDir, { command: "npm start", port: 1 }).release();
    // this pid is alive, but it started at another moment than the one written: a reused pid
    writeLock(dataDir, holder({ startTicks: "1" }));
    const lock = acquireDataDirLock(dataDir, { command: "npm start", port: 2 });
    expect(readHolder(lockPath(dataDir))).toMatchObject({ pid: process.pid, port: 2 });
    lock.release();
  });

  it("does not guess about a holder it cannot check: another machine's, or a live one", () => {
    const dataDir = freshFolder();
    writeLock(dataDir, holder({ host: "other-machine", pid: 1 }));
    expect(() => acquireDataDirLock(dataDir, { command: "npm start", port: 1 })).toThrow("another machine");
    writeLock(dataDir, holder({ command: "npm run owner", port: null }));
    expect(() => acquireDataDirLock(dataDir, { command: "npm start", port: 1 })).toThrow(
      /npm run owner, pid \d+ on .*, no port/,
    );
  });

  it("lets exactly one of several processes racing for a stale lock take it", async () => {
    const dataDir = freshFolder();
    writeLock(dataDir, holder({ pid: await deadPid() }));
    const lockModule = new URL("../src/db/store/lock.ts", import.meta.url).pathname;
    const racer = `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
      try { acquireDataDirLock(${JSON.stringify(dataDir)}, { command: "racer", port: null }); console.log("took"); setTimeout(() => {}, 3000); }
      catch (error) { console.log("refused"); }`;
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", racer]);
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += String(chunk);
        });
        return new Promise<string>((resolve) => child.once("exit", () => resolve(out.trim())));
      }),
    );
    expect(outcomes.sort()).toEqual(["refused", "refused", "refused", "took"]);
  }, 60_000);
});

describe("a second start on the same data folder", () => {
  let first: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = freshFolder();
    first = await startServer({
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      PASSWORD_COST: "10",
      LOG_LEVEL: "info",
    });
  }, 120_000);
  afterAll(() => first?.stop());

  it("is refused at once with the holder's pid, since when and port, exit code 1, the store untouched", async () => {
    const port = new URL(first.url).port;
    const second = await runScript("main.ts", [], { DATA_DIR: dataDir, PORT: "0" });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`The data folder ${dataDir} is in use by another Tablemate process`);
    expect(second.stderr).toContain(`npm start, pid ${first.pid}`);
    expect(second.stderr).toContain(`port ${port}`);
    expect(second.stderr).toMatch(/since \d{4}-\d\d-\d\dT/);
    // refused before the server's modules load (a few seconds on a busy machine, not a full start)
    expect(second.ms).toBeLessThan(15_000);
    // the first still serves
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  }, 60_000);

  it("refuses npm run restore and npm run links while it runs", async () => {
    const [backup] = readdirSync(join(dataDir, "backups"));
    const restore = await runScript("cli/restore.ts", [join(dataDir, "backups", backup ?? "none")], {
      DATA_DIR: dataDir,
    });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`pid ${first.pid}`);
    const links = await runScript("cli/links.ts", [], { DATA_DIR: dataDir });
    expect(links.code).toBe(1);
    expect(links.stderr).toContain("is in use by another Tablemate process");
  }, 60_000);

  it("stops cleanly on SIGTERM: the store closed, the lock given back, the next start needs no takeover", async () => {
    const pid = first.pid ?? 0;
    process.kill(pid, "SIGTERM");
    for (let waited = 0; !first.output().includes("stopped cleanly") && waited < 30_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.output()).toContain("stopping: finishing requests under way");
    expect(first.output()).toContain("stopped cleanly");
    expect(existsSync(lockPath(dataDir))).toBe(false);
  }, 60_000);
});

/** A digest of every file under `folder`: equal before and after means nothing in it changed. */
function digestOf(folder: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path.slice(folder.length)).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest("hex");
}

describe("a damaged store", () => {
  it("is explained at start (what failed, folder untouched, the restore command), exit code 1, and restore brings it back", async () => {
    const dataDir = freshFolder();
    const database = await openDatabase({ dataDir: storeFolder(dataDir) });
    await database.migrate();
    const backup = await backupIntoDataDir(database, dataDir, 10);
    await database.close();
    // the control file overwritten: the engine cannot start on this folder any more
    writeFileSync(join(storeFolder(dataDir), "global/pg_control"), Buffer.alloc(8192, 7));
    const before = digestOf(storeFolder(dataDir));

    const start = await runScript("main.ts", [], { DATA_DIR: dataDir, PORT: "0" });
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`The embedded store in ${storeFolder(dataDir)} could not be opened.`);
    // the engine's own words: RuntimeError (PGlite 0.3), "PGlite failed to initialize properly" (0.5)
    expect(start.stderr).toMatch(/What failed: \w*Error: /);
    expect(start.stderr).toContain("The folder was left untouched");
    expect(start.stderr).toContain(`npm run restore -- ${backup.file}`);
    expect(digestOf(storeFolder(dataDir))).toBe(before);
    // it gave the folder's lock back
    expect(existsSync(lockPath(dataDir))).toBe(false);

    const doctor = await runScript("cli/doctor.ts", [], { DATA_DIR: dataDir });
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain("PROBLEM The embedded store");

    const restore = await runScript("cli/restore.ts", [backup.file], { DATA_DIR: dataDir });
    expect(restore.code).toBe(0);
    const aside = /kept as (\S+)\.$/m.exec(restore.stdout)?.[1] ?? "";
    expect(digestOf(aside)).toBe(before);
    const healthy = await runScript("cli/doctor.ts", [], { DATA_DIR: dataDir });
    expect(healthy.stdout).toContain("opens: yes");
    expect(healthy.code).toBe(0);
  }, 180_000);
});
