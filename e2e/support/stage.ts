import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium, phoneContext } from "./browser.js";
import { scanTable } from "./diner-count.js";
import { type PrintedLink, type RunningServer, startServer } from "./server.js";

/** A phone of its own: its page's errors go to `errors`; `clockAt`, where given, is installed as its clock. */
export interface PhoneOptions {
  errors: string[];
  clockAt?: Date;
  /** the phone's language (the browser's default otherwise) */
  locale?: string;
}

/** The server and browser of a describe block, and the diners' phones opened on them. */
export interface Stage {
  /** the running server (read inside a test or hook: it starts in the block's beforeAll) */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The restaurant's `nth` table (the first by default), as the server printed it. */
  table(restaurant: string, nth?: number): PrintedLink;
  /** A new phone (own cookies and storage, so its own guid) with one blank page. */
  phone(options: PhoneOptions): Promise<Page>;
  /** A new phone that has scanned `table` (a printed link or a restaurant's first table) and is on its menu. */
  diner(table: string | PrintedLink, options: PhoneOptions): Promise<Page>;
}

/**
 * Registers, in the calling describe block, a beforeAll that starts the product's server (with `env`)
 * and Chromium, and an afterAll that closes every phone opened through the stage, the browser and the
 * server.
 */
export function useStage(env: Record<string, string> = {}): Stage {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchChromium()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the stage's ${what} is read before its beforeAll`);
    return value;
  };

  const stage: Stage = {
    get server() {
      return started(server, "server");
    },
    get browser() {
      return started(browser, "browser");
    },
    table(restaurant, nth = 0) {
      const link = stage.server.tables.filter((t) => t.restaurant === restaurant)[nth];
      if (!link) throw new Error(`no table ${nth} of ${restaurant}`);
      return link;
    },
    async phone({ errors, clockAt, locale }) {
      const context = await phoneContext(stage.browser, locale);
      contexts.push(context);
      if (clockAt) await context.clock.install({ time: clockAt });
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(String(error)));
      return page;
    },
    async diner(table, options) {
      const link = typeof table === "string" ? stage.table(table) : table;
      const page = await stage.phone(options);
      await scanTable(page, link.url);
      return page;
    },
  };
  return stage;
}
