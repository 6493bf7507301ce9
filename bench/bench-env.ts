/** Settings the PostgreSQL benches share, read from the environment. */

/** A duration given in seconds by `name` (e.g. BENCH_STEADY_S=10), in ms. */
export const secondsFromEnv = (name: string, fallback: number): number =>
  Number(process.env[name] ?? fallback) * 1000;

/** BENCH_SERVER_CPU_PROF=<folder>: V8 CPU profiles of the bench's server (a SIGKILL writes none). */
const PROFILE_DIR = process.env.BENCH_SERVER_CPU_PROF;

/** The node flags that profile the server when BENCH_SERVER_CPU_PROF asks for it. */
export const serverNodeArgs = (): string[] =>
  PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
