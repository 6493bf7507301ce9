/** The submit bench's results file: its shape, the verdict on each target, and the printed summary. */
import type { FloorResult } from "./floor.js";
import type { LoadResult, PhaseFigures } from "./load.js";
import type { PrefillResult } from "./prefill.js";
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

export interface SubmitResults {
  measuredAt: string;
  machine: Record<string, unknown>;
  config: Record<string, unknown>;
  /** untimed, before the floor and the load: the carts filled over HTTP */
  setup: Omit<PrefillResult, "tables"> & { tables: number; concurrency: number };
  results: PhaseFigures &
    Pick<LoadResult, "retries" | "tablesTaken" | "ranDry" | "errors"> & {
      cpu: Record<string, number | undefined>;
    };
  verification: { stock: StockCheck[]; oversold: number; stockConsistent: boolean; orders: OrderCheck };
  floor: { primary: FloorResult; wide: FloorResult; ratio: number };
  targets: Record<string, TargetCheck>;
  warmup: PhaseFigures;
  notes: string[];
}

export function targetChecks(
  steady: PhaseFigures,
  ratio: number,
  oversold: number,
  duplicates: number,
): Record<string, TargetCheck> {
  return {
    ordersPerSecond: {
      target: `>= ${TARGETS.ordersPerSecond} orders/s`,
      measured: steady.ordersPerSecond,
      pass: steady.ordersPerSecond >= TARGETS.ordersPerSecond,
    },
    p99: {
      target: `p99 <= ${TARGETS.p99Ms} ms`,
      measured: steady.submitLatencyMs.p99,
      pass: steady.submitLatencyMs.count > 0 && steady.submitLatencyMs.p99 <= TARGETS.p99Ms,
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

export function printSummary(results: SubmitResults): string {
  const { setup, results: r, floor, targets } = results;
  const lines = [
    "",
    `setup: ${setup.tables} carts filled over HTTP in ${setup.seconds} s (adds p50 ${setup.cartOpLatencyMs.p50} ms, ` +
      `${setup.refusedAdds} refused)`,
    `submit: ${r.ordersPerSecond} orders/s accepted; p50 ${r.submitLatencyMs.p50} ms, p99 ${r.submitLatencyMs.p99} ms`,
    `  codes ${JSON.stringify(r.codes)}; late cycles ${r.lateCycles}/${r.cycles}; tables taken ${r.tablesTaken}`,
    `  cpu: server ${r.cpu.serverPercent}%, postgres ${r.cpu.postgresPercent}%, bench ${r.cpu.clientPercent}%, machine ${r.cpu.machinePercent}%`,
    `floor: pgbench ${floor.primary.clients} clients ${floor.primary.transactionsPerSecond} tps (p99 ${floor.primary.latencyMs.p99} ms); ` +
      `${floor.wide.clients} clients ${floor.wide.transactionsPerSecond} tps; ratio ${floor.ratio}`,
    `verification: oversold ${results.verification.oversold}, duplicates ${results.verification.orders.duplicateOrders}, ` +
      `stock consistent ${results.verification.stockConsistent}`,
    ...Object.entries(targets).map(
      ([name, t]) => `  ${t.pass ? "PASS" : "FAIL"} ${name}: ${t.measured} (${t.target})`,
    ),
    "",
  ];
  return lines.join("\n");
}
