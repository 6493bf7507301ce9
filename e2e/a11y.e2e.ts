import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISH_COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { seriousViolations } from "./support/axe.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { scanTable } from "./support/diner-count.js";
import { menuCard } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

const SHOTS = join(new URL(".", import.meta.url).pathname, "screenshots");

/** Whether the focused element draws its focus (an outline of some width), and whether it is `target`. */
const focusOn = (target: Locator) =>
  target.evaluate((el) => {
    const focused = document.activeElement;
    const style = focused && focused !== document.body ? getComputedStyle(focused) : null;
    return {
      at: focused === el,
      // the app draws 3 px; the payment provider's own page (the sandbox's checkout) its browser's ring
      drawn: style === null || style.outlineStyle !== "none",
      name: focused
        ? `${focused.tagName} ${focused.getAttribute("aria-label") ?? focused.textContent ?? ""}`
        : "",
    };
  });

/** Presses Tab until `target` has the focus, each focused control on the way drawn as focused. */
async function tabTo(page: Page, target: Locator, most = 400): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press("Tab");
    const focus = await focusOn(target);
    expect(focus.drawn, `focus drawn on ${focus.name}`).toBe(true);
    if (focus.at) return;
  }
  throw new Error(`${most} presses of Tab never reached ${target}`);
}

/** Whether the focus is inside `scope`. */
const focusInside = (scope: Locator) => scope.evaluate((el) => el.contains(document.activeElement));

/**
 * Accessibility (issue 28, WCAG 2.2 AA): a whole order goes by keyboard alone, every control it passes
 * drawing its focus, the sheets keeping the focus and giving it back; the menu's large-text switch
 * (长辈版) scales the page, spaces its lines and is remembered, with no serious or critical axe-core
 * violation in large text at 360 px.
 */
describe("accessibility", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a whole order by keyboard alone: count, a dish with add-ons, the cart, submit, pay", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // 川味小馆's 包间-芙蓉, a table no tour stop shows: the diner count first, then the menu
    const table = server.tables.filter((t) => t.restaurant === "川味小馆").at(-1);
    await page.goto(table?.url ?? "");
    await tabTo(page, page.getByRole("button", { name: "1人", exact: true }));
    await page.keyboard.press("Enter");
    await page.getByTestId("table-name").waitFor();

    // 毛血旺 (sizes): its sheet takes the focus and keeps it, and gives it back when it closes
    const dish = page
      .getByTestId("dish-card")
      .filter({ has: page.locator(".dish-card__name", { hasText: /^毛血旺$/ }) })
      .first();
    const add = dish.locator("[data-own-taps]");
    await tabTo(page, add.getByRole("button").first());
    await page.keyboard.press("Enter");
    const sheet = page.getByTestId("dish-sheet");
    await sheet.waitFor();
    await expect.poll(() => focusInside(sheet)).toBe(true);
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press("Tab");
      expect(await focusInside(sheet)).toBe(true);
    }
    await tabTo(page, sheet.getByRole("button", { name: DISH_COPY.addToCart }));
    await page.keyboard.press("Enter");
    await sheet.waitFor({ state: "detached" });
    await expect.poll(() => focusInside(add)).toBe(true);

    // the cart: opened, looked at, closed with Escape, the focus back on its button
    const cartButton = page.getByRole("button", { name: DISH_COPY.cart, exact: true });
    await tabTo(page, cartButton);
    await page.keyboard.press("Enter");
    const lines = page.getByTestId("cart-lines");
    await lines.getByText("毛血旺").waitFor();
    await expect.poll(() => focusInside(page.locator(".cart-sheet__body"))).toBe(true);
    await page.keyboard.press("Escape");
    await lines.waitFor({ state: "hidden" });
    await expect.poll(async () => (await focusOn(cartButton)).at).toBe(true);

    // submit, then the bill paid at the sandbox
    await tabTo(page, page.getByRole("button", { name: DISH_COPY.toOrder }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: SUBMIT_COPY.submit }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: ORDER_COPY.payBill }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: PAY_COPY.payMine }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/sandbox-pay\/checkout\//);
    await tabTo(page, page.getByRole("button", { name: /^支付 ¥/ }));
    await page.keyboard.press("Enter");
    await page.getByText(PAY_COPY.success).waitFor();
    await context.close();
  }, 400_000);

  it("large text (长辈版) on the one long list (template 1): a category far down shows its dishes", async () => {
    const context = await phoneContext(browser);
    await context.addInitScript(() => localStorage.setItem("tm-large-text", "1"));
    const page = await context.newPage();
    const table = server.tables.filter((t) => t.restaurant === "川味小馆").at(-1);
    await scanTable(page, table?.url ?? "");
    // the list draws what the zoomed page scrolls to (its layout in CSS px, the page's boxes zoomed)
    const rice = await menuCard(page, "主食", "扬州炒饭");
    expect(await rice.isVisible()).toBe(true);
    await context.close();
  });

  it("large text (长辈版): the menu's switch draws the page 1.3× as large, lines spaced 1.5, and is remembered", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const table = server.tables.filter((t) => t.restaurant === "江南食府").at(-1);
    await scanTable(page, table?.url ?? "");
    const dishName = page.getByTestId("dish-card").locator(".dish-card__name").first();
    await dishName.waitFor();
    const drawn = () =>
      dishName.evaluate((el) => {
        const style = getComputedStyle(el);
        const size = Number.parseFloat(style.fontSize);
        const line = Number.parseFloat(style.lineHeight);
        return {
          height: el.getBoundingClientRect().height,
          lineRatio: Number.isNaN(line) ? 1.5 : line / size,
        };
      });
    const before = await drawn();
    await page.screenshot({ path: join(SHOTS, "a11y-menu@390x844.png") });
    const toggle = page.getByRole("button", { name: "大字模式" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    const after = await drawn();
    expect(after.height / before.height).toBeGreaterThanOrEqual(1.3);
    expect(after.lineRatio).toBeGreaterThanOrEqual(1.3);
    await page.screenshot({ path: join(SHOTS, "a11y-menu-large@390x844.png") });
    // remembered on the phone: a new load draws large text from its first paint
    await page.reload();
    await page.getByTestId("table-name").waitFor();
    await dishName.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("large-text"))).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(SHOTS, "a11y-menu-large@360x740.png") });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "大字模式" }).click();
    await page.screenshot({ path: join(SHOTS, "a11y-menu@360x740.png") });
    await context.close();
  });
});
