/**
 * The cart load, run in the client process: every bench table's diners on their own sockets, a steady
 * pace of add/minus operations from random diners, and for every broadcast the moment each tablemate
 * got it. A broadcast is matched to its operation by (cart, version): the version the sender's verdict
 * carried.
 */
import { randomBytes } from "node:crypto";
import type { IntervalHistogram } from "node:perf_hooks";
import { isDeepStrictEqual } from "node:util";
import {
  API,
  type CartState,
  detailId,
  type OpVerdict,
  type TableMessage,
  type TableOp,
} from "@tablemate/core";
import type { Db } from "../../apps/server/src/db/client.js";
import type {
  CommittedCheck,
  ConnectInput,
  ConvergenceResult,
  CrashReport,
  Phase,
  PhaseReport,
  QuiescentCheck,
} from "./commands.js";
import { cartVersions, committedAt, committedOps, type StoredCart, storedCarts } from "./database.js";
import { Diner, type DinerEvents } from "./diner.js";
import { atRate, type Pace, sleep } from "./rate.js";
import { loopDelayOf, round2, spread, watchLoop } from "./stats.js";

const PLAIN = { normId: null, methodIds: [], additions: [], parts: [] };
/** one broadcast in this many is looked up in the database the moment it first arrives */
const LIVE_CHECK_EVERY = 10;
const CONVERGENCE_POLL_MS = 50;
const CONNECT_TIMEOUT_MS = 120_000;

interface OpRecord {
  opId: string;
  table: number;
  phase: Phase;
  sentAt: number;
  lateMs: number;
  /** the sender's connection (its hello count) when sent, and when answered */
  connection: number;
  answeredOn?: number;
  retries: number;
  helloVersionAtRetry?: number;
  verdict?: { ok: boolean; version: number; at: number };
}

interface Delivery {
  diner: Diner;
  at: number;
}

interface TableState {
  cartId: number;
  diners: Diner[];
  /** the line's count once every operation sent so far is applied: add up to 2, then minus, and so on */
  planned: number;
}

interface LiveCheck {
  key: string;
  opId: string | undefined;
  cartVersion: number;
  version: number;
  error?: string;
}

export class CartLoad implements DinerEvents {
  private tables: TableState[] = [];
  private readonly ops = new Map<string, OpRecord>();
  private readonly opByVersion = new Map<string, string>();
  private readonly deliveries = new Map<string, Delivery[]>();
  private readonly liveChecks: Promise<LiveCheck>[] = [];
  private sampling = true;
  private duplicates = 0;
  private broadcastBytes = 0;
  private broadcastsReceived = 0;
  private firstDeliveries = 0;
  private phase: Phase = "warmup";
  private readonly phaseTimes = new Map<Phase, { start: number; end?: number }>();
  private readonly loops = new Map<Phase, IntervalHistogram>();
  private readonly skipped = new Map<Phase, number>();
  private pace: Pace | undefined;
  private sequence = 0;
  private readonly runTag = randomBytes(3).toString("hex");
  private killMarkedAt: number | undefined;
  private killNoticedAt: number | undefined;

  constructor(
    private readonly input: ConnectInput,
    private readonly db: Db,
  ) {}

  private get diners(): Diner[] {
    return this.tables.flatMap((t) => t.diners);
  }

  private get detail(): string {
    return detailId(this.input.foodId, PLAIN);
  }

  async connect(): Promise<{ diners: number; ms: number }> {
    const started = performance.now();
    const wsBase = this.input.url.replace(/^http/, "ws");
    const tables: TableState[] = [];
    for (const [t, seat] of this.input.seats.entries()) {
      const diners: Diner[] = [];
      for (let d = 0; d < this.input.dinersPerTable; d++) {
        // a new visitor, as a phone becomes one: the server issues the guid and its credential
        const { guid, cookie } = await newVisitor(this.input.url, seat.rid);
        const query = `rid=${seat.rid}&tableId=${seat.tableId}&sid=${seat.sid}&guid=${guid}`;
        diners.push(new Diner(t, d, `${wsBase}/ws?${query}`, this, cookie));
      }
      tables.push({ cartId: 0, planned: 0, diners });
    }
    this.tables = tables;
    // a table at a time, so 800 handshakes do not land in the same millisecond
    for (const table of this.tables) {
      for (const diner of table.diners) diner.connect();
      while (table.diners.some((d) => !d.online)) {
        if (performance.now() - started > CONNECT_TIMEOUT_MS) throw new Error("diners did not all connect");
        await sleep(2);
      }
    }
    for (const table of this.tables) {
      const cart = table.diners[0]?.cart;
      table.cartId = cart?.cartId ?? 0;
      table.planned = this.countOf(cart);
    }
    return { diners: this.diners.length, ms: Math.round(performance.now() - started) };
  }

