import { MEMBER_API } from "@tablemate/core";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from "playwright-core";

export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium, unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags this closed network needs: nothing phones home, no sandbox in containers. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Debian's Chromium, headless, with the flags this closed network needs (and `extraArgs`). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
}

/** A phone: its viewport, touch, 2x pixels, zh-CN and an iPhone's user agent. */
export const PHONE_OPTIONS: BrowserContextOptions = {
  viewport: PHONE,
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: "zh-CN",
  userAgent:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
};

/**
 * A diner who is offered no new-member coupons: the demo's new-member-system restaurants give some,
 * and their dialog (issue 19, once per session) would stand over every first menu of the tests about
 * other things. e2e/member-pages.e2e.ts, which is about it, makes its context without this.
 */
export async function withoutNewMemberDialog(context: BrowserContext): Promise<BrowserContext> {
  await context.route(
    (url) => url.pathname === MEMBER_API.openCardCoupons,
    (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: 200, success: true, data: [], message: "ok" }),
      }),
  );
  return context;
}

/** A phone's context; `locale` is the phone's language (navigator.languages, Accept-Language). */
export async function phoneContext(browser: Browser, locale?: string): Promise<BrowserContext> {
  return withoutNewMemberDialog(
    await browser.newContext({ ...PHONE_OPTIONS, ...(locale ? { locale } : {}) }),
  );
}
