import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** One runner for every layer; each project is a layer of the test pyramid. */
export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on two), but the unit files mostly wait on
    // PostgreSQL, Redis and timers: two workers on two cores ran the unit phase in 574 s instead of
    // 1,600 s, with every file green. (e2e runs its files one at a time whatever this says.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: "core", root: "packages/core", include: ["test/**/*.test.ts"] } },
      { test: { name: "client", root: "packages/client", include: ["test/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["test/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      "apps/console/vitest.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          globalSetup: ["global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // a real browser on two shared cores: a condition a page reaches in 200 ms when idle can take
          // seconds under load, and polls wait for conditions, so they get the time (default 1 s)
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
