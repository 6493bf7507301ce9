import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Dish } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOCK_COPY, TABLES_COPY } from "../apps/console/src/copy/index.js";
import { COPY, DISH_COPY } from "../apps/web/src/copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { consoleUrl, printedConsoleCredentials, signIn, tabletContext } from "./support/console.js";
import { scanTable } from "./support/diner-count.js";
import { fetchFoods, menuCard } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

const RESTAURANT = "川味小馆";
const SHOTS = join(import.meta.dirname, "screenshots", "console");

/** A screenshot once the page is still: no toast over it, no modal mid-animation. */
async function shot(page: Page, name: string): Promise<void> {
  await page.locator(".ant-message-notice").first().waitFor({ state: "detached", timeout: 10_000 });
  await page.waitForFunction(() => !document.querySelector("[class*='-zoom-'], [class*='-fade-']"));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe("stock from the console reaches a diner's open menu", () => {
  let server: RunningServer;
  let browser: Browser;
  let tablet: BrowserContext;
  let phone: BrowserContext;
  let staff: Page;
  let diner: Page;
  let restaurantId: number;
  let dish: Dish;
  let other: Dish;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const table = server.tables.find((t) => t.restaurant === RESTAURANT);
    if (!table) throw new Error("no table link");
    restaurantId = Number(new URL(table.url).searchParams.get("hotelid"));
    const plain = (await fetchFoods(server.url, String(restaurantId))).filter(
      (d) => d.foodproperty === 0 && d.estimate === -1 && d.availableStatus === 1,
    );
    [dish, other] = plain as [Dish, Dish];
    [tablet, phone] = await Promise.all([tabletContext(browser), phoneContext(browser)]);
    [staff, diner] = await Promise.all([tablet.newPage(), phone.newPage()]);
    const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === restaurantId);
    if (!owner) throw new Error("no printed sign-in for the restaurant");
    await staff.goto(consoleUrl(server));
    await signIn(staff, owner);
    for (const page of [staff, diner]) page.on("pageerror", (error) => errors.push(String(error)));
    await scanTable(diner, table.url);
  });
  afterAll(async () => {
    await tablet?.close();
    await phone?.close();
    await browser?.close();
    await server?.stop();
  });

  const row = (name: string) =>
    staff
      .getByTestId("stock-page")
      .locator("tr.ant-table-row")
      .filter({ hasText: new RegExp(`^${name}`) })
      .first();

  it("staff on a tablet marks a dish 估清: the diner's open menu shows 售罄 without a reload", async () => {
    const card = await menuCard(diner, dish.type, dish.name);
    expect(await card.locator(".dish-card__sold-out").count()).toBe(0);
    await staff.goto(consoleUrl(server, "stock"));
    await staff.getByTestId("stock-page").waitFor();
    await row(dish.name).getByRole("button", { name: STOCK_COPY.soldOut }).click();
    await row(dish.name).getByText(STOCK_COPY.states.soldOut).waitFor();
    await expect.poll(() => card.locator(".dish-card__sold-out").textContent()).toBe(DISH_COPY.soldOut);

    // and a snooze of another dish, for the screenshot: 暂停至 HH:MM
    await row(other.name).getByRole("button", { name: STOCK_COPY.snooze }).click();
    await staff.getByRole("menuitem", { name: STOCK_COPY.snoozeHours(2) }).click();
    await row(other.name)
      .getByText(/暂停至 \d\d:\d\d/)
      .waitFor();
    const otherCard = await menuCard(diner, other.type, other.name);
    await expect.poll(() => otherCard.locator(".dish-card__sold-out").textContent()).toBe(DISH_COPY.soldOut);
    await shot(staff, "stock");
    await diner.screenshot({ path: join(SHOTS, "stock-diner.png") });

    // 恢复: back on sale on the open menu
    await row(dish.name).getByRole("button", { name: STOCK_COPY.restore }).click();
    const back = await menuCard(diner, dish.type, dish.name);
    await expect.poll(() => back.locator(".dish-card__sold-out").count()).toBe(0);
  });

  it("sets a count in the editor and the diner sees 仅剩 n", async () => {
    await row(dish.name).getByRole("button", { name: STOCK_COPY.setCount }).click();
    await staff.getByTestId("count-input").fill("3");
    await shot(staff, "stock-count");
    await staff.getByTestId("count-save").click();
    await row(dish.name).getByText(STOCK_COPY.states.counted(3)).waitFor();
    const card = await menuCard(diner, dish.type, dish.name);
    await expect.poll(() => card.locator(".dish-card__attach").textContent()).toContain("仅剩3");
  });

  it("the POS switch off: a new scan shows the offline alert", async () => {
    await staff.getByTestId("pos-switch").click();
    await staff.getByText(STOCK_COPY.pos.offHint).waitFor();
    await shot(staff, "stock-pos-off");
    const page = await phone.newPage();
    const table = server.tables.filter((t) => t.restaurant === RESTAURANT)[1];
    await scanTable(page, table?.url ?? "");
    await page.getByText(COPY.posOffline).waitFor();
    await page.close();
    await staff.getByTestId("pos-switch").click();
    await staff.getByText(STOCK_COPY.pos.offHint).waitFor({ state: "detached" });
  });

  it("tables: add one, and print the QR sheet of the chosen ones", async () => {
    await staff.goto(consoleUrl(server, "tables"));
    await staff.getByTestId("tables-page").waitFor();
    await staff.getByTestId("add-table").click();
    await staff.getByTestId("table-name").fill("露台1");
    await staff.getByTestId("table-save").click();
    await staff.getByRole("cell", { name: "露台1", exact: true }).waitFor();
    const rows = staff.locator("tr.ant-table-row");
    for (const i of [0, 1, 2]) await rows.nth(i).locator(".ant-checkbox-input").check();
    await staff.getByRole("button", { name: TABLES_COPY.printSelected(3) }).waitFor();
    await shot(staff, "tables");
    const [sheet] = await Promise.all([tablet.waitForEvent("page"), staff.getByTestId("print-all").click()]);
    await sheet.waitForLoadState();
    expect(await sheet.locator("figure.card").count()).toBeGreaterThan(3);
    expect(await sheet.locator("figcaption strong", { hasText: "露台1" }).count()).toBe(1);
    await sheet.screenshot({ path: join(SHOTS, "qr-sheet.png"), fullPage: false });
    await sheet
      .pdf({ path: join(SHOTS, "qr-sheet.pdf"), format: "A4", printBackground: false })
      .catch(() => undefined);
    await sheet.close();
    expect(errors).toEqual([]);
  });
});
