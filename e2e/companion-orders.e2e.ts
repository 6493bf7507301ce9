import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHECKOUT_COPY, DISH_COPY } from "../apps/web/src/copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { MUST_ORDER_FOR_ONE } from "./support/diner-count.js";
import { addControl, cachedLines, cartBar, menuCard, plus, submitCart, tap } from "./support/dishes.js";
import { useStage } from "./support/stage.js";

/**
 * Two tablemates in their own browsers at one table: A submits, and B follows spec 000 §4 (companion
 * orders) on the real page: pay-later, B's cart empties and B is shown the order; prepayment, B is
 * asked 你的同伴已经下单 with 查看订单 and 继续加菜.
 */
describe("a tablemate's order reaches the other diner", () => {
  const errors: string[] = [];
  const stage = useStage();

  const badge = (page: Page) => cartBar(page).locator(".adm-badge");
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const queryOf = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

  /** A and B at one table (A chose one diner, which brought the must-order dishes); A puts 拍黄瓜 in the shared cart and B sees it. */
  async function tablematesWithCucumber(restaurant: string): Promise<[Page, Page]> {
    const a = await stage.diner(restaurant, { errors });
    const b = await stage.diner(restaurant, { errors });
    await tap(plus(addControl(await menuCard(a, "凉菜", "拍黄瓜"))));
    await expect
      .poll(() => badge(b).textContent(), { timeout: 10_000 })
      .toBe(String(1 + MUST_ORDER_FOR_ONE.units));
    return [a, b];
  }

  /**
   * A submits from the order page and lands on the new order (in prepayment by way of /pay, where the
   * order is a tap away); its id.
   */
  async function aSubmits(a: Page, paysFirst = false): Promise<string> {
    await submitCart(a);
    if (paysFirst) {
      await a.getByTestId("pay-page").waitFor();
      expect(pathOf(a)).toBe("/pay");
      await a.getByRole("button", { name: PAY_COPY.viewOrder }).click();
    }
    await a.getByTestId("order-lines").waitFor();
    const orderId = queryOf(a, "orderId");
    expect(orderId).toMatch(/^\d+$/);
    return orderId ?? "";
  }

  it("pay-later (川味小馆): B's cart empties and B lands on A's order", async () => {
    const [a, b] = await tablematesWithCucumber("川味小馆");
    const orderId = await aSubmits(a);

    await b.getByTestId("order-lines").waitFor();
    expect(pathOf(b)).toBe("/order/detail");
    expect(queryOf(b, "orderId")).toBe(orderId);
    expect(await b.getByTestId("order-line").locator(".order-line__name").allTextContents()).toEqual([
      "米饭",
      "茶位费",
      "拍黄瓜",
    ]);
    expect(await cachedLines(b)).toEqual([]);
    // back on the menu, B's cart bar is empty too
    await b.goBack();
    await b.getByTestId("table-name").waitFor();
    await expect.poll(() => cartBar(b).locator(".cart-bar__empty").textContent()).toBe(DISH_COPY.notChosen);
    expect(await badge(b).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("prepayment (江南食府): B is asked 你的同伴已经下单, and 继续加菜 adds to A's order", async () => {
    const [a, b] = await tablematesWithCucumber("江南食府");
    const orderId = await aSubmits(a, true);

    const dialog = b.getByRole("dialog").filter({ hasText: CHECKOUT_COPY.companionOrdered });
    await dialog.waitFor();
    const view = dialog.getByRole("button", { name: CHECKOUT_COPY.viewOrder });
    const addDishes = dialog.getByRole("button", { name: CHECKOUT_COPY.addDishes });
    expect([await view.isVisible(), await addDishes.isVisible()]).toEqual([true, true]);
    expect(pathOf(b)).toBe("/main");

    await addDishes.click();
    await expect.poll(() => queryOf(b, "mainOrderId")).toBe(orderId);
    expect(pathOf(b)).toBe("/main");
    const aGuid = (await a.context().cookies()).find((c) => c.name === "guid")?.value;
    expect(aGuid).toBeTruthy();
    expect(queryOf(b, "mainWxId")).toBe(aGuid);
    await dialog.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  });
});
