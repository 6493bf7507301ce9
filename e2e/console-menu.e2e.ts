import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENU_COPY } from "../apps/console/src/copy/index.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { consoleUrl, printedConsoleCredentials, signIn, tabletContext } from "./support/console.js";
import { scanTable } from "./support/diner-count.js";
import { menuCard } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

const RESTAURANT = "川味小馆";
const CATEGORY = "凉菜";
const DISH = { before: "拍黄瓜", after: "招牌拍黄瓜", price: "13.5" };
const SHOTS = join(new URL(".", import.meta.url).pathname, "screenshots");

/** The restaurant's owner at the console, signed in through the login page with the printed sign-in. */
async function staffPage(server: RunningServer, context: BrowserContext, rid: number): Promise<Page> {
  const page = await context.newPage();
  const credentials = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === rid);
  if (!credentials) throw new Error(`no console sign-in printed for restaurant ${rid}`);
  await page.goto(consoleUrl(server, "menu"));
  await signIn(page, credentials);
  return page;
}

describe("a dish renamed and repriced at the console reaches a diner's scan", () => {
  let server: RunningServer;
  let browser: Browser;
  let tablet: BrowserContext;
  let phone: BrowserContext;
  let rid = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const link = server.tables.find((t) => t.restaurant === RESTAURANT)?.url ?? "";
    rid = Number(new URL(link).searchParams.get("hotelid"));
    [tablet, phone] = await Promise.all([tabletContext(browser), phoneContext(browser)]);
  });
  afterAll(async () => {
    await tablet?.close();
    await phone?.close();
    await browser?.close();
    await server?.stop();
  });

  it("staff edits the dish on a tablet; a diner scanning afterwards sees the new name and price", async () => {
    const errors: string[] = [];
    const page = await staffPage(server, tablet, rid);
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(consoleUrl(server, "menu"));
    await page.getByTestId("menu-page").waitFor();
    await page.locator(".menu-category-name", { hasText: CATEGORY }).first().click();
    const row = page.locator("tr", { has: page.getByText(DISH.before, { exact: true }) });
    await row.waitFor();
    // the dish pictures have loaded (the screenshot shows them, not empty boxes)
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>(".ant-table img")).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await page.screenshot({ path: join(SHOTS, "console-menu-edit.png") });

    await row.getByRole("button", { name: MENU_COPY.dishes.edit }).click();
    const name = page.getByTestId("dish-name");
    await name.waitFor();
    await name.fill(DISH.after);
    await page.getByTestId("dish-price").fill(DISH.price);
    // the drawer has slid in: its right edge is the window's
    await expect
      .poll(async () => {
        const box = await page.locator(".ant-drawer-content-wrapper").boundingBox();
        return box ? Math.round(box.x + box.width) : 0;
      })
      .toBe(1024);
    await page.screenshot({ path: join(SHOTS, "console-menu-editor.png") });
    await page.getByTestId("dish-save").click();
    await page.getByTestId("dish-editor").waitFor({ state: "detached" });
    const saved = page.locator("tr", { has: page.getByText(DISH.after, { exact: true }) });
    await saved.waitFor();
    expect(await saved.textContent()).toContain(`¥${DISH.price}`);

    expect(errors).toEqual([]);

    const link = server.tables.find((t) => t.restaurant === RESTAURANT)?.url ?? "";
    const diner = await phone.newPage();
    await scanTable(diner, link);
    const card = await menuCard(diner, CATEGORY, DISH.after);
    expect(await card.locator(".dish-price__amount").textContent()).toBe(DISH.price);
    expect(await diner.getByText(DISH.before, { exact: true }).count()).toBe(0);
    await diner.screenshot({ path: join(SHOTS, "console-menu-diner.png") });
  });
  it("translating a dish moves its language's completeness; an allergen declared reaches the diner's food list", async () => {
    const errors: string[] = [];
    // the tablet is signed in since the test above
    const page = await tablet.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(consoleUrl(server, "menu"));
    await page.getByTestId("menu-page").waitFor();
    await page.getByRole("tab", { name: MENU_COPY.tabs.translations }).click();
    const count = page.getByTestId("translation-count");
    await count.waitFor();
    const before = (await count.textContent()) ?? "";
    const [, done, total] = /(\d+) \/ (\d+)/.exec(before) ?? [];
    expect(Number(done)).toBe(0);
    await page.getByPlaceholder(MENU_COPY.translations.search).fill(DISH.after);
    await page.getByTestId(`translation-${DISH.after}`).fill("Signature smashed cucumber");
    await page.getByTestId("translation-save").click();
    await expect.poll(() => count.textContent()).toBe(MENU_COPY.translations.progress(1, Number(total)));
    expect(await page.getByTestId("translation-coverage").textContent()).toContain(
      MENU_COPY.translations.notOffered,
    );
    await page.getByPlaceholder(MENU_COPY.translations.search).fill("");
    await page.screenshot({ path: join(SHOTS, "console-menu-translations.png") });

    await page.getByRole("tab", { name: MENU_COPY.tabs.dishes }).click();
    await page.locator(".menu-category-name", { hasText: CATEGORY }).first().click();
    const row = page.locator("tr", { has: page.getByText(DISH.after, { exact: true }) });
    await row.getByRole("button", { name: MENU_COPY.dishes.edit }).click();
    const codes = page.getByTestId("dish-allergen-codes");
    await codes.waitFor();
    await codes.click();
    await page.keyboard.type("羽扇豆");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await page
      .getByText(MENU_COPY.editor.sections.allergens)
      .evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: join(SHOTS, "console-menu-allergens.png") });
    await page.getByTestId("dish-save").click();
    await page.getByTestId("dish-editor").waitFor({ state: "detached" });
    expect(errors).toEqual([]);

    const answer = (await (await fetch(`${server.url}/food/getFoodList?restaurantId=${rid}`)).json()) as {
      data: Array<{ name: string; allergens: string[]; allergenInfo: string }>;
    };
    const dish = answer.data.find((d) => d.name === DISH.after);
    expect(dish?.allergens).toContain("lupin");
    expect(dish?.allergenInfo).toBe("declared");
  });
});
