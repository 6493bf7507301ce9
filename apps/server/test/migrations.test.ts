import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Drizzle's migrator applies to an existing database only the migrations whose journal time is later
 * than the last one it applied: a migration dated earlier is skipped on every installation already
 * running, though a fresh database (every other test) gets it.
 */
describe("the migration journal", () => {
  it("dates each migration after the one before it", () => {
    const journal = JSON.parse(
      readFileSync(new URL("../drizzle/meta/_journal.json", import.meta.url), "utf8"),
    ) as {
      entries: Array<{ idx: number; when: number; tag: string }>;
    };
    const out = journal.entries.filter(
      (entry, i) => i > 0 && entry.when <= (journal.entries[i - 1]?.when ?? 0),
    );
    expect(out.map((entry) => entry.tag)).toEqual([]);
  });
});
