/**
 * `npm run pay-notify -w bench`: the payment notification route on PostgreSQL (issue 18).
 *
 * On a fresh database, one server process (SANDBOX_PAY_SECRETS generated here, PAY_RECONCILE_MS=0 so
 * nothing but the notifications settles an attempt). Setup, untimed (pay/trades.ts): prepayment
 * restaurants, an order placed at each table by its diner over HTTP, POST prepay for each (the pending
 * attempt and its sandbox trade), then every trade paid in the sandbox's books. Then, on one plan of
 * sends (pay/plan.ts: 20% exact duplicates, half of them concurrent, 5% out of order), paced open-loop
 * at BENCH_RATE per second (pay/paced.ts): first the floor (pay/floor.ts, the bare insert-on-conflict
 * transaction through pg), then the route: each trade's trade.paid notification signed as the sandbox
 * signs it, POSTed with its raw body to PAY_API.payNotify("sandbox")?rid=. Afterwards the database is
 * checked (pay/verify.ts). Writes bench/results/pay-notify.json.
 *
 * Exits 0 when targets fail (the file reports them); non-zero only when the bench itself breaks.
 */
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { join } from "node:path";
import { PAY_API } from "@tablemate/core";
import { sql } from "drizzle-orm";
import { SIGNATURE_HEADER } from "../apps/server/src/modules/payment/providers/sandbox/signature.js";
import { createSigner } from "../apps/server/src/security/signer.js";
import { createTestDatabase, type TestDatabase } from "../apps/server/test/support/databases.js";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { secondsFromEnv, serverNodeArgs } from "./bench-env.js";
import { benchMain } from "./bench-main.js";
import { cpuWindow, msPerOp } from "./cart/cpu.js";
import { round2 } from "./cart/stats.js";
import { loadAverageNow, machineFacts } from "./machine.js";
import { openFloor, SERVER_POOL } from "./pay/floor.js";
import { type PacedResult, runPaced } from "./pay/paced.js";
import { countSends, type PlanShares, planSends, type Send, tradesFor } from "./pay/plan.js";
import { type PaidTrade, preparePaidTrades, signedPaidNotice } from "./pay/trades.js";
import { checkPayments } from "./pay/verify.js";
import { HttpClient } from "./submit/http.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/pay-notify.json");
const SECRET = randomBytes(24).toString("hex");
const SANDBOX_SECRET = randomBytes(32).toString("hex");

const RATE = Number(process.env.BENCH_RATE ?? 500);
const WARMUP_MS = secondsFromEnv("BENCH_WARMUP_S", 3);
const STEADY_MS = secondsFromEnv("BENCH_STEADY_S", 20);
const TARGETS = { p99Ms: 50, rateShare: 0.95 };
const SHARES: PlanShares = {
  duplicateShare: 0.2,
  outOfOrderShare: 0.05,
  maxHold: 20,
  laterDuplicate: { min: 50, max: 500 },
};
const CONFIG = {
  rate: RATE,
  warmupMs: WARMUP_MS,
  steadyMs: STEADY_MS,
  shares: SHARES,
  restaurants: 20,
  /** HTTP connections from the bench to the server (open loop: enough that none is waited for) */
  sockets: 256,
  setupConcurrency: 48,
};

const log = (text: string) => process.stdout.write(`[pay-notify] ${text}\n`);

interface Resources {
  database?: TestDatabase;
  server?: RunningServer;
  http?: HttpClient;
}

/** The route: each trade's notification signed at its first send; a copy re-sends the same bytes. */
function notifier(http: HttpClient, trades: readonly PaidTrade[]) {
  const signed = new Map<number, { body: string; signature: string }>();
  const answered = new Set<number>();
  let copiesInFlight = 0;
  const send = async ({ trade, kind }: Send): Promise<string> => {
    const paid = trades[trade];
    if (!paid) throw new Error(`no trade ${trade}`);
    let notice = signed.get(trade);
    if (!notice) {
      notice = signedPaidNotice(paid, [SANDBOX_SECRET], new Date());
      signed.set(trade, notice);
    }
    if (kind === "duplicateConcurrent" && !answered.has(trade)) copiesInFlight++;
    const answer = await http.send(
      "POST",
      `${PAY_API.payNotify("sandbox")}?rid=${paid.rid}`,
      { type: "json", text: notice.body },
      undefined,
      { [SIGNATURE_HEADER]: notice.signature },
    );
    answered.add(trade);
    return String(answer.status);
  };
  return { send, copiesInFlight: () => copiesInFlight };
}

