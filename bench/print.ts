/**
 * `npm run print -w bench`: the print queue under faults (issue 27), on PostgreSQL.
 *
 * The server's app runs in this process on a fresh database (the test harness's), its own print queue
 * polling every 100 ms with the default PRINT_FAILOVER_S (15). 50 restaurants, each with one station
 * printer and a LAN backup: 30 LAN printers (the ESC/POS fake on TCP), 10 飞鹅 and 10 易联云 (their
 * HTTP fakes, signatures checked). Tickets are queued as the kitchen queues them (queuePage in a
 * transaction, one job per ticket and printer) at BENCH_RATE a second, spread over the restaurants,
 * BENCH_TICKETS in all; each page carries a marker so its paper is found on whichever printer printed it.
 *
 * Faults: 5 % of the station printers (3 LAN printers, 1 飞鹅 and 1 易联云) go offline from 20 s to 50 s
 * (the LAN ones hang up; the cloud ones say 离线); one LAN printer is out of paper all along; 10 % of
 * the cloud answers are lost after the print was accepted (the caller times out); every print's
 * callback (易联云's 打印完成 push, 飞鹅's order state, both signed) reaches the server's callback
 * routes, and a fifth of them come two or three times.
 *
 * Measured: tickets; printed (a ticket whose page reached paper); lost (never on paper once the queue
 * drained); unmarkedDuplicates (a ticket on paper more than once without 转打印 or 重印 on the extra);
 * lanP95Ms and cloudP95Ms (queued → paper, at a printer that was not failing); failoverP95Ms (queued →
 * paper at the backup: at once for a printer known down, else after PRINT_FAILOVER_S); alertP95Ms (a printer going offline → its state in
 * the database, plus the console's poll, ALERT_POLL_MS, as the worst case before the banner shows).
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { API } from "@tablemate/core";
import { inArray } from "drizzle-orm";
import { printers, printJobs, restaurants } from "../apps/server/src/db/schema.js";
import { queuePage } from "../apps/server/src/modules/print/enqueue.js";
import {
  type FakeEscposPrinter,
  type PrintedPage,
  startFakeEscposPrinter,
} from "../apps/server/src/modules/print/fakes/escpos-printer.js";
import { type FeieyunFake, startFeieyunFake } from "../apps/server/src/modules/print/fakes/feieyun.js";
import { startYilianyunFake, type YilianyunFake } from "../apps/server/src/modules/print/fakes/yilianyun.js";
import { createSealer } from "../apps/server/src/security/sealed.js";
import { socketBase, startTestApp, TEST_SECRET, type TestApp } from "../apps/server/test/support/harness.js";
import { benchMain } from "./bench-main.js";
import { percentile } from "./cart/stats.js";
import { loadAverageNow } from "./machine.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/print.json");
const CONFIG = {
  tickets: Number(process.env.BENCH_TICKETS ?? 10_000),
  perSecond: Number(process.env.BENCH_RATE ?? 100),
  restaurants: 50,
  lan: 30,
  feieyun: 10,
  offlineFromMs: 20_000,
  offlineUntilMs: 50_000,
  lostAnswers: 0.1,
  /** the share of callbacks the service sends more than once */
  duplicatedCallbacks: 0.2,
  drainMs: 60_000,
  /** the console's printer poll (PrinterAlert's ALERT_POLL_MS) */
  consolePollMs: 4000,
};
const log = (text: string) => process.stdout.write(`[print] ${text}\n`);

interface Resources {
  app?: TestApp;
  lan?: FakeEscposPrinter[];
  feieyun?: FeieyunFake;
  yilianyun?: YilianyunFake;
}

interface Station {
  restaurantId: number;
  printerId: number;
  kind: "lan" | "feieyun" | "yilianyun";
  /** the fault it suffers */
  fault: "none" | "offline" | "paperOut";
  setOffline?: (offline: boolean) => void;
}

/** A seeded generator (mulberry32): the same faults every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface FailoverMove {
  station: string;
  queuedAtS: number;
  moveMs: number;
  paperMs: number;
  firstAtBackup: boolean;
  attempts: number;
}

/**
 * The failover tail: the moved jobs at or above the p95, grouped by their station and by how long
 * they waited at it before moving (at once, within the deadline, at the deadline), and the slowest few.
 */
