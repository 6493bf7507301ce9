import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { SESSION_COPY } from "../../apps/console/src/copy/index.js";
import { SUBMIT_COPY } from "../../apps/web/src/features/checkout/checkout-copy.js";
import { PHONE_OPTIONS, withoutNewMemberDialog } from "./browser.js";
import { scanTable } from "./diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./dishes.js";
import type { RunningServer } from "./server.js";

/** The staff console's tablet: 1024×768 landscape, touch, zh-CN. */
export const TABLET = { width: 1024, height: 768 };

export const TABLET_OPTIONS: BrowserContextOptions = {
  viewport: TABLET,
  deviceScaleFactor: 1,
  hasTouch: true,
  locale: "zh-CN",
};

export function tabletContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext(TABLET_OPTIONS);
}

/** A demo restaurant's first owner, as the first start printed them. */
export interface ConsoleCredentials {
  restaurantId: number;
  restaurant: string;
  login: string;
  password: string;
}

/**
 * The lines under `Console sign-in (shown once):`, one per demo restaurant:
 * `  <rid> <restaurant name>: <login> / <password>`; the block ends at the first line that is not one.
 */
export function parseConsoleCredentials(output: string): ConsoleCredentials[] {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.trim() === "Console sign-in (shown once):");
  if (start < 0) return [];
  const found: ConsoleCredentials[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {2}(\d+) (.+): (\S+) \/ (\S+)\s*$/.exec(line);
    if (!match) break;
    const [, rid = "", restaurant = "", login = "", password = ""] = match;
    found.push({ restaurantId: Number(rid), restaurant, login, password });
  }
  return found;
}

/** The console credentials the server printed at its first start; waits for them to reach the pipe. */
export async function printedConsoleCredentials(server: RunningServer): Promise<ConsoleCredentials[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = parseConsoleCredentials(server.output());
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error("the server printed no console sign-in");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function consoleUrl(server: RunningServer, path = ""): string {
  return `${server.url}/console/${path.replace(/^\//, "")}`;
}

/**
 * Signs in through the login page, as a staff member does; resolves once the console's layout shows.
 * The page is on the server already (any console page: one behind sign-in sends it to the login page).
 */
export async function signIn(
  page: Page,
  credentials: Pick<ConsoleCredentials, "login" | "password">,
): Promise<void> {
  if (!page.url().startsWith("http")) throw new Error("open a console page before signing in");
  await page.getByTestId("login-page").waitFor();
  await page.getByPlaceholder(SESSION_COPY.loginPlaceholder).fill(credentials.login);
  await page.getByPlaceholder(SESSION_COPY.passwordPlaceholder).fill(credentials.password);
  await page.getByRole("button", { name: SESSION_COPY.submit, exact: true }).click();
  await page.getByTestId("side-menu").waitFor();
}

/**
 * A diner's order, placed on a phone as a diner does, at 川味小馆 (restaurant 1) or `restaurant`: a
 * table of its own (`table`: which of the restaurant's printed tables, the last by default), `diners`
 * at the diner-count step, 拍黄瓜 added, submitted; resolves once the placed order shows, with its id.
 * `placed` runs on the diner's page before the phone is put away (paying, say).
 */
export async function placeDinerOrder(
  browser: Browser,
  server: RunningServer,
  options: {
    restaurant?: string;
    table?: number;
    diners?: number;
    placed?: (page: Page, orderId: string) => Promise<void>;
  } = {},
): Promise<string> {
  const restaurant = options.restaurant ?? "川味小馆";
  const links = server.tables.filter((t) => t.restaurant === restaurant);
  const link = links[options.table ?? links.length - 1];
  if (!link) throw new Error(`no table of ${restaurant}`);
  const context = await withoutNewMemberDialog(await browser.newContext(PHONE_OPTIONS));
  try {
    const page = await context.newPage();
    await scanTable(page, link.url, options.diners ?? 2);
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    // an order paid first (prepayment, quick-service) goes on to /pay, others to their page: both name it
    await page.getByTestId("order-lines").or(page.getByTestId("pay-page")).first().waitFor();
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    await options.placed?.(page, orderId);
    return orderId;
  } finally {
    await context.close();
  }
}

/**
 * Waits until the element has stopped moving (a drawer sliding in): two readings of its box a frame
 * apart agree, so a screenshot shows where it rests, not a frame of its animation.
 */
export async function untilAtRest(locator: Locator): Promise<void> {
  await locator.waitFor();
  let last = "";
  await expect
    .poll(async () => {
      const box = JSON.stringify(await locator.boundingBox());
      const rested = box === last;
      last = box;
      return rested;
    })
    .toBe(true);
}

/**
 * What pokes past the page's sides: whether the document is wider than the window, and the first
 * visible elements whose boxes reach beyond its left or right edge (none, for a page that fits).
 */
export async function sideOverflow(page: Page): Promise<{ wide: boolean; out: string[] }> {
  return page.evaluate(() => {
    const wide = document.documentElement.scrollWidth > window.innerWidth;
    const out = Array.from(document.querySelectorAll("body *"))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (r.left < -1 || r.right > window.innerWidth + 1);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]}`);
    return { wide, out: out.slice(0, 5) };
  });
}
