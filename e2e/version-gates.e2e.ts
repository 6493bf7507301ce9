import { addKind } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, phoneContext } from "./support/browser.js";
import { openMenuPage } from "./support/diner-count.js";
import { addControl, cartBar, fetchFoods, menuCard, plus, tap } from "./support/dishes.js";
import { memberBanner } from "./support/member.js";
import { type RunningServer, startServer } from "./support/server.js";

/**
 * The register-version gates (spec 000 §9) in Chromium at a phone viewport: the demo's 阿婆粥铺 runs
 * register 2.22.00 (no combos, no member prices), 江南食府 the current one; both use template 2.
 */
describe("a restaurant on an old register", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];

  function openMenu(restaurant: string): Promise<Page> {
    const table = server.tables.find((t) => t.restaurant === restaurant);
    if (!table) throw new Error(`no table of ${restaurant}`);
    return openMenuPage(context, table.url, errors);
  }

  const categories = (page: Page) => page.getByTestId("category-item").allTextContents();
  /** the 会员价 tags the cards mounted now show */
  const memberTags = (page: Page) => page.getByText(/^会员价\d/).count();

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

  it("a current register (江南食府) offers its 套餐 and tags member prices 会员价", async () => {
    const page = await openMenu("江南食府");
    expect(await categories(page)).toContain("套餐");
    expect(await memberTags(page)).toBeGreaterThan(0);
    await page
      .getByTestId("category-item")
      .filter({ hasText: /^套餐$/ })
      .click();
    await page.getByText("儿童欢乐套餐").first().waitFor();
    await page.close();
  });

  /** The batch of modules seen that leaving the menu sends (001 §9), as our server answered it. */
  async function modulesSeenOn(page: Page): Promise<{ modules: string[]; status: number }> {
    // the tracking loads with the menu's idle layer, on the diner's first use of the page (a key)
    await memberBanner(page);
    const answer = page.waitForResponse((r) => r.url().includes("/cloud/api/v1/module-views"));
    // seen over at least one look (1 s), then the page is left: the batch goes with it
    await page.waitForTimeout(1500);
    await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
    const response = await answer;
    return { modules: response.request().postDataJSON().modules, status: response.status() };
  }

  it("江南食府 (2.35.15) offers 整单打包带走 on the order page, and records the menu's modules seen", async () => {
    const page = await openMenu("江南食府");
    const seen = await modulesSeenOn(page);
    expect(seen.status).toBe(200);
    expect(seen.modules).toContain("header");
    expect(seen.modules.some((key) => /^[cs]\d+$/.test(key))).toBe(true);
    // a plain dish (no options, not weighed, on sale): its card's + puts one in the cart
    const table = server.tables.find((t) => t.restaurant === "江南食府");
    const foods = await fetchFoods(server.url, new URL(table?.url ?? "").searchParams.get("hotelid") ?? "");
    const dish = foods.find(
      (d) => addKind(d) === "plain" && !d.Weigh && d.estimate === -1 && d.availableStatus === 1,
    );
    if (!dish) throw new Error("no plain dish at 江南食府");
    await tap(plus(addControl(await menuCard(page, dish.type, dish.name))));
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByText("整单打包带走").waitFor();
    await page.close();
  });

  it("阿婆粥铺 (2.22.00) shows the same menu without combos and without any 会员价 tag", async () => {
    const page = await openMenu("阿婆粥铺");
    const shown = await categories(page);
    expect(shown).not.toContain("套餐");
    expect(shown).toContain("招牌菜");
    expect(await memberTags(page)).toBe(0);
    // the last category before 套餐 on the current register: still no combo after it
    await page
      .getByTestId("category-item")
      .filter({ hasText: /^酒水$/ })
      .click();
    await page.getByTestId("dish-card").filter({ hasText: "青岛啤酒" }).first().waitFor();
    expect(await page.getByText(/套餐$/).count()).toBe(0);
    expect(await memberTags(page)).toBe(0);
    await page.close();
  });
});