async function run(resources: Resources) {
  const loadAverageAtStart = loadAverageNow();
  log(`load average at start ${loadAverageAtStart.join(" ")}`);
  const database = await createTestDatabase("postgres");
  resources.database = database;
  const databaseUrl = database.url ?? "";
  const { db } = database.database;
  const server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      SECRET,
      SANDBOX_PAY_SECRETS: SANDBOX_SECRET,
      PAY_RECONCILE_MS: "0",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000000",
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "100000000",
    },
    { nodeArgs: serverNodeArgs() },
  );
  resources.server = server;
  const http = new HttpClient(server.url, CONFIG.sockets);
  resources.http = http;
  log(`server ${server.url} (pid ${server.pid})`);

  const wanted = tradesFor((RATE * (WARMUP_MS + STEADY_MS)) / 1000, SHARES);
  const setup = await preparePaidTrades(db, http, createSigner(SECRET), {
    count: wanted,
    restaurantCount: CONFIG.restaurants,
    concurrency: CONFIG.setupConcurrency,
    log,
  });
  const { trades } = setup;
  log(`setup: ${trades.length} trades paid in the sandbox's books in ${setup.seconds} s`);
  await db.execute(sql`vacuum (analyze)`);
  const plan = planSends(trades.length, SHARES);
  const sends = { total: plan.length, ...countSends(plan) };
  log(`plan: ${plan.length} sends ${JSON.stringify(sends)}`);

  const paced = { rate: RATE, warmupMs: WARMUP_MS };
  log(`floor: ${plan.length} bare transactions at ${RATE}/s, pool of ${SERVER_POOL}`);
  const floor = await openFloor(databaseUrl);
  const floorCpu = cpuWindow(() => ({ client: process.pid }));
  const floorRun = await runPaced(plan, paced, (s) => floor.record(trades[s.trade] as PaidTrade, s.trade));
  const floorCpuShare = floorCpu.end();
  await floor.close();

  log(`route: ${plan.length} notifications at ${RATE}/s`);
  const route = notifier(http, trades);
  const cpu = cpuWindow(() => ({ server: server.pid, client: process.pid }));
  const routeRun = await runPaced(plan, paced, route.send);
  const cpuShare = cpu.end();
  if (routeRun.errors.length) log(`errors (${routeRun.errors[0]}); server:\n${server.output().slice(-3000)}`);

  const check = await checkPayments(db, trades);
  return results({
    loadAverageAtStart,
    setup,
    sends,
    floorRun,
    routeRun,
    check,
    cpuShare,
    floorCpuShare,
    copiesInFlight: route.copiesInFlight(),
  });
}

type RunFigures = {
  loadAverageAtStart: number[];
  setup: Awaited<ReturnType<typeof preparePaidTrades>>;
  sends: ReturnType<typeof countSends> & { total: number };
  floorRun: PacedResult;
  routeRun: PacedResult;
  check: Awaited<ReturnType<typeof checkPayments>>;
  cpuShare: ReturnType<ReturnType<typeof cpuWindow>["end"]>;
  floorCpuShare: ReturnType<ReturnType<typeof cpuWindow>["end"]>;
  copiesInFlight: number;
};

