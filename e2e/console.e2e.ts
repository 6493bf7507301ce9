import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_COPY, REPORTS_COPY, SESSION_COPY } from "../apps/console/src/copy/index.js";
import { launchChromium } from "./support/browser.js";
import {
  consoleUrl,
  parseConsoleCredentials,
  placeDinerOrder,
  printedConsoleCredentials,
  sideOverflow,
  signIn,
  tabletContext,
} from "./support/console.js";
import { CONSOLE_TOUR, signInOnTablet, walkConsoleTour } from "./support/console-tour.js";
import { type RunningServer, startServer } from "./support/server.js";

/**
 * Whether the page's font draws these characters as themselves: two different characters drawn in the
 * element's font give different pixels, where a missing glyph draws the same box for both.
 */
function drawsGlyphs(page: Page, selector: string, a: string, b: string): Promise<boolean> {
  return page.$eval(
    selector,
    (element, [first, second]) => {
      const draw = (text: string) => {
        const canvas = document.createElement("canvas");
        canvas.width = 64;
        canvas.height = 64;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no canvas");
        context.font = getComputedStyle(element).font.replace(/\d+(\.\d+)?px/, "40px");
        context.fillText(text, 4, 48);
        return canvas.toDataURL();
      };
      return draw(first) !== draw(second);
    },
    [a, b] as const,
  );
}

/** Chinese characters (Han): the console's own words in English have none. */
const HAN = /\p{Script=Han}/u;
/**
 * The demo's data a heading or button may carry: a restaurant, staff, table, station or dish name is
 * the restaurant's, not ours, and a printed page (结账单, 厨房单) keeps the restaurant's language.
 */
const DEMO_NAMES = /川味小馆|店主|桌|号|包间|拍黄瓜|凉菜|热菜|吧台|结账单|厨房单/;

