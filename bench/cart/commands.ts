import type { LoopDelay, Spread } from "./stats.js";

/** One bench table: where its diners connect. */
export interface Seat {
  rid: number;
  tableId: number;
  sid: string;
}

/** The load's phases; every operation is counted in the phase it was sent in. */
export type Phase = "warmup" | "steady" | "drain" | "crash" | "after";

export interface FloorBroadcastInput {
  url: string;
  groups: number;
  perGroup: number;
  rate: number;
  warmupMs: number;
  steadyMs: number;
  payloadBytes: number;
}

export interface FloorBroadcastResult {
  sent: number;
  delayMs: Spread;
  expected: number;
  received: number;
  lost: number;
  clientLoopDelayMs: LoopDelay;
}

export interface FloorTransactionInput {
  databaseUrl: string;
  connections: number;
  rate: number;
  warmupMs: number;
  steadyMs: number;
}

export interface FloorTransactionResult {
  latencyMs: Spread;
  perSecond: number;
  failed: number;
  clientLoopDelayMs: LoopDelay;
}

export interface ConnectInput {
  url: string;
  databaseUrl: string;
  foodId: number;
  seats: Seat[];
  dinersPerTable: number;
}

export interface PhaseReport {
  seconds: number;
  sent: number;
  sentPerSecond: number;
  accepted: number;
  acceptedPerSecond: number;
  refused: number;
  /** of those, refused at once because the server had too many operations waiting (verdict version -1) */
  refusedBusy: number;
  unanswered: number;
  skippedOffline: number;
  deliveries: { expected: number; received: number; lost: number; duplicates: number };
  /** operation sent → broadcast received, at each tablemate (the sender included) */
  fanoutDelayMs: Spread;
  /** operation sent → broadcast received by the last of the table's diners */
  lastTablemateDelayMs: Spread;
  /** operation sent → verdict back at the sender */
  verdictDelayMs: Spread;
  /** how late the pace fired operations (client-side lag, not the server's) */
  pacerLateMs: Spread;
  broadcastBytesMean: number;
  clientLoopDelayMs: LoopDelay;
}

export interface ConvergenceResult {
  converged: boolean;
  /** from the restarted server being ready until every table's diners had all matched the database */
  fromReadyMs: number;
  /** from the kill being noticed by the first socket */
  fromKillMs: number;
  snapshots: number;
  tablesConverged: number;
  /** when the last diner got its hello from the restarted server, from ready */
  allReconnectedMs: number;
}

export interface CrashReport {
  /** the first socket's close, ms after the kill was marked */
  killNoticedAfterMs: number;
  inFlightAtKill: number;
  retried: number;
  /** in flight at the kill, found already applied when retried: the server answered its first verdict */
  appliedBeforeKill: number;
  /** of those, how many had their broadcast reach at least one tablemate before the kill */
  appliedBeforeKillBroadcastSeen: number;
  /** in flight at the kill, applied only when retried */
  appliedOnRetry: number;
  refusedOnRetry: number;
  neverAnswered: number;
  reconnects: number;
  skippedOffline: number;
}

export interface CommittedCheck {
  /** looked up in the database as soon as the first tablemate received the broadcast */
  liveChecked: number;
  liveFailures: number;
  /** after the run: cart_ops holds the verdict's op id at that version, carts.version is at least it */
  afterRunChecked: number;
  afterRunFailures: number;
  /** sampled broadcasts whose sender never had a verdict (cut off by the kill): nothing to compare */
  withoutVerdict: number;
  examples: string[];
}

export interface QuiescentCheck {
  diners: number;
  online: number;
  mismatched: number;
  examples: string[];
}

/** What the bench's client process does, by name: input and output of each. */
export interface Commands {
  floorBroadcast: { input: FloorBroadcastInput; output: FloorBroadcastResult };
  floorTransaction: { input: FloorTransactionInput; output: FloorTransactionResult };
  connect: { input: ConnectInput; output: { diners: number; ms: number } };
  start: { input: { rate: number }; output: null };
  phase: { input: { phase: Phase }; output: null };
  report: { input: { phase: Phase }; output: PhaseReport };
  markKill: { input: null; output: null };
  awaitConvergence: { input: { timeoutMs: number }; output: ConvergenceResult };
  stop: { input: null; output: null };
  settle: { input: { timeoutMs: number }; output: { ms: number; pending: number } };
  crashReport: { input: null; output: CrashReport };
  quiescentCheck: { input: null; output: QuiescentCheck };
  committedCheck: { input: null; output: CommittedCheck };
  close: { input: null; output: null };
}

export type CommandName = keyof Commands;

export interface Request {
  id: number;
  name: CommandName;
  input: unknown;
}

export type Reply = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: string };
