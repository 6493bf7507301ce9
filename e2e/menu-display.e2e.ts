import { API, type Category, type Dish, sortCategories } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY } from "../apps/web/src/copy.js";
import { buildMenuSections } from "../apps/web/src/features/menu/sections.js";
import { RESTAURANT_COPY } from "../apps/web/src/features/restaurant/restaurant-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { openMenuPage } from "./support/diner-count.js";
import { type RunningServer, startServer } from "./support/server.js";

/** What a diner sees of the menu: the four templates, 老板推荐, search, the detail panel, the render window. */

const scroller = (page: Page) => page.getByTestId("menu-scroller");

/** The menu's scroll position and how far it can go. */
const scrollState = (page: Page) =>
  scroller(page).evaluate((element) => ({
    top: element.scrollTop,
    max: element.scrollHeight - element.clientHeight,
  }));

const scrollMenuTo = (page: Page, top: number) =>
  scroller(page).evaluate((element, to) => {
    element.scrollTop = to;
  }, top);

/** The category the menu marks as current (side bar or tabs). */
const activeCategory = (page: Page) =>
  page.locator(".menu-sidebar__item--active, .category-tabs__item--active").first().textContent();

async function fetchData<T>(server: RunningServer, path: string, hotelid: string): Promise<T> {
  const response = await fetch(`${server.url}${path}?restaurantId=${hotelid}&rid=${hotelid}`);
  return ((await response.json()) as { data: T }).data;
}

