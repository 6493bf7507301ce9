import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { API, ORDER_STATUS, ORDER_STATUS_TEXT, type Station, type StationDisplay } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KITCHEN_COPY, PRINT_COPY, STATIONS_COPY } from "../apps/console/src/copy/index.js";
import { CHECKOUT_COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { consoleUrl, printedConsoleCredentials, signIn, tabletContext } from "./support/console.js";
import { scanTable } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

const RID = 1;
const SHOTS = join(import.meta.dirname, "screenshots");

/** The owner of 川味小馆 signs in on the tablet as the login page has them (the first start's printed credentials). */
async function signInKitchen(server: RunningServer, page: Page): Promise<void> {
  const credentials = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === RID);
  if (!credentials) throw new Error("no console sign-in for 川味小馆");
  await page.goto(consoleUrl(server, "kitchen"));
  await signIn(page, credentials);
  await page.goto(consoleUrl(server, "kitchen"));
}

/**
 * The kitchen on a tablet beside a diner on a phone at 川味小馆: the diner's order appears on the 凉菜
 * station's display without a reload, the kitchen's bump moves the diner's open order detail to 制作中,
 * a reprint prints 重印 and makes no ticket. Screenshots of every kitchen page at 1024×768 and of the
 * ticket's print preview go to e2e/screenshots/.
 */
describe("the kitchen display beside a diner", () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: BrowserContext;
  let tablet: BrowserContext;
  let diner: Page;
  let kitchen: Page;
  let orderId = "";
  let cold: Station;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    phone = await phoneContext(browser);
    tablet = await tabletContext(browser);
    diner = await phone.newPage();
    kitchen = await tablet.newPage();
    for (const page of [diner, kitchen]) page.on("pageerror", (error) => errors.push(String(error)));
    await signInKitchen(server, kitchen);
  });
  afterAll(async () => {
    await phone?.close();
    await tablet?.close();
    await browser?.close();
    await server?.stop();
  });

  /** The tablet's own staff call (its cookie, or the interim token). */
  async function staffGet<T>(path: string): Promise<T> {
    return kitchen.evaluate(async (url) => {
      const response = await fetch(url, { credentials: "same-origin" });
      return ((await response.json()) as { data: unknown }).data;
    }, path) as Promise<T>;
  }
  const ticketCount = async () => {
    const stations = await staffGet<Station[]>(API.consoleStations(RID));
    let count = 0;
    for (const s of stations)
      count += (await staffGet<StationDisplay>(API.consoleStationDisplay(RID, s.id))).tickets.length;
    return count;
  };

  it("picks the 凉菜 station on the tablet", async () => {
    await kitchen.getByTestId("station-picker").waitFor();
    await kitchen.screenshot({ path: join(SHOTS, "console-kitchen-stations-picker.png") });
    await kitchen.getByTestId("pick-station").filter({ hasText: "凉菜" }).click();
    await kitchen.getByTestId("kitchen-display").waitFor();
    const stations = await staffGet<Station[]>(API.consoleStations(RID));
    cold = stations.find((s) => s.name === "凉菜") as Station;
    expect(new URL(kitchen.url()).pathname).toBe(`/console/kitchen/${cold.id}`);
    await kitchen.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
  });

  it("a diner's order appears on the display without a reload", async () => {
    const link = server.tables.find((t) => t.restaurant === "川味小馆");
    if (!link) throw new Error("no table of 川味小馆");
    await scanTable(diner, link.url);
    await tap(plus(addControl(await menuCard(diner, "凉菜", "拍黄瓜"))));
    await cartBar(diner).locator(".cart-bar__order").click();
    await diner.getByTestId("suborder-page").waitFor();
    await diner.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await diner.getByTestId("order-lines").waitFor();
    orderId = new URL(diner.url()).searchParams.get("orderId") ?? "";
    expect(orderId).toMatch(/^\d+$/);
    expect(CHECKOUT_COPY.toOrder).toBeTruthy();

    const card = kitchen.getByTestId("ticket").filter({ hasText: "拍黄瓜" });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain(KITCHEN_COPY.states.held);
    expect(
      await kitchen.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await kitchen.screenshot({ path: join(SHOTS, "console-kitchen-display.png") });
  });

  it("the kitchen bumps and the diner's open order detail follows to 制作中", async () => {
    const card = kitchen.getByTestId("ticket").filter({ hasText: "拍黄瓜" });
    await card.getByTestId("bump").click();
    await expect
      .poll(() => card.getByTestId("item-state").first().textContent(), { timeout: 10_000 })
      .toBe(KITCHEN_COPY.states.cooking);
    await expect
      .poll(() => diner.getByTestId("order-status").textContent(), { timeout: 10_000 })
      .toBe(ORDER_STATUS_TEXT[ORDER_STATUS.cooking]);
    await kitchen.screenshot({ path: join(SHOTS, "console-kitchen-bumped.png") });
  });

  it("a reprint prints 重印 and makes no new ticket", async () => {
    const before = await ticketCount();
    const card = kitchen.getByTestId("ticket").filter({ hasText: "拍黄瓜" });
    for (let n = 1; n <= 3; n++) {
      const [print] = await Promise.all([tablet.waitForEvent("page"), card.getByTestId("reprint").click()]);
      await print.getByTestId("reprint-label").waitFor();
      expect(await print.getByTestId("reprint-label").textContent()).toContain(PRINT_COPY.reprintCount(n));
      if (n === 3) {
        await print.screenshot({ path: join(SHOTS, "console-kitchen-print.png") });
        await print.emulateMedia({ media: "print" });
        await print.screenshot({ path: join(SHOTS, "console-kitchen-print-preview.png") });
      }
      await print.close();
    }
    expect(await ticketCount()).toBe(before);
    expect(await kitchen.getByTestId("ticket").count()).toBeGreaterThan(0);
  });

  it("the bill prints without sending anything to the kitchen", async () => {
    const before = await ticketCount();
    await kitchen.goto(consoleUrl(server, `print/bill/${orderId}?paper=58`));
    await kitchen.getByTestId("bill-total").waitFor();
    await kitchen.screenshot({ path: join(SHOTS, "console-kitchen-bill.png") });
    expect(await ticketCount()).toBe(before);
    await expect
      .poll(() => diner.getByTestId("order-status").textContent())
      .toBe(ORDER_STATUS_TEXT[ORDER_STATUS.cooking]);
  });

  it("the stations page lists the demo's stations and their categories", async () => {
    await kitchen.goto(consoleUrl(server, "stations"));
    await kitchen.getByTestId("stations-page").waitFor();
    await kitchen.getByText(STATIONS_COPY.categoriesHint).waitFor();
    await expect
      .poll(() => kitchen.locator(".ant-table-tbody tr td:nth-child(2)").allTextContents())
      .toEqual(["热菜", "凉菜", "吧台"]);
    await kitchen.screenshot({ path: join(SHOTS, "console-stations.png") });
    expect(errors).toEqual([]);
  });
});
