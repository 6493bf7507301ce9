/**
 * The bench's client process: the floors' clients and the cart load's 800 diners, each in this
 * process's own event loop, away from the orchestration. Driven by commands over IPC (see commands.ts).
 */
import { type Database, openDatabase } from "../../apps/server/src/db/client.js";
import type { CommandName, Commands, Reply, Request } from "./commands.js";
import { floorBroadcast, floorTransaction } from "./floor.js";
import { CartLoad } from "./load.js";

let load: CartLoad | undefined;
let database: Database | undefined;

function current(): CartLoad {
  if (!load) throw new Error("connect first");
  return load;
}

type Handlers = { [K in CommandName]: (input: Commands[K]["input"]) => Promise<Commands[K]["output"]> };

const handlers: Handlers = {
  floorBroadcast,
  floorTransaction,
  connect: async (input) => {
    database = await openDatabase({ url: input.databaseUrl, dataDir: "" });
    load = new CartLoad(input, database.db);
    return load.connect();
  },
  start: async ({ rate }) => {
    current().start(rate);
    return null;
  },
  phase: async ({ phase }) => {
    current().setPhase(phase);
    return null;
  },
  report: async ({ phase }) => current().report(phase),
  markKill: async () => {
    current().markKill();
    return null;
  },
  awaitConvergence: ({ timeoutMs }) => current().awaitConvergence(timeoutMs),
  stop: async () => {
    current().stop();
    return null;
  },
  settle: ({ timeoutMs }) => current().settle(timeoutMs),
  crashReport: async () => current().crashReport(),
  quiescentCheck: () => current().quiescentCheck(),
  committedCheck: () => current().committedCheck(),
  close: async () => {
    load?.close();
    await database?.close();
    setImmediate(() => process.exit(0));
    return null;
  },
};

process.on("message", (request: Request) => {
  const handler = handlers[request.name] as (input: unknown) => Promise<unknown>;
  handler(request.input).then(
    (output) => reply({ id: request.id, ok: true, output }),
    (error: unknown) =>
      reply({
        id: request.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});

function reply(message: Reply): void {
  process.send?.(message);
}

// the orchestrator gone (crashed or killed): nothing left to measure for
process.on("disconnect", () => process.exit(0));
