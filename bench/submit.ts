/**
 * `npm run submit -w bench`: order submit under load on PostgreSQL (issue 5).
 *
 * On a fresh database, one server process; 200 tables of 8 diners in restaurant 1 (pay later). Every
 * table, on its own fixed period, has its next diner fill the shared cart over HTTP (two adds) and
 * submit it, so the tables together aim at BENCH_RATE orders per second; half of the orders take a
 * popular dish, three of which have a finite estimate (the first, 300, sells out early). Records orders
 * per second, submit latency, answers by code; then checks in the database that no dish sold more than
 * its estimate and that every order answers exactly one accepted submit (5% of submits are sent twice).
 * Before the load, the floor: pgbench running the bare transaction on tables of the same shape in the
 * same database. Writes bench/results/submit.json.
 *
 * Exits 0 when targets fail (the file reports them); non-zero only when the bench itself breaks.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { API, type Dish } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { dishes } from "../apps/server/src/db/schema.js";
import { createSigner } from "../apps/server/src/security/signer.js";
import { createTestDatabase, type TestDatabase } from "../apps/server/test/support/databases.js";
import { plainDishes } from "../apps/server/test/support/ordering.js";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { secondsFromEnv, serverNodeArgs } from "./bench-env.js";
import { cpuWindow, msPerOp } from "./cart/cpu.js";
import { addBenchTables } from "./cart/database.js";
import { pgbenchFloor } from "./submit/floor.js";
import { HttpClient } from "./submit/http.js";
import { runLoad, seatDiners } from "./submit/load.js";
import { printSummary, type SubmitResults, targetChecks } from "./submit/report.js";
import { checkOrders, checkStock } from "./submit/verify.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/submit.json");
/** 40 characters, shared by the server (SECRET) and the bench (signing the tables' sid) */
const SECRET = "tablemate-bench-order-submit-secret-40c!";
/** the server's PostgreSQL pool (src/db/client.ts) */
const SERVER_POOL = 10;
/** the wider floor's clients: one per table (200) is past this PostgreSQL's max_connections (100) */
const WIDE_FLOOR_CLIENTS = 50;

const CONFIG = {
  tables: 200,
  dinersPerTable: 8,
  rate: Number(process.env.BENCH_RATE ?? 1000),
  popularDishes: 3,
  popularShare: 0.5,
  retryShare: 0.05,
  warmupMs: secondsFromEnv("BENCH_WARMUP_S", 5),
  steadyMs: secondsFromEnv("BENCH_STEADY_S", 30),
  floorSeconds: Number(process.env.BENCH_FLOOR_S ?? 12),
  /** HTTP connections from the bench to the server */
  sockets: 256,
};

/** the first popular dish's estimate: sold out within seconds at any rate the bench reaches */
const SELLS_OUT = 300;

