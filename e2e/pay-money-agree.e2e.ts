import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import {
  applyDiscounts,
  bestCouponId,
  type DiscountInput,
  type DiscountLine,
  ERRORS,
  type HeldCoupon,
  lineDues,
  memberDayPercentAt,
  PAY_API,
  yuanToCents,
} from "@tablemate/core";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { FLOOR_COPY, ORDER_DETAIL_COPY, PAYMENTS_COPY } from "../apps/console/src/copy/index.js";
import { DEMO_MEMBER_DAY, OPEN_CARD_COUPONS, offerOf } from "../apps/server/src/db/demo/members.js";
import { demoMenu } from "../apps/server/src/db/demo/menu.js";
import { demoRestaurants } from "../apps/server/src/db/demo/restaurants.js";
import { MEMBER_COPY } from "../apps/web/src/features/member/member-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { consoleUrl, printedConsoleCredentials, signIn, tabletContext } from "./support/console.js";
import { addControl, cartBar, menuCard, plus, submitCart, tap } from "./support/dishes.js";
import { memberBanner } from "./support/member.js";
import type { PrintedLink } from "./support/server.js";
import { loggedCode } from "./support/sms.js";
import { useStage } from "./support/stage.js";

const SHOTS = new URL("./screenshots/", import.meta.url);
const ZONE = "Asia/Shanghai";
const PHONE = "13900139024";

/** "¥13", "-¥10", "支付 ¥20.5", "¥0" → cents (the first ¥ amount of a text). */
function cents(text: string | null): number {
  const yuan = /¥\s*(\d+(?:\.\d+)?)/.exec(text ?? "")?.[1];
  if (yuan === undefined) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Math.round(Number(yuan) * 100);
}

/** A demo dish by name, as the seed puts it on every demo menu. */
function seeded(name: string) {
  const dish = demoMenu.find((d) => d.name === name);
  if (!dish) throw new Error(`no demo dish ${name}`);
  return dish;
}

/** A line of the order as the discount pipeline reads it, from the seed's prices (one unit unless said). */
function lineOf(name: string, count = 1): DiscountLine {
  const dish = seeded(name);
  return {
    key: name,
    dishId: demoMenu.indexOf(dish),
    count,
    unitCents: yuanToCents(dish.price),
    vipUnitCents: dish.vipPrice === null ? null : yuanToCents(dish.vipPrice),
  };
}

/**
 * What the diner-count step puts in the cart when one diner is chosen: the must-order dishes, each
 * `mustFoodNum` units (per table, or per diner times one diner).
 */
function mustOrderLines(): DiscountLine[] {
  return demoMenu.filter((d) => d.necessary).map((d) => lineOf(d.name, d.mustFoodNum));
}

/** The restaurant's 满减 offer, from its seeded banner text. */
function offerAt(restaurant: string) {
  const row = demoRestaurants.find((d) => d.restaurant.name === restaurant);
  const offer = offerOf(row?.restaurant.discountText ?? "");
  if (!offer) throw new Error(`${restaurant} has no 满减`);
  return { id: "offer", ...offer, label: row?.restaurant.discountText ?? "" };
}

/** A line's amount before any discount, cents (the bill's weights). */
const plainOf = (line: DiscountLine) =>
  "unitCents" in line ? line.unitCents * line.count : line.amountCents;

/** Reads a FactRow's value by its label within `scope`. */
const factByLabel = (scope: Locator, label: string) =>
  scope
    .locator(".fact-row")
    .filter({ has: scope.page().locator(".fact-row__label", { hasText: new RegExp(`^${label}$`) }) })
    .locator(".fact-row__value");

/** /pay's discount rows (or /pay/success's) as label → cents. */
async function discountRows(rows: Locator): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const row of await rows.all()) {
    const label = (await row.locator(".fact-row__label").textContent()) ?? "";
    found[label] = cents(await row.locator(".fact-row__value").textContent());
  }
  return found;
}

/** The console's view of a table and one of its orders: the floor card, the drawer's 应收, the order's money. */
interface ConsoleMoney {
  tableState: string | null;
  /** what the floor's card says was paid */
  cardPaid: number;
  /** what the order's drawer says beside its status */
  orderPaymentState: string | null;
  tableDue: number;
  owed: number;
  paid: number;
  refunded: number;
  left: number;
}

