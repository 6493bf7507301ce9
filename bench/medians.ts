/** Medians of Lighthouse runs, shared by the Lighthouse benches (menu, console pages, pay). */
import type { Result } from "lighthouse";
import type { RunFigures } from "./lighthouse.js";

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Each figure's median over the runs, figure by figure (so not one run's figures). */
export function medians(runs: RunFigures[]): RunFigures {
  const of = (key: keyof RunFigures) => median(runs.map((run) => run[key]));
  return {
    score: of("score"),
    lcpMs: of("lcpMs"),
    fcpMs: of("fcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
    transferBytes: of("transferBytes"),
    jsTransferBytes: of("jsTransferBytes"),
    jsGzipBytes: of("jsGzipBytes"),
    requests: of("requests"),
  };
}

/** Rounded for a small, readable results file: ms and bytes whole, score and CLS to three places. */
export const rounded = (run: RunFigures): RunFigures => ({
  ...run,
  score: Number(run.score.toFixed(3)),
  cls: Number(run.cls.toFixed(3)),
  lcpMs: Math.round(run.lcpMs),
  fcpMs: Math.round(run.fcpMs),
  tbtMs: Math.round(run.tbtMs),
});

/** The run whose LCP is the median one (the first run when none is, an even count), to read diagnostics from. */
export function medianRun(lhrs: Result[], runs: RunFigures[]): Result {
  const mid = median(runs.map((r) => r.lcpMs));
  const index = runs.findIndex((r) => r.lcpMs === mid);
  const lhr = lhrs[index === -1 ? 0 : index];
  if (!lhr) throw new Error("no Lighthouse run");
  return lhr;
}
