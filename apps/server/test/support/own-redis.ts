import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { freePort } from "./free-port.js";

/**
 * A Redis of the test's own (Debian's redis-server) on a free port of 127.0.0.1, nothing saved: the
 * test stops and starts it again on the same port, as a restart of the installation's Redis would.
 */
export class OwnRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** starts it (again), answering once it accepts connections */
  async restart(): Promise<void> {
    const child = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    this.child = child;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      child.stdout?.on("data", (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes("Ready to accept connections")) resolve();
      });
    });
  }

  /** stops it, answering once it has exited (its clients' connections are closed) */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
}