  start(rate: number): void {
    this.setPhase("warmup");
    this.pace = atRate(rate, (lateMs) => this.fire(lateMs));
  }

  setPhase(phase: Phase): void {
    const now = performance.now();
    const previous = this.phaseTimes.get(this.phase);
    if (previous && previous.end === undefined) previous.end = now;
    this.loops.get(this.phase)?.disable();
    this.phase = phase;
    this.phaseTimes.set(phase, { start: now });
    this.loops.set(phase, watchLoop());
  }

  stop(): void {
    this.pace?.stop();
    const times = this.phaseTimes.get(this.phase);
    if (times && times.end === undefined) times.end = performance.now();
    this.loops.get(this.phase)?.disable();
  }

  close(): void {
    this.sampling = false;
    this.pace?.stop();
    for (const diner of this.diners) diner.stop();
  }

  /** One operation from a random diner: add the dish while the line would stay at most 2, else minus. */
  private fire(lateMs: number): void {
    const table = this.tables[Math.floor(Math.random() * this.tables.length)];
    const diner = table?.diners[Math.floor(Math.random() * table.diners.length)];
    if (!table || !diner) return;
    if (!diner.online) {
      this.skipped.set(this.phase, (this.skipped.get(this.phase) ?? 0) + 1);
      return;
    }
    const op: TableOp =
      table.planned <= 1
        ? { kind: "add", foodId: this.input.foodId, choice: PLAIN }
        : { kind: "minus", detailId: this.detail };
    table.planned += op.kind === "add" ? 1 : -1;
    const opId = `${this.runTag}-${(this.sequence++).toString(36)}`;
    this.ops.set(opId, {
      opId,
      table: diner.table,
      phase: this.phase,
      sentAt: performance.now(),
      lateMs,
      connection: diner.hellos,
      retries: 0,
    });
    diner.send(opId, op);
  }

  private countOf(cart: CartState | undefined): number {
    const line = cart?.lines.find((l) => l.detailId === this.detail);
    return line ? Number(line.count) : 0;
  }

  hello(diner: Diner, cart: CartState): void {
    for (const opId of diner.pending.keys()) {
      const record = this.ops.get(opId);
      if (!record) continue;
      record.retries++;
      record.helloVersionAtRetry ??= cart.version;
    }
  }

  closed(): void {
    if (this.killMarkedAt !== undefined && this.killNoticedAt === undefined)
      this.killNoticedAt = performance.now();
  }

  verdict(diner: Diner, verdict: OpVerdict, at: number): void {
    const record = this.ops.get(verdict.opId);
    if (!record || record.verdict) return;
    record.verdict = { ok: verdict.ok, version: verdict.version, at };
    record.answeredOn = diner.hellos;
    const table = this.tables[record.table];
    if (!table) return;
    if (verdict.ok) this.opByVersion.set(`${table.cartId}:${verdict.version}`, verdict.opId);
    // refused (a minus that met no line, or the server busy): plan again from what this diner was last shown
    else table.planned = this.countOf(diner.cart);
  }

  broadcast(diner: Diner, message: TableMessage, at: number, bytes: number): void {
    const key = `${message.cart.cartId}:${message.version}`;
    const list = this.deliveries.get(key) ?? [];
    if (list.length === 0) {
      this.deliveries.set(key, list);
      if (this.sampling && ++this.firstDeliveries % LIVE_CHECK_EVERY === 0) {
        const version = message.version;
        this.liveChecks.push(
          committedAt(this.db, message.cart.cartId, version).then(
            (found) => ({ key, version, ...found }),
            (error: unknown) => ({ key, version, opId: undefined, cartVersion: -1, error: String(error) }),
          ),
        );
      }
    }
    this.broadcastBytes += bytes;
    this.broadcastsReceived++;
    if (list.some((d) => d.diner === diner)) this.duplicates++;
    else list.push({ diner, at });
  }

