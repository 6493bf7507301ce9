/**
 * Scrolls a whole menu in Chromium at a phone's size with the CPU slowed 4x, and records the main thread's
 * long tasks (over 50 ms) while doing so: each one is a moment the list could not follow the finger.
 */
import type { Browser } from "playwright-core";
import { PHONE, phoneContext } from "../e2e/support/browser.js";
import { scrollDishList } from "../e2e/support/menu.js";

export const CPU_SLOWDOWN = 4;
/** each step scrolls this share of the list's visible height, then waits, as a diner flicking through */
const STEP = 0.5;
const STEP_PAUSE_MS = 100;
const MAX_STEPS = 2000;

export interface LongTask {
  startMs: number;
  durationMs: number;
}

/** A script that ran in a long animation frame, as the Long Animation Frames API attributes it. */
interface FrameScript {
  /** what called it: an event listener (`DIV.onscroll`), a callback, a promise's resolution… */
  invoker: string;
  source: string;
  durationMs: number;
  forcedLayoutMs: number;
}

export interface LongFrame extends LongTask {
  /** the frame's style and layout after its scripts ran */
  styleAndLayoutMs: number;
  scripts: FrameScript[];
}

export interface FrameWork {
  invoker: string;
  source: string;
  frames: number;
  totalMs: number;
  forcedLayoutMs: number;
}

declare global {
  interface Window {
    benchLongTasks?: LongTask[];
    benchLongFrames?: LongFrame[];
  }
}

export interface ScrollFigures {
  viewport: { width: number; height: number };
  cpuSlowdown: number;
  steps: number;
  /** dish cards in the page once at the bottom (all 500 unless the list renders a window of them) */
  dishCardsInPage: number;
  /** the text of the last dish card in the page at the bottom: the list's last dish when it was reached */
  lastDishCard: string;
  scrollMs: number;
  /** long tasks while scrolling: the budget is none over 50 ms */
  longTasks: number;
  maxLongTaskMs: number;
  totalLongTaskMs: number;
  longTaskDurationsMs: number[];
  /** what ran in the scroll's long animation frames, summed by invoker, costliest first: where the long tasks come from */
  longFrameWork: FrameWork[];
  /** the browser's own style and layout work in those frames */
  longFrameStyleAndLayoutMs: number;
  /** for comparison, long tasks of the page's load (before the first scroll) at the same slowdown */
  loadLongTasks: number;
  loadMaxLongTaskMs: number;
}

export const summarize = (tasks: LongTask[]) => ({
  count: tasks.length,
  max: Math.round(Math.max(0, ...tasks.map((t) => t.durationMs))),
  total: Math.round(tasks.reduce((sum, t) => sum + t.durationMs, 0)),
});

/** The scripts of long frames summed by invoker and source, the five costliest. */
export function workByInvoker(frames: LongFrame[]): FrameWork[] {
  const work = new Map<string, FrameWork>();
  for (const frame of frames)
    for (const script of frame.scripts) {
      const key = `${script.invoker}|${script.source}`;
      const { invoker, source } = script;
      const entry = work.get(key) ?? { invoker, source, frames: 0, totalMs: 0, forcedLayoutMs: 0 };
      entry.frames++;
      entry.totalMs += script.durationMs;
      entry.forcedLayoutMs += script.forcedLayoutMs;
      work.set(key, entry);
    }
  return [...work.values()]
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 5)
    .map((entry) => ({
      ...entry,
      totalMs: Math.round(entry.totalMs),
      forcedLayoutMs: Math.round(entry.forcedLayoutMs),
    }));
}

/** A long animation frame's JSON form; the Long Animation Frames API is not in TypeScript's DOM types yet. */
interface LongFrameJson {
  styleAndLayoutStart?: number;
  scripts?: Array<{
    invoker?: string;
    sourceURL?: string;
    sourceFunctionName?: string;
    duration?: number;
    forcedStyleAndLayoutDuration?: number;
  }>;
}

/**
 * Runs in the page before its own scripts: buffers long tasks and long animation frames from the start.
 * It is sent to the page as source, so it declares no named functions (tsx would wrap them in a helper).
 */
export function observeLongWork(): void {
  const tasks: LongTask[] = [];
  const frames: LongFrame[] = [];
  window.benchLongTasks = tasks;
  window.benchLongFrames = frames;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      tasks.push({ startMs: entry.startTime, durationMs: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const frame: LongFrameJson = entry.toJSON();
      const layoutStart = frame.styleAndLayoutStart ?? 0;
      frames.push({
        startMs: entry.startTime,
        durationMs: entry.duration,
        styleAndLayoutMs: layoutStart > 0 ? entry.startTime + entry.duration - layoutStart : 0,
        scripts: (frame.scripts ?? []).map((script) => ({
          invoker: script.invoker ?? "",
          source:
            `${(script.sourceURL ?? "").replace(location.origin, "")} ${script.sourceFunctionName ?? ""}`.trim(),
          durationMs: script.duration ?? 0,
          forcedLayoutMs: script.forcedStyleAndLayoutDuration ?? 0,
        })),
      });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
}

export async function measureScroll(browser: Browser, link: string): Promise<ScrollFigures> {
  const context = await phoneContext(browser);
  try {
    await context.addInitScript(observeLongWork);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(link);
    await page.getByTestId("dish-card").first().waitFor();
    await page.waitForLoadState("networkidle");

    const scrollStart = await page.evaluate(() => performance.now());
    let steps = 0;
    while (steps < MAX_STEPS && !(await scrollDishList(page, STEP))) {
      steps++;
      await page.waitForTimeout(STEP_PAUSE_MS);
    }
    await page.waitForLoadState("networkidle");
    const scrollEnd = await page.evaluate(() => performance.now());
    // an observer hears of a task after it ends: give the last ones time to arrive
    await page.waitForTimeout(500);
    const tasks = await page.evaluate(() => window.benchLongTasks ?? []);
    const frames = await page.evaluate(() => window.benchLongFrames ?? []);
    const cards = page.getByTestId("dish-card");
    const dishCardsInPage = await cards.count();
    const lastDishCard = ((await cards.last().textContent()) ?? "").trim().slice(0, 40);

    const during = tasks.filter((t) => t.startMs >= scrollStart);
    const scroll = summarize(during);
    const load = summarize(tasks.filter((t) => t.startMs < scrollStart));
    const scrollFrames = frames.filter((f) => f.startMs >= scrollStart);
    return {
      viewport: PHONE,
      cpuSlowdown: CPU_SLOWDOWN,
      steps,
      dishCardsInPage,
      lastDishCard,
      scrollMs: Math.round(scrollEnd - scrollStart),
      longTasks: scroll.count,
      maxLongTaskMs: scroll.max,
      totalLongTaskMs: scroll.total,
      longTaskDurationsMs: during.map((t) => Math.round(t.durationMs)),
      longFrameWork: workByInvoker(scrollFrames),
      longFrameStyleAndLayoutMs: Math.round(scrollFrames.reduce((sum, f) => sum + f.styleAndLayoutMs, 0)),
      loadLongTasks: load.count,
      loadMaxLongTaskMs: load.max,
    };
  } finally {
    await context.close();
  }
}
