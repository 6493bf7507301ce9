import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * drizzle/FUNCTIONS.md names, for every SQL function, the migration holding its live body: the last
 * migration (in the journal's order, the order they run in) that declares it. Checked here so the list
 * stays true when a migration replaces a function.
 */
const drizzle = new URL("../drizzle/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, drizzle), "utf8");

/** Each function's last declaration: name → migration file, over the migrations in journal order. */
function liveBodies(): Map<string, string> {
  const journal = JSON.parse(read("meta/_journal.json")) as { entries: Array<{ tag: string }> };
  const live = new Map<string, string>();
  for (const { tag } of journal.entries) {
    const file = `${tag}.sql`;
    // line comments out first: a comment that mentions a declaration declares nothing
    const sql = read(file).replace(/--[^\n]*/g, "");
    for (const match of sql.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?\s*\(/gi)) {
      live.set(match[1] ?? "", file);
    }
  }
  return live;
}

/** FUNCTIONS.md's rows: | `name` | `file` | what |. */
function listed(): Map<string, string> {
  const rows = [...read("FUNCTIONS.md").matchAll(/^\|\s*`(\w+)`\s*\|\s*`([\w.]+)`\s*\|/gm)];
  return new Map(rows.map((row) => [row[1] ?? "", row[2] ?? ""]));
}

describe("drizzle/FUNCTIONS.md", () => {
  it("finds the functions and their latest declarations", () => {
    const live = liveBodies();
    // place_orders was declared in 0007, 0012, 0014, 0021 and 0068: the last one runs
    expect(live.get("place_orders")).toBe("0068_delivery_terms.sql");
    expect(live.size).toBeGreaterThanOrEqual(7);
  });

  it("names every SQL function and the migration holding its live body", () => {
    const sort = (map: Map<string, string>) => [...map].sort(([a], [b]) => a.localeCompare(b));
    expect(sort(listed())).toEqual(sort(liveBodies()));
  });
});
