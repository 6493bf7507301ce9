/**
 * `npm run money-race -w bench`: the money races of issue 24 on PostgreSQL, measured.
 *
 * On a fresh database, the server in this process (its Fastify app, answering injected requests: the
 * races are the database's, and one process keeps the bench within the machine's 2 shared cores),
 * with a fake provider. 200 tables (half prepayment, half pay-later), a party of two with an order at
 * each; then core's seeded money operations (money-model.ts planMoneyOps: orders, prepays, bill
 * shares, notifications, the diner's and the cashier's cancels, settles) started open-loop at
 * BENCH_RATE per second for BENCH_STEADY_S seconds, each at a random table, none waited for before the
 * next starts. Of the notifications 20 % come twice at once and 5 % after a later one (the weights
 * below). Afterwards the rows are judged by core's model (moneyVerdict). Writes
 * bench/results/money-race.json: { operations, perSecond, p99Ms, violations, doubleCharges,
 * keptWithoutRefund } with the outcomes counted and the machine's facts.
 */
import { join } from "node:path";
import { MONEY_OP_WEIGHTS, type MoneyOpKind, planMoneyOps } from "@tablemate/core";
import { effectsSettled } from "../apps/server/src/modules/payment/effects.js";
import { FakeProvider } from "../apps/server/test/support/fake-provider.js";
import { startTestApp, type TestApp } from "../apps/server/test/support/harness.js";
import { MoneyRace } from "../apps/server/test/support/money-race.js";
import { secondsFromEnv } from "./bench-env.js";
import { benchMain } from "./bench-main.js";
import { percentile, round2 } from "./cart/stats.js";
import { loadAverageNow, machineFacts } from "./machine.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/money-race.json");
const RATE = Number(process.env.BENCH_RATE ?? 200);
const STEADY_MS = secondsFromEnv("BENCH_STEADY_S", 60);
const TABLES = Number(process.env.BENCH_TABLES ?? 200);
const SEED = Number(process.env.BENCH_SEED ?? 24);
/** notifications: of every 20, 15 once, 4 twice at once (20 %), 1 after a later one (5 %) */
const WEIGHTS: Record<MoneyOpKind, number> = { ...MONEY_OP_WEIGHTS, notify: 15, duplicate: 4, reorder: 1 };

interface Resources {
  app?: TestApp;
}

interface Results {
  operations: number;
  perSecond: number;
  p99Ms: number;
  violations: number;
  doubleCharges: number;
  keptWithoutRefund: string;
  config: {
    rate: number;
    steadyMs: number;
    tables: number;
    seed: number;
    weights: Record<MoneyOpKind, number>;
  };
  p50Ms: number;
  failed: number;
  outcomes: Record<string, number>;
  firstViolations: string[];
  machine: ReturnType<typeof machineFacts>;
}

const log = (text: string) => process.stderr.write(`[money-race] ${text}\n`);

async function run(resources: Resources): Promise<Results> {
  const loadAverageAtStart = loadAverageNow();
  const provider = new FakeProvider();
  const app = await startTestApp("postgres", {
    paymentProviders: { sandbox: provider },
    env: { PAY_RECONCILE_MS: "0" },
  });
  resources.app = app;
  log(`seating ${TABLES} tables`);
  const race = await MoneyRace.open(app, provider, TABLES, "压");
  const count = Math.round((RATE * STEADY_MS) / 1000);
  const ops = planMoneyOps(SEED, { tables: TABLES, count, weights: WEIGHTS });
  log(`${count} operations at ${RATE}/s`);
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const running: Array<Promise<void>> = [];
  for (const [i, op] of ops.entries()) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now();
    running.push(
      race.play(op).then(
        () => {
          latencies.push(performance.now() - at);
        },
        (error: unknown) => {
          failed += 1;
          if (failed <= 5)
            log(`operation ${op.kind} failed: ${error instanceof Error ? error.message : error}`);
        },
      ),
    );
  }
  await Promise.all(running);
  const elapsedS = (performance.now() - started) / 1000;
  await effectsSettled(app);
  const verdict = await race.check();
  latencies.sort((a, b) => a - b);
  return {
    operations: latencies.length,
    perSecond: round2(latencies.length / elapsedS),
    p99Ms: round2(percentile(latencies, 99)),
    violations: verdict.violations.length,
    doubleCharges: verdict.doubleCharges,
    keptWithoutRefund: (verdict.keptWithoutRefundCents / 100).toFixed(2),
    config: { rate: RATE, steadyMs: STEADY_MS, tables: TABLES, seed: SEED, weights: WEIGHTS },
    p50Ms: round2(percentile(latencies, 50)),
    failed,
    outcomes: Object.fromEntries([...race.outcomes.entries()].sort(([a], [b]) => a.localeCompare(b))),
    firstViolations: verdict.violations.slice(0, 10),
    machine: machineFacts({
      loadAverageAtStart,
      loadAverageAtEnd: loadAverageNow(),
      sharedBy: "~8 engineers",
    }),
  };
}

await benchMain<Resources, Results>({
  name: "money-race",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary: (r) =>
    `money-race: ${r.operations} operations, ${r.perSecond}/s, p99 ${r.p99Ms} ms; violations ${r.violations}, ` +
    `double charges ${r.doubleCharges}, kept without refund ¥${r.keptWithoutRefund}\n`,
  release: async (resources) => {
    await resources.app?.close();
  },
});
