/**
 * `npm run bench`: how fast the menu of the 500-dish demo restaurant opens and scrolls on a phone.
 *
 * Builds the app, starts the server as `npm start` does (serving a copy of the build, so a rebuild meanwhile
 * cannot pull the files from under a run), and
 * 1. writes the static floor (the same first screen as plain HTML, no JavaScript) next to the app's assets;
 * 2. runs Lighthouse five times on a table link and five times on the floor, alternately, and writes the medians,
 *    the per-run figures and each target's verdict to bench/results/menu-lighthouse.json;
 * 3. scrolls the whole list with the CPU slowed 4x and writes its long tasks to bench/results/menu-scroll.json.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Result } from "lighthouse";
import { BIG_MENU_RESTAURANT } from "../apps/server/src/db/demo/generated.js";
import { launchChromium } from "../e2e/support/browser.js";
import { startServer } from "../e2e/support/server.js";
import { writeFloorPage } from "./floor.js";
import { diagnosticsOf, figuresOf, type RunFigures, runLighthouse } from "./lighthouse.js";
import { medianRun, medians, rounded } from "./medians.js";
import { measureScroll, type ScrollFigures } from "./scroll.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS = join(ROOT, "bench/results");
const FLOOR_FILE = "bench-floor.html";
const RUNS = 5;
const KB = 1024;

const TARGETS = {
  score: 0.95,
  lcpMs: 2000,
  lcpRatio: 1.3,
  tbtMs: 150,
  cls: 0.02,
  jsGzipBytes: 120 * KB,
  transferBytes: 500 * KB,
  scrollLongTasks: 0,
};

interface Verdict {
  target: string;
  value: number;
  pass: boolean;
}

function verdicts(real: RunFigures, lcpRatio: number, scroll: ScrollFigures): Record<string, Verdict> {
  const atMost = (value: number, limit: number, target: string): Verdict => ({
    target,
    value,
    pass: value <= limit,
  });
  return {
    score: { target: `>= ${TARGETS.score}`, value: real.score, pass: real.score >= TARGETS.score },
    lcp: atMost(real.lcpMs, TARGETS.lcpMs, `<= ${TARGETS.lcpMs} ms`),
    lcpVsFloor: atMost(lcpRatio, TARGETS.lcpRatio, `<= ${TARGETS.lcpRatio} x the floor's LCP`),
    tbt: atMost(real.tbtMs, TARGETS.tbtMs, `<= ${TARGETS.tbtMs} ms`),
    cls: atMost(real.cls, TARGETS.cls, `<= ${TARGETS.cls}`),
    firstScreenJs: atMost(real.jsGzipBytes, TARGETS.jsGzipBytes, `<= ${TARGETS.jsGzipBytes / KB} KB gzipped`),
    firstViewTransfer: atMost(
      real.transferBytes,
      TARGETS.transferBytes,
      `<= ${TARGETS.transferBytes / KB} KB`,
    ),
    scrollLongTasks: atMost(scroll.longTasks, TARGETS.scrollLongTasks, "none over 50 ms at 4x CPU slowdown"),
  };
}

function printSummary(
  real: RunFigures,
  floor: RunFigures,
  checks: Record<string, Verdict>,
  scroll: ScrollFigures,
): void {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines: Array<[string, string, string, Verdict | undefined]> = [
    ["performance score", real.score.toFixed(2), floor.score.toFixed(2), checks.score],
    ["LCP", ms(real.lcpMs), ms(floor.lcpMs), checks.lcp],
    ["LCP / floor LCP", checks.lcpVsFloor?.value.toFixed(2) ?? "", "1.00", checks.lcpVsFloor],
    ["FCP", ms(real.fcpMs), ms(floor.fcpMs), undefined],
    ["TBT", ms(real.tbtMs), ms(floor.tbtMs), checks.tbt],
    ["CLS", real.cls.toFixed(3), floor.cls.toFixed(3), checks.cls],
    ["JS gzipped", kb(real.jsGzipBytes), kb(floor.jsGzipBytes), checks.firstScreenJs],
    ["JS on the wire", kb(real.jsTransferBytes), kb(floor.jsTransferBytes), undefined],
    ["first-view transfer", kb(real.transferBytes), kb(floor.transferBytes), checks.firstViewTransfer],
    ["requests", String(real.requests), String(floor.requests), undefined],
    ["scroll long tasks (4x CPU)", String(scroll.longTasks), "", checks.scrollLongTasks],
    ["scroll longest task", ms(scroll.maxLongTaskMs), "", undefined],
  ];
  const rows = [
    ["metric (median of 5)", "menu", "floor", "target", ""],
    ...lines.map(([name, a, b, check]) => [
      name,
      a,
      b,
      check?.target ?? "",
      check ? (check.pass ? "pass" : "FAIL") : "",
    ]),
  ];
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  const text = rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd(),
  );
  const work = scroll.longFrameWork.map(
    (w) => `  ${w.totalMs} ms in ${w.frames} frames: ${w.invoker} ${w.source}`,
  );
  process.stdout.write(
    `\n${text.join("\n")}\n\nscroll's long frames, costliest scripts:\n${work.join("\n")}\n\n`,
  );
}

async function main(): Promise<void> {
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  const webDist = mkdtempSync(join(tmpdir(), "tablemate-bench-web-"));
  cpSync(join(ROOT, "apps/web/dist"), webDist, { recursive: true });
  // The bench measures rendering, not the limiter: scrolling 500 dishes fetches 500 images in seconds.
  const server = await startServer({
    RATE_LIMIT_PER_MINUTE: "1000000",
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "1000000",
    WEB_DIST: webDist,
  });
  try {
    const table = server.tables.find((t) => t.restaurant === BIG_MENU_RESTAURANT);
    if (!table) throw new Error(`the server printed no table of ${BIG_MENU_RESTAURANT}`);
    const floorUrl = `${server.url}/assets/${FLOOR_FILE}`;

    const browser = await launchChromium();
    const floorPage = await writeFloorPage(browser, table.url, join(webDist, "assets", FLOOR_FILE)).finally(
      () => browser.close(),
    );
    process.stdout.write(`floor page: ${floorUrl} (${floorPage.dishes} dishes on the first screen)\n`);

    const lhrs: { real: Result[]; floor: Result[] } = { real: [], floor: [] };
    for (let run = 1; run <= RUNS; run++) {
      // alternating, so a slower moment of the machine weighs on both alike
      lhrs.real.push(await runLighthouse(table.url));
      lhrs.floor.push(await runLighthouse(floorUrl));
      process.stdout.write(`Lighthouse run ${run}/${RUNS} done\n`);
    }
    const realRuns = await Promise.all(lhrs.real.map(figuresOf));
    const floorRuns = await Promise.all(lhrs.floor.map(figuresOf));
    const real = rounded(medians(realRuns));
    const floor = rounded(medians(floorRuns));
    const lcpRatio = Number((real.lcpMs / floor.lcpMs).toFixed(2));

    const scrollBrowser = await launchChromium();
    const scroll = await measureScroll(scrollBrowser, table.url).finally(() => scrollBrowser.close());
    const checks = verdicts(real, lcpRatio, scroll);

    const first = lhrs.real[0];
    mkdirSync(RESULTS, { recursive: true });
    const lighthouseResults = {
      measuredAt: new Date().toISOString(),
      lighthouse: first?.lighthouseVersion,
      browser: first?.environment.hostUserAgent,
      settings: { formFactor: "mobile", throttling: "simulated (Lighthouse default)", runs: RUNS },
      restaurant: BIG_MENU_RESTAURANT,
      pages: { real: `${BIG_MENU_RESTAURANT} ${table.table}: table link`, floor: `/assets/${FLOOR_FILE}` },
      floorDishesOnFirstScreen: floorPage.dishes,
      median: { real, floor, lcpRatio },
      pass: Object.values(checks).every((check) => check.pass),
      targets: checks,
      runs: { real: realRuns.map(rounded), floor: floorRuns.map(rounded) },
      diagnostics: {
        real: await diagnosticsOf(medianRun(lhrs.real, realRuns)),
        floor: await diagnosticsOf(medianRun(lhrs.floor, floorRuns)),
      },
    };
    writeFileSync(join(RESULTS, "menu-lighthouse.json"), `${JSON.stringify(lighthouseResults, null, 2)}\n`);
    const scrollResults = {
      measuredAt: lighthouseResults.measuredAt,
      restaurant: BIG_MENU_RESTAURANT,
      pass: checks.scrollLongTasks?.pass,
      ...scroll,
    };
    writeFileSync(join(RESULTS, "menu-scroll.json"), `${JSON.stringify(scrollResults, null, 2)}\n`);
    printSummary(real, floor, checks, scroll);
    process.stdout.write(
      `results: ${join(RESULTS, "menu-lighthouse.json")}, ${join(RESULTS, "menu-scroll.json")}\n`,
    );
  } finally {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
