/** The submit bench's results file: its shape, the verdict on each target, and the printed summary. */
import type { FloorResult } from "./floor.js";
import type { LoadResult } from "./load.js";
import type { RampPlan, RampStep } from "./ramp.js";
import type { StepResult } from "./step.js";
import type { SupplySummary } from "./supply.js";
import type { OrderCheck, StockCheck } from "./verify.js";

export const TARGETS = {
  ordersPerSecond: 1000,
  p99Ms: 50,
  floorRatio: 0.3,
};

export interface TargetCheck {
  target: string;
  measured: number;
  pass: boolean;
}

/** A step as the results file lists it. */
export type StepRow = Pick<RampStep<StepResult>, "kind" | "held" | "why"> & StepResult;

export interface SubmitResults {
  measuredAt: string;
  machine: Record<string, unknown>;
  config: Record<string, unknown>;
  /** untimed, between the steps: the carts filled over HTTP */
  setup: SupplySummary;
  /** the Node that ran the bench and its server (the server is spawned on process.execPath) */
  node: string;
  ramp: { plan: RampPlan; steps: StepRow[] };
  /** accepted orders/s in the steady window of the highest step held; 0 if none held */
  heldRate: number;
  /** the offered submits/s of that step */
  heldOffered: number;
  /** the higher of pgbench's two rates, in this run */
  floorRate: number;
  /** heldRate / floorRate */
  ratio: number;
  retries: LoadResult["retries"];
  verification: { stock: StockCheck[]; oversold: number; stockConsistent: boolean; orders: OrderCheck };
  floor: { primary: FloorResult; wide: FloorResult };
  targets: Record<string, TargetCheck>;
  notes: string[];
}

export function targetChecks(
  held: StepResult | undefined,
  ratio: number,
  oversold: number,
  duplicates: number,
): Record<string, TargetCheck> {
  const rate = held?.acceptedPerSecond ?? 0;
  const p99 = held?.p99Ms ?? 0;
  return {
    ordersPerSecond: {
      target: `>= ${TARGETS.ordersPerSecond} orders/s held`,
      measured: rate,
      pass: rate >= TARGETS.ordersPerSecond,
    },
    p99: {
      target: `p99 <= ${TARGETS.p99Ms} ms at the rate held`,
      measured: p99,
      pass: held !== undefined && p99 <= TARGETS.p99Ms,
    },
    floorRatio: {
      target: `>= ${TARGETS.floorRatio}x the bare transaction rate`,
      measured: ratio,
      pass: ratio >= TARGETS.floorRatio,
    },
    oversold: { target: "0 oversold units", measured: oversold, pass: oversold === 0 },
    duplicates: { target: "0 duplicate orders", measured: duplicates, pass: duplicates === 0 },
  };
}

const cell = (value: string | number, width: number): string => String(value).padStart(width);

/** The step table: offered, sent/s, accepted/s, p50, p99, errors, sold out, CPU, verdict. */
export function stepTable(steps: StepRow[]): string[] {
  const head = `${cell("offered", 8)} ${cell("sent/s", 8)} ${cell("accepted/s", 10)} ${cell("p50 ms", 8)} ${cell("p99 ms", 8)} ${cell("errors", 6)} ${cell("soldOut", 7)} ${cell("cpu srv/pg", 10)}  verdict`;
  return [
    head,
    ...steps.map(
      (s) =>
        `${cell(s.offered, 8)} ${cell(s.sentPerSecond, 8)} ${cell(s.acceptedPerSecond, 10)} ` +
        `${cell(s.submitLatencyMs.p50, 8)} ${cell(s.p99Ms, 8)} ${cell(s.errors, 6)} ${cell(s.soldOut, 7)} ` +
        `${cell(`${s.cpu.serverPercent}/${s.cpu.postgresPercent}%`, 10)}  ` +
        `${s.held ? "held" : `not held (${s.why})`}${s.kind === "up" ? "" : `, ${s.kind}`}`,
    ),
  ];
}

export function printSummary(results: SubmitResults): string {
  const { setup, floor, targets } = results;
  const lines = [
    "",
    `setup: ${setup.tables} carts filled over HTTP in ${setup.rounds} rounds, ${setup.seconds} s ` +
      `(adds p50 ${setup.cartOpLatencyMs.p50} ms, ${setup.refusedAdds} refused)`,
    ...stepTable(results.ramp.steps),
    `held: ${results.heldRate} orders/s (offered ${results.heldOffered}/s); floor ${results.floorRate} tps ` +
      `(pgbench ${floor.primary.clients} clients ${floor.primary.transactionsPerSecond}, ${floor.wide.clients} ` +
      `clients ${floor.wide.transactionsPerSecond}); ratio ${results.ratio}; node ${results.node}`,
    `verification: oversold ${results.verification.oversold}, duplicates ${results.verification.orders.duplicateOrders}, ` +
      `stock consistent ${results.verification.stockConsistent}`,
    ...Object.entries(targets).map(
      ([name, t]) => `  ${t.pass ? "PASS" : "FAIL"} ${name}: ${t.measured} (${t.target})`,
    ),
    "",
  ];
  return lines.join("\n");
}
