/**
 * One step of the ramp (ramp.ts): prefilled tables enough for it (supply.ts), then the open-loop submit
 * load (load.ts) at the step's rate: a settle window, untimed (the first step's is the warm-up: cold
 * statements, V8 not yet optimized), then the steady window the step is judged on. Each step's accepted
 * submits and retries are kept for the verification after the ramp.
 */
import { SUBMIT_CODES } from "@tablemate/core";
import { type CpuShare, cpuWindow, msPerOp } from "../cart/cpu.js";
import type { Spread } from "../cart/stats.js";
import type { HttpClient } from "./http.js";
import { type LoadResult, runLoad } from "./load.js";
import type { StepFigures } from "./ramp.js";
import type { TableSupply } from "./supply.js";

export interface StepResult extends StepFigures {
  settleMs: number;
  steadyMs: number;
  acceptedPerSecond: number;
  submitLatencyMs: Spread;
  /** refused for stock (2000): carts holding the first popular dish once it sold out, by design */
  soldOut: number;
  /** answers in the steady window, by code */
  codes: Record<string, number>;
  lateCycles: number;
  cycles: number;
  tablesTaken: number;
  /** the first few failed requests' messages */
  errorMessages: string[];
  /** over settle and steady; CPU per order against the orders accepted over both */
  cpu: CpuShare & { serverMsPerOrder: number; postgresMsPerOrder: number };
}

export interface StepContext {
  http: HttpClient;
  supply: TableSupply;
  serverPid: () => number | undefined;
  submitters: number;
  retryShare: number;
  steadyMs: number;
  /** run after a round of carts was filled for a step, before its load */
  afterFill?: () => Promise<void>;
}

/** Prefilled tables a step may take: its submits with 10% to spare, and one more per submitter. */
export const tablesFor = (rate: number, ms: number, submitters: number): number =>
  Math.ceil(((rate * ms) / 1000) * 1.1) + submitters;

const ACCEPTED = String(SUBMIT_CODES.ok);
const SOLD_OUT = String(SUBMIT_CODES.stockShort);

/** Runs the ramp's steps one after another and keeps what the verification needs from each. */
export class StepRunner {
  /** every accepted submit's order, by submitId, over every step */
  readonly accepted = new Map<string, number>();
  readonly retries: LoadResult["retries"] = { sent: 0, sameOrder: 0, otherAnswer: 0 };

  constructor(private readonly context: StepContext) {}

  async run(rate: number, settleMs: number): Promise<StepResult> {
    const { http, supply, submitters, retryShare, steadyMs } = this.context;
    if (await supply.ensure(tablesFor(rate, settleMs + steadyMs, submitters)))
      await this.context.afterFill?.();
    const cpu = cpuWindow(() => ({ server: this.context.serverPid(), client: process.pid }));
    const load = await runLoad(http, supply.ready, {
      rate,
      submitters,
      retryShare,
      warmupMs: settleMs,
      steadyMs,
    });
    const cpuShare = cpu.end();
    supply.taken(load.tablesTaken);
    for (const [submitId, orderId] of load.accepted) this.accepted.set(submitId, orderId);
    this.retries.sent += load.retries.sent;
    this.retries.sameOrder += load.retries.sameOrder;
    this.retries.otherAnswer += load.retries.otherAnswer;

    const { steady, warmup } = load;
    const unexpected = Object.entries(steady.codes)
      .filter(([code]) => code !== ACCEPTED && code !== SOLD_OUT)
      .reduce((sum, [, n]) => sum + n, 0);
    // the window spans settle and steady: CPU per order is read against the orders of both
    const ordersPerSecond =
      (warmup.ordersPerSecond * settleMs + steady.ordersPerSecond * steadyMs) / (settleMs + steadyMs);
    return {
      offered: rate,
      sentPerSecond: Math.round((steady.cycles / steady.seconds) * 10) / 10,
      acceptedPerSecond: steady.ordersPerSecond,
      p99Ms: steady.submitLatencyMs.p99,
      submitLatencyMs: steady.submitLatencyMs,
      accepted: steady.submitLatencyMs.count,
      errors: load.errors.length + unexpected,
      ranDry: load.ranDry.workers,
      soldOut: steady.codes[SOLD_OUT] ?? 0,
      codes: steady.codes,
      lateCycles: steady.lateCycles,
      cycles: steady.cycles,
      settleMs,
      steadyMs,
      tablesTaken: load.tablesTaken,
      errorMessages: load.errors.slice(0, 3),
      cpu: {
        ...cpuShare,
        serverMsPerOrder: msPerOp(cpuShare.serverPercent, ordersPerSecond),
        postgresMsPerOrder: msPerOp(cpuShare.postgresPercent, ordersPerSecond),
      },
    };
  }
}
