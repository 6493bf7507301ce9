import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { SESSION_COPY } from "../../apps/console/src/copy/index.js";
import { SUBMIT_COPY } from "../../apps/web/src/features/checkout/checkout-copy.js";
import { PHONE_OPTIONS } from "./browser.js";
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
 * A diner's order at 川味小馆 (restaurant 1), placed on a phone as a diner does: a table of its own
 * (`table`: which of the restaurant's printed tables), `diners` at the diner-count step, 拍黄瓜 added,
 * submitted; resolves once the placed order shows, with its id.
 */
export async function placeDinerOrder(
  browser: Browser,
  server: RunningServer,
  options: { table?: number; diners?: number } = {},
): Promise<string> {
  const links = server.tables.filter((t) => t.restaurant === "川味小馆");
  const link = links[options.table ?? links.length - 1];
  if (!link) throw new Error("no table of 川味小馆");
  const context = await browser.newContext(PHONE_OPTIONS);
  try {
    const page = await context.newPage();
    await scanTable(page, link.url, options.diners ?? 2);
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    return new URL(page.url()).searchParams.get("orderId") ?? "";
  } finally {
    await context.close();
  }
}
