import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY, DISH_COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { scanTable } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

const RESTAURANT = "川味小馆";
/** limited to 3 in the demo */
const DISH = { category: "招牌菜", name: "松鼠桂鱼" };

/**
 * Stock the server pushes (socket type 20) reaches another table's phone at once (issue 16): the menu
 * card's 仅剩 n and 售罄, the open detail modal, and the search page, without a reload.
 */
describe("stock news from another table", () => {
  let server: RunningServer;
  let browser: Browser;
  let buyer: BrowserContext;
  let watcher: BrowserContext;
  let a: Page;
  let b: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const tables = server.tables.filter((t) => t.restaurant === RESTAURANT);
    [buyer, watcher] = await Promise.all([phoneContext(browser), phoneContext(browser)]);
    [a, b] = await Promise.all([buyer.newPage(), watcher.newPage()]);
    await Promise.all([scanTable(a, tables[0]?.url ?? ""), scanTable(b, tables[1]?.url ?? "")]);
  });
  afterAll(async () => {
    await buyer?.close();
    await watcher?.close();
    await browser?.close();
    await server?.stop();
  });

  async function buy(count: number): Promise<void> {
    const control = addControl(await menuCard(a, DISH.category, DISH.name));
    for (let i = 0; i < count; i += 1) await tap(plus(control));
    await cartBar(a).locator(".cart-bar__order").click();
    await a.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await a.getByTestId("order-lines").waitFor();
    await a.goBack();
    await a.getByTestId("table-name").waitFor();
  }

  it("an open detail modal and the card behind it follow another table's order, down to 售罄", async () => {
    const card = await menuCard(b, DISH.category, DISH.name);
    expect(await card.locator(".dish-card__attach").textContent()).toContain("仅剩3");
    await card.locator(".dish-card__name").click();
    const detail = b.getByTestId("dish-detail");
    await detail.waitFor();

    await buy(2);
    await expect.poll(() => card.locator(".dish-card__attach").textContent()).toContain("仅剩1");
    expect(await detail.locator(".dish-detail__status").count()).toBe(0);

    await buy(1);
    await expect.poll(() => detail.locator(".dish-detail__status").textContent()).toBe(DISH_COPY.soldOut);
    await b.getByRole("button", { name: DISH_COPY.close }).first().click();
    await detail.waitFor({ state: "detached" });
    expect(await card.locator(".dish-card__sold-out").textContent()).toBe(DISH_COPY.soldOut);
  });

  it("the search page shows it sold out too", async () => {
    await b.getByRole("button", { name: COPY.search }).click();
    await b.getByRole("searchbox").fill("松鼠");
    const result = b.getByTestId("search-results").getByTestId("dish-card").first();
    await result.waitFor();
    expect(await result.locator(".dish-card__sold-out").textContent()).toBe(DISH_COPY.soldOut);
  });
});