function tailOf(moves: FailoverMove[], p95Ms: number) {
  const bucket = (m: FailoverMove) =>
    m.moveMs < 2000 ? "moved <2 s" : m.moveMs < 14_000 ? "moved 2–14 s" : "moved at ≥14 s";
  const tail = moves.filter((m) => m.paperMs >= p95Ms);
  const groups: Record<string, number> = {};
  for (const m of tail) groups[`${m.station} ${bucket(m)}`] = (groups[`${m.station} ${bucket(m)}`] ?? 0) + 1;
  const all: Record<string, number> = {};
  for (const m of moves) all[`${m.station} ${bucket(m)}`] = (all[`${m.station} ${bucket(m)}`] ?? 0) + 1;
  return {
    allMoves: all,
    atOrAboveP95: groups,
    slowest: [...moves].sort((a, b) => b.paperMs - a.paperMs).slice(0, 8),
  };
}

async function run(resources: Resources) {
  const random = seeded(27);
  const [feieyun, yilianyun] = await Promise.all([startFeieyunFake(), startYilianyunFake()]);
  resources.feieyun = feieyun;
  resources.yilianyun = yilianyun;
  for (const cloud of [feieyun, yilianyun]) {
    cloud.faults.loseAnswer = () => random() < CONFIG.lostAnswers;
    cloud.faults.duplicateCallbacks = () =>
      random() < CONFIG.duplicatedCallbacks ? 1 + (random() < 0.5 ? 1 : 0) : 0;
  }
  const app = await startTestApp("postgres", {
    env: {
      PRINT_POLL_MS: "100",
      PRINT_TIMEOUT_MS: "1000",
      FEIEYUN_API_URL: `${feieyun.url}/Api/Open`,
      YILIANYUN_API_URL: yilianyun.url,
      FEIEYUN_CALLBACK_PUBLIC_KEY: feieyun.publicKey,
      // the address whitelisted in 飞鹅's admin, sent as each print's backurl (the fake finds the server)
      FEIEYUN_CALLBACK_URL: `https://tablemate.example${API.printCallback("feieyun")}`,
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
  });
  resources.app = app;
  const origin = (await socketBase(app)).replace("ws://", "http://").replace(API.socket, "");
  feieyun.serverOrigin = origin;
  yilianyun.callbackUrl = `${origin}${API.printCallback("yilianyun")}`;
  const sealer = createSealer(TEST_SECRET, "printer-secrets");
  const lan: FakeEscposPrinter[] = [];
  resources.lan = lan;
  const stations: Station[] = [];
  const made = await app.db
    .insert(restaurants)
    .values(Array.from({ length: CONFIG.restaurants }, (_, i) => ({ name: `打印压测${i + 1}` })))
    .returning({ id: restaurants.id });
  for (const [i, { id: restaurantId }] of made.entries()) {
    const backup = await startFakeEscposPrinter();
    lan.push(backup);
    const [spare] = await app.db
      .insert(printers)
      .values({ restaurantId, name: "备用", kind: "lan", settings: { host: backup.host, port: backup.port } })
      .returning({ id: printers.id });
    const kind = i < CONFIG.lan ? "lan" : i < CONFIG.lan + CONFIG.feieyun ? "feieyun" : "yilianyun";
    let values: typeof printers.$inferInsert;
    let setOffline: ((offline: boolean) => void) | undefined;
    if (kind === "lan") {
      const own = await startFakeEscposPrinter();
      lan.push(own);
      values = { restaurantId, name: "热菜", kind, settings: { host: own.host, port: own.port } };
      if (i === 0) own.state = "paperOut";
      setOffline = (offline) => {
        own.state = offline ? "unplugged" : "online";
      };
    } else if (kind === "feieyun") {
      const sn = `9185${String(i).padStart(5, "0")}`;
      feieyun.accounts.set(`shop${i}@example.com`, `ukey-${i}`);
      feieyun.addPrinter(sn);
      values = {
        restaurantId,
        name: "热菜",
        kind,
        settings: { user: `shop${i}@example.com`, sn },
        sealedSecret: sealer.seal(`ukey-${i}`),
      };
      setOffline = (offline) => feieyun.setState(sn, offline ? "offline" : "online");
    } else {
      const machine = `40049${String(i).padStart(5, "0")}`;
      yilianyun.applications.set(`app${i}`, `secret-${i}`);
      yilianyun.addPrinter(machine);
      values = {
        restaurantId,
        name: "热菜",
        kind,
        settings: { clientId: `app${i}`, machineCode: machine },
        sealedSecret: sealer.seal(`secret-${i}`),
      };
      setOffline = (offline) => yilianyun.setState(machine, offline ? "offline" : "online");
    }
    const [row] = await app.db
      .insert(printers)
      .values({ ...values, backupPrinterId: spare?.id })
      .returning({ id: printers.id });
    const offline = [1, 2, 3, CONFIG.lan, CONFIG.lan + CONFIG.feieyun].includes(i);
    stations.push({
      restaurantId,
      printerId: row?.id ?? 0,
      kind,
      fault: i === 0 ? "paperOut" : offline ? "offline" : "none",
      setOffline,
    });
  }

  // every page on paper, by marker
  const paper = new Map<string, Array<{ at: number; text: string }>>();
  const onPage = (page: PrintedPage) => {
    const marker = /票号 ([0-9a-f-]{36})/.exec(page.text)?.[1];
    if (!marker) return;
    const list = paper.get(marker) ?? [];
    list.push({ at: page.at, text: page.text });
    paper.set(marker, list);
  };
  for (const printer of lan) printer.onPage = onPage;
  for (const cloud of [feieyun, yilianyun]) for (const p of cloud.printers.values()) p.onPage = onPage;

  // alert latency: from a printer going offline to its state in the database
  const offlineStations = stations.filter((s) => s.fault === "offline");
  const alertMs: number[] = [];
  const watchAlerts = async (since: number) => {
    const pending = new Set(offlineStations.map((s) => s.printerId));
    while (pending.size && Date.now() - since < 20_000) {
      const rows = await app.db
        .select({ id: printers.id, state: printers.state })
        .from(printers)
        .where(inArray(printers.id, [...pending]));
      for (const r of rows)
        if (r.state === "offline") {
          alertMs.push(Date.now() - since + CONFIG.consolePollMs);
          pending.delete(r.id);
        }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const queued = new Map<string, { at: number; station: Station; jobId: number }>();
  const start = Date.now();
  let faultsOn = false;
  let faultsOff = false;
  let alerts: Promise<void> | null = null;
  const writes: Promise<void>[] = [];
  log(`queueing ${CONFIG.tickets} tickets at ${CONFIG.perSecond}/s over ${stations.length} printers`);
  for (let n = 0; n < CONFIG.tickets; n++) {
    const due = start + (n * 1000) / CONFIG.perSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const elapsed = Date.now() - start;
    if (!faultsOn && elapsed >= CONFIG.offlineFromMs) {
      faultsOn = true;
      for (const s of offlineStations) s.setOffline?.(true);
      alerts = watchAlerts(Date.now());
    }
    if (faultsOn && !faultsOff && elapsed >= CONFIG.offlineUntilMs) {
      faultsOff = true;
      for (const s of offlineStations) s.setOffline?.(false);
    }
    const station = stations[n % stations.length] as Station;
    const marker = randomUUID();
    const at = Date.now();
    // issued on schedule, not one after another: a slow insert does not slow the rate
    const write = queuePage(app.db, {
      restaurantId: station.restaurantId,
      printerId: station.printerId,
      kind: "ticket",
      key: `bench/${marker}`,
      page: {
        title: "厨房单",
        blocks: [
          { type: "text", text: "热菜 厨房单", big: true, bold: true, center: true },
          { type: "text", text: `桌台 A${n % 40}`, big: true, bold: true },
          { type: "text", text: `票号 ${marker}` },
          { type: "row", left: "宫保鸡丁", right: "×2", big: true },
        ],
      },
      now: new Date(at),
    }).then((jobId) => {
      queued.set(marker, { at, station, jobId: jobId ?? 0 });
    });
    writes.push(write);
  }
  await Promise.all(writes);
  if (faultsOn && !faultsOff) for (const s of offlineStations) s.setOffline?.(false);
  log("queued; draining");
  const drainUntil = Date.now() + CONFIG.drainMs;
  while (Date.now() < drainUntil && [...queued.keys()].some((m) => !paper.has(m)))
    await new Promise((resolve) => setTimeout(resolve, 500));
  await alerts;

  const jobs = await app.db
    .select({
      id: printJobs.id,
      state: printJobs.state,
      printerId: printJobs.printerId,
      first: printJobs.firstPrinterId,
      createdAt: printJobs.createdAt,
      transferredAt: printJobs.transferredAt,
      attempts: printJobs.attempts,
    })
    .from(printJobs);
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const moved = new Set(jobs.filter((j) => j.printerId !== j.first).map((j) => j.id));
  const lanMs: number[] = [];
  const cloudMs: number[] = [];
  const failover: number[] = [];
  /** each moved job: where it came from, when it moved (after queueing) and when its page came out */
  const moves: FailoverMove[] = [];
  /** jobs at a failing station that printed there, not moved: how long the kitchen waited */
  const heldAtFailing: number[] = [];
  let printed = 0;
  let unmarkedDuplicates = 0;
  for (const [marker, q] of queued) {
    const pages = paper.get(marker) ?? [];
    if (!pages.length) continue;
    printed++;
    const extra = pages.slice(1).filter((p) => !p.text.includes("转打印") && !p.text.includes("重印"));
    unmarkedDuplicates += extra.length;
    const first = (pages[0]?.at ?? 0) - q.at;
    if (moved.has(q.jobId)) {
      failover.push(first);
      const job = jobById.get(q.jobId);
      moves.push({
        station: `${q.station.kind}/${q.station.fault}`,
        queuedAtS: Math.round((q.at - start) / 100) / 10,
        moveMs: job?.transferredAt ? job.transferredAt.getTime() - q.at : -1,
        paperMs: first,
        firstAtBackup: pages[0]?.text.includes("转打印") ?? false,
        attempts: job?.attempts ?? 0,
      });
    } else if (q.station.fault !== "none") heldAtFailing.push(first);
    else if (q.station.fault === "none") (q.station.kind === "lan" ? lanMs : cloudMs).push(first);
  }
  const p95 = (values: number[]) =>
    Math.round(
      percentile(
        [...values].sort((a, b) => a - b),
        95,
      ),
    );
  const byState = Object.fromEntries(
    ["queued", "sent", "printed", "failed", "unknown"].map((s) => [
      s,
      jobs.filter((j) => j.state === s).length,
    ]),
  );
  return {
    tickets: queued.size,
    printed,
    lost: queued.size - printed,
    unmarkedDuplicates,
    lanP95Ms: p95(lanMs),
    cloudP95Ms: p95(cloudMs),
    failoverP95Ms: p95(failover),
    alertP95Ms: p95(alertMs),
    notes: {
      jobsByState: byState,
      failedOver: failover.length,
      failoverTail: tailOf(moves, p95(failover)),
      heldAtFailingStation: { jobs: heldAtFailing.length, p95Ms: p95(heldAtFailing) },
      cloudAnswersLost: CONFIG.lostAnswers,
      callbacks: { feieyun: feieyun.callbacks, yilianyun: yilianyun.callbacks },
      printFailoverS: 15,
      rate: CONFIG.perSecond,
      restaurants: CONFIG.restaurants,
      printCalls: { feieyun: feieyun.printCalls, yilianyun: yilianyun.printCalls },
      loadAverage: loadAverageNow(),
      at: new Date().toISOString(),
    },
  };
}

await benchMain({
  name: "print bench",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary: (r) =>
    `tickets ${r.tickets} printed ${r.printed} lost ${r.lost} unmarkedDuplicates ${r.unmarkedDuplicates}\n` +
    `lan p95 ${r.lanP95Ms} ms, cloud p95 ${r.cloudP95Ms} ms, failover p95 ${r.failoverP95Ms} ms, alert p95 ${r.alertP95Ms} ms\n`,
  release: async (resources: Resources) => {
    await resources.app?.close().catch(() => undefined);
    await Promise.all((resources.lan ?? []).map((p) => p.close().catch(() => undefined)));
    await resources.feieyun?.close().catch(() => undefined);
    await resources.yilianyun?.close().catch(() => undefined);
  },
});
