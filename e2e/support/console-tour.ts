import type { Browser, BrowserContext, Page } from "playwright-core";
import { LOCALE_KEY } from "../../apps/console/src/i18n/locales.js";
import { consoleUrl, placeDinerOrder, printedConsoleCredentials, signIn, TABLET_OPTIONS } from "./console.js";
import type { RunningServer } from "./server.js";

/**
 * The tour of the staff console: every page at the tablet's 1024×768, each one a stop. A page joins it
 * with one entry in CONSOLE_TOUR; `npm run screenshots` saves each as e2e/screenshots/console-<name>.png.
 */
export interface ConsoleStop {
  /** the picture's name: console-<name>.png */
  name: string;
  /** the path under /console/ */
  path: string;
  /** opened without signing in (the login page, the not-found page) */
  signedOut?: boolean;
  /** resolves once the page shows what it is for (its data loaded) */
  ready: (page: Page) => Promise<void>;
}

const testId = (id: string) => (page: Page) => page.getByTestId(id).first().waitFor();

/** The page shown and its data in (no spinner left: antd's tables and cards spin while they load). */
const loaded = (id: string) => async (page: Page) => {
  await page.getByTestId(id).first().waitFor();
  await page.locator(".ant-spin-spinning").first().waitFor({ state: "detached" });
};

export const CONSOLE_TOUR: readonly ConsoleStop[] = [
  { name: "login", path: "login", signedOut: true, ready: testId("login-page") },
  { name: "not-found", path: "no/such/page", signedOut: true, ready: testId("not-found") },
  { name: "home", path: "", ready: testId("home-page") },
  {
    name: "floor",
    path: "floor",
    ready: (page) => page.getByTestId("floor-page").locator("[data-testid^=table-card-]").first().waitFor(),
  },
  { name: "orders", path: "orders", ready: loaded("orders-page") },
  {
    name: "reports",
    path: "reports",
    // the numbers are in, with the hours' bars
    ready: async (page) => {
      await page.getByTestId("hour-bars").waitFor();
      await page.locator(".ant-spin-spinning").first().waitFor({ state: "detached" });
    },
  },
  {
    name: "payments",
    path: "payments",
    // the money list read, and the owner's sandbox switches filled in
    ready: async (page) => {
      await loaded("payments-page")(page);
      await page.locator("[data-testid=sandbox-card] .ant-skeleton").first().waitFor({ state: "detached" });
      await page.getByTestId("sandbox-drop").waitFor();
    },
  },
  { name: "members", path: "members", ready: testId("members-lookup") },
  { name: "members-coupons", path: "members/coupons", ready: loaded("coupons-tab") },
  { name: "members-recharge-rules", path: "members/recharge-rules", ready: loaded("rules-tab") },
  { name: "members-card-types", path: "members/card-types", ready: loaded("card-types-tab") },
  { name: "members-offers", path: "members/offers", ready: loaded("offers-tab") },
  { name: "staff", path: "staff", ready: loaded("staff-page") },
  { name: "api-keys", path: "api-keys", ready: loaded("api-keys-page") },
  { name: "audit", path: "audit", ready: loaded("audit-page") },
  {
    name: "menu",
    path: "menu",
    // the first category's dishes, their pictures loaded
    ready: async (page) => {
      await page.locator(".ant-table-row").first().waitFor();
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>(".ant-table img")).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
    },
  },
  { name: "settings", path: "settings", ready: testId("settings-page") },
  { name: "kitchen", path: "kitchen", ready: loaded("station-picker") },
  { name: "stations", path: "stations", ready: loaded("stations-page") },
  { name: "print", path: "print", ready: loaded("print-form") },
  {
    name: "stock",
    path: "stock",
    // the dishes are listed with their state
    ready: (page) => page.locator("[data-testid=stock-page] tr.ant-table-row").first().waitFor(),
  },
  {
    name: "tables",
    path: "tables",
    ready: (page) => page.locator("[data-testid=tables-page] tr.ant-table-row").first().waitFor(),
  },
];

/** Signs the tablet in on the login page as 川味小馆's owner, as the server printed them at first start. */
export async function signInOnTablet(context: BrowserContext, server: RunningServer): Promise<void> {
  const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurant === "川味小馆");
  if (!owner) throw new Error("no console sign-in printed for 川味小馆");
  const page = await context.newPage();
  await page.goto(consoleUrl(server, "login"));
  await signIn(page, owner);
  await page.close();
}

/** Every console page this context opens from now on opens in `language`, as if chosen by its switch. */
async function chooseLanguage(context: BrowserContext, language: string): Promise<void> {
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    LOCALE_KEY,
    language,
  ] as const);
}

/**
 * Walks the console's tour on a tablet, calling `stop` at each page once it shows its data; with
 * `language`, every page in that language.
 */
export async function walkConsoleTour(
  browser: Browser,
  server: RunningServer,
  stop: (page: Page, name: string) => Promise<void>,
  options: { language?: string } = {},
): Promise<void> {
  const signedOut = await browser.newContext(TABLET_OPTIONS);
  const signedIn = await browser.newContext(TABLET_OPTIONS);
  try {
    // a diner's order first, so the numbers have something to show
    await Promise.all([signInOnTablet(signedIn, server), placeDinerOrder(browser, server)]);
    // the language the staff member chose (remembered in the browser), after signing in on the login page
    if (options.language)
      for (const context of [signedOut, signedIn]) await chooseLanguage(context, options.language);
    for (const entry of CONSOLE_TOUR) {
      const page = await (entry.signedOut ? signedOut : signedIn).newPage();
      await page.goto(consoleUrl(server, entry.path));
      await entry.ready(page);
      // fonts and antd's entrance motions settle
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      await stop(page, entry.name);
      await page.close();
    }
  } finally {
    await signedOut.close();
    await signedIn.close();
  }
}
