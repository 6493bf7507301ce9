/**
 * `npm run pay-lighthouse -w bench`: how fast /pay opens on a phone (issue 18: Lighthouse mobile
 * performance >= 0.95).
 *
 * Builds the app, starts the server as `npm start` does (embedded database, demo seeded; serving a copy
 * of the build, so a rebuild meanwhile cannot pull the files from under a run), then
 * 1. a diner scans a table of 江南食府 (prepayment) in Chromium at a phone's size, adds 拍黄瓜 (with the
 *    must-order dishes its diner count adds) and submits: the app goes on to /pay?…&orderId=, the
 *    order's amount;
 * 2. that diner's cookies alone (the guid and its credential, as the server set them; no local storage,
 *    as Lighthouse's browser has none) go into a new phone context, which opens the same /pay link: it
 *    must show the same amount due and its 支付 button. Its screenshot is bench/results/pay-page.png, and
 *    its first screen, written as plain HTML without scripts next to the app's assets, is the floor;
 * 3. Lighthouse (mobile, default simulated throttling, performance only) five times on that link with
 *    the diner's cookies in its jar, each run required to end on /pay with its largest paint an element
 *    of the order's loaded amounts (carried in the page or answered by the pay call, none refused),
 *    alternating with five runs on the floor.
 * Writes the medians, per-run figures, the verdict, the machine's load average at the start and end,
 * and the median runs' diagnostics to bench/results/pay-lighthouse.json (and Lighthouse's own last
 * frame of the median run to pay-lighthouse-final.jpg).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PAY_API } from "@tablemate/core";
import type { Result } from "lighthouse";
import type { Browser, BrowserContext, Cookie } from "playwright-core";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { launchChromium, phoneContext } from "../e2e/support/browser.js";
import { scanTable } from "../e2e/support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "../e2e/support/dishes.js";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { writeFirstScreen } from "./floor.js";
import { diagnosticsOf, figuresOf, type RunFigures, runLighthouse } from "./lighthouse.js";
import { medianRun, medians, rounded } from "./medians.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS = join(ROOT, "bench/results");
const FLOOR_FILE = "bench-pay-floor.html";
const RUNS = 5;
const KB = 1024;
const RESTAURANT = "江南食府";
const DISH = { category: "凉菜", name: "拍黄瓜" };
const TARGET_SCORE = 0.95;

const log = (text: string) => process.stdout.write(`[pay-lighthouse] ${text}\n`);
const loadAverage = () => loadavg().map((v) => Math.round(v * 100) / 100);

/** What the diner's order left: the /pay link the app went on to, the order, its amount due and the cookies. */
interface PlacedOrder {
  url: string;
  orderId: number;
  /** the amount due as /pay shows it, e.g. ¥19 */
  due: string;
  cookies: Cookie[];
}

/** One diner at the restaurant's first table orders the dish and submits; the app goes on to /pay. */
async function placeOrder(browser: Browser, server: RunningServer): Promise<PlacedOrder> {
  const table = server.tables.find((t) => t.restaurant === RESTAURANT);
  if (!table) throw new Error(`the server printed no table of ${RESTAURANT}`);
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await scanTable(page, table.url);
    await tap(plus(addControl(await menuCard(page, DISH.category, DISH.name))));
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    const due = page.getByTestId("pay-due").locator(".money");
    await due.waitFor();
    const url = new URL(page.url());
    const orderId = Number(url.searchParams.get("orderId"));
    if (url.pathname !== "/pay" || !Number.isInteger(orderId) || orderId <= 0)
      throw new Error(`the submitted order went on to ${url.pathname}${url.search}, not /pay?orderId=`);
    return { url: url.href, orderId, due: (await due.textContent()) ?? "", cookies: await context.cookies() };
  } finally {
    await context.close();
  }
}

/** The diner's cookies as Lighthouse's jar takes them. */
const jarCookies = (server: RunningServer, cookies: Cookie[]) =>
  cookies.map(({ name, value }) => ({ name, value, url: `${server.url}/` }));

/**
 * The /pay link opened in a new phone context holding only the diner's cookies, as Lighthouse's browser
 * will: it must show the order's amount and 支付 button. Screenshot to results; the floor written from it.
 */
