import { ORDER_STATUS_TEXT } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PROMPT_COPY, STARTUP_FAILURE_TEXT } from "../apps/web/src/features/prompt/prompt-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { MUST_ORDER_FOR_ONE, scanTable } from "./support/diner-count.js";
import { addControl, barTotal, cartBar, fetchFoods, menuCard, plus, tap } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";
import { settleTable, staffSession } from "./support/staff.js";

const RID = 1;
const RESTAURANT = "川味小馆";
/** 拍黄瓜 ¥12 and what the diner-count step adds for one diner (茶位费, 米饭) */
const TOTAL = `¥${12 + MUST_ORDER_FOR_ONE.total}`;
const ORDERED = ["拍黄瓜", "茶位费", "米饭"].sort();

/**
 * Diners are never stranded (issue 16): a reload on every page of the spec comes back to the same page
 * with its data; a rescan after ordering lands on the menu with the order one tap away; an order's
 * link in a new tab works for its own diner and for nobody outside the party; a cancelled order still
 * shows what it was; prompt pages always offer a way on. One diner's steps run in order on one page.
 */
describe("continuity: reloads, rescans and links", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let link = "";
  let otherTableLink = "";
  let orderUrl = "";
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const tables = server.tables.filter((t) => t.restaurant === RESTAURANT);
    link = tables[0]?.url ?? "";
    otherTableLink = tables[1]?.url ?? "";
    if (!link || !otherTableLink) throw new Error(`two tables of ${RESTAURANT} expected`);
    context = await phoneContext(browser);
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    await scanTable(page, link);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const pathOf = (p: Page = page) => new URL(p.url()).pathname;
  /** the order's dish names, sorted (the must-order dishes came first, when the count was chosen) */
  const orderLineNames = async (p: Page = page) =>
    (await p.getByTestId("order-line").locator(".order-line__name").allTextContents()).sort();
  const headline = (p: Page) => p.getByTestId("prompt-headline").textContent();

  /** a page load from the browser's own reload button: a new document, the store started from nothing */
  async function reload(p: Page = page): Promise<void> {
    const before = p.url();
    await p.reload();
    expect(p.url()).toBe(before);
  }

  it("a reload on /search comes back to the search, with the menu's dishes to find", async () => {
    await page.getByRole("button", { name: COPY.search }).click();
    await page.waitForURL(/\/search\?/);
    await reload();
    expect(pathOf()).toBe("/search");
    await page.getByRole("searchbox").fill("黄瓜");
    const results = page.getByTestId("search-results").getByTestId("dish-card");
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await results.first().textContent()).toContain("拍黄瓜");
    await page.getByRole("button", { name: COPY.back }).first().click();
    await page.waitForURL(/\/main\?/);
    await page.getByTestId("table-name").waitFor();
  });

  it("a reload on /order/subOrder comes back to the confirmation with the cart's lines", async () => {
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    await expect.poll(() => barTotal(page)).toBe(TOTAL);
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await reload();
    await page.getByTestId("suborder-lines").waitFor();
    expect(pathOf()).toBe("/order/subOrder");
    const lines = await page.getByTestId("suborder-line").allTextContents();
    expect(lines).toHaveLength(ORDERED.length);
    expect(lines.some((line) => line.includes("拍黄瓜"))).toBe(true);
  });

  it("a reload on /order/detail comes back to the same order", async () => {
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    orderUrl = page.url();
    expect(new URL(orderUrl).searchParams.get("orderId")).toMatch(/^\d+$/);
    await reload();
    await page.getByTestId("order-lines").waitFor();
    expect(await orderLineNames()).toEqual(ORDERED);
    expect(await page.getByTestId("order-status").textContent()).toBe(ORDER_STATUS_TEXT[0]);
  });

  it("a rescan after ordering lands on the menu, with the order one tap away in the list", async () => {
    await scanTable(page, link);
    expect(pathOf()).toBe("/main");
    await page.getByRole("button", { name: COPY.orderList }).click();
    await page.getByTestId("order-list-item").first().waitFor();
    await page.getByTestId("order-list-item").first().click();
    await page.getByTestId("order-lines").waitFor();
    expect(await orderLineNames()).toEqual(ORDERED);
  });

  it("a reload on /order/list comes back to the list; a rescan there, then tapping the order, opens it", async () => {
    await page.locator(".adm-nav-bar-back").click();
    await page.getByTestId("order-list-page").waitFor();
    await reload();
    await page.getByTestId("order-list-item").first().waitFor();
    expect(pathOf()).toBe("/order/list");
    // the entry resumes the list (the saved page), which starts the store itself
    await page.goto(link);
    await page.getByTestId("order-list-item").first().waitFor();
    expect(pathOf()).toBe("/order/list");
    await page.getByTestId("order-list-item").first().click();
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf()).toBe("/order/detail");
    expect(await orderLineNames()).toEqual(ORDERED);
  });

  it("the order's link opened in a new tab works for its own diner", async () => {
    const tab = await context.newPage();
    try {
      await tab.goto(orderUrl);
      await tab.getByTestId("order-lines").waitFor();
      expect(await orderLineNames(tab)).toEqual(ORDERED);
    } finally {
      await tab.close();
    }
  });

  it("and for nobody outside the party: another table's diner, or the next party after the table is settled", async () => {
    const stranger = await phoneContext(browser);
    try {
      const tab = await stranger.newPage();
      // the order's id with another table's link: not this diner's order
      const elsewhere = new URL(otherTableLink);
      elsewhere.pathname = "/order/detail";
      elsewhere.searchParams.set("orderId", new URL(orderUrl).searchParams.get("orderId") ?? "");
      await tab.goto(elsewhere.toString());
      await tab.getByText(ORDER_COPY.notFound).waitFor();
      expect(await tab.getByTestId("order-line").count()).toBe(0);
      await tab.getByRole("button", { name: ORDER_COPY.viewOrders }).waitFor();

      // the party pays and leaves: the link, table token and all, shows the next party nothing
      const session = await staffSession(server, RID);
      const tableId = new URL(link).searchParams.get("tn") ?? "";
      expect((await settleTable(server, session, { rid: RID, tableId })).status).toBe(200);
      await tab.goto(orderUrl);
      await tab.getByText(ORDER_COPY.notFound).waitFor();
      expect(await tab.getByTestId("order-line").count()).toBe(0);
    } finally {
      await stranger.close();
    }
    // its own diner still reads it, settled
    await reload();
    await page.getByTestId("order-lines").waitFor();
    expect(await page.getByTestId("order-status").textContent()).toBe(ORDER_STATUS_TEXT[7]);
  });

  it("a cancelled order shows what was ordered, struck through, with who cancelled and a way back to ordering", async () => {
    await scanTable(page, link);
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    await expect.poll(() => barTotal(page)).toBe(TOTAL);
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    await page.getByRole("button", { name: ORDER_COPY.cancelOrder }).click();
    await page.getByRole("dialog").getByRole("button", { name: "确定" }).click();
    await expect.poll(() => page.getByTestId("order-status").textContent()).toBe(ORDER_STATUS_TEXT[4]);
    const line = page.getByTestId("order-line").first();
    expect(
      await line.locator(".order-line__name").evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toBe("line-through");
    expect(await line.textContent()).toContain(ORDER_COPY.cancelledTag);
    expect(await page.getByTestId("cancelled-total").textContent()).toContain(TOTAL);
    expect(await page.getByTestId("cancelled-by").textContent()).toContain(ORDER_COPY.cancelledBySelf);
    await page.getByRole("button", { name: ORDER_COPY.orderAgain }).click();
    await page.waitForURL(/\/main\?/);
    await page.getByTestId("table-name").waitFor();
  });

  it("a load straight onto /foodCombo, /business/map or /supplyInfo (a reload) shows the page with its data", async () => {
    const hotelid = new URL(link).searchParams.get("hotelid") ?? "";
    const combo = (await fetchFoods(server.url, hotelid)).find((dish) => dish.foodproperty === 3);
    if (!combo) throw new Error(`no combo at ${RESTAURANT}`);
    const at = (path: string, extra: Record<string, string> = {}, base = link) => {
      const url = new URL(base);
      url.pathname = path;
      for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
      return url.toString();
    };
    await page.goto(at("/foodCombo", { foodId: String(combo.id) }));
    await page.getByTestId("combo-group").first().waitFor();
    expect(pathOf()).toBe("/foodCombo");
    expect(await page.getByTestId("choice-page").textContent()).toContain(combo.name);

    await page.goto(at("/business/map"));
    await page.getByTestId("coordinates").waitFor();
    expect(pathOf()).toBe("/business/map");

    const quick = server.tables.find((t) => t.restaurant === "速味快餐");
    if (!quick) throw new Error("no table of 速味快餐");
    await page.goto(at("/supplyInfo", {}, quick.url));
    await page.getByTestId("supply-page").waitFor();
    expect(pathOf()).toBe("/supplyInfo");
    await scanTable(page, link);
  });

  it("prompt pages give a diner's headline, the spec's reason in small type, and a way on", async () => {
    const fresh = await phoneContext(browser);
    try {
      const tab = await fresh.newPage();
      // a restaurant that does not exist
      await tab.goto(`${server.url}/?hotelid=99999&tn=1&sid=nope`);
      await tab.getByTestId("prompt-view").waitFor();
      expect(await tab.getByTestId("abnormal-reason").textContent()).toBe(
        STARTUP_FAILURE_TEXT.restaurantInfo,
      );
      expect(await headline(tab)).toBe(PROMPT_COPY.menuNotOpened);
      await tab.getByRole("button", { name: PROMPT_COPY.retry }).waitFor();

      // a page opened with no table link at all, in a tab of its own (no table stored for it)
      const bare = await fresh.newPage();
      await bare.goto(`${server.url}/order/list`);
      await bare.getByTestId("prompt-view").waitFor();
      expect(await bare.getByTestId("abnormal-reason").textContent()).toBe(PROMPT_COPY.noHotelid);
      expect(await headline(bare)).toBe(PROMPT_COPY.tableNotFound);
      await bare.getByRole("button", { name: PROMPT_COPY.rescan }).click();
      await bare.getByText(PROMPT_COPY.scanHint).waitFor();
    } finally {
      await fresh.close();
    }
  });

  it("threw no page errors", () => {
    expect(errors).toEqual([]);
  });
});
