import { mkdirSync } from "node:fs";
import { formatMoney } from "@tablemate/client";
import { centsToMoneyText } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../apps/server/src/db/client.js";
import { memberCards, memberCoupons, memberLedger, members } from "../apps/server/src/db/schema.js";
import { rechargePaid } from "../apps/server/src/modules/member/stored-value.js";
import { createTestDatabase, type TestDatabase } from "../apps/server/test/support/databases.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { MEMBER_COPY } from "../apps/web/src/features/member/member-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { shiftedClock, thisWeekInShanghaiAt } from "./support/clock.js";
import { scanTable } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "./support/dishes.js";
import { memberBanner } from "./support/member.js";
import { type RunningServer, startServer } from "./support/server.js";
import { loggedCode } from "./support/sms.js";

const SHOTS = new URL("./screenshots/", import.meta.url);
const PHONE = "13900139077";
const SECRET = "e2e-member-pay-secret-0123456789abcdef";

/**
 * The two days the checkout prices a member's cart differently: 东坡肉 (¥58, member price ¥52) and the
 * table's own 米饭 ×2 and 茶位费 (¥7, no member prices), ¥65 in all. On a Thursday the member prices
 * take ¥6 off; on a Wednesday, the demo 金卡's member day, 8.8折 takes ¥7.80, more, so the checkout and
 * /pay take it instead. Both at noon in Shanghai, on the server's clock and the phone's alike (each
 * reads the day: the server to charge, the phone to show the same before submitting).
 */
const DAYS = [
  {
    day: "on another day",
    at: () => thisWeekInShanghaiAt(4, "12:00"),
    step: "会员价",
    cents: 5900,
    saving: SUBMIT_COPY.memberSaved("6.00"),
    shot: "",
  },
  {
    day: "on the member day",
    at: () => thisWeekInShanghaiAt(3, "12:00"),
    step: "会员日8.8折",
    cents: 5720,
    saving: SUBMIT_COPY.memberDaySaved("会员日8.8折", "7.80"),
    shot: "-member-day",
  },
] as const;

/**
 * Member money on a phone, end to end (issue 19), at 江南食府 (prepayment, the new member system, 金卡
 * with member prices and Wednesdays 8.8折, the sign-up coupons 开卡礼): the diner logs in by phone with
 * the code the server logged and opens a card; the menu shows member prices (东坡肉 ¥52 for ¥58), the
 * checkout the better of those and the member day, named, and /pay asks the same; the best coupon
 * (开卡礼 10元代金券, from ¥50) is applied, ¥30 of stored value (put on the card as a paid recharge would,
 * through the member module on the test's PostgreSQL) pays part, and the sandbox the rest. The order
 * reads paid; the card spent its ¥30 and its coupon.
 */
