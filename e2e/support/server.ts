import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
  stop(): Promise<void>;
  /** SIGKILL, as a crash: no shutdown hooks run; the data folder stays for a restart */
  kill(): Promise<void>;
  /** starts the process again on the same port, data and environment; resolves once it prints its links */
  restart(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the product as a newcomer's `npm start` does after the build (package.json's `serve` command,
 * its node flags included): one process, embedded PGlite in its own data folder, demo seeded; resolves
 * once it has printed its table links.
 * `nodeArgs` go to node before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tablemate-e2e-"));
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
  let output = "";
  const nodeArgs = options.nodeArgs ?? [];
  let child = await launch(childEnv, nodeArgs, (chunk) => {
    output += chunk;
  });
  const linksOf = (text: string): PrintedLink[] =>
    [...text.matchAll(/^ {2}(\S+) (.+): (http:\/\/\S+)$/gm)].map(
      ([, restaurant = "", table = "", link = ""]) => ({ restaurant, table, url: link }),
    );
  const tables = linksOf(output);
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
    stop: async () => {
      await end("SIGINT");
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end("SIGKILL"),
    restart: async () => {
      await end("SIGINT");
      child = await launch(childEnv, nodeArgs, (chunk) => {
        output += chunk;
      });
    },
  };
}

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
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
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