  report(phase: Phase): PhaseReport {
    const times = this.phaseTimes.get(phase);
    const seconds = times ? ((times.end ?? performance.now()) - times.start) / 1000 : 0;
    const records = [...this.ops.values()].filter((r) => r.phase === phase);
    const accepted = records.filter((r) => r.verdict?.ok);
    const fanout: number[] = [];
    const last: number[] = [];
    let received = 0;
    for (const record of accepted) {
      const table = this.tables[record.table];
      const list = this.deliveries.get(`${table?.cartId}:${record.verdict?.version}`) ?? [];
      for (const delivery of list) fanout.push(delivery.at - record.sentAt);
      if (list.length > 0) last.push(Math.max(...list.map((d) => d.at)) - record.sentAt);
      received += list.length;
    }
    const expected = accepted.length * this.input.dinersPerTable;
    const loop = this.loops.get(phase);
    return {
      seconds: round2(seconds),
      sent: records.length,
      sentPerSecond: round2(records.length / seconds),
      accepted: accepted.length,
      acceptedPerSecond: round2(accepted.length / seconds),
      refused: records.filter((r) => r.verdict && !r.verdict.ok).length,
      refusedBusy: records.filter((r) => r.verdict?.version === -1).length,
      unanswered: records.filter((r) => !r.verdict).length,
      skippedOffline: this.skipped.get(phase) ?? 0,
      deliveries: { expected, received, lost: expected - received, duplicates: this.duplicates },
      fanoutDelayMs: spread(fanout),
      lastTablemateDelayMs: spread(last),
      verdictDelayMs: spread(records.flatMap((r) => (r.verdict ? [r.verdict.at - r.sentAt] : []))),
      pacerLateMs: spread(records.map((r) => r.lateMs)),
      broadcastBytesMean: Math.round(this.broadcastBytes / Math.max(1, this.broadcastsReceived)),
      clientLoopDelayMs: loop ? loopDelayOf(loop) : { p50: 0, p99: 0, max: 0 },
    };
  }

  /** Waits until every diner's operations are answered, up to timeoutMs; how long, and how many remain. */
  async settle(timeoutMs: number): Promise<{ ms: number; pending: number }> {
    const started = performance.now();
    const pending = () => this.diners.reduce((sum, d) => sum + d.pending.size, 0);
    while (pending() > 0 && performance.now() - started < timeoutMs) await sleep(50);
    return { ms: Math.round(performance.now() - started), pending: pending() };
  }

  markKill(): void {
    this.killMarkedAt = performance.now();
  }

  /** Polls the database until every table's diners, reconnected since the kill, all hold its cart. */
  async awaitConvergence(timeoutMs: number): Promise<ConvergenceResult> {
    const readyAt = performance.now();
    const killAt = this.killNoticedAt ?? this.killMarkedAt ?? readyAt;
    const matchedAt = new Map<number, number>();
    const cartIds = this.tables.map((t) => t.cartId);
    let snapshots = 0;
    while (matchedAt.size < this.tables.length && performance.now() - readyAt < timeoutMs) {
      const stored = await storedCarts(this.db, cartIds);
      const at = performance.now();
      snapshots++;
      this.tables.forEach((table, t) => {
        if (matchedAt.has(t)) return;
        const cart = stored.get(table.cartId);
        const all = table.diners.every((d) => d.online && d.helloAt > killAt && this.holds(d, cart));
        if (all) matchedAt.set(t, at);
      });
      if (matchedAt.size < this.tables.length) await sleep(CONVERGENCE_POLL_MS);
    }
    const lastMatch = Math.max(readyAt, ...matchedAt.values());
    const lastHello = Math.max(...this.diners.map((d) => d.helloAt));
    return {
      converged: matchedAt.size === this.tables.length,
      fromReadyMs: Math.round(lastMatch - readyAt),
      fromKillMs: Math.round(lastMatch - killAt),
      snapshots,
      tablesConverged: matchedAt.size,
      allReconnectedMs: Math.round(lastHello - readyAt),
    };
  }

  private holds(diner: Diner, stored: StoredCart | undefined): boolean {
    return (
      stored !== undefined &&
      diner.cart?.version === stored.version &&
      isDeepStrictEqual(diner.cart.lines, stored.lines)
    );
  }

