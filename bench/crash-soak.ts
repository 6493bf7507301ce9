/**
 * The crash soak (issue 26): the server on the embedded default, SIGKILLed at a random moment of each
 * round while 20 diners submit, one visit after another, (and, at the prepayment restaurant, pay) and the console's cashier
 * settles their tables; restarted at once on the same data folder. After each restart every order the
 * server had acknowledged must be there; at the end every payment the gateway took must be paid (by
 * its notification, or by the reconciliation job that queries the gateway).
 * Writes bench/results/crash-soak.json.
 */
import { join } from "node:path";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { benchMain } from "./bench-main.js";
import { type Acknowledged, Floor } from "./crash/diners.js";
import { PAY_LATER, PREPAY, seatsOf, staffAndDishes } from "./crash/seats.js";
import { loadAverageNow } from "./machine.js";
import { median } from "./medians.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/crash-soak.json");
const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 20);
const DINERS = 20;
/** the kill falls this long after the round's load began, drawn uniformly */
const KILL_AFTER_MS: [number, number] = [2000, 15_000];
/** how long the payments may take to end paid after the last restart (the reconciliation job asks after 30 s) */
const PAYMENTS_SETTLE_MS = 150_000;
const SECRET = "tablemate-bench-crash-soak-secret-0123456789";

interface Results {
  rounds: number;
  restarts: number;
  restartFailures: number;
  acknowledgedOrders: number;
  lostOrders: number;
  acknowledgedPayments: number;
  lostPayments: number;
  readyP50Ms: number;
  readyMaxMs: number;
  acknowledgedSettles: number;
  failures: Record<string, number>;
  lostOrderIds: number[];
  unpaidTrades: string[];
  killAfterMs: number[];
  loadAverage: number[];
}

const log = (text: string) => process.stderr.write(`[crash-soak] ${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(resources: { server?: RunningServer }): Promise<Results> {
  const server = await startServer({ SECRET, PASSWORD_COST: "14", LOG_LEVEL: "warn" });
  resources.server = server;
  const base = () => server.url;
  const acknowledged: Acknowledged = { orders: new Map(), payments: new Map(), settles: 0, failures: {} };
  const floor = new Floor(base, SECRET, acknowledged);
  const seats = seatsOf(server, DINERS);
  log(
    `${seats.length} diners: ${seats.filter((s) => !s.prepay).length} at ${PAY_LATER}, ${seats.filter((s) => s.prepay).length} at ${PREPAY}`,
  );
  const { cashiers, dishes } = await staffAndDishes(server, floor, seats, acknowledged);
  const cashier = (rid: number) => {
    const found = cashiers.get(rid);
    if (!found) throw new Error(`no cashier at ${rid}`);
    return found;
  };

  let restarts = 0;
  let restartFailures = 0;
  const readyMs: number[] = [];
  const killAfterMs: number[] = [];
  const lost = new Set<number>();
  for (let round = 1; round <= ROUNDS; round++) {
    // the tables a killed round left open are settled first, so each diner starts a visit of their own
    await Promise.allSettled(seats.map((s) => cashier(s.rid).settle(s.rid, s.tableId)));
    const before = acknowledged.orders.size;
    // each diner's table turns over until the kill: a visit, settled, the next visit
    let killed = false;
    const load = Promise.allSettled(
      seats.map(async (seat) => {
        while (!killed) {
          try {
            await floor.dine(seat, dishes.get(seat.rid) ?? 0);
            await cashier(seat.rid).settle(seat.rid, seat.tableId);
          } catch (error) {
            floor.failed(killed ? "killed mid-request" : `error ${(error as Error).message.slice(0, 80)}`);
          }
        }
      }),
    );
    const after = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
    killAfterMs.push(Math.round(after));
    await sleep(after);
    killed = true;
    await server.kill();
    await load;
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      try {
        await server.restart();
        break;
      } catch (error) {
        restartFailures += 1;
        log(`round ${round}: restart ${attempt} failed: ${(error as Error).message.slice(0, 2000)}`);
        if (attempt === 2) throw error;
      }
    }
    restarts += 1;
    readyMs.push(Math.round(performance.now() - started));
    for (const [orderId, who] of acknowledged.orders)
      if (!(await floor.hasOrder(orderId, who))) lost.add(orderId);
    log(
      `round ${round}: killed after ${Math.round(after)} ms, ${acknowledged.orders.size - before} orders acknowledged, ready again in ${readyMs.at(-1)} ms, ${lost.size} lost so far; failures ${JSON.stringify(acknowledged.failures)}`,
    );
  }

  // every payment the gateway took ends paid: its notification, or the reconciliation job's query
  const deadline = performance.now() + PAYMENTS_SETTLE_MS;
  let unpaid = [...acknowledged.payments.keys()];
  while (unpaid.length && performance.now() < deadline) {
    await sleep(5000);
    const statuses = await Promise.all(
      unpaid.map(
        async (tradeNo) =>
          [
            tradeNo,
            await floor.paymentStatus(tradeNo, acknowledged.payments.get(tradeNo) ?? { guid: "", rid: 0 }),
          ] as const,
      ),
    );
    unpaid = statuses.filter(([, status]) => status !== "paid").map(([tradeNo]) => tradeNo);
    log(`${unpaid.length} of ${acknowledged.payments.size} payments not paid yet`);
  }
  return {
    rounds: ROUNDS,
    restarts,
    restartFailures,
    acknowledgedOrders: acknowledged.orders.size,
    lostOrders: lost.size,
    acknowledgedPayments: acknowledged.payments.size,
    lostPayments: unpaid.length,
    readyP50Ms: median(readyMs),
    readyMaxMs: Math.max(...readyMs),
    acknowledgedSettles: acknowledged.settles,
    failures: acknowledged.failures,
    lostOrderIds: [...lost],
    unpaidTrades: unpaid,
    killAfterMs,
    loadAverage: loadAverageNow(),
  };
}

await benchMain<{ server?: RunningServer }, Results>({
  name: "crash-soak",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary: (r) =>
    `crash soak: ${r.rounds} rounds, ${r.restarts} restarts (${r.restartFailures} failed); ` +
    `orders ${r.acknowledgedOrders} acknowledged, ${r.lostOrders} lost; payments ${r.acknowledgedPayments} acknowledged, ${r.lostPayments} lost; ` +
    `ready p50 ${r.readyP50Ms} ms, max ${r.readyMaxMs} ms\n`,
  release: async ({ server }) => {
    await server?.stop();
  },
});
