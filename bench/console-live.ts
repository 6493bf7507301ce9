/**
 * `npm run console -w bench`: new orders reaching the staff consoles live, on PostgreSQL (issue 17).
 *
 * On a fresh database, one server process (in-memory backplane). Setup, untimed: 50 restaurants made in
 * the database, each with a few plain dishes and its tables; two staff accounts at each (a waiter and a
 * manager, both may read the floor), each signed in over the server's sign-in route; every table gets
 * one diner seated and its shared cart filled over HTTP (submit/prefill.ts). Then timed phases of
 * submits only (submit/load.ts: 200 submitters together at BENCH_RATE orders/s, each cycle submitting
 * the next prefilled table's cart, tables of the 50 restaurants taken in turn): first a quiet one at
 * 20/s with the consoles attached (the delay's floor), then rounds of "without consoles" and "with
 * consoles" (100 sockets, `/console/ws?rid=` with the session cookie, opened before the phase and
 * closed after). In a phase with consoles, every accepted order must arrive (floor topic, orderPlaced)
 * on both sockets of its restaurant and on no other; its delay is from the bench's receipt of the
 * submit's HTTP answer to its arrival on each socket. Writes bench/results/console-live.json.
 *
 * Exits 0 when targets fail (the file reports them); non-zero only when the bench itself breaks.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import type { StaffRole } from "@tablemate/core";
import { sql } from "drizzle-orm";
import { createSigner } from "../apps/server/src/security/signer.js";
import { createTestDatabase, type TestDatabase } from "../apps/server/test/support/databases.js";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { secondsFromEnv, serverNodeArgs } from "./bench-env.js";
import { type CpuShare, cpuWindow } from "./cart/cpu.js";
import { round2, type Spread, spread } from "./cart/stats.js";
import { addBenchRestaurants, signInStaff } from "./console/restaurants.js";
import { ConsoleFleet, checkArrivals, type LiveCheck } from "./console/sockets.js";
import { loadAverageNow, machineFacts } from "./machine.js";
import { HttpClient } from "./submit/http.js";
import { type PhaseFigures, runLoad } from "./submit/load.js";
import { type CartPlan, type PrefilledTable, planCarts, prefill } from "./submit/prefill.js";

const ROOT = new URL("..", import.meta.url).pathname;
/**
 * BENCH_REDIS=1: the server's backplane is Redis (127.0.0.1:6379, as two processes share it) instead of
 * its in-memory one, so a console message makes the round trip through Redis; results go to
 * console-live-redis.json.
 */
const REDIS = process.env.BENCH_REDIS === "1";
const RESULTS_FILE = join(ROOT, `bench/results/console-live${REDIS ? "-redis" : ""}.json`);
const SECRET = "tablemate-bench-console-live-secret-40ch";

const RATE = Number(process.env.BENCH_RATE ?? 500);
const WARMUP_MS = secondsFromEnv("BENCH_WARMUP_S", 2);
const STEADY_MS = secondsFromEnv("BENCH_STEADY_S", 5);
/** rounds of (without consoles, with consoles) */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const QUIET = { rate: 20, warmupMs: 0, steadyMs: 3000 };
const SUBMITTERS = 200;
const ROLES: StaffRole[] = ["waiter", "manager"];

const TARGETS = { delayP99Ms: 50, rateRatio: 0.9 };

const perPhaseTables = (rate: number, ms: number) => Math.ceil((rate * ms) / 1000) + SUBMITTERS;

const CONFIG = {
  restaurants: 50,
  socketsPerRestaurant: ROLES.length,
  roles: ROLES,
  dishesPerRestaurant: 5,
  rate: RATE,
  submitters: SUBMITTERS,
  warmupMs: WARMUP_MS,
  steadyMs: STEADY_MS,
  rounds: ROUNDS,
  quiet: QUIET,
  /** HTTP connections from the bench to the server */
  sockets: 256,
  prefillConcurrency: 48,
  /** how long the bench waits after a phase for arrivals still on their way */
  settleMs: 3000,
};

interface Phase {
  name: string;
  consoles: boolean;
  rate: number;
  warmupMs: number;
  steadyMs: number;
}

