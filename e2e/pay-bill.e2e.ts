import { mkdirSync } from "node:fs";
import { ERRORS, ORDER_STATUS_TEXT } from "@tablemate/core";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { MUST_ORDER_FOR_ONE } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, submitCart, tap } from "./support/dishes.js";
import { useStage } from "./support/stage.js";

const SHOTS = new URL("./screenshots/", import.meta.url);

type Who = "a" | "b";

/** "¥13", "我要付 ¥20.5", "¥6.00" → cents (the pages show the server's amounts). */
function cents(text: string | null): number {
  const yuan = /¥\s*(\d+(?:\.\d+)?)/.exec(text ?? "")?.[1];
  if (yuan === undefined) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Math.round(Number(yuan) * 100);
}

/**
 * Two diners at one pay-later table (川味小馆) pay its bill from their own phones, split by item
 * (issue 18), through the sandbox's hosted checkout: each one's own lines are theirs, a dish they
 * shared is split between them, a phone cannot take a line the other holds (a stale 我来付 is
 * refused), A pays and B's open bill shows what is paid and what is left by itself, B pays the rest
 * and the table is settled: B's order reads 已结账, and A's bill, open meanwhile, 本桌已结清.
 */
describe("two phones pay the table's bill, split by item", () => {
  const errors: Record<Who, string[]> = { a: [], b: [] };
  const stage = useStage();
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: new URL(`pay-bill-${name}.png`, SHOTS).pathname, fullPage: true });
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const line = (page: Page, name: string) => page.getByTestId("bill-line").filter({ hasText: name });
  const shareStates = (scope: Locator) =>
    scope.getByTestId("bill-share").evaluateAll((s) => s.map((e) => (e as HTMLElement).dataset.state));
  const shareAmounts = async (scope: Locator) =>
    (await scope.getByTestId("bill-share").locator(".money").allTextContents()).map(cents);
  const summary = async (page: Page) => ({
    total: cents(await page.getByTestId("bill-total").locator(".fact-row__value").textContent()),
    paid: cents(await page.getByTestId("bill-paid").locator(".fact-row__value").textContent()),
    left: cents(await page.getByTestId("bill-left").locator(".fact-row__value").textContent()),
  });
  const mine = async (page: Page) => cents(await page.getByTestId("bill-mine").textContent());
  const lineTotal = async (scope: Locator) => cents(await scope.locator(".bill-line__total").textContent());

  /** From the order's detail, 手机买单; the bill once the diner's own lines are theirs. */
  async function openBill(page: Page): Promise<void> {
    await page.getByRole("button", { name: ORDER_COPY.payBill }).click();
    await page.getByTestId("bill-line").first().waitFor({ timeout: 20_000 });
    expect(pathOf(page)).toBe("/pay");
    await expect.poll(() => mine(page), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  /** 支付我的部分: the sandbox's hosted checkout, for this diner's part. */
  async function toCheckout(page: Page, expected: number): Promise<void> {
    await page.getByRole("button", { name: PAY_COPY.payMine }).click();
    await page.waitForURL(/\/sandbox-pay\/checkout\//, { timeout: 20_000 });
    expect(cents(await page.locator(".amount").textContent())).toBe(expected);
  }

  /** On the checkout, 支付; the return page's 支付成功 with the amount paid. */
  async function payAtCheckout(page: Page, expected: number): Promise<void> {
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    await page.waitForURL(/\/pay\/success\?/, { timeout: 20_000 });
    await page.getByText(PAY_COPY.success).waitFor({ timeout: 20_000 });
    expect(cents(await page.getByTestId("pay-result-amount").textContent())).toBe(expected);
  }

  it("川味小馆: own lines theirs, a dish split in two, A pays, then B, and the table is settled", async () => {
    const a = await stage.diner("川味小馆", { errors: errors.a });
    const b = await stage.diner("川味小馆", { errors: errors.b });

    // A adds 拍黄瓜 (A chose the diner count, so the must-order 米饭 and 茶位费 are A's), B 皮蛋豆腐
    await tap(plus(addControl(await menuCard(a, "凉菜", "拍黄瓜"))));
    await tap(plus(addControl(await menuCard(b, "凉菜", "皮蛋豆腐"))));
    for (const page of [a, b]) {
      await expect
        .poll(() => cartBar(page).locator(".adm-badge").textContent(), { timeout: 15_000 })
        .toBe(String(2 + MUST_ORDER_FOR_ONE.units));
    }
    await submitCart(a);
    // pay later: both are shown the order (B by the tablemate's order message)
    await a.getByTestId("order-lines").waitFor({ timeout: 20_000 });
    await b.getByTestId("order-lines").waitFor({ timeout: 20_000 });

    // B opens the bill first: B's own line is B's; A's are nobody's yet
    await openBill(b);
    expect(await shareStates(line(b, "皮蛋豆腐"))).toEqual(["mine"]);
    expect(await shareStates(line(b, "米饭"))).toEqual(["free"]);

    // A opens it: A's three lines are A's, B's is held by B; A splits 拍黄瓜 between the two of them
    await openBill(a);
    for (const name of ["米饭", "茶位费", "拍黄瓜"])
      expect(await shareStates(line(a, name))).toEqual(["mine"]);
    expect(await shareStates(line(a, "皮蛋豆腐"))).toEqual(["held"]);
    const cucumberA = line(a, "拍黄瓜");
    await cucumberA.getByRole("button", { name: PAY_COPY.splitInto(2) }).click();
    await expect.poll(() => shareStates(cucumberA)).toEqual(["mine", "free"]);
    const total = (await summary(a)).total;

    // B's page still shows 米饭 free: B's 我来付 is refused (A holds it), and B sees the bill as it is
    await line(b, "米饭").getByRole("button", { name: PAY_COPY.claim }).click();
    const refused = b.getByText(ERRORS.billClaimTaken.message);
    await refused.waitFor({ timeout: 15_000 });
    await expect.poll(() => shareStates(line(b, "米饭")), { timeout: 15_000 }).toEqual(["held"]);
    expect(await line(b, "米饭").getByRole("button", { name: PAY_COPY.claim }).count()).toBe(0);
    const cucumberB = line(b, "拍黄瓜");
    await expect.poll(() => shareStates(cucumberB)).toEqual(["held", "free"]);

    // B takes the other half of 拍黄瓜
    await cucumberB.getByRole("button", { name: PAY_COPY.more }).click();
    await expect.poll(() => shareStates(cucumberB)).toEqual(["held", "mine"]);
    expect(await cucumberB.getByTestId("bill-take").textContent()).toBe(PAY_COPY.take(1));
    // A's half is A's: B may not take a second share
    expect(await cucumberB.getByRole("button", { name: PAY_COPY.more }).isDisabled()).toBe(true);
    await refused.waitFor({ state: "hidden", timeout: 15_000 });
    await shot(b, "split");

    // the server's amounts: the two halves make the dish (the remainder cent, if any, on the last);
    // each phone's part is its lines and its half, and the two parts make the bill exactly
    const halves = await shareAmounts(cucumberB);
    const [firstHalf = 0, lastHalf = 0] = halves;
    expect(halves).toHaveLength(2);
    expect(firstHalf + lastHalf).toBe(await lineTotal(cucumberB));
    expect(lastHalf - firstHalf).toBeGreaterThanOrEqual(0);
    expect(lastHalf - firstHalf).toBeLessThanOrEqual(1);
    const partA = await mine(a);
    const partB = await mine(b);
    expect(partA).toBe((await lineTotal(line(a, "米饭"))) + (await lineTotal(line(a, "茶位费"))) + firstHalf);
    expect(partB).toBe((await lineTotal(line(b, "皮蛋豆腐"))) + lastHalf);
    expect(partA + partB).toBe(total);
    expect(await shareAmounts(cucumberA)).toEqual([firstHalf]);

    // A pays A's part; while A is at the checkout, A's lines are held for A on B's phone
    await toCheckout(a, partA);
    await b.reload();
    await b.getByTestId("bill-line").first().waitFor({ timeout: 20_000 });
    for (const name of ["米饭", "茶位费"]) expect(await shareStates(line(b, name))).toEqual(["held"]);
    expect(await shareStates(line(b, "拍黄瓜"))).toEqual(["held", "mine"]);
    expect(await mine(b)).toBe(partB);
    await payAtCheckout(a, partA);

    // between the two payments, on B's phone as it stands: A's part paid, B's left
    await expect.poll(() => summary(b), { timeout: 20_000 }).toEqual({ total, paid: partA, left: partB });
    for (const name of ["米饭", "茶位费"]) expect(await shareStates(line(b, name))).toEqual(["paid"]);
    expect(await shareStates(line(b, "拍黄瓜"))).toEqual(["paid", "mine"]);
    expect(await mine(b)).toBe(partB);

    // A goes on to the order, then back to the bill to see the rest paid
    await a.getByTestId("order-lines").waitFor({ timeout: 20_000 });
    await openBillWatching(a);
    expect(await summary(a)).toEqual({ total, paid: partA, left: partB });
    expect(await mine(a)).toBe(0);
    expect(await a.getByRole("button", { name: PAY_COPY.payMine }).isDisabled()).toBe(true);
    await shot(a, "half-paid");

    // B pays the rest: the table is settled
    await toCheckout(b, partB);
    await payAtCheckout(b, partB);
    await b.getByTestId("order-lines").waitFor({ timeout: 20_000 });
    await expect
      .poll(() => b.getByTestId("order-status").textContent(), { timeout: 20_000 })
      .toContain(ORDER_STATUS_TEXT[7]);

    // A's phone, still on the bill: settled, everything paid
    await a.getByText(PAY_COPY.billSettled).waitFor({ timeout: 20_000 });
    expect(await summary(a)).toEqual({ total, paid: total, left: 0 });
    expect(await a.getByRole("button", { name: PAY_COPY.payMine }).count()).toBe(0);
    await shot(a, "settled");
    expect(await b.getByTestId("order-total").textContent()).toBe("¥0");

    // and A's orders say so: 已结账
    await a.getByRole("button", { name: PAY_COPY.viewOrder }).click();
    await a.getByTestId("order-list-item").first().waitFor({ timeout: 20_000 });
    expect(
      await a.getByTestId("order-list-item").locator(".order-list-item__status").allTextContents(),
    ).toEqual([ORDER_STATUS_TEXT[7]]);
    expect(errors).toEqual({ a: [], b: [] });
    // two phones, two sandbox payments and a settle on a shared machine: more than the default minute
  }, 150_000);

  /** 手机买单 again with nothing left to claim: the bill as it stands. */
  async function openBillWatching(page: Page): Promise<void> {
    await page.getByRole("button", { name: ORDER_COPY.payBill }).click();
    await page.getByTestId("bill-line").first().waitFor({ timeout: 20_000 });
  }
});
