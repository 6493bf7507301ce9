import { API, ORDER_STATUS, ORDER_STATUS_TEXT } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_COPY, COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { chooseDinerCount, MUST_ORDER_FOR_ONE, scanTable } from "./support/diner-count.js";
import { addControl, barTotal, cartBar, menuCard, plus, tap } from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";
import { moveOrder, settleTable, staffSession } from "./support/staff.js";

const RID = 1;
const statusText = (status: number) => ORDER_STATUS_TEXT[status];

/**
 * An order's life after submit at 川味小馆 (pay-later), on the real page: staff move it through the staff
 * calls and the open order detail follows without a reload (001 §4, type 12); settling the table while
 * the diner adds dishes tells them 收银端已进行结账 and shows the settled order; a forged staff session
 * changes nothing. The steps run in order on one diner's page.
 */
describe("the order's life after submit", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session = "";
  let orderId = "";
  let tableId = "";
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    session = await staffSession(server, RID);
    const link = server.tables.find((t) => t.restaurant === "川味小馆");
    if (!link) throw new Error("no table of 川味小馆");
    tableId = new URL(link.url).searchParams.get("tn") ?? "";
    context = await phoneContext(browser);
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    await scanTable(page, link.url);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const pathOf = () => new URL(page.url()).pathname;
  const queryOf = (key: string) => new URL(page.url()).searchParams.get(key);
  const shownStatus = () => page.getByTestId("order-status").textContent();
  /** the order as the diner's own order detail call answers it (the page's cookies) */
  const statusOnServer = async () => {
    const response = await context.request.get(`${server.url}${API.orderDetail}/${orderId}?rid=${RID}`);
    return ((await response.json()) as { data: { status: number } }).data.status;
  };
  const move = (status: number) => moveOrder(server, session, { rid: RID, orderId, status });

  it("submits a dish and lands on the placed order", async () => {
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    // over the must-order dishes the diner count (one, at the table's step) brought
    await expect.poll(() => barTotal(page)).toBe(`¥${12 + MUST_ORDER_FOR_ONE.total}`);
    expect(await cartBar(page).locator(".cart-bar__order").textContent()).toBe(CHECKOUT_COPY.toOrder);
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf()).toBe("/order/detail");
    orderId = queryOf("orderId") ?? "";
    expect(orderId).toMatch(/^\d+$/);
    expect(await shownStatus()).toBe(statusText(ORDER_STATUS.placed));
  });

  it("follows staff's moves to cooking, then served, on the open detail without a reload", async () => {
    // a reload would give a new document: the marker set now would be gone
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    for (const status of [ORDER_STATUS.cooking, ORDER_STATUS.served]) {
      const answer = await move(status);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 1000, data: { orderId: Number(orderId), status } });
      await expect.poll(shownStatus, { timeout: 10_000 }).toBe(statusText(status));
    }
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(pathOf()).toBe("/order/detail");
    expect(queryOf("orderId")).toBe(orderId);
  });

  it("refuses a staff call with a forged session (401) or another restaurant's owner (403), and the order stays served", async () => {
    const otherRestaurant = await staffSession(server, 2);
    const forged = `${session.slice(0, -1)}${session.endsWith("A") ? "B" : "A"}`;
    for (const [wrong, status] of [
      [forged, 401],
      [otherRestaurant, 403],
    ] as const) {
      const moved = await moveOrder(server, wrong, { rid: RID, orderId, status: ORDER_STATUS.settled });
      expect(moved.status).toBe(status);
      expect(moved.body.code).toBe(status);
      const settled = await settleTable(server, wrong, { rid: RID, tableId });
      expect(settled.status).toBe(status);
    }
    expect(await statusOnServer()).toBe(ORDER_STATUS.served);
    expect(await shownStatus()).toBe(statusText(ORDER_STATUS.served));
  });

  it("settled while adding dishes: the alert, then the settled order without the main order in the query", async () => {
    await page.getByRole("button", { name: ORDER_COPY.addToOrder }).click();
    await page.getByTestId("table-name").waitFor();
    expect(pathOf()).toBe("/main");
    expect(queryOf("mainOrderId")).toBe(orderId);

    const answer = await settleTable(server, session, { rid: RID, tableId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 1000, data: { orderIds: [Number(orderId)] } });

    const alert = page.getByRole("dialog").filter({ hasText: CHECKOUT_COPY.settledByCashier });
    await alert.waitFor({ timeout: 10_000 });
    expect(pathOf()).toBe("/main");
    await alert.getByRole("button", { name: CHECKOUT_COPY.gotIt }).click();

    await page.getByTestId("order-lines").waitFor();
    expect(pathOf()).toBe("/order/detail");
    expect(queryOf("orderId")).toBe(orderId);
    expect(queryOf("mainOrderId")).toBeNull();
    expect(queryOf("mainWxId")).toBeNull();
    await expect.poll(shownStatus).toBe(statusText(ORDER_STATUS.settled));
    // a settled order takes no more dishes and cannot be cancelled
    expect(await page.getByRole("button", { name: ORDER_COPY.addToOrder }).count()).toBe(0);
    expect(await page.getByRole("button", { name: ORDER_COPY.cancelOrder }).count()).toBe(0);
    // the register took the money: nothing is left to pay
    expect(await page.getByTestId("order-total").textContent()).toMatch(/^¥?0(\.00)?$/);
    await alert.waitFor({ state: "detached" });
    expect(await statusOnServer()).toBe(ORDER_STATUS.settled);
    expect(errors).toEqual([]);
  });

  it("the next party to scan the table's code starts a new visit: none of the earlier party's orders, a cart with only the must-order dishes its own diner count brought", async () => {
    const link = server.tables.find((t) => t.restaurant === "川味小馆");
    const next = await phoneContext(browser);
    try {
      const phone = await next.newPage();
      // the visit's diner count went with it: the new party is asked its own
      await phone.goto(link?.url ?? "");
      await chooseDinerCount(phone);
      expect(await barTotal(phone)).toBe(`¥${MUST_ORDER_FOR_ONE.total}`);
      await phone.getByRole("button", { name: COPY.orderList }).click();
      await phone.getByTestId("order-list-page").waitFor();
      await phone.getByText(ORDER_COPY.listEmpty).waitFor();
      expect(await phone.getByTestId("order-list-item").count()).toBe(0);
      // nor can it open the earlier party's order by its id
      const peek = await next.request.get(`${server.url}${API.orderDetail}/${orderId}?rid=${RID}`);
      expect(peek.status()).toBe(404);
    } finally {
      await next.close();
    }
    // the earlier party still reads its own order
    expect(await statusOnServer()).toBe(ORDER_STATUS.settled);
  });
});
