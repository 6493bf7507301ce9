/** The results file of the shared-cart bench, its target checks, and the table printed at the end. */
import type {
  CommittedCheck,
  ConvergenceResult,
  CrashReport,
  FloorBroadcastResult,
  FloorTransactionResult,
  PhaseReport,
  QuiescentCheck,
} from "./commands.js";
import type { CpuShare } from "./cpu.js";
import { round2 } from "./stats.js";

export const TARGETS = {
  p99Ms: 15,
  floorRatio: 3,
  lost: 0,
  convergenceMs: 5000,
};

export interface Check {
  target: string;
  value: number | string;
  pass: boolean;
}

export interface CartFanoutResults {
  measuredAt: string;
  machine: Record<string, unknown>;
  config: Record<string, unknown>;
  results: PhaseReport & { cpu: CpuShare; committedBeforeBroadcast: CommittedCheck };
  floor: { broadcast: FloorBroadcastResult; transaction: FloorTransactionResult };
  targets: Record<string, Check>;
  crashRecovery: {
    pass: boolean;
    killToReadyMs: number;
    convergence: ConvergenceResult;
    /** after the load stopped: until every op had its verdict, and how many had none by the timeout */
    settledAfterLoadMs: number;
    pendingAfterSettle: number;
    inFlight: CrashReport;
    afterRestart: PhaseReport;
    quiescent: QuiescentCheck;
    note: string;
  };
  notes: string[];
}

export function targetChecks(
  steady: PhaseReport,
  floor: { broadcast: FloorBroadcastResult; transaction: FloorTransactionResult },
  committed: CommittedCheck,
  convergence: ConvergenceResult,
  quiescent: QuiescentCheck,
): Record<string, Check> {
  const p99 = steady.fanoutDelayMs.p99;
  const floorSum = floor.broadcast.delayMs.p99 + floor.transaction.latencyMs.p99;
  const limit = round2(TARGETS.floorRatio * floorSum);
  const failures = committed.liveFailures + committed.afterRunFailures;
  return {
    p99: { target: `fan-out p99 <= ${TARGETS.p99Ms} ms`, value: p99, pass: p99 <= TARGETS.p99Ms },
    p99VsFloor: {
      target: `fan-out p99 <= ${TARGETS.floorRatio} x (broadcast floor p99 + transaction floor p99) = ${limit} ms`,
      value: p99,
      pass: p99 <= limit,
    },
    committedBeforeBroadcast: {
      target: "every sampled broadcast's version already committed, holding the verdict's op id",
      value: `${failures} failures of ${committed.liveChecked} live + ${committed.afterRunChecked} after-run checks`,
      pass: failures === 0 && committed.liveChecked > 0,
    },
    lost: {
      target: `${TARGETS.lost} messages lost (steady phase; every op answered by the end of the drain)`,
      value: `${steady.deliveries.lost} lost, ${steady.unanswered} ops unanswered`,
      pass: steady.deliveries.lost <= TARGETS.lost && steady.unanswered === 0,
    },
    crashConvergence: {
      target: `every client's cart equals the database's within ${TARGETS.convergenceMs} ms of the restart`,
      value: convergence.converged ? convergence.fromReadyMs : "not converged",
      pass:
        convergence.converged &&
        convergence.fromReadyMs <= TARGETS.convergenceMs &&
        quiescent.mismatched === 0,
    },
  };
}

export function printSummary(results: CartFanoutResults): string {
  const r = results.results;
  const { broadcast, transaction } = results.floor;
  const c = results.crashRecovery;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const rows: string[][] = [
    ["", "p50", "p99", "max", "count"],
    [
      "cart fan-out (op -> each tablemate)",
      ms(r.fanoutDelayMs.p50),
      ms(r.fanoutDelayMs.p99),
      ms(r.fanoutDelayMs.max),
      String(r.fanoutDelayMs.count),
    ],
    [
      "cart op -> last tablemate",
      ms(r.lastTablemateDelayMs.p50),
      ms(r.lastTablemateDelayMs.p99),
      ms(r.lastTablemateDelayMs.max),
      String(r.lastTablemateDelayMs.count),
    ],
    [
      "cart op -> verdict",
      ms(r.verdictDelayMs.p50),
      ms(r.verdictDelayMs.p99),
      ms(r.verdictDelayMs.max),
      String(r.verdictDelayMs.count),
    ],
    [
      "floor: bare ws broadcast",
      ms(broadcast.delayMs.p50),
      ms(broadcast.delayMs.p99),
      ms(broadcast.delayMs.max),
      String(broadcast.delayMs.count),
    ],
    [
      "floor: BEGIN/UPDATE/COMMIT",
      ms(transaction.latencyMs.p50),
      ms(transaction.latencyMs.p99),
      ms(transaction.latencyMs.max),
      String(transaction.latencyMs.count),
    ],
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  const table = rows.map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  "),
  );
  const checks = Object.entries(results.targets).map(
    ([name, check]) => `  ${check.pass ? "pass" : "FAIL"}  ${name}: ${check.value} (${check.target})`,
  );
  return [
    "",
    `Shared-cart fan-out: ${results.config.tables} tables x ${results.config.dinersPerTable} diners, ` +
      `${r.sentPerSecond} ops/s sent, ${r.acceptedPerSecond} accepted (${r.refusedBusy} refused as busy), ` +
      `${r.seconds} s steady`,
    ...table,
    `lost ${r.deliveries.lost} of ${r.deliveries.expected} deliveries; client event-loop delay p99 ` +
      `${r.clientLoopDelayMs.p99} ms; CPU % of one core: server ${r.cpu.serverPercent}, PostgreSQL ` +
      `${r.cpu.postgresPercent}, client ${r.cpu.clientPercent}, other ${r.cpu.otherPercent}; per op: server ` +
      `${r.cpu.serverMsPerOp} ms, PostgreSQL ${r.cpu.postgresMsPerOp} ms`,
    `crash: server back in ${c.killToReadyMs} ms, clients converged ${c.convergence.fromReadyMs} ms after; ` +
      `${c.inFlight.inFlightAtKill} ops in flight (${c.inFlight.appliedBeforeKill} applied before the kill, ` +
      `${c.inFlight.appliedOnRetry} on retry, ${c.inFlight.neverAnswered} unanswered)`,
    ...checks,
    "",
  ].join("\n");
}
