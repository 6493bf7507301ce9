import { API } from "@tablemate/core";
import type { BrowserContext, Page } from "playwright-core";
import { COPY } from "../../apps/web/src/copy.js";
import { RESTAURANT_COPY } from "../../apps/web/src/features/restaurant/restaurant-copy.js";
import { scanTable } from "./diner-count.js";
import type { RunningServer } from "./server.js";

/** Lets a pop-up's opening animation finish before the picture is taken. */
const settle = (page: Page) => page.waitForTimeout(450);

/** The four menu templates, one demo restaurant each. */
const TEMPLATES: ReadonlyArray<[number, string]> = [
  [1, "川味小馆"],
  [2, "江南食府"],
  [3, "速味快餐"],
  [4, "面面俱到"],
];

function firstTable(server: RunningServer, restaurant: string): string {
  return server.tables.find((table) => table.restaurant === restaurant)?.url ?? server.links[0] ?? "";
}

async function openMenu(page: Page, link: string): Promise<void> {
  await scanTable(page, link);
  await page.getByTestId("dish-card").first().waitFor();
  await page.waitForLoadState("networkidle");
}

/** Scrolls the menu to a category by tapping it, as a diner does. */
async function showCategory(page: Page, name: string): Promise<void> {
  await page
    .getByTestId("category-item")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .first()
    .click();
  await page.waitForTimeout(200);
}

/**
 * The menu's screens: each template scrolled to its dishes (热菜, where template 1 shows its
 * second-category strip), the category pop-up, search, the restaurant detail panel and map, and
 * the branded entry view; each calls `shoot` with the picture's name.
 */
export async function shootMenuScreens(
  context: BrowserContext,
  server: RunningServer,
  shoot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  let page = await context.newPage();
  for (const [template, restaurant] of TEMPLATES) {
    await openMenu(page, firstTable(server, restaurant));
    await showCategory(page, "热菜");
    await shoot(page, `menu-template-${template}`);
  }

  // still on template 4: its tabs' expand button
  await page.getByRole("button", { name: COPY.allCategories }).click();
  await page.getByTestId("category-popup").waitFor();
  await settle(page);
  await shoot(page, "menu-category-popup");

  await openMenu(page, firstTable(server, "川味小馆"));
  await page.getByRole("button", { name: COPY.expandAll }).click();
  await page.getByTestId("restaurant-detail").waitFor();
  await settle(page);
  await shoot(page, "menu-restaurant-detail");
  await page.getByRole("link", { name: RESTAURANT_COPY.viewMap }).click();
  await page.getByTestId("coordinates").waitFor();
  await shoot(page, "business-map");

  // a new tab: this one's session would resume the map page on the next scan (spec 000 §2)
  await page.close();
  page = await context.newPage();
  await openMenu(page, firstTable(server, "川味小馆"));
  await page.getByRole("button", { name: COPY.search }).click();
  await page.getByRole("searchbox").fill("鱼");
  await page.getByTestId("search-results").getByTestId("dish-card").first().waitFor();
  await shoot(page, "search-results");
  await page.getByRole("searchbox").fill("牛排");
  await page.getByText(COPY.searchEmpty).waitFor();
  await shoot(page, "search-empty");

  // the first load's branded view, held on screen while the food list is delayed
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.close();
  page = await context.newPage();
  await page.route(`**${API.foodList}?*`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(firstTable(server, "江南食府"));
  await page.getByRole("status").waitFor();
  await shoot(page, "menu-entry-loading");
  release();
  await page.close();

  // 阿婆粥铺 runs an old register (2.22.00): its categories have no 套餐 (spec 000 §9); its menu
  // without 会员价 tags is menu-restaurant-8
  page = await context.newPage();
  await openMenu(page, firstTable(server, "阿婆粥铺"));
  await page.getByRole("button", { name: COPY.allCategories }).click();
  await page.getByTestId("category-popup").waitFor();
  await settle(page);
  await shoot(page, "menu-old-register-categories");
  await page.close();
}