/** Estimates: the first popular dish sells out early in the run; the others hold out at the target rate. */
function estimates(popular: number[]): number[] {
  const run = (CONFIG.warmupMs + CONFIG.steadyMs) / 1000;
  const demand = (CONFIG.rate * CONFIG.popularShare * run) / popular.length;
  return popular.map((_, i) => (i === 0 ? SELLS_OUT : Math.round(demand * 2)));
}

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
  const loadAverageAtStart = loadavg().map((v) => Math.round(v * 10) / 10);
  const database = await createTestDatabase("postgres");
  resources.database = database;
  const databaseUrl = database.url ?? "";
  const { db } = database.database;
  const server = await startServer(
    { DATABASE_URL: databaseUrl, SECRET, LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "100000000" },
    { nodeArgs: serverNodeArgs() },
  );
  resources.server = server;
  const seats = await addBenchTables(db, createSigner(SECRET), CONFIG.tables);
  const rid = seats[0]?.rid ?? 0;
  const tableIds = seats.map((s) => s.tableId);
  const menu = (await (await fetch(`${server.url}${API.foodList}?restaurantId=${rid}`)).json()) as {
    data: Dish[];
  };
  const plain = plainDishes(menu.data);
  const popular = plain.slice(0, CONFIG.popularDishes);
  const others = plain.slice(CONFIG.popularDishes);
  if (others.length < 5) throw new Error(`only ${plain.length} plain dishes in restaurant ${rid}`);
  const starting = estimates(popular.map((d) => d.id));
  for (const [i, dish] of popular.entries()) {
    await db
      .update(dishes)
      .set({ estimate: starting[i] ?? 0 })
      .where(eq(dishes.id, dish.id));
  }
  const before = new Map(popular.map((d, i) => [d.id, { name: d.name, estimate: starting[i] ?? 0 }]));
  log(`server ${server.url} (pid ${server.pid}); ${seats.length} tables in restaurant ${rid}`);
  log(`popular ${popular.map((d, i) => `${d.id} (${starting[i]})`).join(", ")}; ${others.length} others`);

  const http = new HttpClient(server.url, CONFIG.sockets);
  resources.http = http;
  const tables = await seatDiners(http, seats, CONFIG.dinersPerTable);
  log(`${tables.length * CONFIG.dinersPerTable} diners seated`);
  // the floor's orders reference a table's cart, which seating opened
  const floorInput = {
    databaseUrl,
    seats,
    popular: popular.map((d) => d.id),
    other: others[0]?.id ?? 0,
    seconds: CONFIG.floorSeconds,
  };
  log(`floor: pgbench, ${SERVER_POOL} clients`);
  const primary = await pgbenchFloor({ ...floorInput, clients: SERVER_POOL });
  log(`floor: pgbench, ${WIDE_FLOOR_CLIENTS} clients`);
  const wide = await pgbenchFloor({ ...floorInput, clients: WIDE_FLOOR_CLIENTS });

  log(`load at ${CONFIG.rate} orders/s`);
  const cpu = cpuWindow(() => ({ server: server.pid, client: process.pid }));
  const load = await runLoad(http, tables, {
    rate: CONFIG.rate,
    seats,
    dinersPerTable: CONFIG.dinersPerTable,
    popular: popular.map((d) => d.id),
    others: others.map((d) => d.id),
    popularShare: CONFIG.popularShare,
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
  const results: SubmitResults = {
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "",
      node: process.version,
      loadAverageAtStart,
      note: `${cpus().length} cores shared by the server process, PostgreSQL and the bench (load generator) process`,
    },
    config: {
      ...CONFIG,
      restaurantId: rid,
      popular: popular.map((d, i) => ({ id: d.id, name: d.name, estimate: starting[i] })),
      otherDishes: others.length,
      server: `one process (tsx), PostgreSQL 127.0.0.1:5432 (pool of ${SERVER_POOL}), in-memory backplane, LOG_LEVEL warn, RATE_LIMIT_PER_MINUTE 1e8 (every request comes from 127.0.0.1); the per-diner submit limit (10 per 10 s) stays`,
      load:
        `${CONFIG.tables} tables, each on a fixed period of ${(CONFIG.tables * 1000) / CONFIG.rate} ms (no catching up after a late cycle): ` +
        `the table's next diner (round robin of ${CONFIG.dinersPerTable}, so each submits every ` +
        `${(CONFIG.tables * CONFIG.dinersPerTable) / CONFIG.rate} s) adds two dishes over HTTP cart ops, then submits; ` +
        `the second dish is popular in ${CONFIG.popularShare * 100}% of orders; a refused cart is cleared; ` +
        `${CONFIG.retryShare * 100}% of accepted submits are sent again with the same submitId`,
      floor: `pgbench -M prepared -j 2, ${CONFIG.floorSeconds} s each, at ${SERVER_POOL} clients (the server's pool) and ${WIDE_FLOOR_CLIENTS} (one per table, 200, is past max_connections 100)`,
    },
    results: {
      ...steady,
      retries: load.retries,
      cartOpsRefused: load.cartOpsRefused,
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
      ...(steady.ordersPerSecond < 0.95 * CONFIG.rate
        ? [
            `The server did not keep up: ${steady.ordersPerSecond} of ${CONFIG.rate} orders/s, every table's ` +
              `cycle running late (${steady.lateCycles} of ${steady.cycles}), so the latencies are mostly queueing. ` +
              `Per order (with its two cart ops) the server spent ${msPerOp(cpuShare.serverPercent, runOrders)} ms ` +
              `of CPU and PostgreSQL ${msPerOp(cpuShare.postgresPercent, runOrders)} ms; the machine ran at ` +
              `${cpuShare.machinePercent}% of ${cpus().length * 100}, ${cpuShare.otherPercent}% of it other work.`,
          ]
        : []),
      "orders/s: submits answered 1000 among those sent in the steady window, over its length; latency: from " +
        "sending the submit to its answer (the cart ops before it are timed apart, as cartOpLatencyMs).",
      "ratio: steady orders/s over the higher of the two pgbench rates.",
      "oversold: units in the bench's orders beyond each limited dish's starting estimate; stockConsistent: " +
        "each estimate left equals the starting one less the units ordered.",
      "duplicates: orders beyond one per submitId, plus orders in the database that no accepted submit " +
        "answered; retries.otherAnswer counts re-sent submits that did not get the first order back.",
      "CPU per order (serverMsPerOrder, postgresMsPerOrder) also pays for the two cart ops of each order.",
    ],
  };
  return results;
}

async function main(): Promise<void> {
  const resources: Parameters<typeof run>[0] = {};
  let failed = false;
  try {
    const results = await run(resources);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(printSummary(results));
    log(`wrote ${RESULTS_FILE}`);
  } catch (error) {
    failed = true;
    process.stderr.write(
      `submit bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
    );
  } finally {
    resources.http?.close();
    await resources.server?.stop().catch(() => undefined);
    await resources.database?.drop().catch(() => undefined);
  }
  process.exit(failed ? 1 : 0);
}

await main();
