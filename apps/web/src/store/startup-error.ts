import { STARTUP_FAILURES, type StartupFailure } from "@tablemate/core";

/** Startup stopped; `reason` is what the abnormal page shows (spec 000 §8, 001 §8). */
export class StartupError extends Error {
  readonly reason: StartupFailure;

  constructor(reason: StartupFailure, cause?: unknown) {
    super(`startup failed: ${reason}`, { cause });
    this.name = "StartupError";
    this.reason = reason;
  }
}

export function isStartupFailure(value: string | null | undefined): value is StartupFailure {
  return (STARTUP_FAILURES as readonly string[]).includes(value ?? "");
}

/** Runs one startup step; any failure becomes a StartupError with that step's reason. */
export async function step<T>(reason: StartupFailure, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof StartupError ? error : new StartupError(reason, error);
  }
}

/**
 * Runs steps in parallel, and once all have settled rejects with the first failure in the order
 * given, so the reason shown does not depend on which answer happened to arrive first.
 */
export async function allSteps<T extends readonly unknown[] | []>(
  steps: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  await Promise.allSettled(steps);
  // all have settled: awaiting them in order throws the first failure in that order
  for (const settled of steps) await settled;
  return Promise.all(steps);
}
