import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_COPY } from "../apps/web/src/features/member/member-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { RECHARGE_COPY } from "../apps/web/src/features/recharge/recharge-copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { scanTable } from "./support/diner-count.js";
import { addControl, cartBar, menuCard, plus, submitCart, tap } from "./support/dishes.js";
import { memberBanner } from "./support/member.js";
import { freePort, type PrintedLink, type RunningServer, startServer } from "./support/server.js";
import { loggedCode } from "./support/sms.js";

const SHOTS = new URL("./screenshots/", import.meta.url);
/** a name only this browser resolves (to loopback): a plain-http origin that is not "potentially trustworthy" */
const LAN_HOST = "tablemate.test";
const MEMBER_PHONE = "13900139025";

/**
 * The printed link as a real phone opens it (issue 25): plain http on a host that is not loopback,
 * so the page is NOT a secure context (no crypto.randomUUID, no subtle crypto, no clipboard API).
 * Chromium maps tablemate.test to 127.0.0.1, the server prints its links with that host
 * (PUBLIC_URL), and the core journeys run there: the scan and the diner count, adding, a second
 * phone sharing the cart, the submit, paying through the sandbox, a member login with the logged
 * code, and a recharge.
 */
describe("the core journeys on a non-secure origin (the LAN link a phone opens)", () => {
  let server: RunningServer;
  let browser: Browser;
  let table: PrintedLink;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    const env = { PORT: String(port), PUBLIC_URL: `http://${LAN_HOST}:${port}` };
    [server, browser] = await Promise.all([
      startServer(env),
      launchChromium([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]),
    ]);
    const found = server.tables.find((t) => t.restaurant === "江南食府");
    if (!found) throw new Error("no table of 江南食府");
    table = found;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function phone(): Promise<Page> {
    const context = await phoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    return page;
  }

  const insecure = (page: Page) => page.evaluate(() => window.isSecureContext);

  it("prints the table links on the LAN host, whose pages are not a secure context", async () => {
    expect(new URL(table.url).host).toBe(`${LAN_HOST}:${new URL(server.url).port}`);
    const page = await phone();
    await page.goto(table.url);
    expect(new URL(page.url()).hostname).toBe(LAN_HOST);
    expect(await insecure(page)).toBe(false);
    expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe("undefined");
  });

  it("scan, 2人, add, a second phone's shared cart, submit, and pay through the sandbox", async () => {
    const a = await phone();
    await scanTable(a, table.url, 2);
    expect(await insecure(a)).toBe(false);
    // the step's 2人 took (it did nothing on this origin before the one id helper)
    await expect.poll(() => a.locator(".menu-topbar__diners").textContent()).toContain("2人");
    const b = await phone();
    await scanTable(b, table.url);
    expect(await insecure(b)).toBe(false);

    const units = async (page: Page) => {
      const badge = cartBar(page).locator(".adm-badge");
      return (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
    };
    // both phones show the table's cart (the count's must-order lines) before the adds are counted
    await expect
      .poll(async () => {
        const [onA, onB] = [await units(a), await units(b)];
        return onA > 0 && onA === onB;
      })
      .toBe(true);
    const before = await units(b);
    await tap(plus(addControl(await menuCard(a, "凉菜", "拍黄瓜"))));
    await expect.poll(() => units(b), { timeout: 5000 }).toBe(before + 1);
    await tap(plus(addControl(await menuCard(b, "凉菜", "拍黄瓜"))));
    await expect.poll(() => units(a), { timeout: 5000 }).toBe(before + 2);

    await submitCart(b);
    await b.getByTestId("pay-due").waitFor();
    expect(new URL(b.url()).pathname).toBe("/pay");
    const due = (await b.getByTestId("pay-due").locator(".money").textContent()) ?? "";
    await b.getByRole("button", { name: PAY_COPY.payButton(due) }).click();
    await b.waitForURL(/\/sandbox-pay\/checkout\//);
    expect(new URL(b.url()).hostname).toBe(LAN_HOST);
    await b.getByRole("button", { name: /^支付 ¥/ }).click();
    await b.waitForURL(/\/pay\/success\?/);
    await b.getByText(PAY_COPY.success).waitFor();
    expect(await b.getByTestId("pay-result-amount").textContent()).toBe(due);
    await b.screenshot({ path: new URL("lan-phone-paid.png", SHOTS).pathname });
    expect(errors).toEqual([]);
  });

  it("logs a member in with the logged code, opens a card and recharges ¥200 through the sandbox", async () => {
    const page = await phone();
    await scanTable(page, table.url);
    await (await memberBanner(page)).getByRole("button", { name: MEMBER_COPY.joinAction }).click();
    await page.getByTestId("member-login").waitFor();
    await page.getByPlaceholder(MEMBER_COPY.phonePlaceholder).fill(MEMBER_PHONE);
    await page.getByRole("button", { name: MEMBER_COPY.sendCode }).click();
    await expect.poll(() => loggedCode(server, MEMBER_PHONE)).not.toBeNull();
    await page.getByPlaceholder(MEMBER_COPY.codePlaceholder).fill(loggedCode(server, MEMBER_PHONE) ?? "");
    await page.getByRole("button", { name: MEMBER_COPY.login }).click();
    await page.getByRole("button", { name: MEMBER_COPY.activate }).click();
    await page.getByTestId("card-face").waitFor();

    await page.goto(new URL(`/member/recharge${new URL(table.url).search}`, table.url).href);
    const tiles = page.getByTestId("recharge-rule");
    await tiles.filter({ hasText: "充200送10" }).click();
    await page.getByRole("button", { name: RECHARGE_COPY.submit }).click();
    await page.waitForURL(/\/sandbox-pay\/checkout\//);
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    await page.waitForURL(/\/member\/recharge\?/);
    expect(new URL(page.url()).hostname).toBe(LAN_HOST);
    const result = page.getByTestId("recharge-result");
    await expect.poll(() => result.getAttribute("data-status"), { timeout: 15_000 }).toBe("paid");
    expect(await page.getByTestId("recharge-balance").textContent()).toContain("¥210.00");
    expect(await insecure(page)).toBe(false);
    await page.screenshot({ path: new URL("lan-phone-recharged.png", SHOTS).pathname });
    expect(errors).toEqual([]);
  });
});