const PHASES: Phase[] = [
  { name: "quiet", consoles: true, ...QUIET },
  ...Array.from({ length: ROUNDS }, (_, i) => [
    { name: `without-${i + 1}`, consoles: false, rate: RATE, warmupMs: WARMUP_MS, steadyMs: STEADY_MS },
    { name: `with-${i + 1}`, consoles: true, rate: RATE, warmupMs: WARMUP_MS, steadyMs: STEADY_MS },
  ]).flat(),
];

interface PhaseResult {
  name: string;
  consoles: boolean;
  rate: number;
  steady: PhaseFigures;
  warmup: PhaseFigures;
  tablesTaken: number;
  errors: string[];
  cpu: CpuShare;
  live?: Omit<LiveCheck, "delays"> & {
    /** the steady window's orders: from the answer's receipt to the arrival, each socket */
    delayMs: Spread;
    /** every checked order, warm-up included */
    delayAllMs: Spread;
    /** of the steady window's arrivals, those heard before the bench had read the submit's answer */
    beforeAnswer: number;
    /** from sending the submit to the arrival (steady window) */
    fromSendMs: Spread;
    otherMessages: Record<string, number>;
    closedEarly: number;
    settledInMs: number;
  };
}

const log = (text: string) => process.stdout.write(`[console-live] ${text}\n`);

