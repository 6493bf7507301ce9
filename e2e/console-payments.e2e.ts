import { mkdirSync } from "node:fs";
import { PAY_API, type PayStart, type PayView } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENTS_COPY } from "../apps/console/src/copy/index.js";
import { launchChromium } from "./support/browser.js";
import {
  consoleUrl,
  placeDinerOrder,
  printedConsoleCredentials,
  signIn,
  tabletContext,
} from "./support/console.js";
import { type RunningServer, startServer } from "./support/server.js";

const RESTAURANT = "江南食府";
const SHOTS = new URL("./screenshots/", import.meta.url);

/** Reads the diner's pay view of an order with the phone's cookies. */
async function payView(page: Page, server: RunningServer, rid: number, orderId: string): Promise<PayView> {
  const answer = await page.request.get(`${server.url}${PAY_API.payOrder(orderId)}?rid=${rid}`);
  return ((await answer.json()) as { data: PayView }).data;
}

/** Starts paying an order from the diner's phone and presses 支付 on the sandbox's hosted checkout. */
async function payOnSandbox(page: Page, server: RunningServer, rid: number, orderId: string): Promise<void> {
  const started = await page.request.post(`${server.url}${PAY_API.prepay}`, {
    headers: { "Idempotency-Key": `e2e-pay-${orderId}` },
    data: { rid, orderId: Number(orderId) },
  });
  expect(started.status()).toBe(200);
  const start = ((await started.json()) as { data: PayStart }).data;
  expect(start.test).toBe(true);
  if (start.next.kind !== "redirect") throw new Error(`the sandbox answered ${start.next.kind}`);
  await page.goto(start.next.url);
  await page.locator("button.pay").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sandbox-pay/"));
}

/**
 * A diner pays a prepayment order (江南食府) on the sandbox's hosted checkout, as a payer does; the staff
 * tablet's floor shows it 已支付 with 测试 in the table's drawer, the owner refunds part of it there,
 * and the 收款 page shows the money list and the sandbox's switches. Screenshots at 1024×768:
 * console-payments-drawer.png, console-payments-refund.png, console-payments-refunded.png.
 */
describe("payments in the console, after a diner paid in the sandbox", () => {
  let server: RunningServer;
  let browser: Browser;
  let tablet: BrowserContext;
  let staff: Page;
  let orderId = "";
  let tableId = 0;
  let rid = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    tablet = await tabletContext(browser);
    staff = await tablet.newPage();
    staff.on("pageerror", (error) => errors.push(String(error)));
  });
  afterAll(async () => {
    await tablet?.close();
    await browser?.close();
    await server?.stop();
  });

  const shot = (name: string) =>
    staff.screenshot({ path: new URL(`console-payments-${name}.png`, SHOTS).pathname });

  it("a diner's prepayment order is paid on the sandbox's checkout", async () => {
    const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurant === RESTAURANT);
    if (!owner) throw new Error(`no printed owner of ${RESTAURANT}`);
    rid = owner.restaurantId;
    const links = server.tables.filter((t) => t.restaurant === RESTAURANT);
    tableId = Number(new URL(links.at(-1)?.url ?? "").searchParams.get("tn"));
    orderId = await placeDinerOrder(browser, server, {
      restaurant: RESTAURANT,
      placed: async (page, id) => {
        await payOnSandbox(page, server, rid, id);
        await expect
          .poll(async () => (await payView(page, server, rid, id)).state, { timeout: 15_000 })
          .toBe("paid");
      },
    });
    await staff.goto(consoleUrl(server, "floor"));
    await signIn(staff, owner);
  });

  it("shows the order 已支付 with 测试 in the floor's drawer, with its attempt", async () => {
    await staff.getByTestId(`table-card-${tableId}`).click();
    const order = staff.getByTestId(`order-${orderId}`);
    const state = order.getByTestId("payment-state");
    await expect.poll(() => state.textContent()).toBe(PAYMENTS_COPY.states.paid);
    expect(await order.getByTestId("payment-test").textContent()).toBe(PAYMENTS_COPY.test);
    expect(await order.locator(".pay-records li").count()).toBe(1);
    await shot("drawer");
  });

  it("refunds part of it from the drawer (the owner's own say is approval enough)", async () => {
    const order = staff.getByTestId(`order-${orderId}`);
    const paid = (await order.locator(".pay-sums").textContent()) ?? "";
    await order.getByTestId("refund-button").click();
    const amount = staff.getByTestId("refund-amount");
    // what is refundable, to start with: everything paid
    expect(paid).toContain(`${PAYMENTS_COPY.paid} ¥${await amount.inputValue()}`);
    await amount.fill("1.00");
    await staff.getByTestId("refund-reason").fill("培训：部分退款");
    await shot("refund");
    await staff.getByRole("button", { name: PAYMENTS_COPY.refundSubmit }).click();
    const refund = order.getByTestId("payment-refund");
    await refund.waitFor();
    expect(await refund.textContent()).toContain("培训：部分退款");
    // the sandbox answers the refund: done, and the order reads partly refunded, still paid
    await expect
      .poll(() => order.locator(".pay-sums").textContent(), { timeout: 15_000 })
      .toContain(`${PAYMENTS_COPY.refunded} ¥1.00`);
    expect(await order.getByTestId("payment-state").textContent()).toBe(PAYMENTS_COPY.states.paid);
    expect(await staff.getByTestId("approval-login").count()).toBe(0);
    await shot("refunded");
  });

  it("on the 收款 page, 通知金额不符 makes the next payment money that needs a person; 重新查询 finds it paid", async () => {
    await staff.locator(".ant-drawer-close").click();
    await staff.getByTestId("side-menu").getByText(PAYMENTS_COPY.title, { exact: true }).click();
    await staff.getByTestId("payments-page").waitFor();
    await staff.getByText(PAYMENTS_COPY.sandboxNote).waitFor();
    const mismatch = staff.getByTestId("sandbox-amountMismatch");
    await expect.poll(() => mismatch.getAttribute("aria-checked")).toBe("false");
    await mismatch.click();
    await staff.getByTestId("sandbox-save").click();
    await staff.getByText(PAYMENTS_COPY.sandboxSaved).waitFor();
    // another party pays at another table: its notification carries another amount and is refused
    await placeDinerOrder(browser, server, {
      restaurant: RESTAURANT,
      table: 0,
      placed: (page, id) => payOnSandbox(page, server, rid, id),
    });
    const issues = staff.getByTestId("money-issues");
    await expect
      .poll(
        async () => {
          await staff.getByTestId("issues-reload").click();
          return issues.getByText(PAYMENTS_COPY.kinds.unapplied).count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await staff.screenshot({ path: new URL("console-payments-issues.png", SHOTS).pathname });
    // the provider asked again tells the truth: paid
    await issues.getByTestId("requery").first().click();
    await staff.getByText(PAYMENTS_COPY.requeried(PAYMENTS_COPY.attemptStatuses.paid)).waitFor();
    expect(errors).toEqual([]);
  });
});
