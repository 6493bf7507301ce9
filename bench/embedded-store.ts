/**
 * The embedded store's own bench (issue 26, "the engine version"): the server on PGlite in a fresh data
 * folder, timed through its first start (migrations, demo seed, first backup); then 20 diners visit one
 * after another for BENCH_STEADY_S seconds (seated, one dish, submitted, paid at the prepayment
 * restaurant) while the console's cashier settles their tables; then a clean stop and a restart, timed.
 * Written to compare engine versions on the same machine: bench/results/embedded-store.json.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { secondsFromEnv } from "./bench-env.js";
import { benchMain } from "./bench-main.js";
import { type Acknowledged, Floor } from "./crash/diners.js";
import { seatsOf, staffAndDishes } from "./crash/seats.js";
import { loadAverageNow, machineFacts } from "./machine.js";
import { median } from "./medians.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/embedded-store.json");
const DINERS = 20;
const STEADY_MS = secondsFromEnv("BENCH_STEADY_S", 30);
const SECRET = "tablemate-bench-embedded-store-secret-0123";

const log = (text: string) => process.stderr.write(`[embedded-store] ${text}\n`);

/** the engine apps/server resolves (the version a results file was measured with) */
function engineVersion(): string {
  const manifest = join(ROOT, "node_modules/@electric-sql/pglite/package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return Math.round(performance.now() - started);
}

async function run(resources: { server?: RunningServer }) {
  const loadAverageAtStart = loadAverageNow();
  let server: RunningServer | undefined;
  const firstStartMs = await timed(async () => {
    server = await startServer({ SECRET, PASSWORD_COST: "14", LOG_LEVEL: "warn" }, { fresh: true });
  });
  if (!server) throw new Error("no server");
  resources.server = server;
  const running = server;
  const base = () => running.url;
  const acknowledged: Acknowledged = { orders: new Map(), payments: new Map(), settles: 0, failures: {} };
  const floor = new Floor(base, SECRET, acknowledged);
  const seats = seatsOf(running, DINERS);
  const { cashiers, dishes } = await staffAndDishes(running, floor, seats, acknowledged);

  log(`first start ${firstStartMs} ms; ${seats.length} diners for ${STEADY_MS / 1000} s`);
  const visitMs: number[] = [];
  const deadline = performance.now() + STEADY_MS;
  await Promise.all(
    seats.map(async (seat) => {
      while (performance.now() < deadline) {
        try {
          visitMs.push(await timed(() => floor.dine(seat, dishes.get(seat.rid) ?? 0)));
          await cashiers.get(seat.rid)?.settle(seat.rid, seat.tableId);
        } catch (error) {
          floor.failed(`error ${(error as Error).message.slice(0, 80)}`);
        }
      }
    }),
  );
  const stopMs = await timed(() => running.stop({ keepData: true }));
  const restartMs = await timed(() => running.restart());
  const lost = [];
  for (const [orderId, who] of acknowledged.orders)
    if (!(await floor.hasOrder(orderId, who))) lost.push(orderId);
  const loadAverageAtEnd = loadAverageNow();
  return {
    engine: `PGlite ${engineVersion()}`,
    firstStartMs,
    steadySeconds: STEADY_MS / 1000,
    visits: visitMs.length,
    visitsPerSecond: Math.round((visitMs.length / (STEADY_MS / 1000)) * 10) / 10,
    visitP50Ms: median(visitMs),
    visitP99Ms: percentile(visitMs, 99),
    acknowledgedOrders: acknowledged.orders.size,
    acknowledgedPayments: acknowledged.payments.size,
    acknowledgedSettles: acknowledged.settles,
    lostAfterRestart: lost.length,
    failures: acknowledged.failures,
    cleanStopMs: stopMs,
    restartMs,
    machine: machineFacts({
      loadAverageAtStart,
      loadAverageAtEnd,
      sharedBy: "the lead's CI runs and other helpers",
    }),
  };
}

await benchMain<{ server?: RunningServer }, Awaited<ReturnType<typeof run>>>({
  name: "embedded-store",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary: (r) =>
    `embedded store (${r.engine}): first start ${r.firstStartMs} ms; ${r.visits} visits in ${r.steadySeconds} s ` +
    `(${r.visitsPerSecond}/s, p50 ${r.visitP50Ms} ms, p99 ${r.visitP99Ms} ms); clean stop ${r.cleanStopMs} ms, ` +
    `restart ${r.restartMs} ms; ${r.lostAfterRestart} of ${r.acknowledgedOrders} orders lost; load ${r.machine.loadAverageAtStart} → ${r.machine.loadAverageAtEnd}\n`,
  release: async ({ server }) => {
    await server?.stop();
  },
});
