/**
 * One Lighthouse run (mobile by default, or Lighthouse's desktop preset; default simulated throttling,
 * performance only unless told) and the figures read from it.
 */
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/browser.js";

export interface RunFigures {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** every byte of the first view as it crossed the wire (resource-summary) */
  transferBytes: number;
  /** script bytes as they crossed the wire (resource-summary): gzipped only if the server compressed them */
  jsTransferBytes: number;
  /** the same scripts gzipped here (default level), what the JavaScript budget is stated in */
  jsGzipBytes: number;
  requests: number;
}

export interface Resource {
  url: string;
  type: string;
  transferBytes: number;
  resourceBytes: number;
  /** for text (documents, scripts, styles, API answers): its size gzipped, what it would cost compressed */
  gzipBytes?: number;
}

export interface NodeLabel {
  selector: string;
  label: string;
  snippet: string;
}

export interface Diagnostics {
  /** the largest requests of the run, by bytes on the wire */
  biggestResources: Resource[];
  lcpElement: NodeLabel;
  /** the layout shifts of the run, biggest first: the element that moved most in each, and its CLS share */
  layoutShifts: Array<NodeLabel & { score: number }>;
  /** LCP split into its phases (TTFB, load delay, load time, render delay), in ms */
  lcpPhases: Record<string, number>;
  /** main-thread tasks Lighthouse lists, longest first */
  longTasks: Array<{ url: string; startMs: number; durationMs: number }>;
  /** script bytes not run during the first view */
  unusedJavaScript: Array<{ url: string; totalBytes: number; wastedBytes: number }>;
}

export interface LighthouseOptions {
  /** Lighthouse's desktop preset (its screen, no mobile emulation, desktop throttling) instead of mobile */
  desktop?: boolean;
  /**
   * cookies put in the browser's jar before the run (a staff session, a diner's credential); the run
   * then keeps the jar (Lighthouse's storage reset would clear them, and a Cookie header it adds is
   * dropped by Chromium in favour of the jar)
   */
  cookies?: Array<{ name: string; value: string; url: string }>;
  /**
   * the path the run must end on: a page that sent it elsewhere (a sign-in, a prompt page) is not the
   * page being measured
   */
  landsOn?: string;
  /** the categories run (performance unless told: accessibility for bench/a11y-lighthouse.ts) */
  categories?: string[];
}

/** Puts `cookies` in the jar of the Chromium listening on `port` (over CDP), then lets go of it. */
async function setCookies(port: number, cookies: NonNullable<LighthouseOptions["cookies"]>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error("Chromium has no default context to hold the cookies");
    await context.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

export async function runLighthouse(url: string, options: LighthouseOptions = {}): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless", ...CHROMIUM_FLAGS],
  });
  try {
    if (options.cookies) await setCookies(chrome.port, options.cookies);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        ...(options.desktop ? {} : { formFactor: "mobile" as const }),
        onlyCategories: options.categories ?? ["performance"],
        ...(options.cookies ? { disableStorageReset: true } : {}),
      },
      options.desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const shown = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (options.landsOn && shown !== options.landsOn)
      throw new Error(`Lighthouse on ${url} ended on ${shown}, not ${options.landsOn}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** The rows of an audit's table (or of the list's `part`-th table). */
function rows(lhr: Result, auditId: string, part?: number): Record<string, unknown>[] {
  let details: unknown = lhr.audits[auditId]?.details;
  if (part !== undefined)
    details = isRecord(details) && Array.isArray(details.items) ? details.items[part] : null;
  return isRecord(details) && Array.isArray(details.items) ? details.items.filter(isRecord) : [];
}

function metric(lhr: Result, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (typeof value !== "number") throw new Error(`Lighthouse gave no ${auditId}`);
  return value;
}

const scripts = (lhr: Result) =>
  rows(lhr, "network-requests").filter((r) => r.resourceType === "Script" && num(r.statusCode) === 200);

const gzipSizes = new Map<string, Promise<number>>();

/** Bytes of the resource at `url` once gzipped; each is fetched and compressed once per bench. */
function gzipSize(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (response) => gzipSync(Buffer.from(await response.arrayBuffer())).length);
    gzipSizes.set(url, size);
  }
  return size;
}

export async function figuresOf(lhr: Result): Promise<RunFigures> {
  const summary = (type: string) => rows(lhr, "resource-summary").find((r) => r.resourceType === type);
  const gzipped = await Promise.all(scripts(lhr).map((r) => gzipSize(str(r.url))));
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: metric(lhr, "largest-contentful-paint"),
    fcpMs: metric(lhr, "first-contentful-paint"),
    tbtMs: metric(lhr, "total-blocking-time"),
    cls: metric(lhr, "cumulative-layout-shift"),
    transferBytes: num(summary("total")?.transferSize),
    jsTransferBytes: num(summary("script")?.transferSize),
    jsGzipBytes: gzipped.reduce((sum, n) => sum + n, 0),
    requests: num(summary("total")?.requestCount),
  };
}

/** Paths relative to the measured origin, so the committed results do not carry a port or a token. */
const shortUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete("sid");
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
};

const TEXT_TYPES = new Set(["Document", "Script", "Stylesheet", "Fetch", "XHR"]);

async function biggestResources(lhr: Result, top: number): Promise<Resource[]> {
  const biggest = rows(lhr, "network-requests")
    .sort((a, b) => num(b.transferSize) - num(a.transferSize))
    .slice(0, top);
  return Promise.all(
    biggest.map(async (r) => ({
      url: shortUrl(str(r.url)),
      type: str(r.resourceType),
      transferBytes: num(r.transferSize),
      resourceBytes: num(r.resourceSize),
      ...(TEXT_TYPES.has(str(r.resourceType)) && { gzipBytes: await gzipSize(str(r.url)) }),
    })),
  );
}

function nodeLabel(node: unknown): NodeLabel {
  const fields = isRecord(node) ? node : {};
  return { selector: str(fields.selector), label: str(fields.nodeLabel), snippet: str(fields.snippet) };
}

export async function diagnosticsOf(lhr: Result, top = 8): Promise<Diagnostics> {
  return {
    biggestResources: await biggestResources(lhr, top),
    lcpElement: nodeLabel(rows(lhr, "largest-contentful-paint-element", 0)[0]?.node),
    layoutShifts: rows(lhr, "layout-shifts")
      .map((r) => ({ ...nodeLabel(r.node), score: Number(num(r.score).toFixed(4)) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 5),
    lcpPhases: Object.fromEntries(
      rows(lhr, "largest-contentful-paint-element", 1).map((r) => [str(r.phase), Math.round(num(r.timing))]),
    ),
    longTasks: rows(lhr, "long-tasks")
      .map((r) => ({
        url: shortUrl(str(r.url)),
        startMs: Math.round(num(r.startTime)),
        durationMs: Math.round(num(r.duration)),
      }))
      .sort((a, b) => b.durationMs - a.durationMs)
      .slice(0, top),
    unusedJavaScript: rows(lhr, "unused-javascript").map((r) => ({
      url: shortUrl(str(r.url)),
      totalBytes: num(r.totalBytes),
      wastedBytes: num(r.wastedBytes),
    })),
  };
}
