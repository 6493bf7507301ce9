import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { FLOOR_COPY, PAYMENTS_COPY } from "../apps/console/src/copy/index.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { consoleUrl, printedConsoleCredentials, signIn, tabletContext } from "./support/console.js";
import { MUST_ORDER_FOR_ONE } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, submitCart, tap } from "./support/dishes.js";
import { useStage } from "./support/stage.js";

const SHOTS = new URL("./screenshots/", import.meta.url);
const RESTAURANT = "川味小馆";

/** "¥13", "支付我的部分 ¥20.5", "已付 ¥6.00" → cents (the pages show the server's amounts). */
function cents(text: string | null): number {
  const yuan = /¥\s*(\d+(?:\.\d+)?)/.exec(text ?? "")?.[1];
  if (yuan === undefined) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Math.round(Number(yuan) * 100);
}

/**
 * Issue 24: three diners at one pay-later table (川味小馆, 满100减10) order ¥109 and pay the bill from
 * their own phones, each their own dishes. The bill keeps the promotion: the three parts sum exactly to
 * the order page's 待付. Two pay on the sandbox's checkout; the staff tablet's drawer shows the two bill
 * payments and 应收 the third's part, as each phone's bill says; the owner refunds ¥1 of one of them and
 * every phone's bill shows 已退款 ¥1; the third pays and the table is settled. Screenshots:
 * pay-bill-split-*.png (phones 390×844, the tablet 1024×768).
 */