  crashReport(): CrashReport {
    const killAt = this.killNoticedAt ?? Number.POSITIVE_INFINITY;
    const interrupted = [...this.ops.values()].filter(
      (r) => r.retries > 0 || (r.sentAt < killAt && r.answeredOn !== r.connection),
    );
    const cartOf = (r: OpRecord) => this.tables[r.table]?.cartId;
    const beforeKill = interrupted.filter(
      (r) =>
        r.verdict?.ok && r.helloVersionAtRetry !== undefined && r.verdict.version <= r.helloVersionAtRetry,
    );
    return {
      killNoticedAfterMs: Math.round(killAt - (this.killMarkedAt ?? killAt)),
      inFlightAtKill: interrupted.length,
      retried: interrupted.filter((r) => r.retries > 0).length,
      appliedBeforeKill: beforeKill.length,
      appliedBeforeKillBroadcastSeen: beforeKill.filter((r) =>
        (this.deliveries.get(`${cartOf(r)}:${r.verdict?.version}`) ?? []).some((d) => d.at < killAt),
      ).length,
      appliedOnRetry: interrupted.filter((r) => r.verdict?.ok && !beforeKill.includes(r)).length,
      refusedOnRetry: interrupted.filter((r) => r.verdict && !r.verdict.ok).length,
      neverAnswered: interrupted.filter((r) => !r.verdict).length,
      reconnects: this.diners.reduce((sum, d) => sum + Math.max(0, d.hellos - 1), 0),
      skippedOffline: this.skipped.get("crash") ?? 0,
    };
  }

  /** With the load stopped: does every diner hold exactly the database's cart? */
  async quiescentCheck(): Promise<QuiescentCheck> {
    const stored = await storedCarts(
      this.db,
      this.tables.map((t) => t.cartId),
    );
    const mismatched = this.diners.filter(
      (d) => !this.holds(d, stored.get(this.tables[d.table]?.cartId ?? 0)),
    );
    return {
      diners: this.diners.length,
      online: this.diners.filter((d) => d.online).length,
      mismatched: mismatched.length,
      examples: mismatched.slice(0, 5).map((d) => {
        const cartId = this.tables[d.table]?.cartId ?? 0;
        return `cart ${cartId} diner ${d.seat}: has v${d.cart?.version}, database v${stored.get(cartId)?.version}`;
      }),
    };
  }

  /**
   * Committed before broadcast: each sampled broadcast was looked up the moment it first arrived (its
   * version must already be committed); after the run, each sampled version must hold the very
   * operation whose verdict carried it.
   */
  async committedCheck(): Promise<CommittedCheck> {
    this.sampling = false;
    const checks = await Promise.all(this.liveChecks);
    const live = checks.filter((c) => c.error === undefined);
    const examples = checks
      .filter((c) => c.error !== undefined)
      .map((c) => `lookup of ${c.key} failed: ${c.error}`);
    const liveFailures = live.filter((c) => c.opId === undefined || c.cartVersion < c.version);
    for (const failure of liveFailures.slice(0, 3))
      examples.push(
        `live ${failure.key}: op ${failure.opId ?? "not committed"}, cart at v${failure.cartVersion}`,
      );
    const cartIds = this.tables.map((t) => t.cartId);
    const [stored, versions] = await Promise.all([
      committedOps(this.db, cartIds),
      cartVersions(this.db, cartIds),
    ]);
    let afterRunFailures = 0;
    let withoutVerdict = 0;
    for (const { key, version } of live) {
      const expected = this.opByVersion.get(key);
      // a broadcast whose sender never got a verdict (cut off by the kill) names no operation to compare
      if (expected === undefined) {
        withoutVerdict++;
        continue;
      }
      const cartId = Number(key.split(":")[0]);
      const ok = stored.get(key) === expected && (versions.get(cartId) ?? -1) >= version;
      if (!ok) {
        afterRunFailures++;
        if (examples.length < 6)
          examples.push(`after run ${key}: verdict op ${expected}, database op ${stored.get(key) ?? "none"}`);
      }
    }
    return {
      liveChecked: live.length,
      liveFailures: liveFailures.length,
      afterRunChecked: live.length - withoutVerdict,
      afterRunFailures,
      withoutVerdict,
      examples,
    };
  }
}

/** A new visitor: getUserInfo without a credential issues one (the token), sent back as its cookie. */
async function newVisitor(url: string, rid: number): Promise<{ guid: string; cookie: string }> {
  const answer = (await (await fetch(`${url}${API.userInfo}?rid=${rid}`)).json()) as {
    message?: { guid?: string; token?: string };
  };
  const { guid, token } = answer.message ?? {};
  if (!guid || !token) throw new Error(`no visitor issued: ${JSON.stringify(answer)}`);
  return { guid, cookie: `tm_visitor=${token}` };
}
