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
import { addBenchTables } from "./cart/database.js";
import { loadAverageNow, machineFacts } from "./machine.js";
import { pgbenchFloor } from "./submit/floor.js";
import { addOrderHistory, HISTORY_TABLES } from "./submit/history.js";
import { HttpClient } from "./submit/http.js";
import { cartsHolding, planCarts } from "./submit/prefill.js";
import { type RampPlan, rampRates, runRamp } from "./submit/ramp.js";
import { printSummary, type StepRow, type SubmitResults, targetChecks } from "./submit/report.js";
import { StepRunner, tablesFor } from "./submit/step.js";
import { TableSupply } from "./submit/supply.js";
import { checkOrders, checkStock } from "./submit/verify.js";

const ROOT = new URL("..", import.meta.url).pathname;
const NODE_MAJOR = Number(process.versions.node.split(".")[0]);
/** submit.json on Node 20, submit-node<major>.json on any other (e.g. `npx -y node@24`); BENCH_RESULTS overrides */
const RESULTS_FILE =
  process.env.BENCH_RESULTS ??
  join(ROOT, `bench/results/${NODE_MAJOR === 20 ? "submit" : `submit-node${NODE_MAJOR}`}.json`);
/** 40 characters, shared by the server (SECRET) and the bench (signing the tables' sid) */
const SECRET = "tablemate-bench-order-submit-secret-40c!";
/** the server's PostgreSQL pool (src/db/client.ts) */
const SERVER_POOL = 10;
/** the wider floor's clients: one per submitter (200) is past this PostgreSQL's max_connections (100) */
const WIDE_FLOOR_CLIENTS = 50;

/**
 * The ramp (submit/ramp.ts): from BENCH_RAMP_START submits/s, times BENCH_RAMP_FACTOR a step, up to
 * BENCH_RAMP_MAX, until p99 of accepted submits passes 50 ms or errors appear; then one bisecting step
 * (BENCH_RAMP_BISECT=0 leaves it out). A first step that fails is followed by steps down, to 50/s at
 * the lowest. Every submit takes a cart filled over HTTP beforehand (about
 * 140 a second on this machine), so the steps are short and the carts are filled step by step.
 */
const PLAN: RampPlan = {
  start: Number(process.env.BENCH_RAMP_START ?? 500),
  factor: Number(process.env.BENCH_RAMP_FACTOR ?? 1.3),
  max: Number(process.env.BENCH_RAMP_MAX ?? 2500),
  min: 50,
  p99Ms: 50,
  bisect: process.env.BENCH_RAMP_BISECT !== "0",
};
/**
 * The first step's settle window: long enough for the cold start (each connection plans the submit's
 * statements on first use, V8 has yet to optimize the path) and the backlog it leaves to drain: in a
 * 1000/s run the first 0.5 s answered in up to 600 ms, and answers were back under 35 ms 3.5 s in.
 */
const WARMUP_MS = secondsFromEnv("BENCH_WARMUP_S", 5);
/**
 * every later step's settle window: the submitters fall into the new period, and the pause of the
 * prefill before it (idle connections, cold caches) is behind it before the steady window. At 1 s the
 * steps after a prefill measured it: p99 68–72 ms at 296–385/s against 54 ms at 500/s, the first step.
 */
const SETTLE_MS = secondsFromEnv("BENCH_SETTLE_S", 3);
/** each step's steady window, the one it is judged on: 5,000 submits or more at 1,000/s */
const STEADY_MS = secondsFromEnv("BENCH_STEADY_S", 5);
/** the issue's 200 tables submitting at once */
const SUBMITTERS = 200;

/** Tables for every step the plan could run (the ramp's rates, then a bisecting step below the highest). */
const plannedTables = (): number => {
  const rates = rampRates(PLAN);
  const ramp = rates.reduce(
    (sum, rate, i) => sum + tablesFor(rate, (i === 0 ? WARMUP_MS : SETTLE_MS) + STEADY_MS, SUBMITTERS),
    0,
  );
  return ramp + tablesFor(rates.at(-1) ?? 0, SETTLE_MS + STEADY_MS, SUBMITTERS);
};

