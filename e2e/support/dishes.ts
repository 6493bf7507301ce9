import {
  API,
  type CartLine,
  type Dish,
  parseDetailId,
  summarizeCart,
  TIMING,
  truncateMoney,
} from "@tablemate/core";
import type { Locator, Page } from "playwright-core";
import { DISH_COPY } from "../../apps/web/src/copy.js";
import { CART_CACHE_PREFIX } from "../../apps/web/src/features/cart/cart-cache.js";
import { SUBMIT_COPY } from "../../apps/web/src/features/checkout/checkout-copy.js";

/** Driving the dish controls, modals and cart bar of the menu as a diner does. */

/** The menu as the server sends it, to price the cart with core exactly as the server will. */
export async function fetchFoods(serverUrl: string, hotelid: string): Promise<Dish[]> {
  const response = await fetch(`${serverUrl}${API.foodList}?restaurantId=${hotelid}`);
  const envelope = (await response.json()) as { data: Dish[] };
  return envelope.data;
}

/** Scrolls the menu to a category by tapping it in the category bar. */
export async function showCategory(page: Page, name: string): Promise<void> {
  await page
    .getByTestId("category-item")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .first()
    .click();
}

/** A dish's card in the menu list (not the recommendation block), scrolled into view. */
export async function menuCard(page: Page, category: string, name: string): Promise<Locator> {
  await showCategory(page, category);
  const card = page
    .getByTestId("dish-card")
    .filter({ has: page.locator(".dish-card__name", { hasText: new RegExp(`^${name}$`) }) })
    .first();
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** The add control's part of a card. */
export const addControl = (card: Locator): Locator => card.locator("[data-own-taps]");

/**
 * Taps + or − of a control. Add and minus let one tap through per 300 ms (spec 000 §5): that period
 * has to pass before the next tap counts, so it is waited out first.
 */
export async function tap(button: Locator): Promise<void> {
  await button.page().waitForTimeout(TIMING.addThrottleMs);
  await button.click();
}

export const plus = (scope: Locator): Locator =>
  scope.getByRole("button", { name: DISH_COPY.plus, exact: true });
export const minus = (scope: Locator): Locator =>
  scope.getByRole("button", { name: DISH_COPY.minus, exact: true });

/** Types on the open keypad and confirms. */
export async function typeOnKeypad(page: Page, text: string): Promise<void> {
  const sheet = page.getByTestId("quantity-sheet");
  await sheet.waitFor();
  for (const key of text) await sheet.getByRole("button", { name: key, exact: true }).click();
  await sheet.getByRole("button", { name: DISH_COPY.confirm, exact: true }).click();
  await sheet.waitFor({ state: "detached" });
}

export const cartBar = (page: Page): Locator => page.getByTestId("cart-bar").filter({ visible: true });

/**
 * Orders what the shared cart holds, from the menu: the cart bar's order button, then the submit
 * button on the order page. Where the order goes next (its page, /pay) is the caller's to wait for.
 */
export async function submitCart(page: Page): Promise<void> {
  await cartBar(page).locator(".cart-bar__order").click();
  await page.getByTestId("suborder-page").waitFor();
  await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
}

export async function barTotal(page: Page): Promise<string | null> {
  const total = cartBar(page).getByTestId("cart-total");
  return (await total.count()) > 0 ? total.textContent() : null;
}

/** The lines the page keeps in its cart cache (localStorage). */
export async function cachedLines(page: Page): Promise<CartLine[]> {
  const saved = await page.evaluate((prefix) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith(prefix));
    return key ? localStorage.getItem(key) : null;
  }, CART_CACHE_PREFIX);
  if (!saved) return [];
  const { lines } = JSON.parse(saved) as { lines: Array<[string, string, string]> };
  return lines.flatMap(([detailId, count, memo]) => {
    const parsed = parseDetailId(detailId);
    return parsed ? [{ ...parsed, detailId, count, memo }] : [];
  });
}

/** What core charges for the page's cart, as the bar should show it. */
export async function coreTotal(page: Page, foods: readonly Dish[], isMember = false): Promise<string> {
  const lines = await cachedLines(page);
  const summary = summarizeCart(lines, (id) => foods.find((dish) => dish.dishesId === id), isMember);
  return `¥${truncateMoney(summary.total)}`;
}
