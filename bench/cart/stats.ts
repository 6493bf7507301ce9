import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";

/** Figures of a set of durations in milliseconds, rounded to 0.01 ms. */
export interface Spread {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The nearest-rank percentile (0 < p ≤ 100) of values sorted ascending; 0 for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

export function spread(values: readonly number[]): Spread {
  const sorted = Float64Array.from(values).sort();
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    p50: round2(percentile(sorted, 50)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.at(-1) ?? 0),
    mean: round2(sorted.length ? sum / sorted.length : 0),
  };
}

/** Event-loop delay of a thread beyond the sampling timer's own interval, in ms. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

const LOOP_RESOLUTION_MS = 1;

/** Starts sampling this thread's event-loop delay (perf_hooks). */
export function watchLoop(): IntervalHistogram {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  histogram.enable();
  return histogram;
}

/** The histogram holds the time between the sampling timer's runs (ns); the delay is that minus its interval. */
export function loopDelayOf(histogram: IntervalHistogram): LoopDelay {
  const ms = (ns: number) => round2(Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS));
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}
