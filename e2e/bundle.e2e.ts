import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BIG_MENU_RESTAURANT } from "../apps/server/src/db/demo/generated.js";
import { useStage } from "./support/stage.js";

/**
 * The diner app's build (`npm run build` first): the JavaScript the menu's first view loads stays within
 * 120 KB gzipped, counted as bench/menu-lighthouse.ts counts it (every script the page loads until the
 * network is quiet, the first screen's and whatever loads after it unasked), and zod, which only the
 * server needs, stays out of every chunk.
 */
const DIST = new URL("../apps/web/dist/", import.meta.url);
/** 120 KB of 1024 bytes, as bench/menu-lighthouse.ts counts it */
const FIRST_VIEW_BUDGET_BYTES = 120 * 1024;
/** how long the network stays quiet before the first view counts as loaded (Lighthouse waits about as long) */
const QUIET_MS = 3000;

const read = (path: string) => readFileSync(new URL(path, DIST));

describe("the menu's first view", () => {
  const stage = useStage();

  it("loads at most 120 KB of gzipped JavaScript on the 500-dish menu, nothing touched", async () => {
    const table = stage.server.tables.find((t) => t.restaurant === BIG_MENU_RESTAURANT);
    if (!table) throw new Error(`no table of ${BIG_MENU_RESTAURANT}`);
    // Lighthouse's phone: its screen, touch, no interaction
    const context = await stage.browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      locale: "zh-CN",
    });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    let lastRequestAt = Date.now();
    page.on("request", () => {
      lastRequestAt = Date.now();
    });
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script" || response.status() !== 200) return;
      // gzip's default level, as `gzip -c file | wc -c` (and the bench) measure
      scripts.set(new URL(response.url()).pathname, gzipSync(await response.body()).length);
    });
    await page.goto(table.url, { waitUntil: "load" });
    await page.getByTestId("dish-card").first().waitFor();
    while (Date.now() - lastRequestAt < QUIET_MS) await page.waitForTimeout(500);
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.info(
      `menu's first view: ${scripts.size} scripts, ${total} B gzipped (${(total / 1024).toFixed(1)} KB)`,
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, JSON.stringify(Object.fromEntries(scripts), null, 1)).toBeLessThanOrEqual(
      FIRST_VIEW_BUDGET_BYTES,
    );
    await context.close();
  });
});

describe("the diner app's build", () => {
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
