import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import circle anywhere in apps/server/src. Every relative import counts, `import type` and
 * `export … from` included: a type-only edge is erased at run time, but it still ties the two modules'
 * meaning together (one cannot be read, moved or changed without the other), which is what a circle
 * costs. A dynamic `import()` counts too.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** `./x.js` (ESM spelling of a .ts file), `./x.ts`, `./x` or `./x/index`: the .ts file it names. */
function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|ts)$/, "");
  return [`${stem}.ts`, join(base, "index.ts")].find((candidate) => files.has(candidate));
}

export function importGraph(root: string): Graph {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((imported) => resolveImport(file, imported.fileName, known))
      .filter((target): target is string => target !== undefined);
    graph.set(relative(root, file), [...new Set(targets.map((target) => relative(root, target)))]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself), by Tarjan. */
function circularComponents(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest circle through a component's first file, written `a.ts → b.ts → a.ts`. */
function shortestCircle(graph: Graph, component: string[]): string {
  const inside = new Set(component);
  const start = component[0] ?? "";
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? "";
    for (const target of graph.get(node) ?? []) {
      if (!inside.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) ?? start) path.unshift(at);
        path.unshift(start);
        return path.join(" → ");
      }
      queue.push(target);
    }
  }
  return component.join(", ");
}

export function importCircles(graph: Graph): string[] {
  return circularComponents(graph).map(
    (component) =>
      `${component.length} files: ${shortestCircle(graph, component)}` +
      (component.length > 2 ? ` (all: ${component.join(", ")})` : ""),
  );
}

describe("apps/server's import graph", () => {
  it("finds and names a circle (the checker itself)", () => {
    const graph: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([
      "3 files: a.ts → b.ts → c.ts → a.ts (all: a.ts, b.ts, c.ts)",
      "1 files: e.ts → e.ts",
    ]);
  });

  it("reads type-only imports and re-exports as edges", () => {
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("app.ts")?.length).toBeGreaterThan(10);
    // deps.ts is only ever imported with `import type`
    expect(graph.get("modules/cart/operate.ts")).toContain("deps.ts");
    expect(graph.get("modules/payment/apply.ts")).toContain("modules/payment/deps.ts");
  });

  it("has no import circle", () => {
    expect(importCircles(importGraph(src))).toEqual([]);
  });
});