/** The plans of each restaurant's tables, interleaved so that consecutive submits go to different restaurants. */
function interleave(lists: CartPlan[][]): CartPlan[] {
  const out: CartPlan[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (list[i]) out.push(list[i] as CartPlan);
  return out;
}

async function run(resources: {
  database?: TestDatabase;
  server?: RunningServer;
  http?: HttpClient;
  fleet?: ConsoleFleet;
}) {
  const loadAverageAtStart = loadAverageNow();
  log(`load average at start ${loadAverageAtStart.join(" ")}`);
  const database = await createTestDatabase("postgres");
  resources.database = database;
  const { db } = database.database;
  const server = await startServer(
    {
      DATABASE_URL: database.url ?? "",
      SECRET,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000000",
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "100000000",
      ...(REDIS
        ? {
            REDIS_URL: "redis://127.0.0.1:6379",
            REDIS_CHANNEL_PREFIX: `bench-console-${process.pid}-${Date.now()}:`,
          }
        : {}),
    },
    { nodeArgs: serverNodeArgs() },
  );
  resources.server = server;
  const totalTables = PHASES.reduce((sum, p) => sum + perPhaseTables(p.rate, p.warmupMs + p.steadyMs), 0);
  const tablesEach = Math.ceil(totalTables / CONFIG.restaurants);
  const made = await addBenchRestaurants(db, createSigner(SECRET), {
    count: CONFIG.restaurants,
    dishCount: CONFIG.dishesPerRestaurant,
    tablesEach,
  });
  log(`server ${server.url} (pid ${server.pid}); ${made.length} restaurants, ${tablesEach} tables each`);
  const sessions = await signInStaff(
    db,
    server.url,
    made.map((r) => r.rid),
    ROLES,
  );
  log(`${sessions.length} staff signed in`);

  const plans = interleave(
    made.map((r) =>
      planCarts(r.seats, { popular: [], others: r.dishIds, popularShare: 0, firstPopularCarts: 0 }),
    ),
  );
  const http = new HttpClient(server.url, CONFIG.sockets);
  resources.http = http;
  log(`prefill: ${plans.length} tables, ${CONFIG.prefillConcurrency} at a time`);
  const setup = await prefill(http, plans, { concurrency: CONFIG.prefillConcurrency, log });
  log(`prefill: ${setup.tables.length} carts in ${setup.seconds} s, ${setup.refusedAdds} adds refused`);
  await db.execute(sql`vacuum (analyze)`);

  const phases: PhaseResult[] = [];
  /** the steady windows' delays of every loaded phase with consoles, together */
  const loadedDelays: number[] = [];
  let next = 0;
  for (const phase of PHASES) {
    const count = perPhaseTables(phase.rate, phase.warmupMs + phase.steadyMs);
    const tables: PrefilledTable[] = setup.tables.slice(next, next + count);
    next += count;
    const fleet = phase.consoles ? await ConsoleFleet.open(server.url, sessions) : undefined;
    resources.fleet = fleet;
    log(
      `${phase.name}: ${phase.rate} orders/s${fleet ? `, ${sessions.length} console sockets` : ", no consoles"}`,
    );
    const orders = new Map<number, { rid: number; answeredAt: number; sentAt: number }>();
    const cpu = cpuWindow(() => ({ server: server.pid, client: process.pid }));
    const startedAt = performance.now();
    const load = await runLoad(http, tables, {
      rate: phase.rate,
      submitters: SUBMITTERS,
      retryShare: 0,
      warmupMs: phase.warmupMs,
      steadyMs: phase.steadyMs,
      onAccepted: ({ table, orderId, sentAt, answeredAt }) =>
        orders.set(orderId, { rid: table.seat.rid, answeredAt, sentAt }),
    });
    const cpuShare = cpu.end();
    const result: PhaseResult = {
      name: phase.name,
      consoles: phase.consoles,
      rate: phase.rate,
      steady: load.steady,
      warmup: load.warmup,
      tablesTaken: load.tablesTaken,
      errors: load.errors,
      cpu: cpuShare,
    };
    if (fleet) {
      const settledInMs = await fleet.settle([...orders.keys()], ROLES.length, CONFIG.settleMs);
      const steadyFrom = startedAt + phase.warmupMs;
      const steadyTo = steadyFrom + phase.steadyMs;
      const check = checkArrivals(fleet, orders);
      const steadyDelays: number[] = [];
      const fromSend: number[] = [];
      for (const [orderId, order] of orders) {
        if (order.sentAt < steadyFrom || order.sentAt >= steadyTo) continue;
        const rids = new Set(
          fleet.sessions.map((s, i) => (s.rid === order.rid ? i : -1)).filter((i) => i >= 0),
        );
        for (const arrival of fleet.arrivals.get(orderId) ?? []) {
          if (!rids.has(arrival.socket)) continue;
          steadyDelays.push(arrival.at - order.answeredAt);
          fromSend.push(arrival.at - order.sentAt);
        }
      }
      if (phase.name !== "quiet") loadedDelays.push(...steadyDelays);
      const { delays, ...counts } = check;
      result.live = {
        ...counts,
        delayMs: spread(steadyDelays),
        delayAllMs: spread(delays),
        beforeAnswer: steadyDelays.filter((d) => d < 0).length,
        fromSendMs: spread(fromSend),
        otherMessages: { ...fleet.otherMessages },
        closedEarly: fleet.closedEarly.length,
        settledInMs,
      };
      await fleet.close();
      resources.fleet = undefined;
      log(
        `${phase.name}: ${load.steady.ordersPerSecond} orders/s; delay p50 ${result.live.delayMs.p50} ms, ` +
          `p99 ${result.live.delayMs.p99} ms; lost ${check.lost}, misdelivered ${check.misdelivered}`,
      );
    } else log(`${phase.name}: ${load.steady.ordersPerSecond} orders/s`);
    phases.push(result);
  }
  return { loadAverageAtStart, setup, phases, tablesEach, serverUrl: server.url, loadedDelays };
}

const meanOf = (list: PhaseResult[], value: (p: PhaseResult) => number): number =>
  Math.round(list.reduce((sum, p) => sum + value(p), 0) / Math.max(1, list.length));

/** (highest − lowest) / mean of the phases' steady orders/s, in %. */
function spreadPercent(list: PhaseResult[]): number {
  const rates = list.map((p) => p.steady.ordersPerSecond);
  const mean = rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length);
  return mean > 0 ? Math.round(((Math.max(...rates) - Math.min(...rates)) / mean) * 100) : 0;
}