/**
 * Issue 24, every screen one truth: the figures each screen shows are checked against what the test
 * computes itself from the seeded dish prices, the restaurant's 满减 and the coupon (core's discount
 * pipeline and its bill allocation), never against another screen.
 *
 * 1. 川味小馆 (pay later, 满100减10): three phones at one table add dishes to the shared cart and submit;
 *    every phone's order page and /pay show the same 优惠 and 待付; A pays A's share of the split bill
 *    (bill/claims + bill/pay) in the sandbox, B pays the rest through /pay (the share subtracted), C
 *    opens /pay and sees nothing due and no way to pay again; the console's floor shows the table paid,
 *    应收 ¥0, and the order's 应付/已付/待付 the same figures.
 * 2. 江南食府 (prepayment, 满200减25, the sign-up coupons): a member pays the whole order through /pay
 *    with the best coupon; /pay, /pay/success, the order page and the console's order agree. Then the
 *    owner refunds it all from the floor: the order page (已退款, nothing to pay, no 去支付 or 加菜), /pay
 *    and the console's order (已退款, 待付 0) each show the refund.
 */
describe("money agrees on every screen", () => {
  const errors: string[] = [];
  const stage = useStage();
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: new URL(`pay-money-${name}.png`, SHOTS).pathname });
  const orderIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get("orderId"));

  /** A phone's /pay for the whole order. */
  async function openOrderPay(page: Page, orderId: number): Promise<void> {
    await page.goto(new URL(`/pay?orderId=${orderId}`, page.url()).href);
    await page.getByTestId("pay-due").waitFor({ timeout: 20_000 });
  }

  const payDue = async (page: Page) =>
    cents(await page.getByTestId("pay-due").locator(".money").textContent());

  /** The order page's 优惠 (0 when the row is not shown) and 待付. */
  async function orderPageMoney(page: Page) {
    const detail = page.getByTestId("order-detail-page");
    const discount = factByLabel(detail, ORDER_COPY.discount);
    const paid = factByLabel(detail, ORDER_COPY.paid);
    return {
      discount: (await discount.count()) > 0 ? cents(await discount.textContent()) : 0,
      paid: (await paid.count()) > 0 ? cents(await paid.textContent()) : 0,
      due: cents(await page.getByTestId("order-total").textContent()),
    };
  }

  /** Each phone's order page and the console once `due` is paid in full, with `discount` off: all say so. */
  async function expectPaidInFull(
    pages: Page[],
    where: { restaurant: string; table: PrintedLink; orderId: number },
    { discount, due }: { discount: number; due: number },
  ): Promise<void> {
    for (const page of pages) {
      await page.goto(new URL(`/order/detail?orderId=${where.orderId}`, page.url()).href);
      await page.getByTestId("order-lines").waitFor({ timeout: 20_000 });
      await expect
        .poll(() => orderPageMoney(page), { timeout: 15_000 })
        .toEqual({ discount, paid: due, due: 0 });
    }
    expect(await consoleMoney(where.restaurant, where.table, where.orderId)).toEqual({
      tableState: "paid",
      cardPaid: due,
      orderPaymentState: ORDER_DETAIL_COPY.paymentStates.paid,
      tableDue: 0,
      owed: due,
      paid: due,
      refunded: 0,
      left: 0,
    });
  }

  /** On the sandbox's hosted checkout, for `amount`: 支付, then /pay/success with 支付成功 and that amount. */
  async function payAtCheckout(page: Page, amount: number): Promise<void> {
    await page.waitForURL(/\/sandbox-pay\/checkout\//, { timeout: 20_000 });
    expect(cents(await page.locator(".amount").textContent())).toBe(amount);
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    await page.waitForURL(/\/pay\/success\?/, { timeout: 20_000 });
    await page.getByText(PAY_COPY.success).waitFor({ timeout: 20_000 });
    expect(cents(await page.getByTestId("pay-result-amount").textContent())).toBe(amount);
  }

  /** The owner of `restaurant` signed in on a tablet's floor; `use` runs there, then the tablet closes. */
  async function asOwner<T>(restaurant: string, use: (staff: Page) => Promise<T>): Promise<T> {
    const tablet = await tabletContext(stage.browser);
    try {
      const staff = await tablet.newPage();
      staff.on("pageerror", (error) => errors.push(String(error)));
      const owner = (await printedConsoleCredentials(stage.server)).find((o) => o.restaurant === restaurant);
      if (!owner) throw new Error(`no printed owner of ${restaurant}`);
      await staff.goto(consoleUrl(stage.server, "floor"));
      await signIn(staff, owner);
      return await use(staff);
    } finally {
      await tablet.close();
    }
  }

  /** The owner refunds all of the order's payment from the floor's drawer, with a reason; done once the sandbox says so. */
  async function refundAllOnFloor(restaurant: string, table: PrintedLink, orderId: number, amount: number) {
    await asOwner(restaurant, async (staff) => {
      const tableId = Number(new URL(table.url).searchParams.get("tn"));
      await staff.getByTestId(`table-card-${tableId}`).click();
      const order = staff.getByTestId(`order-${orderId}`);
      await order.getByTestId("refund-button").click();
      // what is refundable, to start with: all of it
      expect(cents(`¥${await staff.getByTestId("refund-amount").inputValue()}`)).toBe(amount);
      await staff.getByTestId("refund-reason").fill("菜品问题，全额退款");
      await staff.getByRole("button", { name: PAYMENTS_COPY.refundSubmit }).click();
      await order.getByTestId("payment-refund").waitFor({ timeout: 20_000 });
      await expect
        .poll(() => order.locator(".pay-sums").textContent(), { timeout: 20_000 })
        .toContain(`${PAYMENTS_COPY.refunded} ¥${(amount / 100).toFixed(2)}`);
    });
  }

  /** The owner of `restaurant` on a tablet: the floor's card and drawer for `table`, then the order's drawer. */
  async function consoleMoney(
    restaurant: string,
    table: PrintedLink,
    orderId: number,
  ): Promise<ConsoleMoney> {
    return asOwner(restaurant, async (staff) => {
      const tableId = Number(new URL(table.url).searchParams.get("tn"));
      const card = staff.getByTestId(`table-card-${tableId}`);
      await card.waitFor({ timeout: 20_000 });
      const tableState = await card.getAttribute("data-state");
      // a table whose orders all ended shows no money on its card
      const money = card.getByTestId("card-money");
      const cardPaid = (await money.count()) > 0 ? cents(await money.textContent()) : 0;
      await card.click();
      const dueCell = staff.locator(".floor-totals .ant-descriptions-item", { hasText: FLOOR_COPY.due });
      await dueCell.waitFor({ timeout: 20_000 });
      const tableDue = cents(await dueCell.textContent());
      await staff.getByTestId(`open-order-${orderId}`).click();
      const detail = staff.getByTestId("detail-money");
      await detail.waitFor({ timeout: 20_000 });
      const owedCell = detail.locator(".ant-descriptions-item").first();
      const read = async (testId: string) => cents(await detail.getByTestId(testId).textContent());
      const paymentState = staff.getByTestId("detail-payment-state");
      const result = {
        tableState,
        cardPaid,
        tableDue,
        owed: cents(await owedCell.textContent()),
        paid: await read("detail-paid"),
        refunded: await read("detail-refunded"),
        // a paid or part-paid order's tag beside its status (none on an order that ended)
        orderPaymentState: (await paymentState.count()) > 0 ? await paymentState.textContent() : null,
        left: await read("detail-left"),
      };
      await staff.screenshot({ path: new URL(`pay-money-console-${orderId}.png`, SHOTS).pathname });
      return result;
    });
  }

  it("川味小馆: three phones, 满100减10, a bill share then the rest through /pay; every screen agrees", async () => {
    const RESTAURANT = "川味小馆";
    const table = stage.table(RESTAURANT);
    const offer = offerAt(RESTAURANT);
    // A scans first and chooses the diner count: the must-order dishes are A's
    const dishes = { a: ["夫妻肺片"], b: ["蒜泥白肉"], c: ["凉拌木耳", "拍黄瓜", "老醋花生"] };
    const linesA = [...mustOrderLines(), ...dishes.a.map((n) => lineOf(n))];
    const lines = [...linesA, ...dishes.b.map((n) => lineOf(n)), ...dishes.c.map((n) => lineOf(n))];
    const input: DiscountInput = { lines, member: null, offers: [offer], now: new Date(), timeZone: ZONE };
    const expected = applyDiscounts(input);
    const due = expected.payableCents;
    const discount = expected.plainCents - due;
    // the offer applies (the dishes are chosen so), and is the one step
    expect(expected.steps.map((s) => [s.label, s.cents])).toEqual([[offer.label, offer.reductionCents]]);
    // A's share of the bill: the order's due allocated over its lines by their amounts (the bill's rule)
    const dues = lineDues(
      due,
      lines.map((line, i) => ({ lineId: i, plainCents: plainOf(line) })),
    );
    const shareA = dues.slice(0, linesA.length).reduce((s, l) => s + l.dueCents, 0);

    const a = await stage.diner(table, { errors });
    const b = await stage.diner(table, { errors });
    const c = await stage.diner(table, { errors });
    const units = lines.reduce((s, l) => s + l.count, 0);
    for (const [page, names] of [
      [a, dishes.a],
      [b, dishes.b],
      [c, dishes.c],
    ] as const)
      for (const name of names) await tap(plus(addControl(await menuCard(page, "凉菜", name))));
    for (const page of [a, b, c]) {
      await expect
        .poll(() => cartBar(page).locator(".adm-badge").textContent(), { timeout: 15_000 })
        .toBe(String(units));
    }
    await submitCart(a);
    for (const page of [a, b, c]) await page.getByTestId("order-lines").waitFor({ timeout: 20_000 });
    const orderId = orderIdOf(a);
    expect(orderId).toBeGreaterThan(0);

    // every phone's order page and /pay: the same 优惠 and 待付, as computed
    for (const page of [a, b, c]) {
      await expect.poll(() => orderPageMoney(page), { timeout: 15_000 }).toEqual({ discount, paid: 0, due });
      await openOrderPay(page, orderId);
      expect(await payDue(page)).toBe(due);
      expect(cents(await page.getByTestId("pay-total").textContent())).toBe(expected.plainCents);
      expect(await discountRows(page.getByTestId("pay-discounts").locator(".fact-row"))).toEqual({
        [offer.label]: discount,
      });
    }

    // A pays A's share of the split bill (A's own lines are A's)
    await a.goto(new URL("/pay?bill=1", a.url()).href);
    await a.getByTestId("bill-line").first().waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => cents(await a.getByTestId("bill-mine").textContent()), { timeout: 15_000 })
      .toBe(shareA);
    expect(cents(await a.getByTestId("bill-total").locator(".fact-row__value").textContent())).toBe(due);
    await shot(a, "bill-a");
    await a.getByRole("button", { name: PAY_COPY.payMine }).click();
    await payAtCheckout(a, shareA);

    // B's /pay (open meanwhile) now asks the rest: the share is subtracted
    await b.reload();
    await expect.poll(() => payDue(b), { timeout: 20_000 }).toBe(due - shareA);
    expect(cents(await b.getByTestId("pay-paid").textContent())).toBe(shareA);
    await shot(b, "pay-b");
    expect(cents(await b.getByRole("button", { name: /^支付 ¥/ }).textContent())).toBe(due - shareA);
    await b.getByRole("button", { name: /^支付 ¥/ }).click();
    await payAtCheckout(b, due - shareA);

    // C opens /pay: nothing due, no way to pay again
    await openOrderPay(c, orderId);
    await expect.poll(() => payDue(c), { timeout: 20_000 }).toBe(0);
    expect(cents(await c.getByTestId("pay-paid").textContent())).toBe(due);
    expect(await c.getByTestId("pay-state").textContent()).toBe(PAY_COPY.alreadyPaid);
    expect(await c.getByRole("button", { name: /^支付 ¥/ }).count()).toBe(0);
    // and asked straight (a stale page's tap), the server opens no payment: 这笔订单无需支付
    const again = await c.evaluate(
      async ([path, body, key]) => {
        const answer = await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body,
        });
        return { status: answer.status, body: (await answer.json()) as { code: number } };
      },
      [
        PAY_API.prepay,
        JSON.stringify({
          rid: Number(new URL(table.url).searchParams.get("hotelid")),
          orderId,
          returnPath: "/pay/success",
        }),
        randomUUID(),
      ] as const,
    );
    expect([again.status, again.body.code]).toEqual([ERRORS.nothingDue.status, ERRORS.nothingDue.code]);
    await shot(c, "pay-c");

    // each phone's order page: 已付 the whole due, 待付 0, 优惠 unchanged; the console the same figures
    await expectPaidInFull([a, b, c], { restaurant: RESTAURANT, table, orderId }, { discount, due });
    expect(errors).toEqual([]);
  }, 300_000);

  it("江南食府: a member pays the whole order through /pay with a coupon; /pay, /pay/success, the order and the console agree", async () => {
    const RESTAURANT = "江南食府";
    const table = stage.table(RESTAURANT);
    const offer = offerAt(RESTAURANT);
    const chosen: Array<[category: string, name: string]> = [
      ["凉菜", "夫妻肺片"],
      ["凉菜", "蒜泥白肉"],
      ["凉菜", "凉拌木耳"],
      ["凉菜", "拍黄瓜"],
      ["凉菜", "皮蛋豆腐"],
      ["汤羹", "酸萝卜老鸭汤"],
      ["汤羹", "玉米排骨汤"],
    ];
    const lines = [...mustOrderLines(), ...chosen.map(([, name]) => lineOf(name))];
    const now = new Date();
    const coupons: HeldCoupon[] = OPEN_CARD_COUPONS.map((t, i) => ({
      id: String(i),
      name: t.name,
      kind: "cash",
      faceCents: t.faceCents ?? 0,
      minSpendCents: t.minSpendCents ?? 0,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: null,
      state: "unused",
    }));
    const base = {
      lines,
      member: { vipPrice: true, memberDayPercent: memberDayPercentAt(DEMO_MEMBER_DAY, now, ZONE) },
      offers: [offer],
      coupons,
      now,
      timeZone: ZONE,
    };
    const expected = applyDiscounts({ ...base, couponId: bestCouponId(base) });
    expect(expected.couponId).not.toBeNull();
    const due = expected.payableCents;
    const steps = Object.fromEntries(expected.steps.map((s) => [s.label, s.cents]));
    const discount = expected.plainCents - due;

    // the diner logs in by phone with the code the server logged and opens a card (the sign-up coupons come with it)
    const page = await stage.diner(table, { errors });
    const banner = await memberBanner(page);
    await banner.getByRole("button", { name: MEMBER_COPY.joinAction }).click();
    await page.getByPlaceholder(MEMBER_COPY.phonePlaceholder).fill(PHONE);
    await page.getByRole("button", { name: MEMBER_COPY.sendCode }).click();
    await expect.poll(() => loggedCode(stage.server, PHONE)).not.toBeNull();
    await page.getByPlaceholder(MEMBER_COPY.codePlaceholder).fill(loggedCode(stage.server, PHONE) ?? "");
    await page.getByRole("button", { name: MEMBER_COPY.login }).click();
    await page.getByRole("button", { name: MEMBER_COPY.activate }).click();
    await page.getByTestId("card-face").waitFor();
    await page.locator(".adm-nav-bar-back").click();
    await expect.poll(() => banner.getByTestId("member-bar-title").textContent()).toBe("金卡");
    for (const [category, name] of chosen) await tap(plus(addControl(await menuCard(page, category, name))));
    await expect
      .poll(() => cartBar(page).locator(".adm-badge").textContent(), { timeout: 15_000 })
      .toBe(String(lines.reduce((s, l) => s + l.count, 0)));
    await submitCart(page);

    // /pay: the member's card, the offer and the best coupon taken, 待付 as computed
    await page.getByTestId("pay-member").waitFor({ timeout: 20_000 });
    const orderId = orderIdOf(page);
    await expect.poll(() => payDue(page), { timeout: 20_000 }).toBe(due);
    expect(cents(await page.getByTestId("pay-total").textContent())).toBe(expected.plainCents);
    expect(await discountRows(page.getByTestId("pay-discounts").locator(".fact-row"))).toEqual(steps);
    await shot(page, "member-pay");
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    await payAtCheckout(page, due);
    // /pay/success: how it was paid, the same discounts
    await page.getByTestId("pay-paid-with").waitFor({ timeout: 20_000 });
    expect(cents(await page.getByTestId("paid-gateway").textContent())).toBe(due);
    expect(await discountRows(page.getByTestId("paid-discount"))).toEqual(steps);
    await page.screenshot({ path: new URL("pay-money-member-success.png", SHOTS).pathname });

    // the order page: 优惠 all the discounts, 已付 the due, nothing left; the console the same, the table paid
    await expectPaidInFull([page], { restaurant: RESTAURANT, table, orderId }, { discount, due });

    // the owner refunds it all: the phone's order page and /pay, and the console, each show the refund
    // and nothing left to pay
    await refundAllOnFloor(RESTAURANT, table, orderId, due);
    await page.goto(new URL(`/order/detail?orderId=${orderId}`, page.url()).href);
    const detail = page.getByTestId("order-detail-page");
    await expect
      .poll(async () => cents(await factByLabel(detail, ORDER_COPY.refunded).textContent()), {
        timeout: 20_000,
      })
      .toBe(due);
    expect(cents(await page.getByTestId("order-total").textContent())).toBe(0);
    for (const action of [ORDER_COPY.goPay, ORDER_COPY.payBill, ORDER_COPY.addToOrder])
      expect(await page.getByRole("button", { name: action }).count()).toBe(0);
    await shot(page, "refunded-order");
    await openOrderPay(page, orderId);
    expect(cents(await page.getByTestId("pay-refunded").textContent())).toBe(due);
    expect(await payDue(page)).toBe(0);
    expect(await page.getByRole("button", { name: /^支付 ¥/ }).count()).toBe(0);
    const staffSide = await consoleMoney(RESTAURANT, table, orderId);
    expect({ refunded: staffSide.refunded, left: staffSide.left, tableDue: staffSide.tableDue }).toEqual({
      refunded: due,
      left: 0,
      tableDue: 0,
    });
    expect(errors).toEqual([]);
  }, 300_000);
});
