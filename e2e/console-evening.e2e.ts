import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { API, type ConsoleOrderDetail, formatIsoDateTime } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_DETAIL_COPY } from "../apps/console/src/copy/index.js";
import { launchChromium } from "./support/browser.js";
import {
  consoleUrl,
  placeDinerOrder,
  printedConsoleCredentials,
  sideOverflow,
  signIn,
  TABLET_OPTIONS,
  untilAtRest,
} from "./support/console.js";
import { type RunningServer, startServer } from "./support/server.js";

const RID = 1;
const ZONE = "Asia/Shanghai";
const SHOTS = join(import.meta.dirname, "screenshots");
const PORTRAIT = { width: 768, height: 1024 };

/**
 * The console that runs the evening, on a tablet whose own clock is New York's: the home page is a
 * dashboard holding a diner's order, the order opens the one order detail (lines and who added them,
 * payments, tickets with reprint, history) with every time on 川味小馆's clock, and the side menu's
 * every page (门店设置 last) stands above the collapse button — at 1024×768 and 768×1024.
 */
describe("the console that runs the evening", () => {
  let server: RunningServer;
  let browser: Browser;
  let tablet: BrowserContext;
  let page: Page;
  let orderId = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    tablet = await browser.newContext({ ...TABLET_OPTIONS, timezoneId: "America/New_York" });
    page = await tablet.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    const credentials = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === RID);
    if (!credentials) throw new Error("no console sign-in for 川味小馆");
    orderId = Number(await placeDinerOrder(browser, server));
    await page.goto(consoleUrl(server));
    await signIn(page, credentials);
  });
  afterAll(async () => {
    await tablet?.close();
    await browser?.close();
    await server?.stop();
  });

  const staffGet = <T>(path: string) =>
    page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: "same-origin" });
      return ((await response.json()) as { data: unknown }).data;
    }, path) as Promise<T>;

  /** The side menu's last page (门店设置) stands whole above the collapse button. */
  async function menuFits(): Promise<void> {
    const last = page.getByTestId("side-menu").locator("li.ant-menu-item").last();
    await last.waitFor();
    const [item, trigger] = await Promise.all([
      last.boundingBox(),
      page.locator(".ant-layout-sider-trigger").boundingBox(),
    ]);
    expect(item && trigger && item.y + item.height <= trigger.y, JSON.stringify({ item, trigger })).toBe(
      true,
    );
    expect(await last.getAttribute("data-menu-id")).toContain("settings");
  }

  it("home is a dashboard at 1024×768: today's numbers, alerts and the diner's order; every page in the menu", async () => {
    await page.getByTestId("home-numbers").waitFor();
    const recent = page.getByTestId(`home-order-${orderId}`);
    await recent.waitFor();
    expect(await page.getByTestId("home-alerts").isVisible()).toBe(true);
    await menuFits();
    expect(await sideOverflow(page)).toEqual({ wide: false, out: [] });
    await page.screenshot({ path: join(SHOTS, "console-evening-home.png") });
  });

  it("the order opens its one detail, every time on the restaurant's clock", async () => {
    await page.getByTestId(`home-order-${orderId}`).click();
    const drawer = page.locator(".ant-drawer-content-wrapper");
    await page.getByTestId("detail-tickets").waitFor();
    await untilAtRest(drawer);
    const detail = await staffGet<ConsoleOrderDetail>(API.consoleOrder(RID, orderId));
    expect(await page.getByTestId("detail-lines").textContent()).toContain("拍黄瓜");
    const ticket = detail.tickets[0];
    if (!ticket) throw new Error("the order has no ticket");
    const tickets = (await page.getByTestId("detail-tickets").textContent()) ?? "";
    expect(tickets).toContain(formatIsoDateTime(ticket.createdAt, ZONE));
    expect(tickets).toContain(ORDER_DETAIL_COPY.reprint);
    expect(await page.getByTestId("order-detail").textContent()).toContain(
      formatIsoDateTime(detail.order.createdAt, ZONE),
    );
    await page.screenshot({ path: join(SHOTS, "console-evening-order.png") });
    await page.getByTestId("detail-history").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "console-evening-order-history.png") });
    await page.locator(".ant-drawer-close").click();
  });

  it("at 768×1024 the same: the folded menu holds every page, the detail fits", async () => {
    await page.setViewportSize(PORTRAIT);
    await page.goto(consoleUrl(server));
    await page.getByTestId(`home-order-${orderId}`).waitFor();
    await menuFits();
    expect(await sideOverflow(page)).toEqual({ wide: false, out: [] });
    await page.screenshot({ path: join(SHOTS, "console-evening-home-portrait.png") });
    await page.getByTestId(`home-order-${orderId}`).click();
    await page.getByTestId("detail-tickets").waitFor();
    await untilAtRest(page.locator(".ant-drawer-content-wrapper"));
    expect(await sideOverflow(page)).toEqual({ wide: false, out: [] });
    await page.screenshot({ path: join(SHOTS, "console-evening-order-portrait.png") });
    expect(errors).toEqual([]);
  });
});