async function checkPageAndWriteFloor(
  browser: Browser,
  server: RunningServer,
  order: PlacedOrder,
  floorFile: string,
): Promise<{ shownDue: string; payButton: boolean; floorKeptAmount: boolean }> {
  let context: BrowserContext | undefined;
  try {
    context = await phoneContext(browser);
    await context.addCookies(jarCookies(server, order.cookies));
    const page = await context.newPage();
    await page.goto(order.url);
    const due = page.getByTestId("pay-due").locator(".money");
    await due.waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const path = new URL(page.url()).pathname;
    if (path !== "/pay") throw new Error(`the /pay link with the diner's cookies showed ${path}`);
    const shownDue = (await due.textContent()) ?? "";
    if (shownDue !== order.due)
      throw new Error(`/pay with the diner's cookies shows ${shownDue} due, the diner saw ${order.due}`);
    const payButton = await page.getByRole("button", { name: PAY_COPY.payButton(order.due) }).isVisible();
    if (!payButton) throw new Error(`/pay shows no button ${PAY_COPY.payButton(order.due)}`);
    await page.screenshot({ path: join(RESULTS, "pay-page.png") });
    const kept = await writeFirstScreen(page, floorFile, "[data-testid=pay-due]");
    return { shownDue, payButton, floorKeptAmount: kept === 1 };
  } finally {
    await context?.close();
  }
}

/**
 * Whether the run showed the order's amounts: the page's largest paint is an element of the loaded pay
 * view (its amounts or the sandbox's notice under them, drawn only from the view the page carried or
 * the pay call answered), and no pay call of the run was refused.
 */
function showedThePayment(lhr: Result, orderId: number): boolean {
  const details = lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> };
  const refused = (details?.items ?? []).some(
    (r) =>
      typeof r.url === "string" &&
      new URL(r.url).pathname === PAY_API.payOrder(orderId) &&
      r.statusCode !== 200,
  );
  const lcp = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> }
    | undefined;
  const snippet = lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? "";
  return !refused && /data-testid="pay-(test-notice|amounts|due|total|where)"/.test(snippet);
}

/** Lighthouse's last frame of the run (a JPEG data URL), written to `file`. */
function writeFinalFrame(lhr: Result, file: string): boolean {
  const data = (lhr.audits["final-screenshot"]?.details as { data?: string } | undefined)?.data;
  const base64 = data?.match(/^data:image\/jpeg;base64,(.+)$/)?.[1];
  if (!base64) return false;
  writeFileSync(file, Buffer.from(base64, "base64"));
  return true;
}

/** The link as committed: path and query, without the port or the table link's sid. */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete("sid");
  return `${parsed.pathname}${parsed.search}`;
}