describe("three phones split a pay-later bill with a promotion", () => {
  const errors: string[] = [];
  const stage = useStage();
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: new URL(`pay-bill-split-${name}.png`, SHOTS).pathname, fullPage: true });
  const fact = async (page: Page, testId: string) =>
    cents(await page.getByTestId(testId).locator(".fact-row__value").textContent());
  const mine = async (page: Page) => cents(await page.getByTestId("bill-mine").textContent());
  const lineTotals = async (page: Page) =>
    (await page.getByTestId("bill-line").locator(".bill-line__total").allTextContents()).map(cents);

  async function openBill(page: Page): Promise<void> {
    await page.getByRole("button", { name: ORDER_COPY.payBill }).click();
    await page.getByTestId("bill-line").first().waitFor({ timeout: 20_000 });
    await expect.poll(() => mine(page), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  async function payMine(page: Page, expected: number): Promise<void> {
    await page.getByRole("button", { name: PAY_COPY.payMine }).click();
    await page.waitForURL(/\/sandbox-pay\/checkout\//, { timeout: 20_000 });
    expect(cents(await page.locator(".amount").textContent())).toBe(expected);
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    await page.waitForURL(/\/pay\/success\?/, { timeout: 20_000 });
    await page.getByText(PAY_COPY.success).waitFor({ timeout: 20_000 });
    expect(cents(await page.getByTestId("pay-result-amount").textContent())).toBe(expected);
  }

  /** Back on the bill (from the order the return page leads to), as it is now. */
  async function billAgain(page: Page): Promise<void> {
    await page.goto(new URL("/pay?bill=1", page.url()).href);
    await page.getByTestId("bill-summary").waitFor({ timeout: 20_000 });
  }

  const paidOf = async (block: Locator) =>
    cents(/已付 ¥[\d.]+/.exec((await block.locator(".pay-sums").textContent()) ?? "")?.[0] ?? null);

  it("川味小馆: the parts sum to 待付, the tablet and every phone agree to the cent, a refund shows on all", async () => {
    const a = await stage.diner(RESTAURANT, { errors });
    const b = await stage.diner(RESTAURANT, { errors });
    const c = await stage.diner(RESTAURANT, { errors });
    await tap(plus(addControl(await menuCard(a, "凉菜", "夫妻肺片"))));
    await tap(plus(addControl(await menuCard(b, "凉菜", "蒜泥白肉"))));
    for (const name of ["凉拌木耳", "拍黄瓜", "老醋花生"])
      await tap(plus(addControl(await menuCard(c, "凉菜", name))));
    for (const page of [a, b, c]) {
      await expect
        .poll(() => cartBar(page).locator(".adm-badge").textContent(), { timeout: 15_000 })
        .toBe(String(5 + MUST_ORDER_FOR_ONE.units));
    }
    await submitCart(a);
    for (const page of [a, b, c]) await page.getByTestId("order-lines").waitFor({ timeout: 20_000 });

    // the order page: 满100减10 taken off, 待付 what the table owes
    const due = cents(await a.getByTestId("order-total").textContent());
    await a.getByTestId("order-detail-page").getByText(ORDER_COPY.discount, { exact: true }).waitFor();
    await shot(a, "order");

    // each phone's bill: its own dishes are its part; the lines and the parts make 待付 exactly
    for (const page of [c, b, a]) await openBill(page);
    const parts = await Promise.all([a, b, c].map(mine));
    const [partA = 0, partB = 0, partC = 0] = parts;
    expect(partA + partB + partC).toBe(due);
    for (const page of [a, b, c]) {
      expect(await fact(page, "bill-total")).toBe(due);
      expect((await lineTotals(page)).reduce((s, t) => s + t, 0)).toBe(due);
    }
    await shot(c, "parts");

    // A and B pay theirs; every phone's bill then reads the same: paid A+B, left C's part
    await payMine(a, partA);
    await billAgain(b);
    await payMine(b, partB);
    for (const page of [a, b]) await billAgain(page);
    for (const page of [a, b, c]) {
      await expect.poll(() => fact(page, "bill-paid"), { timeout: 20_000 }).toBe(partA + partB);
      expect(await fact(page, "bill-left")).toBe(partC);
    }

    // the staff tablet: the two bill payments, and 应收 what the phones say is left
    const tablet = await tabletContext(stage.browser);
    try {
      const staff = await tablet.newPage();
      staff.on("pageerror", (error) => errors.push(String(error)));
      const owner = (await printedConsoleCredentials(stage.server)).find((o) => o.restaurant === RESTAURANT);
      if (!owner) throw new Error(`no printed owner of ${RESTAURANT}`);
      await staff.goto(consoleUrl(stage.server, "floor"));
      await signIn(staff, owner);
      const tableId = Number(new URL(stage.table(RESTAURANT).url).searchParams.get("tn"));
      await staff.getByTestId(`table-card-${tableId}`).click();
      const billPayments = staff.getByTestId("bill-payments").locator(".pay-block");
      await expect.poll(() => billPayments.count(), { timeout: 15_000 }).toBe(2);
      const paid = await Promise.all((await billPayments.all()).map(paidOf));
      expect([...paid].sort((x, y) => x - y)).toEqual([partA, partB].sort((x, y) => x - y));
      const dueCell = staff.locator(".floor-totals .ant-descriptions-item", { hasText: FLOOR_COPY.due });
      expect(cents(await dueCell.textContent())).toBe(partC);
      await staff.screenshot({ path: new URL("pay-bill-split-tablet.png", SHOTS).pathname });

      // the owner refunds ¥1 of A's payment (their own say is approval enough)
      const paidA = billPayments.nth(paid.indexOf(partA));
      await paidA.getByTestId("refund-button").click();
      await staff.getByTestId("refund-amount").fill("1.00");
      await staff.getByTestId("refund-reason").fill("菜品偏咸");
      await staff.getByRole("button", { name: PAYMENTS_COPY.refundSubmit }).click();
      await expect
        .poll(() => staff.getByTestId("bill-payments").locator(".pay-sums").allTextContents(), {
          timeout: 15_000,
        })
        .toContainEqual(expect.stringContaining(`${PAYMENTS_COPY.refunded} ¥1.00`));
      await staff.screenshot({ path: new URL("pay-bill-split-tablet-refund.png", SHOTS).pathname });
    } finally {
      await tablet.close();
    }

    // every phone's bill shows it
    for (const page of [a, b, c]) {
      await billAgain(page);
      expect(await fact(page, "bill-refunded")).toBe(100);
    }
    await shot(b, "refunded");

    // C pays the rest: the table is settled, the phones' bills say so
    await billAgain(c);
    await payMine(c, partC);
    await a.getByText(PAY_COPY.billSettled).waitFor({ timeout: 20_000 });
    expect(await fact(a, "bill-total")).toBe(due);
    expect(await fact(a, "bill-paid")).toBe(due);
    await shot(a, "settled");
    expect(errors).toEqual([]);
  }, 240_000);
});
