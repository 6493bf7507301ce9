import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY } from "../apps/web/src/copy.js";
import { PROMPT_COPY } from "../apps/web/src/features/prompt/prompt-copy.js";
import { launchChromium, PHONE_OPTIONS, phoneContext } from "./support/browser.js";
import { chooseDinerCount, scanTable } from "./support/diner-count.js";
import { scrollDishList } from "./support/menu.js";
import { type RunningServer, startServer } from "./support/server.js";

/** Scrolls the dish list to its end, collecting every dish that renders on the way. */
async function collectDishes(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let step = 0; step < 200; step++) {
    const ids = await page.$$eval("[data-testid=dish-card]", (cards) =>
      cards.map((card) => card.getAttribute("data-dish-id") ?? card.textContent ?? ""),
    );
    for (const id of ids) seen.add(id);
    if (await scrollDishList(page, 0.8)) break;
    await page.waitForTimeout(30);
  }
  return seen;
}

describe("a diner scans a table link", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("prints a signed link for every demo table", () => {
    expect(server.links.length).toBeGreaterThanOrEqual(6);
    for (const link of server.links) expect(link).toMatch(/\/\?hotelid=\d+&tn=\d+&sid=[\w-]+/);
  });

  it("opens the menu at a phone viewport: the table name and at least 80 dishes by scrolling", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await scanTable(page, server.links[0] ?? "");
    const tableName = page.getByTestId("table-name");
    expect((await tableName.textContent())?.trim().length).toBeGreaterThan(0);
    await page.getByTestId("dish-card").first().waitFor();
    const dishes = await collectDishes(page);
    expect(dishes.size).toBeGreaterThanOrEqual(80);
    expect(await page.title()).not.toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("paints the menu from the page before any script, and the app adopts that screen as it is", async () => {
    const link = server.links[0] ?? "";
    // the table has its diner count (a tablemate chose it at the step): the page is the menu itself
    const mate = await phoneContext(browser);
    await scanTable(await mate.newPage(), link);
    await mate.close();
    const noScript = await browser.newContext({ ...PHONE_OPTIONS, javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(link);
    expect(await bare.getByTestId("dish-card").count()).toBeGreaterThanOrEqual(3);
    expect(await bare.locator(".restaurant-header").textContent()).toContain("川味小馆");
    expect(await bare.getByText(COPY.loading).count()).toBe(1);
    await noScript.close();

    const context = await phoneContext(browser);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    // the server's images, marked before the app's scripts start (they wait for the load event)
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        for (const image of Array.from(document.querySelectorAll("[data-testid=dish-card] img")))
          Reflect.set(image, "fromServer", true);
      }),
    );
    await page.goto(link);
    await expect.poll(() => page.getByTestId("table-name").textContent()).not.toBe("");
    await page.getByText(COPY.loading).waitFor({ state: "detached" });
    const adopted = await page.$$eval("[data-testid=dish-card] img", (images) =>
      images.map((image) => Reflect.get(image, "fromServer") === true),
    );
    expect(adopted.length).toBeGreaterThanOrEqual(3);
    expect(adopted.slice(0, 3)).toEqual([true, true, true]);
    expect(warnings.filter((text) => text.includes("drawn again"))).toEqual([]);
    await context.close();
  });

  it("sends a link with a forged table token to the abnormal page", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const forged = (server.links[0] ?? "").replace(/sid=[\w-]+/, "sid=forged-token");
    await page.goto(forged);
    await page.waitForURL(/\/prompt\/abnormal/);
    await expect(page.getByTestId("abnormal-reason").textContent()).resolves.toBeTruthy();
    await context.close();
  });
});

describe("routing configured as hash mode under a prefix", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ROUTER_MODE: "hash", ROUTER_PREFIX: "/h5" }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("prints links under the prefix and opens the menu with hash routes", async () => {
    const link = server.links[0] ?? "";
    expect(new URL(link).pathname).toBe("/h5/");
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (message) => warnings.push(message.text()));
    // the table asks its diner count first: the hash route goes to the step, then on to the menu
    await page.goto(link);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/selectNumber\?.*hotelid=/);
    await chooseDinerCount(page);
    expect(new URL(page.url()).hash).toMatch(/^#\/main\?.*hotelid=/);
    expect(warnings.filter((text) => text.includes("drawn again"))).toEqual([]);
    await page.goto(`${server.url}/h5/#/no-such-page`);
    // the not-found page's code loads on demand
    await page.getByText(PROMPT_COPY.notFound).first().waitFor();
    await context.close();
  });
});
