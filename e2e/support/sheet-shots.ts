import { NOTE_TAG_PRESENT, ORDER_STATUS, ORDER_STATUS_TEXT, PAGE_DATA_ELEMENT_ID } from "@tablemate/core";
import type { BrowserContext, Page } from "playwright-core";
import { CHECKOUT_COPY, COPY, DISH_COPY, SHARED_CART_COPY } from "../../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../../apps/web/src/features/order/order-copy.js";
import { scanTable } from "./diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./dishes.js";
import type { RunningServer } from "./server.js";
import type { Stop } from "./tour.js";

/**
 * Holds the page's clock, so the toast about to be raised (2.5 s) stays on screen for as long as the
 * next stop takes. It is held 5 s ahead of the page's time (the call arrives well before: a pause must
 * not be in the page's past), at an idle moment, so no timer of the page falls due in between.
 * `page.clock.resume()` after.
 */
async function holdClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
}

/** A new page with the menu of a table. */
async function openMenu(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await scanTable(page, url);
  return page;
}

/**
 * The sheets, dialogs and toasts the other parts of the tour pass by, at a table of 川味小馆: the
 * diner-count picker, the keypad over the menu,
 * the cart line's note editor with a toast over it, the cancel confirmation and the cancelled order,
 * and the register-offline alert at 江南食府. It installs a clock on the context (to hold a toast):
 * nothing after it in its lane should need the real one.
 */
export async function shootSheetScreens(
  context: BrowserContext,
  server: RunningServer,
  stop: Stop,
): Promise<void> {
  // its next to last table: the link screens show the last one
  const table = server.tables.filter((t) => t.restaurant === "川味小馆").at(-2);
  const other = server.tables.find((t) => t.restaurant === "江南食府");
  if (!table || !other) throw new Error("demo tables missing");
  await context.clock.install();
  const page = await openMenu(context, table.url);

  await page.getByTestId("diner-count").click();
  const counts = page.getByRole("listbox", { name: SHARED_CART_COPY.peopleTitle });
  await counts.waitFor();
  await stop(page, "diner-count-picker");
  await counts.getByRole("option", { name: SHARED_CART_COPY.people(2), exact: true }).click();
  await counts.waitFor({ state: "hidden" });

  await tap(plus(addControl(await menuCard(page, "称重海鲜", "野生大黄鱼"))));
  const keypad = page.getByTestId("quantity-sheet");
  for (const key of "1.5") await keypad.getByRole("button", { name: key, exact: true }).click();
  await stop(page, "quantity-keypad-menu");
  await keypad.getByRole("button", { name: DISH_COPY.confirm, exact: true }).click();
  await keypad.waitFor({ state: "detached" });

  await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
  await cartBar(page).getByRole("button", { name: DISH_COPY.cart }).click();
  await page.getByTestId("cart-line").filter({ hasText: "拍黄瓜" }).locator(".cart-line__text").click();
  const note = page.getByTestId("comment-text");
  await note.waitFor();
  await stop(page, "cart-note-editor");
  const tag = page.locator(".comment-dialog__tag").first();
  await tag.click();
  await holdClock(page);
  await tag.click();
  await page.getByRole("status").filter({ hasText: NOTE_TAG_PRESENT }).waitFor();
  await stop(page, "toast-over-note-editor");
  await page.clock.resume();
  await page.getByTestId("comment-save").click();
  await note.waitFor({ state: "detached" });
  await page.getByRole("button", { name: DISH_COPY.cart }).first().click();
  await page.getByTestId("cart-lines").waitFor({ state: "hidden" });

  await cartBar(page).locator(".cart-bar__order").click();
  await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
  await page.getByTestId("order-lines").waitFor();
  await page.getByRole("button", { name: ORDER_COPY.cancelOrder }).click();
  const sure = page.getByRole("dialog").filter({ hasText: ORDER_COPY.cancelConfirm });
  await sure.waitFor();
  await stop(page, "order-cancel-confirm");
  await sure.getByRole("button", { name: CHECKOUT_COPY.confirm }).click();
  const cancelled = page.getByRole("status").filter({ hasText: ORDER_COPY.cancelled });
  await cancelled.waitFor();
  await cancelled.waitFor({ state: "detached" });
  await page
    .getByTestId("order-status")
    .filter({ hasText: ORDER_STATUS_TEXT[ORDER_STATUS.cancelled] })
    .waitFor();
  await stop(page, "order-cancelled");
  await page.close();

  // the register offline: the page's data says so (no demo restaurant's register is offline), edited
  // before the app reads it (its scripts start after the first paint); the alert follows in 1 s
  const offline = await context.newPage();
  await offline.addInitScript((id) => {
    document.addEventListener("DOMContentLoaded", () => {
      const data = document.getElementById(id);
      if (data?.textContent)
        data.textContent = data.textContent.replace('"posOnline":true', '"posOnline":false');
    });
  }, PAGE_DATA_ELEMENT_ID);
  await scanTable(offline, other.url);
  const alert = offline.getByRole("dialog").filter({ hasText: COPY.posOffline });
  await alert.waitFor();
  await stop(offline, "pos-offline-alert");
  await alert.getByRole("button", { name: COPY.gotIt }).click();
  await alert.waitFor({ state: "detached" });
  await offline.close();
}