describe("the staff console in Chromium on a tablet", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("prints the console's address with the table links", () => {
    expect(server.output()).toContain(`Staff console: ${server.url}/console/`);
  });

  it("serves /console as the login page, its Chinese drawn in a font that has it", async () => {
    const context = await tabletContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(consoleUrl(server));
    await page.getByTestId("login-page").waitFor();
    // the console's pages sit behind sign-in: the app went on to its login page
    expect(new URL(page.url()).pathname).toBe("/console/login");
    await expect.poll(() => page.getByText(SESSION_COPY.heading).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: SESSION_COPY.submit, exact: true }).isVisible()).toBe(true);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-CN");
    expect(await drawsGlyphs(page, ".login-brand", "管", "理")).toBe(true);
    // the check tells glyphs from boxes: two characters no font has draw the same
    expect(await drawsGlyphs(page, ".login-brand", "\u{E000}", "\u{E001}")).toBe(false);
    // a login the server does not know: its refusal, on the page, and still the login page
    await page.getByPlaceholder(SESSION_COPY.loginPlaceholder).fill("nobody-here");
    await page.getByPlaceholder(SESSION_COPY.passwordPlaceholder).fill("not-the-password");
    await page.getByRole("button", { name: SESSION_COPY.submit, exact: true }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain(SESSION_COPY.wrongCredentials);
    expect(new URL(page.url()).pathname).toBe("/console/login");
    // /staff, as a staff member might type it, is the console
    await page.goto(`${server.url}/staff`);
    await page.getByTestId("login-page").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the console's own not-found page for a path it has not, and the API's 404 for an API path", async () => {
    const context = await tabletContext(browser);
    const page = await context.newPage();
    await page.goto(consoleUrl(server, "no/such/page"));
    await page.getByTestId("not-found").waitFor();
    expect(await page.getByText(COMMON_COPY.notFound.title, { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toContain(COMMON_COPY.notFound.title);
    const api = await fetch(`${server.url}/console/api/v1/no-such-call`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { success: boolean }).success).toBe(false);
    await context.close();
  });

  it("signs in with the printed owner: the layout, then today's numbers with a diner's order in them", async () => {
    const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurant === "川味小馆");
    if (!owner) throw new Error("no console sign-in printed for 川味小馆");
    const orderId = await placeDinerOrder(browser, server, { diners: 3 });
    const context = await tabletContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(consoleUrl(server, "reports"));
    await signIn(page, owner);
    // back where the owner was going, in the layout: the restaurant, the owner's role, the menu
    expect(new URL(page.url()).pathname).toBe("/console/reports");
    expect(await page.getByTestId("staff-member").textContent()).toContain(COMMON_COPY.roles.owner);
    expect(await page.getByTestId("side-menu").getByText(REPORTS_COPY.title).isVisible()).toBe(true);
    // 拍黄瓜 ¥12, and for three diners the must-order 茶位费 ¥3 each and 米饭 ¥2 each (two per table)
    await expect.poll(() => page.getByTestId("stat-orders").textContent()).toContain("1");
    expect(await page.getByTestId("stat-revenue").textContent()).toContain("25.00");
    expect(await page.getByTestId("stat-diners").textContent()).toContain("3");
    expect(await page.getByTestId("stat-average").textContent()).toContain("8.33");
    expect(await page.getByTestId("top-dishes").getByText("拍黄瓜").isVisible()).toBe(true);
    // antd speaks Chinese too (its zh_CN locale): the range picker's calendar reads 2026年 11月
    await page.locator(".ant-picker-range").click();
    await expect.poll(() => page.locator(".ant-picker-header-view").first().textContent()).toMatch(/\d{4}年/);
    await page.keyboard.press("Escape");
    // the CSV the button downloads, with the session's cookie: the BOM, the header, the order
    const href = await page.getByTestId("csv-download").getAttribute("href");
    const csv = await context.request.get(`${server.url}${href}`);
    expect(csv.status()).toBe(200);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString("utf8")).toContain(`\r\n${orderId},`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits every page of the console's tour on the tablet: no page wider than 1024 px, nothing past its sides", async () => {
    const problems: string[] = [];
    await walkConsoleTour(browser, server, async (page, name) => {
      const overflow = await sideOverflow(page);
      if (overflow.wide || overflow.out.length > 0) problems.push(`${name}: ${JSON.stringify(overflow)}`);
    });
    expect(problems).toEqual([]);
    // every page of the tour at two sizes: more than a minute on two loaded cores
  }, 180_000);

  it("switches to English from the header without a reload, and remembers it", async () => {
    const context = await tabletContext(browser);
    await signInOnTablet(context, server);
    const page = await context.newPage();
    await page.goto(consoleUrl(server, "floor"));
    await page.getByTestId("side-menu").waitFor();
    // a mark the page keeps until it reloads
    await page.evaluate(() => Object.assign(window, { unreloaded: true }));
    await page.getByTestId("language-switch").click();
    await page.getByRole("option", { name: "English" }).click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en-US");
    await expect.poll(() => page.getByTestId("side-menu").innerText()).not.toMatch(HAN);
    expect(new URL(page.url()).pathname).toBe("/console/floor");
    expect(await page.evaluate(() => "unreloaded" in window)).toBe(true);
    await page.reload();
    await page.getByTestId("side-menu").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en-US");
    expect(await page.getByTestId("side-menu").innerText()).not.toMatch(HAN);
    await context.close();
  });

  it("in English, fits every page of the tour on the tablet, its menu and words English", async () => {
    const problems: string[] = [];
    await walkConsoleTour(
      browser,
      server,
      async (page, name) => {
        const overflow = await sideOverflow(page);
        if (overflow.wide || overflow.out.length > 0) problems.push(`${name}: ${JSON.stringify(overflow)}`);
        if ((await page.locator("html").getAttribute("lang")) !== "en-US")
          problems.push(`${name}: not en-US`);
        const menu = page.getByTestId("side-menu");
        if ((await menu.count()) > 0 && HAN.test(await menu.innerText()))
          problems.push(`${name}: Chinese menu`);
        // headings and buttons are the console's own words (data, such as a dish's name, is in cells and cards)
        for (const text of await page
          .locator("h1, h2, h3, h4, .ant-page-header-heading-title, button")
          .allInnerTexts())
          if (HAN.test(text) && !DEMO_NAMES.test(text)) problems.push(`${name}: "${text.trim()}"`);
        if (process.env.CONSOLE_SHOTS_DIR)
          await page.screenshot({ path: `${process.env.CONSOLE_SHOTS_DIR}/console-en-${name}.png` });
      },
      { language: "en-US" },
    );
    expect(problems).toEqual([]);
  }, 180_000);
});

describe("the console's screenshot tour", () => {
  it("has every page of the registry (src/pages.ts), so each is pictured and its layout checked", () => {
    // read as text: the registry's module is the app's (JSX, icons), not something Node runs
    const registry = readFileSync(new URL("../apps/console/src/pages.ts", import.meta.url), "utf8");
    const paths = [
      ...registry.slice(registry.indexOf("export const PAGES")).matchAll(/\bpath: "([^"]+)"/g),
    ].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(3);
    const toured = new Set(CONSOLE_TOUR.map((stop) => stop.path));
    expect(paths.filter((path) => !toured.has(path ?? ""))).toEqual([]);
  });
});

describe("the printed console sign-in", () => {
  it("is read from the documented lines, and nothing else", () => {
    const output = [
      "Staff console: http://127.0.0.1:3000/console/",
      "",
      "Console sign-in (shown once):",
      "  1 川味小馆: owner1 / pw-Abc123",
      "  2 江南 食府: 13800000000 / x/y-9",
      "",
      "Table links:",
      "  川味小馆 A1: http://127.0.0.1:3000/?hotelid=1&tn=1&sid=abc",
    ].join("\n");
    expect(parseConsoleCredentials(output)).toEqual([
      { restaurantId: 1, restaurant: "川味小馆", login: "owner1", password: "pw-Abc123" },
      { restaurantId: 2, restaurant: "江南 食府", login: "13800000000", password: "x/y-9" },
    ]);
    expect(parseConsoleCredentials("Table links:\n  1 川味小馆: a / b\n")).toEqual([]);
  });
});
