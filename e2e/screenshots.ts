/**
 * Starts the product and saves phone-sized screenshots of its pages to e2e/screenshots/, so anyone
 * can look at what a diner sees: `npm run screenshots` (after `npm run build`).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchChromium, phoneContext } from "./support/browser.js";
import { shootCheckoutScreens } from "./support/checkout-shots.js";
import { shootDishScreens } from "./support/dish-shots.js";
import { shootMenuScreens } from "./support/menu-shots.js";
import { shootOrderStatusScreens } from "./support/order-status-shots.js";
import { startServer } from "./support/server.js";

const OUT = new URL("./screenshots/", import.meta.url).pathname;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const [server, browser] = await Promise.all([startServer(), launchChromium()]);
  try {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // the first table of each demo restaurant
    const firstLinks = [
      ...new Map(server.links.map((l) => [new URL(l).searchParams.get("hotelid"), l])).values(),
    ];
    const shots: Array<[string, string]> = [
      ...firstLinks.map((link, i): [string, string] => [`menu-restaurant-${i + 1}`, link]),
      ["abnormal-forged-link", (server.links[0] ?? "").replace(/sid=[\w-]+/, "sid=forged")],
      ["not-found", `${server.url}/no-such-page`],
    ];
    const shoot = async (shotPage: Page, name: string) => {
      await shotPage.screenshot({ path: `${OUT}${name}.png` });
      process.stdout.write(`${OUT}${name}.png\n`);
    };
    for (const [name, url] of shots) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(300);
      await shoot(page, name);
    }
    // the menu templates, the category pop-up, search, the restaurant detail and map, the entry view
    await shootMenuScreens(context, server, shoot);
    // the dish modals, the keypad, the combo page and the cart, at the first table
    await shootDishScreens(context, server.links[0] ?? "", shoot);
    // the order confirmation, the order placed, the order list and the supply form
    await shootCheckoutScreens(context, server, shoot);
    // the cashier's settle while the diner adds dishes: the alert, then the settled order
    await shootOrderStatusScreens(context, server, shoot);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
