import type { BrowserContext, Page } from "playwright-core";
import { CHECKOUT_COPY, COPY } from "../../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../../apps/web/src/features/pay/pay-copy.js";
import { scanTable } from "./diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./dishes.js";
import type { RunningServer } from "./server.js";

const settle = (page: Page) => page.waitForTimeout(450);

async function openWithCucumbers(context: BrowserContext, link: string, count: number): Promise<Page> {
  const page = await context.newPage();
  await scanTable(page, link);
  const card = await menuCard(page, "凉菜", "拍黄瓜");
  for (let i = 0; i < count; i++) await tap(plus(addControl(card)));
  return page;
}

/**
 * The order pages: the order confirmation, the order placed, the order list (川味小馆, a table of
 * its own), the supply form (速味快餐, quick-service mode 1), a reservation's form, its time sheet and
 * its order page (宴遇私房菜), and the table picker opened from the order page with the order it places
 * (阿婆粥铺, quick-service with no food-taking mode).
 */
export async function shootCheckoutScreens(
  context: BrowserContext,
  server: RunningServer,
  shoot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  const dine = server.tables.filter((t) => t.restaurant === "川味小馆")[1];
  const fast = server.tables.find((t) => t.restaurant === "速味快餐");
  const reserved = server.tables.find((t) => t.restaurant === "宴遇私房菜");
  const [scanned, , picked] = server.tables.filter((t) => t.restaurant === "阿婆粥铺");
  if (!dine || !fast || !reserved || !scanned || !picked) throw new Error("demo tables missing");

  const page = await openWithCucumbers(context, dine.url, 2);
  await cartBar(page).locator(".cart-bar__order").click();
  await page.getByTestId("suborder-page").waitFor();
  await page.getByRole("textbox", { name: SUBMIT_COPY.wholeMemo }).fill("少辣，快点上菜");
  await settle(page);
  await shoot(page, "order-suborder");
  await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
  await page.getByTestId("order-lines").waitFor();
  await settle(page);
  await shoot(page, "order-detail");
  await page.getByRole("button", { name: ORDER_COPY.addToOrder }).click();
  await page.getByTestId("table-name").waitFor();
  await page.getByRole("button", { name: COPY.orderList }).click();
  await page.getByTestId("order-list-item").first().waitFor();
  await settle(page);
  await shoot(page, "order-list");
  await page.close();

  const quick = await openWithCucumbers(context, fast.url, 1);
  await cartBar(quick).locator(".cart-bar__order").click();
  await quick.getByTestId("supply-page").waitFor();
  await settle(quick);
  await shoot(quick, "supply-info");
  await quick.close();

  await shootReservation(context, reserved.url, shoot);

  const picking = await openWithCucumbers(context, scanned.url, 2);
  await cartBar(picking).locator(".cart-bar__order").click();
  await picking.getByTestId("suborder-page").waitFor();
  await picking.getByRole("button", { name: SUBMIT_COPY.changeTable }).click();
  const dialog = picking.getByRole("dialog");
  await dialog.getByRole("button", { name: CHECKOUT_COPY.confirm }).waitFor();
  await settle(picking);
  await shoot(picking, "table-picker");
  await dialog.getByRole("combobox", { name: SUBMIT_COPY.pickTable }).selectOption({ label: picked.table });
  await dialog.getByRole("button", { name: CHECKOUT_COPY.confirm }).click();
  await picking.getByRole("button", { name: SUBMIT_COPY.submit }).click();
  // quick-service pays first: /pay, with the order a tap away
  await picking.getByRole("button", { name: PAY_COPY.viewOrder }).click();
  await picking.getByTestId("order-lines").waitFor();
  await settle(picking);
  await shoot(picking, "order-detail-picked-table");
  await picking.close();
}

/** A reservation: the form filled in, its time sheet (the first day's times), then the order page. */
async function shootReservation(
  context: BrowserContext,
  link: string,
  shoot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  const page = await openWithCucumbers(context, link, 1);
  await cartBar(page).locator(".cart-bar__order").click();
  await page.getByTestId("supply-page").waitFor();
  await page.getByRole("textbox", { name: SUBMIT_COPY.phone }).fill("13812345678");
  await page.getByRole("textbox", { name: SUBMIT_COPY.name }).fill("王先生");
  await page.getByRole("spinbutton", { name: SUBMIT_COPY.people }).fill("4");
  const label = SUBMIT_COPY.times.reserve;
  await page.getByRole("button", { name: label }).click();
  const sheet = page.getByRole("dialog", { name: SUBMIT_COPY.pickTime(label) });
  await sheet.getByRole("option").first().waitFor();
  await settle(page);
  await shoot(page, "booking-time-sheet");
  // a few times in, or the last the day has left (late in the restaurant's evening it offers fewer)
  const times = sheet.getByRole("option");
  await times.nth(Math.min(4, (await times.count()) - 1)).click();
  await settle(page);
  await shoot(page, "supply-reservation");
  await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
  await page.getByTestId("suborder-page").waitFor();
  await settle(page);
  await shoot(page, "order-suborder-reservation");
  await page.close();
}
