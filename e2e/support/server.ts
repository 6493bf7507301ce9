import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../apps/server/test/support/free-port.js";

export { freePort };

const ROOT = new URL("../..", import.meta.url).pathname;

/** What follows `node` in package.json's `serve` script (the server's own flags, the loader, main.ts). */
function serveArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: { serve: string };
  };
  const [command, ...args] = scripts.serve.split(/\s+/);
  if (command !== "node") throw new Error(`the serve script does not start with node: ${scripts.serve}`);
  return args;
}

/** A table link as the server prints it: `<restaurant> <table>: <url>`. */
export interface PrintedLink {
  restaurant: string;
  table: string;
  url: string;
}

export interface RunningServer {
  url: string;
  /** every table link the server printed at start, in order */
  links: string[];
  /** the same links with the restaurant and table each is for */
  tables: PrintedLink[];
  output: () => string;
  /** the running process's id (a restart gives a new one) */
  readonly pid: number | undefined;
  /** the embedded store's folder (DATA_DIR) */
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL, as a crash: no shutdown hooks run; the data folder stays for a restart */
  kill(): Promise<void>;
  /** starts the process again on the same port, data and environment; resolves once it prints its links */
  restart(): Promise<void>;
}

/** Where the e2e run's prepared data folder is (e2e/global-setup.ts), and what its first start printed. */
const TEMPLATE_ENV = "TABLEMATE_E2E_TEMPLATE";
const FIRST_OUTPUT = "first-start.txt";
/** The settings a first start's seed depends on: a server given one of these starts from an empty folder. */
const SEED_INPUTS = ["DATA_DIR", "DATABASE_URL", "SEED_DEMO", "TEST_CLOCK_SHIFT_MS", "PASSWORD_COST"];

/**
 * Starts the server once on an empty folder (migrations, demo seed, first-start output), stops it
 * cleanly, and keeps the folder as the template the run's later servers start from: each of them then
 * pays for a restart, not for a first start. Returns what to remove at the end.
 */
export async function prepareDataTemplate(): Promise<{ dir: string; remove: () => void }> {
  const server = await startServer({}, { fresh: true });
  const dir = server.dataDir;
  await server.stop({ keepData: true });
  rmSync(join(dir, "backups"), { recursive: true, force: true });
  writeFileSync(join(dir, FIRST_OUTPUT), server.output());
  process.env[TEMPLATE_ENV] = dir;
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A new data folder: a copy of the run's template with what its first start printed, or empty. */
function newDataDir(env: Record<string, string>, fresh: boolean): { dir: string; printed: string } {
  const dir = mkdtempSync(join(tmpdir(), "tablemate-e2e-"));
  const template = process.env[TEMPLATE_ENV];
  if (fresh || !template || SEED_INPUTS.some((key) => key in env)) return { dir, printed: "" };
  cpSync(template, dir, { recursive: true, filter: (path) => !path.endsWith(FIRST_OUTPUT) });
  return { dir, printed: readFileSync(join(template, FIRST_OUTPUT), "utf8") };
}

/**
 * Starts the product as a newcomer's `npm start` does after the build (package.json's `serve` command,
 * its node flags included): one process, embedded PGlite in its own data folder, demo seeded; resolves
 * once it has printed its table links. In the e2e run the folder is a copy of one prepared by a first
 * start (its output comes first in `output()`), unless `fresh` or a setting the seed depends on is given.
 * `nodeArgs` go to node before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; fresh?: boolean } = {},
): Promise<RunningServer> {
  const nodeArgs = options.nodeArgs ?? [];
  let output = "";
  const onOutput = (chunk: string) => {
    output += chunk;
  };
  // a caller that chose the port (to print links on it) is listened to; a port we picked and somebody
  // took before the server listened is picked again, with a new data folder
  const settingsOn = (port: number) => {
    const { dir: dataDir, printed } = newDataDir(env, options.fresh ?? false);
    output = printed;
    const url = `http://127.0.0.1:${port}`;
    const childEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // read by machines (the logged verification codes): JSON lines, not the readable default
      LOG_FORMAT: "json",
      ...env,
    };
    return { url, childEnv, dataDir, printed };
  };
  let { url, childEnv, dataDir, printed } = settingsOn(env.PORT ? Number(env.PORT) : await freePort());
  let child: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    try {
      child = await launch(childEnv, nodeArgs, onOutput);
      break;
    } catch (error) {
      if (env.PORT || attempt >= 3 || !String(error).includes("EADDRINUSE")) throw error;
      rmSync(dataDir, { recursive: true, force: true });
      ({ url, childEnv, dataDir, printed } = settingsOn(await freePort()));
    }
  }
  const linksOf = (text: string): PrintedLink[] =>
    [...text.matchAll(/^ {2}(\S+) (.+): (http:\/\/\S+)$/gm)].map(
      ([, restaurant = "", table = "", link = ""]) => ({ restaurant, table, url: link }),
    );
  // this start's links (a copied folder's first start printed the same ones on another port)
  const tables = linksOf(output.slice(printed.length));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    if (exited()) return;
    const done = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await done;
  };
  return {
    url,
    links: tables.map((t) => t.url),
    tables,
    output: () => output,
    get pid() {
      return child.pid;
    },
    dataDir,
    stop: async (opts = {}) => {
      await end("SIGINT");
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end("SIGKILL"),
    restart: async () => {
      await end("SIGINT");
      child = await launch(childEnv, nodeArgs, onOutput);
    },
  };
}

/** How long a start may take to print its links (SERVER_START_TIMEOUT_S, for a crowded machine; 90 s by default). */
const START_TIMEOUT_MS = Number(process.env.SERVER_START_TIMEOUT_S ?? 90) * 1000;

/** Spawns the server and resolves once this process has printed its table links. */
async function launch(
  env: NodeJS.ProcessEnv,
  nodeArgs: string[],
  onOutput: (chunk: string) => void,
): Promise<ChildProcess> {
  const args = [...nodeArgs, ...serveArgs()];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: unknown) => {
    output += String(chunk);
    onOutput(String(chunk));
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_TIMEOUT_MS);
    const check = () => {
      if (/Table links:[\s\S]*\n\n/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return child;
}
