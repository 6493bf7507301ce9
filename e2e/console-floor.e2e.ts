import { mkdirSync } from "node:fs";
import { ORDER_STATUS_TEXT } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOOR_COPY, SESSION_COPY } from "../apps/console/src/copy/index.js";
import { CHECKOUT_COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { consoleUrl, printedConsoleCredentials, tabletContext, untilAtRest } from "./support/console.js";
import { scanTable } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

const RID = 1;
const SHOTS = new URL("./screenshots/", import.meta.url);

/**
 * The floor live, side by side: a diner on a phone (390×844) at 川味小馆 and a staff member on a tablet
 * (1024×768) at /console/floor. The order appears on the floor without a reload; a waiter call arrives
 * and its acknowledgement releases the diner's bell; a settle from the console reaches the diner
 * (收银端已进行结账…) and the next scan starts a new visit. The steps run in order.
 */
describe("the console's floor with a diner beside it", () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: BrowserContext;
  let tablet: BrowserContext;
  let diner: Page;
  let staff: Page;
  let link = "";
  let tableId = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const table = server.tables.find((t) => t.restaurant === "川味小馆");
    if (!table) throw new Error("no table of 川味小馆");
    link = table.url;
    tableId = Number(new URL(link).searchParams.get("tn"));
    [phone, tablet] = await Promise.all([phoneContext(browser), tabletContext(browser)]);
    diner = await phone.newPage();
    staff = await tablet.newPage();
    for (const page of [diner, staff]) page.on("pageerror", (error) => errors.push(String(error)));
  });
  afterAll(async () => {
    await phone?.close();
    await tablet?.close();
    await browser?.close();
    await server?.stop();
  });

  const card = () => staff.getByTestId(`table-card-${tableId}`);
  /** closes the table's drawer (its close button) and waits until its mask is gone */
  const closeDrawer = async () => {
    await staff.locator(".ant-drawer-close").click();
    await staff.locator(".ant-drawer-mask").waitFor({ state: "hidden" });
  };
  const shot = (name: string) =>
    staff.screenshot({ path: new URL(`console-floor-${name}.png`, SHOTS).pathname });

  it("signs the staff member in and shows the floor, live", async () => {
    const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === RID);
    if (!owner) throw new Error("no printed owner");
    await staff.goto(consoleUrl(server, "floor"));
    await staff.getByTestId("login-page").waitFor();
    await staff.getByPlaceholder(SESSION_COPY.loginPlaceholder).fill(owner.login);
    await staff.getByPlaceholder(SESSION_COPY.passwordPlaceholder).fill(owner.password);
    await staff.getByRole("button", { name: SESSION_COPY.submit, exact: true }).click();
    await staff.getByTestId("floor-page").waitFor();
    await expect.poll(() => staff.getByTestId("floor-live").textContent()).toBe(FLOOR_COPY.live);
    expect(await card().getAttribute("data-state")).toBe("free");
  });

  it("shows a diner's order on the floor as it is placed, without a reload", async () => {
    await scanTable(diner, link);
    // seated, and at once ordering: 川味小馆's diner count brings its must-order dishes into the cart
    // (how long the card reads 入座 depends on the machine, so only the settled state is asserted)
    await expect.poll(() => card().getAttribute("data-state")).toBe("ordering");
    await tap(plus(addControl(await menuCard(diner, "凉菜", "拍黄瓜"))));
    await cartBar(diner).locator(".cart-bar__order").click();
    await diner.getByTestId("suborder-page").waitFor();
    await diner.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await diner.getByTestId("order-lines").waitFor();
    await expect.poll(() => card().getAttribute("data-state")).toBe("ordered");
    await card().getByTestId("new-orders").waitFor();
    await shot("ordered");
    await card().click();
    const drawer = staff.getByTestId("table-drawer");
    await drawer.getByText("拍黄瓜").first().waitFor();
    await untilAtRest(drawer);
    await shot("drawer");
    await drawer.getByTestId("accept-order").click();
    await expect.poll(() => diner.getByTestId("order-status").textContent()).toBe(ORDER_STATUS_TEXT[1]);
    await closeDrawer();
  });

  it("brings a waiter call to the floor; its acknowledgement releases the diner's bell", async () => {
    await diner.getByRole("button", { name: ORDER_COPY.addToOrder }).click();
    await diner.getByTestId("table-name").waitFor();
    const bell = diner.getByRole("button", { name: "呼叫服务员" });
    await bell.click();
    await expect.poll(() => bell.isDisabled()).toBe(true);
    await expect.poll(() => card().getAttribute("data-state")).toBe("called");
    await card().click();
    const drawer = staff.getByTestId("table-drawer");
    await drawer.getByTestId("waiter-call").waitFor();
    await untilAtRest(drawer);
    await shot("call");
    await drawer.getByTestId("ack-call").click();
    await diner.getByText(ORDER_COPY.waiterAnswered).waitFor({ timeout: 10_000 });
    await expect.poll(() => bell.isDisabled()).toBe(false);
    await expect.poll(() => card().getAttribute("data-state")).toBe("ordered");
  });

  it("settles from the console: the diner is told 收银端已进行结账, and the next scan starts a new visit", async () => {
    const drawer = staff.getByTestId("table-drawer");
    await drawer.getByTestId("settle-table").click();
    await staff.getByRole("button", { name: FLOOR_COPY.confirm }).click();
    const alert = diner.getByRole("dialog").filter({ hasText: CHECKOUT_COPY.settledByCashier });
    await alert.waitFor({ timeout: 10_000 });
    await alert.getByRole("button", { name: CHECKOUT_COPY.gotIt }).click();
    await diner.getByTestId("order-lines").waitFor();
    await expect.poll(() => card().getAttribute("data-state")).toBe("settled");
    await closeDrawer();
    await shot("settled");
    // the next scan: a new visit, nothing of the last party's cart or orders
    await scanTable(diner, link);
    // seated again (川味小馆's diner count brings its must-order dishes into the new cart: ordering)
    await expect.poll(() => card().getAttribute("data-state")).toBe("ordering");
    await card().click();
    const fresh = staff.getByTestId("table-drawer");
    await fresh.getByText(FLOOR_COPY.noOrders).waitFor();
    await shot("next-visit");
    expect(errors).toEqual([]);
  });
});