describe("the menu at a phone viewport", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];

  /** The first table's link of a demo restaurant (links are printed in restaurant order). */
  const linkOf = (restaurant: string) => {
    const table = server.tables.find((t) => t.restaurant === restaurant);
    if (!table) throw new Error(`no table of ${restaurant}`);
    return table.url;
  };

  const openMenu = (restaurant: string) => openMenuPage(context, linkOf(restaurant), errors);

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

  it.each([
    ["川味小馆", 1, "list", "200w_200h"],
    ["江南食府", 2, "big", "345w_195h"],
    ["速味快餐", 3, "nine", "223w_168h"],
    ["面面俱到", 4, "four", "200w_150h"],
  ])("%s draws template %i: %s cards with %s pictures, kept in step with its categories", async (name, template, variant, size) => {
    const page = await openMenu(name);
    const cards = page.locator(".menu-list [data-testid=dish-card]");
    // both counts from one look at the page: the render window may mount more cards between two looks
    const [all, drawn] = await page.evaluate(
      (v) => [
        document.querySelectorAll(".menu-list [data-testid=dish-card]").length,
        document.querySelectorAll(`.menu-list .dish-card--${v}`).length,
      ],
      variant,
    );
    expect(all).toBeGreaterThan(0);
    expect(drawn).toBe(all);
    const sources = await cards
      .locator("img")
      .evaluateAll((images) => images.map((img) => img.getAttribute("src")));
    expect(sources.every((src) => src?.endsWith(`@${size}_1e_1c`))).toBe(true);
    expect(await page.locator(".menu-sidebar").count()).toBe(template === 1 ? 1 : 0);
    expect(await page.locator(".category-tabs").count()).toBe(template === 1 ? 0 : 1);

    // tapping a category brings its heading under the category bar and marks it current
    await page
      .getByTestId("category-item")
      .filter({ hasText: /^主食$/ })
      .first()
      .click();
    expect(await activeCategory(page)).toBe("主食");
    const heading = page.locator(".menu-list__heading", { hasText: /^主食$/ });
    await heading.waitFor();
    const stuck = template === 1 ? 0 : 44;
    const gap = await heading.evaluate((element) => {
      const list = element.closest("[data-testid=menu-scroller]");
      return element.getBoundingClientRect().top - (list?.getBoundingClientRect().top ?? 0);
    });
    expect(Math.abs(gap - stuck)).toBeLessThan(2);

    // template 1: scrolling moves the current category with the list; 2-4 show 主食's page alone
    const { max } = await scrollState(page);
    await scrollMenuTo(page, max);
    await expect.poll(() => activeCategory(page)).toBe(template === 1 ? "称重海鲜" : "主食");
    if (template !== 1) {
      const tabs = await page.getByTestId("category-item").allTextContents();
      const next = tabs[tabs.indexOf("主食") + 1] ?? "";
      expect(await page.locator(".menu-body__pull-hint").textContent()).toBe(COPY.pullForNext(next));
    }
    await page.close();
  });

  it("shows the second-category strip of template 1 for 热菜 (川菜, 粤菜, 其它)", async () => {
    const page = await openMenu("川味小馆");
    await page
      .getByTestId("category-item")
      .filter({ hasText: /^热菜$/ })
      .click();
    const strip = page.getByTestId("second-category-strip");
    await strip.waitFor();
    expect(await strip.getByRole("button").allTextContents()).toEqual(["川菜", "粤菜", "其它"]);
    await strip.getByRole("button", { name: "粤菜" }).click();
    await expect.poll(() => strip.locator(".second-strip__item--active").textContent()).toBe("粤菜");
    await page
      .getByTestId("category-item")
      .filter({ hasText: /^汤羹$/ })
      .click();
    await strip.waitFor({ state: "detached" });
    await page.close();
  });

  it("opens the two-level category pop-up from the tabs' expand button", async () => {
    const page = await openMenu("速味快餐");
    await page.getByRole("button", { name: COPY.allCategories }).click();
    const popup = page.getByTestId("category-popup");
    await popup.waitFor();
    await popup.getByRole("tab", { name: "热菜" }).click();
    await popup.getByRole("button", { name: "粤菜" }).click();
    await popup.waitFor({ state: "hidden" });
    await expect.poll(() => activeCategory(page)).toBe("热菜");
    await page.close();
  });

  it("shows 老板推荐: template 2 features dishes large over a grid, template 1 scrolls them sideways", async () => {
    const featured = await openMenu("川味小馆");
    const block = featured.getByTestId("recommend-block");
    expect(await block.getByRole("heading", { level: 2 }).textContent()).toBe("老板推荐");
    const count = await block.getByTestId("recommend-card").count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(6);
    expect(await block.locator(".recommend__featured [data-testid=recommend-card]").count()).toBe(
      count % 2 === 1 ? 1 : 2,
    );
    expect(await block.locator(".recommend__grid [data-testid=recommend-card]").count()).toBeGreaterThan(0);
    const src = await block.getByTestId("recommend-card").first().locator("img").getAttribute("src");
    expect(src).toMatch(/@200w_200h_1e_1c$/);
    await featured.close();

    const sideways = await openMenu("江南食府");
    const row = sideways.getByTestId("recommend-block").locator(".recommend__scroller");
    expect(await row.getByTestId("recommend-card").count()).toBe(count);
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await sideways.close();
  });

  it("searches as the diner types, and going back finds the menu as it was left", async () => {
    const page = await openMenu("川味小馆");
    await scrollMenuTo(page, 1500);
    const before = await scrollState(page);
    await page.getByRole("button", { name: COPY.search }).click();
    await page.waitForURL(/\/search\?/);
    const input = page.getByRole("searchbox");
    await input.fill("鱼");
    const results = page.getByTestId("search-results").getByTestId("dish-card");
    await results.first().waitFor();
    const names = await results.locator(".dish-card__name").allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((dishName) => dishName.includes("鱼"))).toBe(true);

    await page.getByRole("button", { name: COPY.back }).click();
    await page.waitForURL(/\/main\?/);
    expect((await scrollState(page)).top).toBe(before.top);

    await page.getByRole("button", { name: COPY.search }).click();
    await page.waitForURL(/\/search\?/);
    expect(await input.inputValue()).toBe("鱼");
    expect(await results.locator(".dish-card__name").allTextContents()).toEqual(names);

    await input.fill("不存在的菜");
    await page.getByText("没有找到相关菜品").waitFor();
    await page.close();
  });

  it("opens the restaurant detail panel from 展开全部, and its map link", async () => {
    const page = await openMenu("川味小馆");
    await page.getByRole("button", { name: "展开全部" }).click();
    const panel = page.getByTestId("restaurant-detail");
    await panel.waitFor();
    expect(await panel.getByRole("heading", { level: 2 }).textContent()).toBe("川味小馆");
    expect(await panel.getByText("上海市徐汇区漕溪北路88号2楼").count()).toBe(1);
    expect(await panel.getByRole("link", { name: "021-64381234" }).getAttribute("href")).toBe(
      "tel:021-64381234",
    );
    await panel.getByRole("link", { name: RESTAURANT_COPY.viewMap }).click();
    await page.waitForURL(/\/business\/map\?/);
    expect(await page.getByTestId("coordinates").textContent()).toBe("纬度31.1946°N经度121.437°E");
    await page.getByRole("button", { name: COPY.back }).click();
    await page.waitForURL(/\/main\?/);
    await page.close();
  });

  it("renders only a window of the 500-dish menu, and scrolling to the end still reaches the last dish", async () => {
    const table = server.tables.find((t) => t.restaurant === "百味大食堂") ?? server.tables.at(-1);
    const hotelid = new URL(table?.url ?? "").searchParams.get("hotelid") ?? "";
    const [categories, foods] = await Promise.all([
      fetchData<Category[]>(server, API.foodCategory, hotelid),
      fetchData<Dish[]>(server, API.foodList, hotelid),
    ]);
    const menu = buildMenuSections(sortCategories(categories), foods).flatMap((s) =>
      s.groups.flatMap((g) => g.dishes),
    );
    const page = await openMenu(table?.restaurant ?? "");
    const inDom = () => page.locator(".menu-list [data-testid=dish-card]").count();
    expect(await inDom()).toBeLessThan(Math.min(60, menu.length));

    const { max } = await scrollState(page);
    for (let top = 0; top < max; top += 700) {
      await scrollMenuTo(page, top);
      await page.waitForTimeout(16);
    }
    await scrollMenuTo(page, max);
    const last = menu.at(-1);
    const lastCard = page.locator(`.menu-list [data-dish-id="${last?.dishesId}"]`);
    await lastCard.waitFor();
    expect(await lastCard.isVisible()).toBe(true);
    // cards scrolled past leave a few a frame
    await expect.poll(inDom).toBeLessThan(Math.min(60, menu.length));
    if (table?.restaurant === "百味大食堂") expect(menu.length).toBe(500);
    await page.close();
  });
});
