import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface BenchMain<Resources, Results> {
  /** how the bench names itself in a failure */
  name: string;
  /** where its results are written (JSON) */
  resultsFile: string;
  log: (text: string) => void;
  /** the run: it records what it starts in `resources`, so a failure still releases them */
  run: (resources: Resources) => Promise<Results>;
  summary: (results: Results) => string;
  /** stops what the run started (each step tolerating what was never started) */
  release: (resources: Resources) => Promise<void>;
}

/**
 * A bench script's main: runs it, writes and summarizes its results, releases what it started whatever
 * happened, and exits 1 when it failed.
 */
export async function benchMain<Resources extends object, Results>(
  bench: BenchMain<Resources, Results>,
): Promise<void> {
  const resources = {} as Resources;
  let failed = false;
  try {
    const results = await bench.run(resources);
    mkdirSync(dirname(bench.resultsFile), { recursive: true });
    writeFileSync(bench.resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(bench.summary(results));
    bench.log(`wrote ${bench.resultsFile}`);
  } catch (error) {
    failed = true;
    process.stderr.write(
      `${bench.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
    );
  } finally {
    await bench.release(resources);
  }
  process.exit(failed ? 1 : 0);
}
