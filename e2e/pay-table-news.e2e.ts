import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHECKOUT_COPY } from "../apps/web/src/copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { addControl, menuCard, plus, submitCart, tap } from "./support/dishes.js";
import { layoutProblems } from "./support/layout.js";
import { useStage } from "./support/stage.js";

const shot = (page: Page, name: string) =>
  page.screenshot({ path: new URL(`./screenshots/pay-table-news-${name}.png`, import.meta.url).pathname });

/**
 * Two phones of one table at 江南食府 (prepayment): A orders and pays through the sandbox; B, on the
 * order's detail, sees it turn 已支付 at once (the table socket's order news), nothing left due, no
 * 取消订单, without touching the screen. A's /pay/success shows what was paid and how.
 */
describe("a payment reaches every phone of the table", () => {
  const errors: Record<"a" | "b", string[]> = { a: [], b: [] };
  const stage = useStage();

  it("A pays; B's open order detail says 已支付 at once, and A's result lists the payment", async () => {
    const a = await stage.diner("江南食府", { errors: errors.a });
    const b = await stage.diner("江南食府", { errors: errors.b });
    await tap(plus(addControl(await menuCard(a, "凉菜", "拍黄瓜"))));
    await submitCart(a);
    await a.getByTestId("pay-due").waitFor({ timeout: 20_000 });
    const due = (await a.getByTestId("pay-due").locator(".money").textContent()) ?? "";

    // B: told the tablemate ordered, opens the order: placed, something due, cancel offered
    const ordered = b.getByRole("dialog").filter({ hasText: CHECKOUT_COPY.companionOrdered });
    await ordered.waitFor({ timeout: 20_000 });
    await ordered.getByRole("button", { name: CHECKOUT_COPY.viewOrder }).click();
    await b.getByTestId("order-lines").waitFor({ timeout: 20_000 });
    expect(await b.getByTestId("order-status").textContent()).toBe("已下单");
    expect(await b.getByRole("button", { name: ORDER_COPY.cancelOrder }).count()).toBe(1);
    expect(await b.getByTestId("order-total").textContent()).toBe(due);

    // A pays at the sandbox's checkout
    await a.getByRole("button", { name: PAY_COPY.payButton(due) }).click();
    await a.waitForURL(/\/sandbox-pay\/checkout\//);
    await a.getByRole("button", { name: /^支付 ¥/ }).click();
    await a.waitForURL(/\/pay\/success\?/);
    await a.getByText(PAY_COPY.success).waitFor({ timeout: 20_000 });
    const paidWith = a.getByTestId("pay-paid-with");
    expect(await paidWith.getByTestId("paid-gateway").textContent()).toBe(`测试支付${due}`);
    expect(await layoutProblems(a)).toEqual([]);
    await shot(a, "result");

    // B, untouched: the order's news turned the page
    await expect.poll(() => b.getByTestId("order-status").textContent(), { timeout: 10_000 }).toBe("已支付");
    expect(await b.getByTestId("order-total").textContent()).toBe("¥0");
    expect(await b.getByRole("button", { name: ORDER_COPY.cancelOrder }).count()).toBe(0);
    expect(await b.getByRole("button", { name: ORDER_COPY.goPay }).count()).toBe(0);
    expect(await b.getByTestId("order-pay").textContent()).toContain(ORDER_COPY.payPaid);
    await shot(b, "tablemate-detail");

    // A goes on to the order by itself: the same, paid
    await a.waitForURL(/\/order\/detail\?/, { timeout: 20_000 });
    await expect.poll(() => a.getByTestId("order-status").textContent()).toBe("已支付");
    expect(errors).toEqual({ a: [], b: [] });
  });
});
