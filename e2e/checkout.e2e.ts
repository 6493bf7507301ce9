import { type Dish, EMPTY_CHOICE, localClock, priceLine, truncateMoney } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import {
  addControl,
  barTotal,
  cartBar,
  fetchFoods,
  menuCard,
  plus,
  tap,
  typeOnKeypad,
} from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";
import { loggedCode } from "./support/sms.js";

/**
 * Checkout at a phone viewport on the real server: the to-order button of each demo restaurant,
 * a pay-later order placed and shown, cancelled, and the waiter called.
 */
describe("checkout at a phone viewport", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  /** A new diner (own cookies) at the first table of a restaurant, on its menu. */
  async function dinerAt(restaurant: string): Promise<{ page: Page; foods: Dish[] }> {
    const link = server.tables.find((t) => t.restaurant === restaurant);
    if (!link) throw new Error(`no table of ${restaurant}`);
    const context = await phoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    const foods = await fetchFoods(server.url, new URL(link.url).searchParams.get("hotelid") ?? "");
    await page.goto(link.url);
    await page.getByTestId("table-name").waitFor();
    return { page, foods };
  }

  async function addCucumbers(page: Page, times: number): Promise<void> {
    const card = await menuCard(page, "凉菜", "拍黄瓜");
    for (let i = 0; i < times; i++) await tap(plus(addControl(card)));
    await expect.poll(() => barTotal(page)).toBe(`¥${12 * times}`);
  }

  const orderButton = (page: Page) => cartBar(page).locator(".cart-bar__order");
  const pathOf = (page: Page) => new URL(page.url()).pathname;

  it("places a pay-later order at 川味小馆 and shows it with core's total, then cancels it", async () => {
    const { page, foods } = await dinerAt("川味小馆");
    await addCucumbers(page, 2);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.toOrder);
    await orderButton(page).click();
    await page.getByTestId("suborder-page").waitFor();
    expect(pathOf(page)).toBe("/order/subOrder");
    await page.getByRole("textbox", { name: SUBMIT_COPY.wholeMemo }).fill("少辣");
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf(page)).toBe("/order/detail");
    expect(new URL(page.url()).searchParams.get("orderId")).toMatch(/^\d+$/);

    const cucumber = foods.find((d) => d.name === "拍黄瓜");
    if (!cucumber) throw new Error("no 拍黄瓜");
    const expected = `¥${truncateMoney(priceLine(cucumber, EMPTY_CHOICE, 2, false).total)}`;
    expect(await page.getByTestId("order-total").textContent()).toBe(expected);
    expect(await page.getByTestId("order-line").locator(".order-line__name").allTextContents()).toEqual([
      "拍黄瓜",
    ]);
    expect(await page.getByTestId("order-status").textContent()).toBe("已下单");
    expect(await page.getByText("少辣").count()).toBe(1);

    await page.getByRole("button", { name: ORDER_COPY.cancelOrder }).click();
    await page.getByRole("dialog").getByRole("button", { name: CHECKOUT_COPY.confirm }).click();
    await page.getByText(ORDER_COPY.cancelled).waitFor();
    await expect.poll(() => page.getByTestId("order-status").textContent()).toBe("已取消");
    expect(errors).toEqual([]);
  });

  it("calls the waiter once, then rests the bell", async () => {
    const { page } = await dinerAt("川味小馆");
    const bell = page.getByRole("button", { name: "呼叫服务员" });
    expect(await bell.isDisabled()).toBe(false);
    await bell.click();
    await page.getByText("已通知服务员，请稍候").waitFor();
    await expect.poll(() => bell.isDisabled()).toBe(true);
  });

  it("leads quick-service 面面俱到 (mode 2) with 选好了 to the order page", async () => {
    const { page } = await dinerAt("面面俱到");
    await addCucumbers(page, 1);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.chosen);
    await orderButton(page).click();
    await page.getByTestId("suborder-page").waitFor();
    expect(pathOf(page)).toBe("/order/subOrder");
  });

  it("leads quick-service 速味快餐 (mode 1) to the supply form", async () => {
    const { page } = await dinerAt("速味快餐");
    await addCucumbers(page, 1);
    await orderButton(page).click();
    await page.getByTestId("supply-page").waitFor();
    expect(pathOf(page)).toBe("/supplyInfo");
  });

  it("holds takeout below its start price, then takes the order with the code texted to the phone", async () => {
    const { page } = await dinerAt("外送小厨");
    await addCucumbers(page, 1);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.short("38"));
    expect(await orderButton(page).isDisabled()).toBe(true);
    const card = await menuCard(page, "凉菜", "拍黄瓜");
    for (let i = 0; i < 3; i++) await tap(plus(addControl(card)));
    await expect.poll(() => orderButton(page).textContent()).toBe(CHECKOUT_COPY.short("2"));
    // from 4 of a dish on, + opens the keypad (spec 000 §5)
    await tap(plus(addControl(card)));
    await typeOnKeypad(page, "5");
    await expect.poll(() => orderButton(page).textContent()).toBe(CHECKOUT_COPY.toOrder);
    await orderButton(page).click();
    await page.getByTestId("supply-page").waitFor();

    // 外送小厨 asks for a code sent to the phone; the server logs it while no SMS gateway is set
    const phone = "13900005678";
    const field = (name: string) => page.getByRole("textbox", { name });
    const codeButton = page.locator(".code-button");
    await field(SUBMIT_COPY.phone).fill(phone);
    await codeButton.click();
    await expect.poll(() => codeButton.textContent()).toMatch(/^(60|59)秒后重新获取$/);
    expect(await codeButton.isDisabled()).toBe(true);
    await expect.poll(() => loggedCode(server, phone)).toMatch(/^\d{6}$/);
    const code = loggedCode(server, phone) ?? "";
    await field(SUBMIT_COPY.name).fill("李女士");
    await field(SUBMIT_COPY.address).fill("国定路335号");

    // a wrong code: 2008, back to the form with the code emptied, nothing ordered
    await field(SUBMIT_COPY.code).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByText(SUBMIT_COPY.wrongCode).waitFor();
    await page.getByTestId("supply-page").waitFor();
    expect(await field(SUBMIT_COPY.code).inputValue()).toBe("");
    expect(await field(SUBMIT_COPY.address).inputValue()).toBe("国定路335号");

    await field(SUBMIT_COPY.code).fill(code);
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf(page)).toBe("/order/detail");
    expect(await page.getByTestId("order-line").locator(".order-line__name").allTextContents()).toEqual([
      "拍黄瓜",
    ]);
    expect(errors).toEqual([]);
  });

  it("takes a reservation at 宴遇私房菜 within 10:00-22:00, else says 已打烊", async () => {
    const { page } = await dinerAt("宴遇私房菜");
    await addCucumbers(page, 1);
    const { minutes } = localClock(new Date(), "Asia/Shanghai");
    // the restaurant's own hours, read on the same clock the app uses
    const open = minutes >= 10 * 60 && minutes < 22 * 60;
    if (!open) {
      expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.closed);
      expect(await orderButton(page).isDisabled()).toBe(true);
      return;
    }
    await orderButton(page).click();
    await page.getByTestId("supply-page").waitFor();
    await page.getByRole("textbox", { name: SUBMIT_COPY.phone }).fill("123");
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByText(SUBMIT_COPY.phoneInvalid).waitFor();
    await page.getByRole("textbox", { name: SUBMIT_COPY.phone }).fill("13812345678");
    await page.getByRole("textbox", { name: SUBMIT_COPY.name }).fill("王先生");
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    expect(await page.getByText("王先生 13812345678").count()).toBeGreaterThan(0);
  });
});
