import { cpus } from "node:os";
import { join } from "node:path";
import { API, type Dish } from "@tablemate/core";
import { eq, sql } from "drizzle-orm";
import { dishes } from "../apps/server/src/db/schema.js";
import { createSigner } from "../apps/server/src/security/signer.js";
import { createTestDatabase, type TestDatabase } from "../apps/server/test/support/databases.js";
import { plainDishes } from "../apps/server/test/support/ordering.js";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { secondsFromEnv, serverNodeArgs } from "./bench-env.js";
import { benchMain } from "./bench-main.js";
import { cpuWindow, msPerOp } from "./cart/cpu.js";
import { addBenchTables } from "./cart/database.js";
import { loadAverageNow, machineFacts } from "./machine.js";
import { pgbenchFloor } from "./submit/floor.js";
import { addOrderHistory, HISTORY_TABLES } from "./submit/history.js";
import { HttpClient } from "./submit/http.js";
import { runLoad } from "./submit/load.js";
import { cartsHolding, planCarts, prefill } from "./submit/prefill.js";
import { printSummary, type SubmitResults, targetChecks } from "./submit/report.js";
import { checkOrders, checkStock } from "./submit/verify.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/submit.json");
/** 40 characters, shared by the server (SECRET) and the bench (signing the tables' sid) */
const SECRET = "tablemate-bench-order-submit-secret-40c!";
/** the server's PostgreSQL pool (src/db/client.ts) */
const SERVER_POOL = 10;
/** the wider floor's clients: one per submitter (200) is past this PostgreSQL's max_connections (100) */
const WIDE_FLOOR_CLIENTS = 50;

/**
 * Submits offered per second. The target is 1000 accepted orders a second, and about 2% of submits are
 * refused by design (the first popular dish sells out): the bench offers 5% more.
 */
const RATE = Number(process.env.BENCH_RATE ?? 1050);
/**
 * Long enough for the cold start (each connection plans the submit's statements on first use, V8 has
 * yet to optimize the path) and the backlog it leaves to drain before the steady window: in a 1000/s
 * run the first 0.5 s answered in up to 600 ms, and answers were back under 35 ms 3.5 s in.
 */
const WARMUP_MS = secondsFromEnv("BENCH_WARMUP_S", 5);
const STEADY_MS = secondsFromEnv("BENCH_STEADY_S", 10);
/** the issue's 200 tables submitting at once */
const SUBMITTERS = 200;

const CONFIG = {
  submitters: SUBMITTERS,
  rate: RATE,
  popularDishes: 3,
  popularShare: 0.5,
  retryShare: 0.05,
  warmupMs: WARMUP_MS,
  steadyMs: STEADY_MS,
  floorSeconds: Number(process.env.BENCH_FLOOR_S ?? 12),
  /** HTTP connections from the bench to the server */
  sockets: 256,
  /** one table per submit of warm-up and steady, 15% spare, one more per submitter; BENCH_PREFILL_MAX caps it */
  prefillTables: Math.min(
    Math.ceil(((RATE * (WARMUP_MS + STEADY_MS)) / 1000) * 1.15) + SUBMITTERS,
    Number(process.env.BENCH_PREFILL_MAX ?? Number.POSITIVE_INFINITY),
  ),
  /** tables seated and filled at once during the setup */
  prefillConcurrency: 48,
  /** settled orders of earlier days the restaurant already holds (submit/history.ts) */
  historyOrders: 20_000,
};

/** the first popular dish's estimate: sold out within seconds at any rate the bench reaches */
const SELLS_OUT = 300;

/** Estimates: the first popular dish sells out early in the run; the others have a unit for every cart holding them. */
const estimates = (carts: number[]): number[] => carts.map((n, i) => (i === 0 ? SELLS_OUT : n));

/** Whether the process still runs (signal 0 only checks). */
function isAlive(pid: number | undefined): boolean {
  try {
    return pid !== undefined && process.kill(pid, 0);
  } catch {
    return false;
  }
}