function report(outcome: Awaited<ReturnType<typeof run>>) {
  const { phases, setup } = outcome;
  const loaded = phases.filter((p) => p.name !== "quiet");
  const without = loaded.filter((p) => !p.consoles);
  const withC = loaded.filter((p) => p.consoles);
  const mean = (list: PhaseResult[]) =>
    round2(list.reduce((s, p) => s + p.steady.ordersPerSecond, 0) / Math.max(1, list.length));
  const rateWithout = mean(without);
  const rateWith = mean(withC);
  const ratio = rateWithout > 0 ? Math.round((rateWith / rateWithout) * 1000) / 1000 : 0;
  const delay = spread(outcome.loadedDelays);
  const p99 = delay.count ? delay.p99 : Number.POSITIVE_INFINITY;
  const lost = withC
    .concat(phases.filter((p) => p.name === "quiet"))
    .reduce((s, p) => s + (p.live?.lost ?? 0), 0);
  const misdelivered = phases.reduce((s, p) => s + (p.live?.misdelivered ?? 0) + (p.live?.unknown ?? 0), 0);
  const duplicates = phases.reduce((s, p) => s + (p.live?.duplicates ?? 0), 0);
  const checked = phases.reduce((s, p) => s + (p.live?.expected ?? 0), 0);
  const sentRate = (p: PhaseResult) => round2(p.steady.cycles / p.steady.seconds);
  const targets = {
    delayP99: {
      target: `p99 <= ${TARGETS.delayP99Ms} ms from the submit's answer to the console (loaded phases' steady windows together)`,
      measured: p99,
      pass: p99 <= TARGETS.delayP99Ms,
    },
    lost: {
      target: "0 accepted orders missing on a socket of their restaurant",
      measured: lost,
      pass: lost === 0,
    },
    misdelivered: {
      target: "0 orders on another restaurant's socket (or unknown to the bench)",
      measured: misdelivered,
      pass: misdelivered === 0,
    },
    duplicates: {
      target: "0 orders heard twice on one socket",
      measured: duplicates,
      pass: duplicates === 0,
    },
    rateWithConsoles: {
      target: `orders/s with consoles >= ${TARGETS.rateRatio} x without (means of the rounds)`,
      measured: ratio,
      pass: ratio >= TARGETS.rateRatio,
    },
    offeredRate: {
      target: `${RATE} orders/s reached without consoles (the load the issue asks for)`,
      measured: rateWithout,
      pass: rateWithout >= 0.98 * RATE,
    },
  };
  const quiet = phases.find((p) => p.name === "quiet");
  return {
    measuredAt: new Date().toISOString(),
    machine: machineFacts({
      loadAverageAtStart: outcome.loadAverageAtStart,
      loadAverageAtEnd: loadAverageNow(),
      sharedBy:
        "the server process, PostgreSQL, the bench process (load generator and the 100 console sockets) and, during this run, other engineers' work (see loadAverageAtStart and each phase's cpu.otherPercent)",
    }),
    config: {
      ...CONFIG,
      tablesEach: outcome.tablesEach,
      phases: PHASES,
      server:
        `one process (tsx), PostgreSQL 127.0.0.1:5432, ${REDIS ? "Redis backplane (127.0.0.1:6379, a channel prefix of its own)" : "in-memory backplane"}, LOG_LEVEL warn, RATE_LIMIT_PER_MINUTE and ` +
        "RATE_LIMIT_PER_ADDRESS_PER_MINUTE 1e8 (every request comes from 127.0.0.1)",
      restaurantsMade:
        `${CONFIG.restaurants} restaurants made in the bench database (dine-in, shared carts, pay later, open all day), ` +
        `each with one category of ${CONFIG.dishesPerRestaurant} plain dishes (unlimited stock) and ${outcome.tablesEach} tables`,
      staff:
        `at each restaurant a ${ROLES.join(" and a ")} account (staff module's insertAccount/addMembership, scrypt cost 10), ` +
        "each signed in once over POST /console/api/v1/session; each session holds one console socket",
      load:
        "submit/load.ts: 200 submitters on fixed periods (open loop), each cycle submitting the next prefilled table's " +
        "cart; tables of the 50 restaurants in turn; no re-sent submits",
    },
    setup: {
      tables: setup.tables.length,
      seconds: setup.seconds,
      cartOpLatencyMs: setup.cartOpLatencyMs,
      refusedAdds: setup.refusedAdds,
    },
    summary: {
      ordersPerSecondWithout: rateWithout,
      ordersPerSecondWith: rateWith,
      ratio,
      submitsSentPerSecond: Object.fromEntries(loaded.map((p) => [p.name, sentRate(p)])),
      delayMs: delay,
      delayByPhaseMs: Object.fromEntries(withC.map((p) => [p.name, p.live?.delayMs])),
      quietDelayMs: quiet?.live?.delayMs,
      arrivalsChecked: checked,
      lost,
      misdelivered,
      duplicates,
    },
    targets,
    phases,
    notes: [
      "delay: from the bench's receipt of a submit's HTTP answer to the orderPlaced message's arrival on a console " +
        "socket, for each of the two sockets of the order's restaurant, over the orders sent in the steady window. " +
        "The server publishes the message after the order's commit and before it answers the submit (submit.ts " +
        "announce, awaited), so an arrival can come before the answer is read (a negative delay; live.beforeAnswer " +
        (REDIS
          ? "counts them). Here the backplane is Redis: the publish resolves when Redis has taken it, and the " +
            "server's subscriber connection hears it back before the sockets get it, so arrivals may also follow the answer."
          : "counts them). With the in-memory backplane the publish writes the socket frames synchronously, before " +
            "the HTTP answer is written, so both reach the bench in the same or consecutive reads: the delay is ≤ 0 " +
            "by construction, and fromSendMs (submit sent → arrival) is the figure that moves with load."),
      "Both ends are read by the same bench process (one event loop that also drives the 200 submitters and reads " +
        "100 sockets), so its own loop delay is inside every figure, on both the answer and the arrival side.",
      "quiet: 20 orders/s with the consoles attached, the delay's floor in this run (the same path without load).",
      "lost: accepted orders (warm-up included) not heard on a socket of their restaurant within " +
        `${CONFIG.settleMs} ms after the phase; misdelivered: heard on another restaurant's socket, or an ` +
        "orderPlaced for an order no accepted submit of the phase answered.",
      "rate: accepted orders/s in the steady window, the mean of the rounds without consoles against the mean " +
        "of the rounds with them; rounds alternate so that the machine's drift (other work) falls on both.",
      `Machine: over the loaded phases the server process had ${meanOf(loaded, (p) => p.cpu.serverPercent)}% of one ` +
        `core, the machine ran at ${meanOf(loaded, (p) => p.cpu.machinePercent)}% of ${cpus().length * 100}, of which ` +
        `${meanOf(loaded, (p) => p.cpu.otherPercent)}% was work other than this bench's server, client and PostgreSQL. ` +
        "postgresPercent counts every postgres process on the machine, other engineers' test databases included.",
      ...(loaded.every((p) => sentRate(p) >= 0.98 * p.rate)
        ? [
            "Every loaded phase reached the offered rate, so the rate ratio shows only that the server kept up " +
              "with and without consoles, not how much capacity was left; compare the phases' submitLatencyMs " +
              "and cpu for the consoles' cost.",
          ]
        : []),
      ...(without.length > 1
        ? [
            `Rounds without consoles differed by ${spreadPercent(without)}% between themselves ` +
              `(${without.map((p) => p.steady.ordersPerSecond).join(", ")} orders/s), rounds with them by ` +
              `${spreadPercent(withC)}% (${withC.map((p) => p.steady.ordersPerSecond).join(", ")}): a difference ` +
              "between the two conditions smaller than that is inside this run's noise.",
          ]
        : []),
      ...(loaded.some((p) => sentRate(p) < 0.95 * p.rate)
        ? [
            `The server did not keep up in ${loaded
              .filter((p) => sentRate(p) < 0.95 * p.rate)
              .map(
                (p) =>
                  `${p.name} (${sentRate(p)} of ${p.rate} submits/s sent, ${p.steady.lateCycles} late cycles)`,
              )
              .join(
                ", ",
              )}: the submitters' cycles ran past their periods, so the rate measured is the server's ` +
              "capacity on this machine at that moment rather than the offered load.",
          ]
        : []),
    ],
  };
}

async function main(): Promise<void> {
  const resources: Parameters<typeof run>[0] = {};
  let failed = false;
  try {
    const outcome = await run(resources);
    const results = report(outcome);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    for (const [name, t] of Object.entries(results.targets))
      log(`${t.pass ? "PASS" : "FAIL"} ${name}: ${t.measured} (${t.target})`);
    log(`wrote ${RESULTS_FILE}`);
  } catch (error) {
    failed = true;
    process.stderr.write(
      `console-live bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
    );
    if (resources.server) process.stderr.write(`server said:\n${resources.server.output().slice(-3000)}\n`);
  } finally {
    await resources.fleet?.close().catch(() => undefined);
    resources.http?.close();
    await resources.server?.stop().catch(() => undefined);
    await resources.database?.drop().catch(() => undefined);
  }
  process.exit(failed ? 1 : 0);
}

await main();
