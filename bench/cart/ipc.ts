import { type ChildProcess, fork } from "node:child_process";
import type { CommandName, Commands, Reply, Request } from "./commands.js";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Starts a bench module as its own Node process (TypeScript through tsx), with an IPC channel. */
export function forkTs(file: string): ChildProcess {
  return fork(new URL(file, import.meta.url).pathname, [], {
    cwd: ROOT,
    // the collector on the main thread, as the server runs it: no helper thread taking a core from the server
    execArgv: ["--single-threaded-gc", "--import", "tsx"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/**
 * The load client in a process of its own, so its 800 sockets do not share an event loop with the
 * orchestration; called by command name, each call answered once.
 */
export class ClientProcess {
  private next = 1;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  private constructor(readonly child: ChildProcess) {
    child.on("message", (message: Reply) => {
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
    child.on("exit", (code, signal) => {
      for (const [id, wake] of this.waiting)
        wake({ id, ok: false, error: `client exited (${code ?? signal})` });
      this.waiting.clear();
    });
  }

  static start(): ClientProcess {
    return new ClientProcess(forkTs("./client-process.ts"));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  call<K extends CommandName>(name: K, input: Commands[K]["input"]): Promise<Commands[K]["output"]> {
    const id = this.next++;
    const request: Request = { id, name, input };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        if (reply.ok) resolve(reply.output as Commands[K]["output"]);
        else reject(new Error(`${name}: ${reply.error}`));
      });
      this.child.send(request);
    });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    await this.call("close", null).catch(() => undefined);
    await exited;
  }
}
