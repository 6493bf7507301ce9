import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY, DISH_COPY } from "../apps/web/src/copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { openMenuPage } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

/**
 * The menu kept alive (spec 000 §2) across a round trip to the order page, and pulling to change
 * page (000 §5) with real touch events, in Chromium at a phone viewport.
 */

const scroller = (page: Page) => page.getByTestId("menu-scroller");
const scrollTopOf = (page: Page) => scroller(page).evaluate((element) => element.scrollTop);
const activeCategory = (page: Page) =>
  page.locator(".menu-sidebar__item--active, .category-tabs__item--active").first().textContent();

/** What the middle of the menu's scroller shows: a dish's name or a heading, never a blank. */
const shownAtMiddle = (page: Page) =>
  scroller(page).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width * 0.75, box.top + box.height / 2);
    const card = hit?.closest("[data-testid=dish-card], .menu-list__heading");
    return card ? (card.querySelector(".dish-card__name")?.textContent ?? card.textContent) : null;
  });

/** A one-finger drag on the menu, `dy` px downward (negative: upward), in steps as a finger moves. */
async function drag(page: Page, dy: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const x = 200;
  const y = 420;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x, y: y + (dy * step) / 6 }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

describe("the kept-alive menu and the pull between pages", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];

  function openMenu(restaurant: string): Promise<Page> {
    const table = server.tables.find((t) => t.restaurant === restaurant);
    if (!table) throw new Error(`no table of ${restaurant}`);
    return openMenuPage(context, table.url, errors);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    context = await phoneContext(browser);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    expect(errors).toEqual([]);
  });

  it("comes back from /order/subOrder with the menu's scroll position and category and the search's text", async () => {
    const page = await openMenu("川味小馆");
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    await cartBar(page).getByTestId("cart-total").waitFor();

    await page.getByRole("button", { name: COPY.search }).click();
    await page.waitForURL(/\/search\?/);
    const input = page.getByRole("searchbox");
    await input.fill("鱼");
    const results = page.getByTestId("search-results").getByTestId("dish-card");
    await results.first().waitFor();
    const found = await results.locator(".dish-card__name").allTextContents();
    await page.getByRole("button", { name: COPY.back }).click();
    await page.waitForURL(/\/main\?/);

    await scroller(page).evaluate((element) => {
      element.scrollTop = 2600;
    });
    await expect.poll(() => shownAtMiddle(page)).not.toBeNull();
    const top = await scrollTopOf(page);
    const category = await activeCategory(page);
    const middle = await shownAtMiddle(page);
    expect(top).toBeGreaterThan(2000);

    // on with the cart's list open: the list does not stay over the order page
    await cartBar(page).getByRole("button", { name: DISH_COPY.cart }).click();
    await page.getByTestId("cart-lines").waitFor();
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByTestId("cart-lines").waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/order/subOrder");
    await page.goBack();
    await page.waitForURL(/\/main\?/);
    // the same place at once: the list was never dropped, so no frame shows it blank
    expect(await shownAtMiddle(page)).toBe(middle);
    expect(Math.abs((await scrollTopOf(page)) - top)).toBeLessThanOrEqual(3);
    expect(await activeCategory(page)).toBe(category);

    await page.getByRole("button", { name: COPY.search }).click();
    await page.waitForURL(/\/search\?/);
    expect(await input.inputValue()).toBe("鱼");
    expect(await results.locator(".dish-card__name").allTextContents()).toEqual(found);
    await page.close();
  });

  it("turns the page of template 2 with a pull of more than 50 px, not with one of 50 px or less", async () => {
    const page = await openMenu("江南食府");
    const tabs = await page.getByTestId("category-item").allTextContents();
    const at = tabs.indexOf("主食");
    const next = tabs[at + 1];
    expect(at).toBeGreaterThanOrEqual(0);
    expect(next).toBeDefined();
    await page
      .getByTestId("category-item")
      .filter({ hasText: /^主食$/ })
      .click();
    await expect.poll(() => activeCategory(page)).toBe("主食");
    await scroller(page).evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    expect(await page.locator(".menu-body__pull-hint").textContent()).toBe(COPY.pullForNext(next ?? ""));

    await drag(page, -45);
    expect(await activeCategory(page)).toBe("主食");
    await drag(page, -120);
    await expect.poll(() => activeCategory(page)).toBe(next);
    const heading = page.locator(".menu-list__heading").first();
    expect(await heading.textContent()).toBe(next);
    // the new page starts under the tabs (once its scroll has settled: under load it lands a frame later)
    const gap = () =>
      heading.evaluate((element) => {
        const list = element.closest("[data-testid=menu-scroller]");
        return element.getBoundingClientRect().top - (list?.getBoundingClientRect().top ?? 0);
      });
    await expect.poll(async () => Math.abs((await gap()) - 44)).toBeLessThan(2);

    // down past 50 px at the top goes back a page
    await scroller(page).evaluate((element) => {
      element.scrollTop = 0;
    });
    await drag(page, 120);
    await expect.poll(() => activeCategory(page)).toBe("主食");
    await page.close();
  });
});
