import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The diner app's build (`npm run build` first): the JavaScript of the first screen stays within
 * 120 KB gzipped, and zod, which only the server needs, stays out of every chunk.
 */
const DIST = new URL("../apps/web/dist/", import.meta.url);
/** 120 KB of 1024 bytes, as bench/menu-lighthouse.ts counts it */
const FIRST_SCREEN_BUDGET_BYTES = 120 * 1024;

const read = (path: string) => readFileSync(new URL(path, DIST));

/** The entry script and the chunks it preloads (index.html's boot list): everything the menu needs to start. */
function firstScreenScripts(): string[] {
  const html = read("index.html").toString();
  const boot = /<script type="application\/json" id="tablemate-boot">(.*?)<\/script>/.exec(html)?.[1];
  if (!boot) throw new Error("index.html has no boot list");
  const { entry, preloads } = JSON.parse(boot) as { entry: string; preloads: string[] };
  return [entry, ...preloads].map((path) => path.replace(/^\//, ""));
}

describe("the diner app's build", () => {
  it("loads at most 120 KB of gzipped JavaScript for the first screen", () => {
    const scripts = firstScreenScripts();
    expect(scripts.length).toBeGreaterThan(0);
    // gzip's default level, as `gzip -c file | wc -c` measures
    const sizes = Object.fromEntries(scripts.map((file) => [file, gzipSync(read(file)).length]));
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
  });

  it("carries none of the staff's paths: the app imports core's DINER_API, never API", () => {
    const chunks = readdirSync(new URL("assets/", DIST)).filter((file) => file.endsWith(".js"));
    const withStaff = chunks.filter((file) => read(`assets/${file}`).toString().includes("/console/api/"));
    expect(withStaff).toEqual([]);
  });

  it("has no zod in any chunk", () => {
    const chunks = readdirSync(new URL("assets/", DIST)).filter((file) => file.endsWith(".js"));
    const withZod = chunks.filter((file) => read(`assets/${file}`).toString().includes("ZodError"));
    expect(withZod).toEqual([]);
  });
});