const log = (text: string) => process.stdout.write(`[submit] ${text}\n`);

async function run(resources: { database?: TestDatabase; server?: RunningServer; http?: HttpClient }) {
  const loadAverageAtStart = loadAverageNow();
  const database = await createTestDatabase("postgres");
  resources.database = database;
  const databaseUrl = database.url ?? "";
  const { db } = database.database;
  const server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      SECRET,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000000",
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "100000000",
    },
    { nodeArgs: serverNodeArgs() },
  );
  resources.server = server;
  const seats = await addBenchTables(db, createSigner(SECRET), CONFIG.prefillTables);
  const rid = seats[0]?.rid ?? 0;
  const tableIds = seats.map((s) => s.tableId);
  const menu = (await (await fetch(`${server.url}${API.foodList}?restaurantId=${rid}`)).json()) as {
    data: Dish[];
  };
  const plain = plainDishes(menu.data);
  const popular = plain.slice(0, CONFIG.popularDishes);
  const others = plain.slice(CONFIG.popularDishes);
  if (others.length < 5) throw new Error(`only ${plain.length} plain dishes in restaurant ${rid}`);
  const popularIds = popular.map((d) => d.id);
  // the adds check stock against the estimates: they are set from the plan before any cart is filled
  const plans = planCarts(seats, {
    popular: popularIds,
    others: others.map((d) => d.id),
    popularShare: CONFIG.popularShare,
    firstPopularCarts: 2 * SELLS_OUT,
  });
  const popularCarts = cartsHolding(plans, popularIds);
  const starting = estimates(popularCarts);
  for (const [i, dish] of popular.entries()) {
    await db
      .update(dishes)
      .set({ estimate: starting[i] ?? 0 })
      .where(eq(dishes.id, dish.id));
  }
  const before = new Map(popular.map((d, i) => [d.id, { name: d.name, estimate: starting[i] ?? 0 }]));
  log(`server ${server.url} (pid ${server.pid}); ${seats.length} tables in restaurant ${rid}`);
  log(
    `popular ${popular.map((d, i) => `${d.id} (estimate ${starting[i]}, in ${popularCarts[i]} carts)`).join(", ")}; ` +
      `${others.length} others`,
  );

  const http = new HttpClient(server.url, CONFIG.sockets);
  resources.http = http;
  log(`prefill: ${plans.length} tables, ${CONFIG.prefillConcurrency} at a time`);
  const setup = await prefill(http, plans, { concurrency: CONFIG.prefillConcurrency, log });
  log(
    `prefill: ${setup.tables.length} carts filled in ${setup.seconds} s, ${setup.refusedAdds} adds refused`,
  );
  await addOrderHistory(db, {
    rid,
    orders: CONFIG.historyOrders,
    foodIds: [others[0]?.id ?? 0, others[1]?.id ?? 0],
  });
  log(`history: ${CONFIG.historyOrders} orders of earlier days`);
  // autovacuum would otherwise take up the prefill's rows inside the floor or the timed window
  await db.execute(sql`vacuum (analyze)`);
  // the floor's orders reference a table's cart, which the prefill opened
  const floorInput = {
    databaseUrl,
    seats,
    popular: popularIds,
    other: others[0]?.id ?? 0,
    seconds: CONFIG.floorSeconds,
  };
  log(`floor: pgbench, ${SERVER_POOL} clients`);
  const primary = await pgbenchFloor({ ...floorInput, clients: SERVER_POOL });
  log(`floor: pgbench, ${WIDE_FLOOR_CLIENTS} clients`);
  const wide = await pgbenchFloor({ ...floorInput, clients: WIDE_FLOOR_CLIENTS });

  log(`load at ${CONFIG.rate} orders/s, ${CONFIG.submitters} submitters`);
  const cpu = cpuWindow(() => ({ server: server.pid, client: process.pid }));
  const load = await runLoad(http, setup.tables, {
    rate: CONFIG.rate,
    submitters: CONFIG.submitters,
    retryShare: CONFIG.retryShare,
    warmupMs: CONFIG.warmupMs,
    steadyMs: CONFIG.steadyMs,
  });
  const serverAlive = isAlive(server.pid);
  if (load.errors.length)
    log(`load errors (${load.errors[0]}); the server said:\n${server.output().slice(-3000)}`);
  // the window spans warm-up and steady: CPU per order is read against both
  const cpuShare = cpu.end();
  const runOrders =
    (load.warmup.ordersPerSecond * CONFIG.warmupMs + load.steady.ordersPerSecond * CONFIG.steadyMs) /
    (CONFIG.warmupMs + CONFIG.steadyMs);

  const stock = await checkStock(db, before, tableIds);
  const orders = await checkOrders(db, tableIds, load.accepted);
  const oversold = stock.reduce((sum, s) => sum + s.oversold, 0);
  const floorTps = Math.max(primary.transactionsPerSecond, wide.transactionsPerSecond);
  const ratio = floorTps > 0 ? Math.round((load.steady.ordersPerSecond / floorTps) * 1000) / 1000 : 0;
  const steady = load.steady;
  const sentPerSecond = Math.round((steady.cycles / steady.seconds) * 10) / 10;
  const results: SubmitResults = {
    measuredAt: new Date().toISOString(),
    machine: machineFacts({
      loadAverageAtStart,
      sharedBy: "the server process, PostgreSQL and the bench (load generator) process",
    }),
    config: {
      ...CONFIG,
      restaurantId: rid,
      popular: popular.map((d, i) => ({
        id: d.id,
        name: d.name,
        estimate: starting[i],
        carts: popularCarts[i],
      })),
      otherDishes: others.length,
      server: `one process (tsx), PostgreSQL 127.0.0.1:5432 (pool of ${SERVER_POOL}), in-memory backplane, LOG_LEVEL warn, RATE_LIMIT_PER_MINUTE and RATE_LIMIT_PER_ADDRESS_PER_MINUTE 1e8 (every request comes from 127.0.0.1); the per-diner submit limit (10 per 10 s) stays`,
      load:
        `before the timed window, untimed: ${CONFIG.prefillTables} tables, each with one diner seated over HTTP ` +
        `(table join, cart id) and its shared cart filled over HTTP by two cart-op adds (an unlimited dish, then ` +
        `a popular one in ${CONFIG.popularShare * 100}% of carts), ${CONFIG.prefillConcurrency} tables at a time; ` +
        `then ${CONFIG.historyOrders} settled orders of earlier days on ${HISTORY_TABLES} other tables (the floor ` +
        `copies them), and VACUUM ANALYZE. Timed, submits only: ${CONFIG.submitters} submitters, each on a fixed period of ` +
        `${Math.round((CONFIG.submitters * 10000) / CONFIG.rate) / 10} ms (open loop, no catching up after a late cycle), each cycle ` +
        `submitting the cart of the next prefilled table off a shared queue (each table submits once); ` +
        `${CONFIG.retryShare * 100}% of accepted submits are sent again with the same submitId`,
      floor: `pgbench -M prepared -j 2, ${CONFIG.floorSeconds} s each, at ${SERVER_POOL} clients (the server's pool) and ${WIDE_FLOOR_CLIENTS} (one per submitter, 200, is past max_connections 100)`,
    },
    setup: {
      tables: setup.tables.length,
      concurrency: CONFIG.prefillConcurrency,
      seconds: setup.seconds,
      cartOpLatencyMs: setup.cartOpLatencyMs,
      refusedAdds: setup.refusedAdds,
    },
    results: {
      ...steady,
      retries: load.retries,
      tablesTaken: load.tablesTaken,
      ranDry: load.ranDry,
      errors: load.errors,
      cpu: {
        ...cpuShare,
        serverMsPerOrder: msPerOp(cpuShare.serverPercent, runOrders),
        postgresMsPerOrder: msPerOp(cpuShare.postgresPercent, runOrders),
      },
    },
    verification: {
      stock,
      oversold,
      stockConsistent: stock.every((s) => s.consistent),
      orders,
    },
    floor: { primary, wide, ratio },
    targets: targetChecks(steady, ratio, oversold, orders.duplicateOrders),
    warmup: load.warmup,
    notes: [
      ...(serverAlive
        ? []
        : [
            "The server process was gone at the end of the load (no output: killed from outside); the figures " +
              "count only what it answered before.",
          ]),
      ...(load.ranDry.workers
        ? [
            `The queue of prefilled tables ran dry ${load.ranDry.firstAtMs} ms into the load (${load.tablesTaken} ` +
              `taken); ${load.ranDry.workers} of ${CONFIG.submitters} submitters stopped there.`,
          ]
        : []),
      ...(setup.refusedAdds
        ? [`${setup.refusedAdds} adds of the setup were refused: those carts hold one dish instead of two.`]
        : []),
      (popularCarts[0] ?? 0) > SELLS_OUT
        ? `Carts holding the first popular dish (${popularCarts[0]} of ${plans.length}, ` +
          `${Math.round(((popularCarts[0] ?? 0) / plans.length) * 1000) / 10}%) are answered 2000 once it has ` +
          "sold out, so from then on accepted orders/s stays that share below the rate of submits sent."
        : `The first popular dish is in only ${popularCarts[0]} carts, not more than its estimate ${SELLS_OUT}: ` +
          "it cannot sell out in this run.",
      ...(!load.ranDry.workers && sentPerSecond < 0.95 * CONFIG.rate
        ? [
            `The server did not keep up: ${sentPerSecond} of ${CONFIG.rate} submits/s sent in the steady window, ` +
              `${steady.lateCycles} of ${steady.cycles} cycles late (a submit outlasted its submitter's period), ` +
              "so the latencies are mostly queueing. " +
              `Per order the server spent ${msPerOp(cpuShare.serverPercent, runOrders)} ms ` +
              `of CPU and PostgreSQL ${msPerOp(cpuShare.postgresPercent, runOrders)} ms; the machine ran at ` +
              `${cpuShare.machinePercent}% of ${cpus().length * 100}, ${cpuShare.otherPercent}% of it other work.`,
          ]
        : []),
      `The carts are filled over HTTP before the timed window (setup: ${setup.tables.length} tables, one diner ` +
        `and two cart-op adds each, in ${setup.seconds} s; setup.cartOpLatencyMs times those adds), so every ` +
        `figure of the load is submits only; the load took ${load.tablesTaken} of the prefilled tables.`,
      "orders/s: submits answered 1000 among those sent in the steady window, over its length; latency: from " +
        "sending the submit to its answer. Carts holding the first popular dish after it sold out are " +
        "answered 2000 and counted as refused (refusedLatencyMs).",
      "ratio: steady orders/s over the higher of the two pgbench rates.",
      "oversold: units in the bench's orders beyond each limited dish's starting estimate; stockConsistent: " +
        "each estimate left equals the starting one less the units ordered.",
      "duplicates: orders beyond one per submitId, plus orders in the database that no accepted submit " +
        "answered; retries.otherAnswer counts re-sent submits that did not get the first order back.",
      "CPU per order (serverMsPerOrder, postgresMsPerOrder): over warm-up and steady, it pays for the submits " +
        "only (refused ones and the re-sent ones included), none of the cart ops.",
    ],
  };
  return results;
}

await benchMain({
  name: "submit bench",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary: printSummary,
  release: async (resources: Parameters<typeof run>[0]) => {
    resources.http?.close();
    await resources.server?.stop().catch(() => undefined);
    await resources.database?.drop().catch(() => undefined);
  },
});