describe.each(DAYS)("paying with member money $day", ({ at, step, cents, saving, shot }) => {
  let database: TestDatabase;
  let db: Database;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  /** the server's clock, moved to the day */
  let clock: ReturnType<typeof shiftedClock>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    database = await createTestDatabase("postgres");
    const time = at();
    clock = shiftedClock(time.getTime() - Date.now());
    const env = { DATABASE_URL: database.url ?? "", SECRET, ...clock.env };
    [server, browser] = await Promise.all([startServer(env), launchChromium()]);
    db = await openDatabase({ url: database.url, dataDir: "" });
    context = await phoneContext(browser);
    await context.clock.install({ time });
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await db?.close();
    await database?.drop();
  });

  /** the cents of the first ¥ amount in an element's text */
  const centsIn = async (testId: string) => {
    const text = (await page.getByTestId(testId).first().textContent()) ?? "";
    const yuan = /¥([\d.]+)/.exec(text)?.[1];
    return yuan === undefined ? null : Math.round(Number(yuan) * 100);
  };

  it("logs in by phone and opens a card: the menu shows member prices", async () => {
    const table = server.tables.find((t) => t.restaurant === "江南食府");
    if (!table) throw new Error("no table of 江南食府");
    await scanTable(page, table.url);
    const banner = await memberBanner(page);
    await banner.getByRole("button", { name: MEMBER_COPY.joinAction }).click();
    await page.getByPlaceholder(MEMBER_COPY.phonePlaceholder).fill(PHONE);
    await page.getByRole("button", { name: MEMBER_COPY.sendCode }).click();
    await expect.poll(() => loggedCode(server, PHONE)).not.toBeNull();
    await page.getByPlaceholder(MEMBER_COPY.codePlaceholder).fill(loggedCode(server, PHONE) ?? "");
    await page.getByRole("button", { name: MEMBER_COPY.login }).click();
    await page.getByRole("button", { name: MEMBER_COPY.activate }).click();
    await page.getByTestId("card-face").waitFor();
    await page.locator(".adm-nav-bar-back").click();
    await expect.poll(() => banner.getByTestId("member-bar-title").textContent()).toBe("金卡");

    // ¥30 on the card, as a paid recharge puts it there
    const [card] = await db.db
      .select({ id: memberCards.id })
      .from(memberCards)
      .innerJoin(members, eq(members.id, memberCards.memberId))
      .where(eq(members.phone, PHONE));
    if (!card) throw new Error("no card opened");
    await rechargePaid(db.db, {
      cardId: card.id,
      paymentKey: "e2e-member-pay-recharge",
      rechargeCents: 3_000,
      rules: [],
      source: "sandbox",
      actor: "payment:sandbox",
      now: clock.now(),
    });

    const pork = await menuCard(page, "招牌菜", "东坡肉");
    expect(await pork.textContent()).toContain("52");
    await tap(plus(addControl(pork)));
  });

  it(`checks out at ${step}, and /pay asks the same, with the coupon and stored value`, async () => {
    // the cart bar and the checkout show the same total, and the checkout names what it took off
    await expect.poll(() => centsIn("cart-total")).toBe(cents);
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    await expect.poll(() => page.getByTestId("suborder-saving").textContent()).toBe(saving);
    const checkoutCents = (await centsIn("suborder-total")) ?? 0;
    expect(checkoutCents).toBe(cents);
    await page.screenshot({ path: new URL(`member-pay-checkout${shot}.png`, SHOTS).pathname });
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();

    await page.getByTestId("pay-member").waitFor();
    expect(new URL(page.url()).pathname).toBe("/pay");
    // the checkout's total is what /pay charges: the same step, before the coupon and stored value
    expect(await page.getByTestId("pay-discounts").textContent()).toContain(step);
    expect(await page.getByTestId("pay-member-card").textContent()).toContain("金卡");
    const coupon = page.getByTestId("pay-coupon");
    await expect.poll(() => coupon.textContent()).toContain("开卡礼 10元代金券");
    await expect.poll(() => centsIn("pay-gateway")).toBe(checkoutCents - 1000);

    await page.getByRole("checkbox", { name: PAY_COPY.storedValue }).click();
    await expect.poll(() => page.getByTestId("pay-stored-used").textContent()).toContain("¥30");
    const gateway = checkoutCents - 1000 - 3000;
    await expect.poll(() => centsIn("pay-gateway")).toBe(gateway);
    await page.screenshot({ path: new URL(`member-pay-pay${shot}.png`, SHOTS).pathname });

    await page
      .getByRole("button", { name: PAY_COPY.payButton(formatMoney(centsToMoneyText(gateway))) })
      .click();
    // stored value is spent only once confirmed: how much, from which card
    const confirm = page.getByRole("dialog").filter({ hasText: PAY_COPY.storedConfirmTitle });
    expect(await confirm.textContent()).toContain("¥30");
    await confirm.getByRole("button", { name: PAY_COPY.storedConfirmYes }).click();
    await page.waitForURL(/\/sandbox-pay\/checkout\//);
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    await page.waitForURL(/\/pay\/success\?/);
    await page.getByText(PAY_COPY.success).waitFor();
    expect(await page.getByTestId("paid-stored").textContent()).toContain("¥30");
    await page.waitForURL(/\/order\/detail\?/);
    await page.getByTestId("order-pays").waitFor();

    // the card spent its ¥30 (the hold captured once) and its coupon
    await expect
      .poll(async () => {
        const spends = await db.db.select().from(memberLedger).where(eq(memberLedger.kind, "spend"));
        return spends.map((s) => s.principalCents);
      })
      .toEqual([-3000]);
    const used = await db.db.select().from(memberCoupons).where(eq(memberCoupons.state, "used"));
    expect(used.map((c) => c.name)).toEqual(["开卡礼 10元代金券"]);
    expect(errors).toEqual([]);
  });
});
