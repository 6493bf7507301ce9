/**
 * An open-loop paced run: item i is sent at start + i / rate (cart/rate.ts atRate, catching up when a
 * timer fires late), whatever is still in flight, so a slow answer never holds the next send back and
 * queueing shows in the latencies. Each send is timed from the moment it fires to its outcome, and
 * counted in the phase it fired in (warm-up, then steady).
 */
import { atRate } from "../cart/rate.js";
import { percentile, round2, type Spread, spread } from "../cart/stats.js";

export type Latency = Spread & { p95: number };

export function latency(values: readonly number[]): Latency {
  return { ...spread(values), p95: round2(percentile(Float64Array.from(values).sort(), 95)) };
}

export interface PacedFigures {
  seconds: number;
  sent: number;
  /** sends fired per second over the phase (the offered rate; what got through is PacedResult.run) */
  sentPerSecond: number;
  outcomes: Record<string, number>;
  latencyMs: Latency;
}

export interface PacedResult {
  warmup: PacedFigures;
  steady: PacedFigures;
  /** the whole run, from the first send to the last answer: what the other side got through */
  run: { seconds: number; completedPerSecond: number; lastAnswerAfterLastSendMs: number };
  /** how late the bench's own timer fired sends (its event loop, not the server) */
  fireLateMs: Spread;
  /** the first few errors thrown by sends (counted as the outcome "error") */
  errors: string[];
}

class Phase {
  readonly outcomes: Record<string, number> = {};
  readonly latencies: number[] = [];
  sent = 0;

  figures(seconds: number): PacedFigures {
    return {
      seconds: round2(seconds),
      sent: this.sent,
      sentPerSecond: seconds > 0 ? Math.round((this.sent / seconds) * 10) / 10 : 0,
      outcomes: this.outcomes,
      latencyMs: latency(this.latencies),
    };
  }
}

/** Sends every item at `rate` per second; `send` answers an outcome (counted by name). */
export async function runPaced<T>(
  items: readonly T[],
  input: { rate: number; warmupMs: number },
  send: (item: T) => Promise<string>,
): Promise<PacedResult> {
  const warmup = new Phase();
  const steady = new Phase();
  const late: number[] = [];
  const errors: string[] = [];
  const running: Promise<void>[] = [];
  const start = performance.now();
  let next = 0;
  let lastFiredAt = start;
  let lastAnsweredAt = start;

  const one = async (item: T, phase: Phase) => {
    const sentAt = performance.now();
    let outcome: string;
    try {
      outcome = await send(item);
    } catch (error) {
      outcome = "error";
      if (errors.length < 10) errors.push(error instanceof Error ? error.message : String(error));
    }
    lastAnsweredAt = performance.now();
    phase.latencies.push(lastAnsweredAt - sentAt);
    phase.outcomes[outcome] = (phase.outcomes[outcome] ?? 0) + 1;
  };

  await new Promise<void>((resolve) => {
    const pace = atRate(input.rate, (lateMs) => {
      const item = items[next++];
      if (item === undefined) return;
      lastFiredAt = performance.now();
      const phase = lastFiredAt - start < input.warmupMs ? warmup : steady;
      phase.sent++;
      late.push(lateMs);
      running.push(one(item, phase));
      // stopped after atRate's tick has set its next timer
      if (next === items.length) setImmediate(() => resolve(pace.stop()));
    });
  });
  await Promise.all(running);
  const warmupSeconds = Math.min(input.warmupMs, lastFiredAt - start) / 1000;
  const runSeconds = (lastAnsweredAt - start) / 1000;
  return {
    warmup: warmup.figures(warmupSeconds),
    steady: steady.figures((lastFiredAt - start) / 1000 - warmupSeconds),
    run: {
      seconds: round2(runSeconds),
      completedPerSecond: Math.round((items.length / runSeconds) * 10) / 10,
      lastAnswerAfterLastSendMs: Math.round(lastAnsweredAt - lastFiredAt),
    },
    fireLateMs: spread(late),
    errors,
  };
}