const CONFIG = {
  submitters: SUBMITTERS,
  popularDishes: 3,
  popularShare: 0.5,
  retryShare: 0.05,
  warmupMs: WARMUP_MS,
  settleMs: SETTLE_MS,
  steadyMs: STEADY_MS,
  floorSeconds: Number(process.env.BENCH_FLOOR_S ?? 12),
  /** HTTP connections from the bench to the server */
  sockets: 256,
  /** tables planned (cart drawn) for every step the ramp could run; only those a step needs are filled; BENCH_PREFILL_MAX caps it */
  plannedTables: Math.min(plannedTables(), Number(process.env.BENCH_PREFILL_MAX ?? Number.POSITIVE_INFINITY)),
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
  const quiesce = async () => {
    await db.execute(sql`vacuum (analyze)`);
    await db.execute(sql`checkpoint`);
  };
  const seats = await addBenchTables(db, createSigner(SECRET), CONFIG.plannedTables);
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
  const supply = new TableSupply(http, plans, { concurrency: CONFIG.prefillConcurrency, log });
  const runner = new StepRunner({
    http,
    supply,
    serverPid: () => server.pid,
    submitters: CONFIG.submitters,
    retryShare: CONFIG.retryShare,
    steadyMs: CONFIG.steadyMs,
    // a round of carts filled before a step: its rows vacuumed first, as the first round's are, and
    // its WAL written out, so neither autovacuum nor a checkpoint lands inside the step
    afterFill: quiesce,
  });
  // the first step's carts before the floor, whose orders reference a cart the prefill opened
  log(`prefill: the first step's carts, ${CONFIG.prefillConcurrency} tables at a time`);
  await supply.ensure(tablesFor(PLAN.start, CONFIG.warmupMs + CONFIG.steadyMs, CONFIG.submitters));
  await addOrderHistory(db, {
    rid,
    orders: CONFIG.historyOrders,
    foodIds: [others[0]?.id ?? 0, others[1]?.id ?? 0],
  });
  log(`history: ${CONFIG.historyOrders} orders of earlier days`);
  // autovacuum would otherwise take up the prefill's rows inside the floor or a step
  await quiesce();
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
  const floorRate = Math.max(primary.transactionsPerSecond, wide.transactionsPerSecond);

  const rampStartedAt = performance.now();
  const ramp = await runRamp(PLAN, async (rate, index) => {
    const step = await runner.run(rate, index === 0 ? CONFIG.warmupMs : CONFIG.settleMs);
    log(
      `step ${index + 1}: offered ${rate}/s, sent ${step.sentPerSecond}/s, accepted ${step.acceptedPerSecond}/s, ` +
        `p50 ${step.submitLatencyMs.p50} ms, p99 ${step.p99Ms} ms, ${step.errors} errors`,
    );
    if (step.errorMessages.length)
      log(`errors (${step.errorMessages[0]}); the server said:\n${server.output().slice(-3000)}`);
    return step;
  });
  const rampSeconds = Math.round((performance.now() - rampStartedAt) / 1000);
  const serverAlive = isAlive(server.pid);
  const loadAverageAtEnd = loadAverageNow();

  const stock = await checkStock(db, before, tableIds);
  const orders = await checkOrders(db, tableIds, runner.accepted);
  const oversold = stock.reduce((sum, s) => sum + s.oversold, 0);
  const held = ramp.held?.figures;
  const heldRate = held?.acceptedPerSecond ?? 0;
  const ratio = floorRate > 0 ? Math.round((heldRate / floorRate) * 1000) / 1000 : 0;
  const steps: StepRow[] = ramp.steps.map(({ kind, held, why, figures }) => ({
    kind,
    held,
    why,
    ...figures,
  }));
  const setup = supply.summary();
  const results: SubmitResults = {
    measuredAt: new Date().toISOString(),
    machine: machineFacts({
      loadAverageAtStart,
      loadAverageAtEnd,
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
      server: `one process (tsx on the bench's own Node, ${process.version}), PostgreSQL 127.0.0.1:5432 (pool of ${SERVER_POOL}), in-memory backplane, LOG_LEVEL warn, RATE_LIMIT_PER_MINUTE and RATE_LIMIT_PER_ADDRESS_PER_MINUTE 1e8 (every request comes from 127.0.0.1); the per-diner submit limit (10 per 10 s) stays`,
      load:
        `${CONFIG.plannedTables} tables, each cart planned (an unlimited dish, then a popular one in ` +
        `${CONFIG.popularShare * 100}% of carts); before each step, untimed, as many as it can take are filled: ` +
        `one diner seated over HTTP (table join, cart id) and two cart-op adds, ${CONFIG.prefillConcurrency} tables ` +
        `at a time, then VACUUM ANALYZE and CHECKPOINT. Before the first step: ${CONFIG.historyOrders} settled orders of earlier ` +
        `days on ${HISTORY_TABLES} other tables (the floor copies them). Each step, submits only: ` +
        `${CONFIG.submitters} submitters, each on a fixed period of submitters / rate (open loop, no catching up ` +
        `after a late cycle), each cycle submitting the cart of the next prefilled table off a shared queue (each ` +
        `table submits once); ${CONFIG.retryShare * 100}% of accepted submits are sent again with the same ` +
        `submitId. A settle window (the first step's: ${CONFIG.warmupMs / 1000} s of warm-up; later ones ` +
        `${CONFIG.settleMs / 1000} s), then the ${CONFIG.steadyMs / 1000} s steady window the step is judged on.`,
      floor: `pgbench -M prepared -j 2, ${CONFIG.floorSeconds} s each, at ${SERVER_POOL} clients (the server's pool) and ${WIDE_FLOOR_CLIENTS} (one per submitter, 200, is past max_connections 100), before the ramp`,
    },
    setup,
    node: process.version,
    ramp: { plan: PLAN, steps },
    heldRate,
    heldOffered: held?.offered ?? 0,
    floorRate,
    ratio,
    retries: runner.retries,
    verification: {
      stock,
      oversold,
      stockConsistent: stock.every((s) => s.consistent),
      orders,
    },
    floor: { primary, wide },
    targets: targetChecks(held, ratio, oversold, orders.duplicateOrders),
    notes: [
      ...(serverAlive
        ? []
        : [
            "The server process was gone at the end of the ramp (no output: killed from outside); the figures " +
              "count only what it answered before.",
          ]),
      ...(ramp.held ? [] : [`No step was held, down to ${PLAN.min}/s.`]),
      ...(ramp.failed
        ? []
        : [`Every step up to BENCH_RAMP_MAX (${PLAN.max}/s) held: the capacity is above it.`]),
      ...(loadAverageAtStart[0] !== undefined && loadAverageAtStart[0] > cpus().length
        ? [
            `The machine was loaded before the bench began (load average ${loadAverageAtStart[0]} on ` +
              `${cpus().length} cores): every step and the floor shared the cores with other work (cpu.otherPercent), ` +
              "so the rates are the contention's as much as the product's.",
          ]
        : []),
      ...(setup.refusedAdds
        ? [`${setup.refusedAdds} adds of the setup were refused: those carts hold one dish instead of two.`]
        : []),
      `The ramp took ${rampSeconds} s, filling the carts between steps included (${setup.seconds} s in ` +
        `${setup.rounds} rounds, ${setup.tables} carts); the machine's load average was ` +
        `${loadAverageAtStart.join(", ")} at the start and ${loadAverageAtEnd.join(", ")} at the end, ` +
        `on ${cpus().length} cores.`,
      "A step holds when, in its steady window, p99 of accepted submits is at most 50 ms, no request failed " +
        "and no answer was other than 1000 (accepted) or 2000 (sold out, by design), and at least 95% of the " +
        "offered submits were sent (fewer means the submitters' cycles ran late: the server fell behind).",
      "heldRate: accepted orders/s in the steady window of the highest step held; floorRate: the higher " +
        "of the two pgbench rates of this run; ratio: heldRate / floorRate.",
      `Carts holding the first popular dish (${popularCarts[0]} of ${plans.length} planned, the first ones) ` +
        "are answered 2000 once it has sold out (soldOut), early in the ramp.",
      "latency: from sending the submit to its answer, accepted submits only. errors: failed requests over " +
        "the whole step (the first 20 counted) and answers other than 1000 and 2000 in the steady window.",
      "oversold: units in the bench's orders beyond each limited dish's starting estimate; stockConsistent: " +
        "each estimate left equals the starting one less the units ordered; both over every step.",
      "duplicates: orders beyond one per submitId, plus orders in the database that no accepted submit " +
        "answered; retries.otherAnswer counts re-sent submits that did not get the first order back.",
      "CPU per order (cpu.serverMsPerOrder, cpu.postgresMsPerOrder): over a step's settle and steady " +
        "windows, it pays for the submits only (refused ones and the re-sent ones included), none of the cart ops.",
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
