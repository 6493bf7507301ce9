import type { BillView, PayAttempt, PayStart, PayView } from "@tablemate/core";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { scanTable } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./support/dishes.js";
import { layoutProblems } from "./support/layout.js";
import { type RunningServer, startServer } from "./support/server.js";
import { atEachPhoneSize, sizeName } from "./support/tour.js";

/**
 * The pay pages on a phone, at 390×844 and 360×740, by support/layout.ts's rules (nothing wider than
 * the phone, nothing cut off, nothing covered): /pay with a long restaurant name, discounts and a QR
 * code's long content; an attempt in flight; the table's bill split by item; the return page's
 * results; the order detail's footer with 去支付. The app and its startup are the real server's; the
 * pay calls' answers are the contract's shapes, given by the page's network (the server side of
 * issue 18 is built beside these pages), so each screen can be shown in the state it is checked in.
 */
describe("the pay pages' layout", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let link = "";
  const errors: string[] = [];
  let view: PayView;
  let attempt: PayAttempt["status"] = "failed";

  const json = (route: Route, data: unknown) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ code: 200, success: true, data, message: "ok" }),
    });

  const BILL: BillView = {
    visitId: 9,
    tableName: "大厅 A12 靠窗的长桌",
    total: "1288.80",
    paid: "300.00",
    left: "988.80",
    refunded: "0.00",
    mine: "142.30",
    settled: false,
    test: true,
    lines: [
      {
        lineId: 1,
        orderId: 31,
        name: "招牌酸菜鱼（大份，够四到六人吃的那种）",
        detail: "大份、微辣、加豆腐×2、加宽粉、不要香菜",
        count: "1",
        total: "188.00",
        mine: false,
        shares: 6,
        claims: [
          { share: 1, shares: 6, amount: "31.33", status: "paid", mine: false },
          { share: 2, shares: 6, amount: "31.33", status: "held", mine: false },
          { share: 3, shares: 6, amount: "31.33", status: "held", mine: true },
        ],
        left: "93.99",
      },
      {
        lineId: 2,
        orderId: 31,
        name: "拍黄瓜",
        detail: "",
        count: "2",
        total: "24.00",
        mine: true,
        shares: 1,
        claims: [{ share: 1, shares: 1, amount: "24.00", status: "held", mine: true }],
        left: "0.00",
      },
      {
        lineId: 3,
        orderId: 32,
        name: "米饭",
        detail: "",
        count: "4",
        total: "8.00",
        mine: false,
        shares: 1,
        claims: [],
        left: "8.00",
      },
    ],
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const table = server.tables.find((t) => t.restaurant === "江南食府");
    if (!table) throw new Error("no table of 江南食府");
    link = new URL(table.url).search.slice(1);
    context = await phoneContext(browser);
    await context.route(/\/deal\/api\/v1\/prepay\/orders\/\d+/, (route) => json(route, view));
    await context.route(/\/deal\/api\/v1\/prepay\/attempts\//, (route) =>
      json(route, { tradeNo: "T1", status: attempt, amount: "1288.80", test: true, orderId: 31 }),
    );
    await context.route(/\/deal\/api\/v1\/prepay(\?|$)/, (route) =>
      json(route, {
        tradeNo: "T1",
        amount: "1288.80",
        provider: "wechat",
        test: false,
        next: { kind: "qr", content: `weixin://wxpay/bizpayurl?pr=${"AbCdEf0123".repeat(12)}` },
      } satisfies PayStart),
    );
    await context.route(/\/deal\/api\/v1\/bill(\?|$|\/claims)/, (route) => json(route, BILL));
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const checkLayout = async (name: string) => {
    await atEachPhoneSize(page, async (size) => {
      await page.screenshot({ path: `/tmp/tablemate-pay-${name}@${sizeName(size)}.png` });
      expect(await layoutProblems(page), `${name} at ${sizeName(size)}`).toEqual([]);
    });
  };

  it("/pay: the server's amounts, 测试, and a QR code's long content", async () => {
    view = {
      orderId: 31,
      restaurantName: "江南食府·西湖店（测试长名字的分店名称）",
      tableName: "大厅 A12 靠窗的长桌",
      total: "1288.80",
      deliveryFee: "0.00",
      discounts: [
        { kind: "coupon", label: "满1000减100优惠券（限堂食）", amount: "100.00" },
        { kind: "stored", label: "储值卡", amount: "200.00" },
      ],
      paid: "0.00",
      storedValue: "0.00",
      refunded: "0.00",
      due: "988.80",
      state: "unpaid",
      provider: "sandbox",
      test: true,
      member: null,
      memberPay: false,
    };
    // a real order at the prepayment restaurant: submitted, it goes on to /pay
    await scanTable(page, `${server.url}/?${link}`);
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("pay-due").waitFor();
    expect(new URL(page.url()).pathname).toBe("/pay");
    await checkLayout("order");
    await page.getByRole("button", { name: PAY_COPY.payButton("¥988.8") }).click();
    await page.getByTestId("pay-qr-content").waitFor();
    await page.getByTestId("pay-qr").scrollIntoViewIfNeeded();
    await checkLayout("qr");
  });

  it("the order detail's footer: 取消订单, 加菜 and 去支付 side by side", async () => {
    await page.getByRole("button", { name: PAY_COPY.viewOrder }).click();
    await page.getByTestId("order-lines").waitFor();
    await page.getByRole("button", { name: ORDER_COPY.goPay }).waitFor();
    await checkLayout("order-detail");
  });

  it("/pay while an attempt is in flight: 支付处理中 and 刷新", async () => {
    view = { ...view, state: "paying" };
    await page.goto(`${server.url}/pay?${link}&orderId=31`);
    await page.getByTestId("pay-state").waitFor();
    await checkLayout("paying");
  });

  it("/pay?bill=1: lines, shares and the split controls", async () => {
    await page.goto(`${server.url}/pay?${link}&bill=1`);
    await page.getByTestId("bill-line").first().waitFor();
    await checkLayout("bill");
  });

  it("/pay/success: failed, and still confirming", async () => {
    attempt = "failed";
    await page.goto(`${server.url}/pay/success?${link}&orderId=31&tradeNo=T1`);
    await page.getByText("支付未完成").waitFor();
    await checkLayout("failed");
    attempt = "pending";
    await page.goto(`${server.url}/pay/success?${link}&orderId=31&tradeNo=T1`);
    await page.getByText("正在确认支付结果…").waitFor();
    await checkLayout("confirming");
    expect(errors).toEqual([]);
  });
});
