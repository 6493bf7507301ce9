import { ORDER_STATUS, ORDER_STATUS_TEXT } from "@tablemate/core";
import type { BrowserContext, Page } from "playwright-core";
import { CHECKOUT_COPY } from "../../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../../apps/web/src/features/order/order-copy.js";
import { scanTable } from "./diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./dishes.js";
import type { RunningServer } from "./server.js";
import { settleTable, staffSession } from "./staff.js";

/** Lets a dialog's opening animation finish before the picture is taken. */
const settle = (page: Page) => page.waitForTimeout(450);

/**
 * The order settled by the cashier while the diner adds dishes (川味小馆, a table of its own): the
 * alert 收银端已进行结账 over the menu, then the settled order's detail.
 */
export async function shootOrderStatusScreens(
  context: BrowserContext,
  server: RunningServer,
  shoot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  const link = server.tables.filter((t) => t.restaurant === "川味小馆")[2];
  if (!link) throw new Error("demo tables missing");
  const rid = Number(new URL(link.url).searchParams.get("hotelid"));
  const tableId = new URL(link.url).searchParams.get("tn") ?? "";
  const session = await staffSession(server, rid);

  const page = await context.newPage();
  await scanTable(page, link.url);
  await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
  await cartBar(page).locator(".cart-bar__order").click();
  await page.getByTestId("suborder-page").waitFor();
  await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
  await page.getByTestId("order-lines").waitFor();
  await page.getByRole("button", { name: ORDER_COPY.addToOrder }).click();
  await page.getByTestId("table-name").waitFor();

  const answer = await settleTable(server, session, { rid, tableId });
  if (answer.status !== 200) throw new Error(`settle refused: ${JSON.stringify(answer.body)}`);
  const alert = page.getByRole("dialog").filter({ hasText: CHECKOUT_COPY.settledByCashier });
  await alert.waitFor();
  await settle(page);
  await shoot(page, "order-settled-alert");
  await alert.getByRole("button", { name: CHECKOUT_COPY.gotIt }).click();
  await page.getByTestId("order-lines").waitFor();
  await page.getByText(ORDER_STATUS_TEXT[ORDER_STATUS.settled] ?? "", { exact: true }).waitFor();
  await alert.waitFor({ state: "detached" });
  await settle(page);
  await shoot(page, "order-detail-settled");
  await page.close();
}
