/**
 * The capacity ramp: the offered rate rises by a factor from a low start, one step at a time, until a
 * step is not held (p99 of accepted submits past the limit, an error, or fewer submits sent than
 * offered); then one more step bisects (geometric mean) between the last step held and the first one
 * not. When the very first step fails (a loaded machine), the ramp steps down by the same factor
 * until one holds (not below `min`), and bisects above it. The highest step held is the capacity the
 * bench reports. Running a step is the caller's
 * (step.ts); this module decides which rates to offer and whether a step held.
 */

export interface RampPlan {
  /** the first offered rate, submits/s */
  start: number;
  /** each next step offers this many times the last */
  factor: number;
  /** no step offers more than this */
  max: number;
  /** nor less than this, stepping down from a first step that failed */
  min: number;
  /** a step holds while p99 of its accepted submits stays at or under this */
  p99Ms: number;
  /** whether to bisect once between the last step held and the first one not */
  bisect: boolean;
}

/** What a step measured that decides whether it held. */
export interface StepFigures {
  offered: number;
  /** submits sent per second of the steady window (each cycle sends one) */
  sentPerSecond: number;
  p99Ms: number;
  /** accepted submits in the steady window */
  accepted: number;
  /** failed requests and answers other than accepted (1000) or sold out (2000, by design) */
  errors: number;
  /** submitters that found no prefilled table left */
  ranDry: number;
}

/** Sent submits may fall this far short of the offered rate (timer slack) for the step to hold. */
const SENT_SHARE = 0.95;

/** Whether a step held its offered rate, and if not, why. */
export function verdict(step: StepFigures, plan: Pick<RampPlan, "p99Ms">): { held: boolean; why?: string } {
  if (step.errors > 0) return { held: false, why: `${step.errors} errors` };
  if (step.ranDry > 0) return { held: false, why: "ran out of prefilled tables" };
  if (step.accepted === 0) return { held: false, why: "no submit accepted" };
  if (step.p99Ms > plan.p99Ms) return { held: false, why: `p99 ${step.p99Ms} ms > ${plan.p99Ms} ms` };
  if (step.sentPerSecond < SENT_SHARE * step.offered)
    return { held: false, why: `sent ${step.sentPerSecond}/s of ${step.offered}/s offered` };
  return { held: true };
}

/** The rates the ramp offers before any step fails: start, start × factor, … up to max. */
export function rampRates(plan: Pick<RampPlan, "start" | "factor" | "max">): number[] {
  const rates: number[] = [];
  for (let rate = plan.start; rate <= plan.max; rate = Math.round(rate * plan.factor)) rates.push(rate);
  return rates;
}

/** The rate that bisects (geometrically) between a held rate and a failed one; none when they are too close. */
export function bisectRate(held: number, failed: number): number | undefined {
  const rate = Math.round(Math.sqrt(held * failed));
  return rate > held && rate < failed ? rate : undefined;
}

export interface RampStep<Figures extends StepFigures> {
  figures: Figures;
  held: boolean;
  why?: string;
  /** up from the start, down from a first step that failed, or between the last held and the first not */
  kind: "up" | "down" | "bisect";
}

export interface RampResult<Figures extends StepFigures> {
  steps: RampStep<Figures>[];
  /** the highest step held; none if the first step already failed */
  held?: RampStep<Figures>;
  /** the first step that failed; none if every rate up to `max` held */
  failed?: RampStep<Figures>;
}

/** Runs the ramp: `runStep(rate, index)` offers `rate` and measures it. */
export async function runRamp<Figures extends StepFigures>(
  plan: RampPlan,
  runStep: (rate: number, index: number) => Promise<Figures>,
): Promise<RampResult<Figures>> {
  const steps: RampStep<Figures>[] = [];
  const step = async (rate: number, kind: RampStep<Figures>["kind"]) => {
    const figures = await runStep(rate, steps.length);
    const done = { figures, kind, ...verdict(figures, plan) };
    steps.push(done);
    return done;
  };
  let held: RampStep<Figures> | undefined;
  let failed: RampStep<Figures> | undefined;
  for (const rate of rampRates(plan)) {
    const done = await step(rate, "up");
    if (!done.held) {
      failed = done;
      break;
    }
    held = done;
  }
  for (
    let rate = Math.round(plan.start / plan.factor);
    !held && rate >= plan.min;
    rate = Math.round(rate / plan.factor)
  ) {
    const done = await step(rate, "down");
    if (done.held) held = done;
    else failed = done;
  }
  const between =
    held && failed && plan.bisect ? bisectRate(held.figures.offered, failed.figures.offered) : undefined;
  if (between !== undefined) {
    const done = await step(between, "bisect");
    if (done.held) held = done;
  }
  return { steps, held, failed };
}