function results(f: RunFigures) {
  const route = f.routeRun.steady;
  const floor = f.floorRun.steady;
  const ratio = floor.latencyMs.p99 > 0 ? round2(route.latencyMs.p99 / floor.latencyMs.p99) : 0;
  const share = (n: number) => Math.round((n / f.sends.total) * 1000) / 10;
  const copies = f.sends.duplicateConcurrent + f.sends.duplicateLater;
  const warmup = f.routeRun.warmup;
  const refusedAnswers =
    route.sent + warmup.sent - (route.outcomes["200"] ?? 0) - (warmup.outcomes["200"] ?? 0);
  const completed = f.routeRun.run.completedPerSecond;
  const keptUp = completed >= TARGETS.rateShare * RATE;
  return {
    measuredAt: new Date().toISOString(),
    machine: machineFacts({
      loadAverageAtStart: f.loadAverageAtStart,
      sharedBy:
        "the server process, PostgreSQL, the bench (load generator) and other people's work on the machine",
    }),
    config: {
      ...CONFIG,
      server: `one process (tsx), PostgreSQL 127.0.0.1:5432 (pool of ${SERVER_POOL}), in-memory backplane, LOG_LEVEL warn, SANDBOX_PAY_SECRETS generated by the bench, PAY_RECONCILE_MS 0, rate limits 1e8`,
      setup:
        `untimed: ${CONFIG.restaurants} prepayment restaurants (wctPayType 1); at each table a diner seated and its cart ` +
        "filled over HTTP, the cart submitted, POST prepay (an attempt and its sandbox trade); then every trade set paid " +
        "in sandbox_trades (as the checkout page's 支付, without its courier's notification), VACUUM ANALYZE",
      load:
        `open loop: send i fired at start + i/${RATE} s whatever is in flight (atRate), over ${CONFIG.sockets} keep-alive ` +
        "connections; latency from firing to the answer, counted in the phase it fired in (warm-up, then steady)",
      sends:
        "each trade's trade.paid notification (the sandbox's body, signed t=…,v1= with the generated secret at its first " +
        "send), in order by trade, except: out of order, held back past the next 1-20 trades' notifications (arriving " +
        "after a later trade's); a duplicate, concurrent: the same bytes and header again in the next slot (2 ms later at 500/s, " +
        "usually before the first was answered, so either may reach the ledger first); a duplicate, later: the same bytes " +
        "again 50-500 trades later (a gateway's retry). No refund notifications.",
      floor:
        `the same plan at the same pace, before the route: BEGIN; INSERT INTO bench_pay_floor (LIKE pay_events INCLUDING ALL: ` +
        "its unique (provider, event_id)) … ON CONFLICT DO NOTHING; COMMIT, through pg (prepared insert) from a pool of " +
        `${SERVER_POOL} (the server's); duplicates conflict as they do in pay_events`,
    },
    setup: { trades: f.setup.trades.length, seconds: f.setup.seconds, refused: f.setup.refused },
    sends: {
      ...f.sends,
      duplicateSharePercent: share(copies),
      outOfOrderSharePercent: share(f.sends.arrivedAfterALaterTrade),
      concurrentCopiesSentBeforeTheFirstWasAnswered: f.copiesInFlight,
    },
    route: { ...f.routeRun, cpu: cpuFigures(f.cpuShare, completed) },
    floor: { ...f.floorRun, cpu: f.floorCpuShare },
    ratio: {
      p99RouteOverFloor: ratio,
      p50RouteOverFloor: floor.latencyMs.p50 > 0 ? round2(route.latencyMs.p50 / floor.latencyMs.p50) : 0,
    },
    verification: {
      ...f.check,
      inboxExpected: { applied: f.setup.trades.length, duplicate: copies },
    },
    targets: {
      p99: {
        targetMs: TARGETS.p99Ms,
        measuredMs: route.latencyMs.p99,
        pass: route.latencyMs.p99 <= TARGETS.p99Ms,
      },
      rate: {
        target: RATE,
        sentPerSecond: route.sentPerSecond,
        completedPerSecond: completed,
        pass: keptUp,
      },
      allAnswered200: { refusedOrFailed: refusedAnswers, pass: refusedAnswers === 0 },
      nothingCountedTwice: {
        countedTwice: f.check.events.countedTwice,
        refunds: f.check.refundsRecorded,
        pass: f.check.events.countedTwice === 0 && f.check.refundsRecorded === 0,
      },
      paidEqualsDistinctEvents: {
        mismatched: f.check.intents.mismatched,
        pass: f.check.intents.mismatched === 0,
      },
      everyAttemptPaid: {
        byStatus: f.check.attemptsByStatus,
        pass: Object.keys(f.check.attemptsByStatus).every((s) => s === "paid"),
      },
    },
    notes: [
      ...(keptUp
        ? []
        : [
            `The server did not keep up: ${completed} notifications/s got through (first send to last answer) of ` +
              `${RATE}/s sent, the last answer ${f.routeRun.run.lastAnswerAfterLastSendMs} ms after the last send, so ` +
              "the latencies are mostly queueing. Per notification the server spent " +
              `${msPerOp(f.cpuShare.serverPercent, completed)} ms of CPU and PostgreSQL ` +
              `${msPerOp(f.cpuShare.postgresPercent, completed)} ms; the machine ran at ${f.cpuShare.machinePercent}% ` +
              `of ${cpus().length * 100}, ${f.cpuShare.otherPercent}% of it other work.`,
          ]),
      "rate: completedPerSecond, every notification over the time from the first send to the last answer (the CPU per notification is read against it).",
      "latency: steady window only (warm-up reported apart); p99 is the nearest-rank 99th percentile of every send fired in the window, duplicates included.",
      "ratio: the route's steady p99 over the floor's, same plan and pace; the floor holds only the database's least cost of recording an event once.",
      "out of order: arrivedAfterALaterTrade counts first deliveries sent after a later trade's first delivery (the held-back ones); a trade's application does not depend on other trades', so this checks that arrival order changes nothing, not an order rule.",
    ],
  };
}

function cpuFigures(share: ReturnType<ReturnType<typeof cpuWindow>["end"]>, perSecond: number) {
  return {
    ...share,
    serverMsPerNotification: msPerOp(share.serverPercent, perSecond),
    postgresMsPerNotification: msPerOp(share.postgresPercent, perSecond),
  };
}

function summary(r: ReturnType<typeof results>): string {
  const line = (name: string, p: PacedResult["steady"]) =>
    `${name}: ${p.sentPerSecond}/s sent, p50 ${p.latencyMs.p50} p95 ${p.latencyMs.p95} p99 ${p.latencyMs.p99} max ${p.latencyMs.max} ms ${JSON.stringify(p.outcomes)}`;
  const verdicts = Object.entries(r.targets)
    .map(([name, t]) => `${name} ${t.pass ? "pass" : "FAIL"}`)
    .join(", ");
  const through = `route completed ${r.route.run.completedPerSecond}/s, floor ${r.floor.run.completedPerSecond}/s`;
  return `${line("route", r.route.steady)}\n${line("floor", r.floor.steady)}\n${through}\nratio p99 ${r.ratio.p99RouteOverFloor}; ${verdicts}\n`;
}

await benchMain({
  name: "pay-notify bench",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary: summary,
  release: async (resources: Resources) => {
    resources.http?.close();
    await resources.server?.stop().catch(() => undefined);
    await resources.database?.drop().catch(() => undefined);
  },
});
