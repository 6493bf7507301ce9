import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_COPY, DISH_COPY } from "../apps/web/src/copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { MUST_ORDER_FOR_ONE } from "./support/diner-count.js";
import { addControl, cachedLines, cartBar, menuCard, plus, submitCart, tap } from "./support/dishes.js";
import { useStage } from "./support/stage.js";

const SHOTS = new URL("./screenshots/", import.meta.url);

/**
 * A tablemate cancelling the order while the other diner is on its pay page (spec 001 §4, socket
 * type 12 status 4 from another guid): at 江南食府 (prepayment) A submits and lands on /pay; B, told
 * 你的同伴已经下单, opens the order and cancels it; A is told 你的同伴取消了订单，请重新点餐 and starts
 * a new order on the menu, with nothing of the cancelled order kept.
 */
describe("a tablemate cancels the order A is paying", () => {
  const errors: Record<"a" | "b", string[]> = { a: [], b: [] };
  const stage = useStage();
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
  const guidOf = async (page: Page) =>
    (await page.context().cookies()).find((c) => c.name === "guid")?.value ?? "";
  /** The SearchObj this tab keeps in session storage (the carried query, spec 000 §3). */
  const storedSearch = (page: Page) =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem("SearchObj") ?? "{}") as Record<string, string>);
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: new URL(`pay-companion-${name}.png`, SHOTS).pathname });

  it("prepayment (江南食府): B cancels from the order's detail, and A on /pay is sent back to a new order", async () => {
    const a = await stage.diner("江南食府", { errors: errors.a });
    const b = await stage.diner("江南食府", { errors: errors.b });
    expect(await guidOf(a)).not.toBe(await guidOf(b));

    // A orders 拍黄瓜 (with the must-order dishes) and B sees it in the shared cart
    await tap(plus(addControl(await menuCard(a, "凉菜", "拍黄瓜"))));
    await expect
      .poll(() => cartBar(b).locator(".adm-badge").textContent(), { timeout: 15_000 })
      .toBe(String(1 + MUST_ORDER_FOR_ONE.units));
    await submitCart(a);

    // A: the order's pay page, something due
    await a.getByTestId("pay-due").waitFor({ timeout: 20_000 });
    expect(pathOf(a)).toBe("/pay");
    const orderId = queryOf(a).orderId ?? "";
    expect(orderId).toMatch(/^\d+$/);
    const due = (await a.getByTestId("pay-due").locator(".money").textContent()) ?? "";
    expect(Number(due.replace("¥", ""))).toBeGreaterThan(0);

    // B: 你的同伴已经下单, 查看订单, then 取消订单 on the order's detail
    const ordered = b.getByRole("dialog").filter({ hasText: CHECKOUT_COPY.companionOrdered });
    await ordered.waitFor({ timeout: 20_000 });
    await ordered.getByRole("button", { name: CHECKOUT_COPY.viewOrder }).click();
    await b.getByTestId("order-lines").waitFor({ timeout: 20_000 });
    expect([pathOf(b), queryOf(b).orderId]).toEqual(["/order/detail", orderId]);
    await b.getByRole("button", { name: ORDER_COPY.cancelOrder }).click();
    const sure = b.getByRole("dialog").filter({ hasText: ORDER_COPY.cancelConfirm });
    await sure.getByRole("button", { name: CHECKOUT_COPY.confirm }).click();

    // A, still on /pay: told once, by the dialog with 我知道了
    const cancelled = a.getByRole("dialog").filter({ hasText: CHECKOUT_COPY.companionCancelled });
    await cancelled.waitFor({ timeout: 20_000 });
    expect(pathOf(a)).toBe("/pay");
    await shot(a, "told");
    await cancelled.getByRole("button", { name: CHECKOUT_COPY.gotIt }).click();

    // back to the start: the menu, no order in the query or the stored SearchObj, an empty cart
    await a.getByTestId("table-name").waitFor({ timeout: 20_000 });
    expect(pathOf(a)).toBe("/main");
    const query = queryOf(a);
    for (const key of ["orderId", "mainOrderId", "mainWxId"]) expect(query).not.toHaveProperty(key);
    const stored = await storedSearch(a);
    for (const key of ["orderId", "mainOrderId", "mainWxId"]) expect(stored).not.toHaveProperty(key);
    expect(stored.hotelid).toBe(query.hotelid);
    await expect.poll(() => cartBar(a).locator(".cart-bar__empty").textContent()).toBe(DISH_COPY.notChosen);
    expect(await cachedLines(a)).toEqual([]);
    await cancelled.waitFor({ state: "detached" });
    expect(await a.getByText(CHECKOUT_COPY.companionCancelled).count()).toBe(0);
    await shot(a, "menu");

    // B, who cancelled it, is not told so: B's detail shows the order cancelled, by B
    await b.getByText(ORDER_COPY.cancelledTag).first().waitFor({ timeout: 20_000 });
    expect(await b.getByText(CHECKOUT_COPY.companionCancelled).count()).toBe(0);

    // a reload keeps A at the start: nothing of the cancelled order comes back
    await a.reload();
    await a.getByTestId("table-name").waitFor({ timeout: 20_000 });
    expect(pathOf(a)).toBe("/main");
    expect(queryOf(a)).not.toHaveProperty("orderId");
    expect(await a.getByRole("button", { name: PAY_COPY.payButton(due) }).count()).toBe(0);
    expect(errors).toEqual({ a: [], b: [] });
  });
});
