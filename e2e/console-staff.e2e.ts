import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { API } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_KEYS_COPY,
  AUDIT_COPY,
  COMMON_COPY,
  PASSWORD_COPY,
  PIN_SWITCH_COPY,
  STAFF_COPY,
} from "../apps/console/src/copy/index.js";
import { launchChromium } from "./support/browser.js";
import { consoleUrl, printedConsoleCredentials, signIn, tabletContext } from "./support/console.js";
import { type RunningServer, startServer } from "./support/server.js";

const SHOTS = new URL("./screenshots/", import.meta.url).pathname;
const RID = 1;

/**
 * The staff side of the console on a tablet (1024×768), as an owner runs it: the printed owner signs
 * in, adds a waiter, creates an API key (shown once; it works, then is revoked), reads the audit
 * log of both, and hands the tablet to the waiter by PIN, whose menu lacks the owner's pages. Each
 * step's screen is saved (e2e/screenshots/console-*.png) to be looked at.
 */
describe("staff accounts in the console", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  /** Saves the screen once its toasts have faded and nothing is loading. */
  const shot = async (name: string) => {
    await expect.poll(() => page.locator(".ant-message-notice, .ant-spin-spinning").count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, `console-${name}.png`) });
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    context = await tabletContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === RID);
    if (!owner) throw new Error("no owner printed");
    await page.goto(consoleUrl(server, "staff"));
    await signIn(page, owner);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("adds a waiter with a PIN on the staff page", async () => {
    await page.getByTestId("staff-page").waitFor();
    await page.getByRole("button", { name: STAFF_COPY.add }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(STAFF_COPY.form.name).fill("小李");
    await dialog.getByLabel(STAFF_COPY.form.login).fill("xiaoli");
    await dialog.getByLabel(STAFF_COPY.form.password).fill("xiaoli-pass-1");
    await dialog.getByLabel(STAFF_COPY.form.pin).fill("4321");
    await shot("staff-add");
    await dialog.getByRole("button", { name: STAFF_COPY.ok }).click();
    await page.getByRole("cell", { name: "xiaoli" }).waitFor();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await shot("staff");
  });

  it("creates an API key shown once, which works until it is revoked", async () => {
    await page.getByTestId("side-menu").getByText(API_KEYS_COPY.title).click();
    await page.getByTestId("api-keys-page").waitFor();
    await page.getByRole("button", { name: API_KEYS_COPY.create }).click();
    await page.getByRole("dialog").getByLabel(API_KEYS_COPY.form.name).fill("前台收银机");
    await page.getByRole("dialog").getByRole("button", { name: API_KEYS_COPY.ok }).click();
    const secretField = page.getByTestId("api-key-secret");
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^tmk_/);
    await page.getByRole("button", { name: API_KEYS_COPY.copy }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot("api-key-created");
    await page.getByRole("button", { name: API_KEYS_COPY.done }).click();
    await expect.poll(() => page.getByTestId("api-key-secret").count()).toBe(0);
    const asKey = () =>
      fetch(`${server.url}${API.staffOrders(RID)}`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asKey()).status).toBe(200);
    await page.getByRole("cell", { name: "前台收银机" }).waitFor();
    await shot("api-keys");
    await page.getByRole("button", { name: API_KEYS_COPY.revoke, exact: true }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: API_KEYS_COPY.revoke }).click();
    await page.getByText(API_KEYS_COPY.revoked).first().waitFor();
    expect((await asKey()).status).toBe(401);
  });

  it("reads both in the audit log, filtered by action", async () => {
    await page.getByTestId("side-menu").getByText(AUDIT_COPY.title).click();
    await page.getByTestId("audit-page").waitFor();
    await page.getByText(AUDIT_COPY.actions["apiKey.revoke"] as string).waitFor();
    expect(await page.getByText(AUDIT_COPY.actions["staff.create"] as string).count()).toBeGreaterThan(0);
    await shot("audit");
    await page.getByLabel(AUDIT_COPY.filters.action).first().click();
    await page.keyboard.type("API 密钥（全部）");
    await page.getByTitle(AUDIT_COPY.actions.apiKey as string).click();
    await expect.poll(() => page.getByText(AUDIT_COPY.actions["staff.create"] as string).count()).toBe(0);
    expect(await page.getByText(AUDIT_COPY.actions["apiKey.create"] as string).count()).toBe(1);
    // the range picker open, in Chinese
    await page.getByPlaceholder(AUDIT_COPY.filters.from).click();
    await page.locator(".ant-picker-dropdown").waitFor({ state: "visible" });
    // antd's own words in Chinese too (its calendar: 2026年11月, weeks from 一)
    expect(await page.locator(".ant-picker-dropdown").innerText()).toMatch(/\d{4}年\d{1,2}月/);
    await shot("audit-range");
    await page.keyboard.press("Escape");
  });

  it("opens the change-password form from the header", async () => {
    await page.getByTestId("change-password").click();
    await page.getByRole("dialog").getByText(PASSWORD_COPY.title).waitFor();
    await page.getByRole("dialog").getByLabel(PASSWORD_COPY.current, { exact: true }).fill("wrong-password");
    await page.getByRole("dialog").getByLabel(PASSWORD_COPY.next, { exact: true }).fill("new-password-1");
    await page.getByRole("dialog").getByLabel(PASSWORD_COPY.confirm, { exact: true }).fill("new-password-2");
    await page.getByRole("dialog").getByRole("button", { name: PASSWORD_COPY.submit }).click();
    await page.getByRole("dialog").getByText(PASSWORD_COPY.mismatch).waitFor();
    await shot("change-password");
    await page.getByRole("dialog").getByRole("button", { name: PASSWORD_COPY.cancel }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  });

  it("hands the tablet to the waiter by PIN: the waiter's name and menu", async () => {
    await page.getByTestId("pin-switch").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(PIN_SWITCH_COPY.pin).fill("0000");
    await dialog.getByRole("button", { name: PIN_SWITCH_COPY.submit }).click();
    await dialog.getByText("PIN 码错误").waitFor();
    await shot("pin-switch");
    await dialog.getByLabel(PIN_SWITCH_COPY.pin).fill("4321");
    await dialog.getByRole("button", { name: PIN_SWITCH_COPY.submit }).click();
    await expect.poll(() => page.getByTestId("staff-member").textContent()).toContain("小李");
    await page.getByTestId("home-page").waitFor();
    await expect.poll(() => page.locator(".ant-modal-wrap:visible").count()).toBe(0);
    expect(await page.getByTestId("staff-member").textContent()).toContain(COMMON_COPY.roles.waiter);
    expect(await page.getByTestId("side-menu").getByText(STAFF_COPY.title, { exact: true }).count()).toBe(0);
    await shot("after-pin-switch");
    expect(errors).toEqual([]);
  });
});