function summary(real: RunFigures, floor: RunFigures, lcpRatio: number, pass: boolean): string {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const rows: Array<[string, string, string]> = [
    [`median of ${RUNS}`, "/pay", "floor"],
    ["performance score", real.score.toFixed(2), floor.score.toFixed(2)],
    ["LCP", ms(real.lcpMs), ms(floor.lcpMs)],
    ["LCP / floor LCP", lcpRatio.toFixed(2), "1.00"],
    ["FCP", ms(real.fcpMs), ms(floor.fcpMs)],
    ["TBT", ms(real.tbtMs), ms(floor.tbtMs)],
    ["CLS", real.cls.toFixed(3), floor.cls.toFixed(3)],
    ["JS gzipped", kb(real.jsGzipBytes), kb(floor.jsGzipBytes)],
    ["transfer", kb(real.transferBytes), kb(floor.transferBytes)],
    ["requests", String(real.requests), String(floor.requests)],
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  const text = rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
  const verdict = `score >= ${TARGET_SCORE}: ${pass ? "pass" : "FAIL"} (${real.score})`;
  return `\n${text.join("\n")}\n\n${verdict}\n`;
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  log(`load average at start ${loadAtStart.join(" ")}`);
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  const webDist = mkdtempSync(join(tmpdir(), "tablemate-bench-web-"));
  cpSync(join(ROOT, "apps/web/dist"), webDist, { recursive: true });
  // The bench measures the page, not the limiter: ten runs of one diner's page in a minute or two.
  const server = await startServer({
    RATE_LIMIT_PER_MINUTE: "1000000",
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "1000000",
    WEB_DIST: webDist,
  });
  let browser: Browser | undefined;
  try {
    mkdirSync(RESULTS, { recursive: true });
    browser = await launchChromium();
    const order = await placeOrder(browser, server);
    log(
      `order ${order.orderId} at ${RESTAURANT}: ${order.due} due; cookies ${order.cookies.map((c) => c.name)}`,
    );
    const floorUrl = `${server.url}/assets/${FLOOR_FILE}`;
    const page = await checkPageAndWriteFloor(browser, server, order, join(webDist, "assets", FLOOR_FILE));
    await browser.close();
    browser = undefined;
    log(`the /pay link with the diner's cookies alone shows ${page.shownDue} due; floor ${floorUrl}`);

    const cookies = jarCookies(server, order.cookies);
    const lhrs: { real: Result[]; floor: Result[] } = { real: [], floor: [] };
    for (let run = 1; run <= RUNS; run++) {
      // alternating, so a slower moment of the machine weighs on both alike
      const real = await runLighthouse(order.url, { cookies, landsOn: "/pay" });
      if (!showedThePayment(real, order.orderId))
        throw new Error(`run ${run} on /pay did not show order ${order.orderId}'s amounts`);
      lhrs.real.push(real);
      lhrs.floor.push(await runLighthouse(floorUrl));
      log(
        `Lighthouse run ${run}/${RUNS}: /pay ${real.categories.performance?.score}, ` +
          `floor ${lhrs.floor.at(-1)?.categories.performance?.score} (load ${loadAverage().join(" ")})`,
      );
    }
    const loadAtEnd = loadAverage();
    const realRuns = await Promise.all(lhrs.real.map(figuresOf));
    const floorRuns = await Promise.all(lhrs.floor.map(figuresOf));
    const real = rounded(medians(realRuns));
    const floor = rounded(medians(floorRuns));
    const lcpRatio = Number((real.lcpMs / floor.lcpMs).toFixed(2));
    const pass = real.score >= TARGET_SCORE;
    const median = medianRun(lhrs.real, realRuns);
    const finalFrame = writeFinalFrame(median, join(RESULTS, "pay-lighthouse-final.jpg"));

    const first = lhrs.real[0];
    const results = {
      measuredAt: new Date().toISOString(),
      lighthouse: first?.lighthouseVersion,
      browser: first?.environment.hostUserAgent,
      machine: {
        cpus: cpus().length,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadAtEnd,
        note: `${cpus().length} cores shared by the server, Chromium, Lighthouse and other work on the machine; load averages over 1, 5 and 15 minutes`,
      },
      settings: {
        formFactor: "mobile",
        throttling: "simulated (Lighthouse default)",
        categories: ["performance"],
        runs: RUNS,
        server: "as npm start: one process, embedded database, demo seeded; rate limits 1e6",
      },
      pages: {
        real: `${RESTAURANT}'s first table: ${shownUrl(order.url)}, the diner's guid and credential cookies in the jar (storage reset off), required to end on /pay`,
        floor: `/assets/${FLOOR_FILE}: the same /pay first screen as plain HTML with the app's CSS, no JavaScript`,
      },
      order: { restaurant: RESTAURANT, dish: DISH.name, orderId: order.orderId, due: order.due },
      checks: {
        shownWithTheDinersCookiesAlone: { due: page.shownDue, payButton: page.payButton },
        floorHoldsTheAmount: page.floorKeptAmount,
        // a run that did not is an error: the bench stops and writes nothing
        everyRunEndedOnPay: true,
        everyRunShowedTheAmounts: true,
        screenshot: "bench/results/pay-page.png",
        lighthouseFinalFrame: finalFrame ? "bench/results/pay-lighthouse-final.jpg" : null,
      },
      median: { real, floor, lcpRatio },
      pass,
      targets: { score: { target: `>= ${TARGET_SCORE}`, value: real.score, pass } },
      runs: { real: realRuns.map(rounded), floor: floorRuns.map(rounded) },
      diagnostics: {
        real: await diagnosticsOf(median),
        floor: await diagnosticsOf(medianRun(lhrs.floor, floorRuns)),
      },
      notes: [
        "Medians are figure by figure over the runs; the diagnostics are the run with the median LCP's.",
        "lcpRatio: /pay's median LCP over the floor's, both measured in the same minutes, alternately.",
      ],
    };
    writeFileSync(join(RESULTS, "pay-lighthouse.json"), `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(summary(real, floor, lcpRatio, pass));
    log(`load average at end ${loadAtEnd.join(" ")}; results: ${join(RESULTS, "pay-lighthouse.json")}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
