import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBERS_COPY as C, FLOOR_COPY } from "../apps/console/src/copy/index.js";
import { type Database, openDatabase } from "../apps/server/src/db/client.js";
import { openCard } from "../apps/server/src/modules/member/members.js";
import { rechargePaid } from "../apps/server/src/modules/member/stored-value.js";
import {
  addMembership,
  hashAccountSecrets,
  insertAccount,
} from "../apps/server/src/modules/staff/accounts.js";
import { createTestDatabase, type TestDatabase } from "../apps/server/test/support/databases.js";
import { launchChromium } from "./support/browser.js";
import {
  consoleUrl,
  printedConsoleCredentials,
  sideOverflow,
  signIn,
  tabletContext,
} from "./support/console.js";
import { type RunningServer, startServer } from "./support/server.js";

const RESTAURANT = "川味小馆";
const SECRET = "e2e-console-members-secret-0123456789ab";
const SHOTS = new URL("./screenshots/", import.meta.url);
const PHONE = "13912345678";

/** A staff member the test makes at the restaurant, through the staff module (as `npm run owner` does). */
const CASHIER = { login: "e2e-cashier", name: "收银小周", password: "cashier-pass-1234", pin: "246810" };
const MANAGER = { login: "e2e-manager", name: "王经理", password: "manager-pass-1234", pin: "135790" };

/**
 * The member pages on a tablet (1024×768), on PostgreSQL so the test can make what a diner's sign-up
 * and recharge would have made (a member with a ¥200 card, through the member module): a cashier finds
 * the member by phone, adjusts the balance by -¥20 with the manager's login and PIN typed on the same
 * tablet, and the ledger shows it; beside the demo's member programme (金卡, 充500送50 …) the
 * owner adds 充300送30, a coupon template, a default card type with its member day and a 满减. Screenshots
 * console-members-*.png, each looked at.
 */
describe("the member pages in the console", () => {
  let database: TestDatabase;
  let db: Database;
  let server: RunningServer;
  let browser: Browser;
  let tablet: BrowserContext;
  let staff: Page;
  let rid = 0;
  let cardNum = "";
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    database = await createTestDatabase("postgres");
    const env = { DATABASE_URL: database.url ?? "", SECRET };
    [server, browser] = await Promise.all([startServer(env), launchChromium()]);
    const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurant === RESTAURANT);
    if (!owner) throw new Error(`no printed owner of ${RESTAURANT}`);
    rid = owner.restaurantId;
    // the server has migrated and seeded the database: the test's own connection adds to it
    db = await openDatabase({ url: database.url, dataDir: "" });
    const now = new Date();
    const { card } = await openCard(db.db, {
      phone: PHONE,
      restaurantId: rid,
      cardTypeName: "金卡",
      isVipPrice: true,
      now,
    });
    cardNum = card.cardNum;
    await rechargePaid(db.db, {
      cardId: card.id,
      paymentKey: "e2e-recharge-1",
      rechargeCents: 20_000,
      rules: [],
      source: "sandbox",
      actor: "payment:sandbox",
      now,
    });
    for (const [member, role] of [
      [CASHIER, "cashier"],
      [MANAGER, "manager"],
    ] as const) {
      const hashes = await hashAccountSecrets(member, 10);
      await db.db.transaction(async (tx) => {
        const account = await insertAccount(tx, member, hashes, now);
        await addMembership(tx, account.id, rid, role);
      });
    }
    tablet = await tabletContext(browser);
    staff = await tablet.newPage();
    staff.on("pageerror", (error) => errors.push(String(error)));
  });
  afterAll(async () => {
    await tablet?.close();
    await browser?.close();
    await server?.stop();
    await db?.close();
    await database?.drop();
  });

  /** antd's motions over (a dialog zooming in or out, a toast), and no toast left on the screen */
  const settled = () =>
    expect
      .poll(() =>
        staff.evaluate(
          () =>
            Array.from(
              document.querySelectorAll(
                ".ant-message-notice-wrapper, .ant-modal-mask, .ant-modal, .ant-drawer-content-wrapper",
              ),
            ).filter(
              (el) =>
                el.checkVisibility() && /-(appear|enter|leave)\b|notice-wrapper/.test(String(el.className)),
            ).length,
        ),
      )
      .toBe(0);
  const shot = async (name: string) => {
    await settled();
    await staff.screenshot({ path: new URL(`console-members-${name}.png`, SHOTS).pathname });
  };
  const fits = async () => expect(await sideOverflow(staff)).toEqual({ wide: false, out: [] });

  it("a cashier finds the member by phone: the card's money and its ledger", async () => {
    await staff.goto(consoleUrl(server, "members"));
    await signIn(staff, CASHIER);
    await staff.goto(consoleUrl(server, "members"));
    await staff.getByTestId("member-search").fill(PHONE);
    await staff.getByTestId("member-search").press("Enter");
    const panel = staff.getByTestId("card-panel");
    await panel.waitFor();
    expect(await panel.textContent()).toContain(cardNum);
    expect(await panel.getByTestId("balance-principal").textContent()).toBe("¥200.00");
    expect(await panel.getByTestId("balance-spendable").textContent()).toBe("¥200.00");
    await panel.getByTestId("ledger").getByText(C.kinds.recharge).waitFor();
    // a cashier adjusts; freezing is a manager's
    expect(await panel.getByTestId("freeze").count()).toBe(0);
    await fits();
  });

  it("adjusts the balance by -¥20 with the manager's approval: one entry, its approver named", async () => {
    const panel = staff.getByTestId("card-panel");
    await panel.getByTestId("adjust").click();
    await staff.getByTestId("adjust-principal").fill("-20");
    await staff.getByTestId("adjust-reason").fill("重复充值退回");
    await staff.getByRole("button", { name: C.adjustSubmit }).click();
    // the server asks for a manager (4031): the manager types their login and PIN on the tablet
    await staff.getByTestId("approval-login").fill(MANAGER.login);
    await staff.getByTestId("approval-pin").fill(MANAGER.pin);
    await staff.getByRole("button", { name: FLOOR_COPY.approve }).click();
    await expect.poll(() => panel.getByTestId("balance-principal").textContent()).toBe("¥180.00");
    const row = panel.getByTestId("ledger").locator("tr", { hasText: C.kinds.adjustment });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain("本金 -¥20.00");
    expect(text).toContain(CASHIER.name);
    expect(text).toContain(C.approvedBy(MANAGER.name));
    expect(text).toContain("重复充值退回");
    expect(await panel.getByTestId("ledger").locator("tbody tr.ant-table-row").count()).toBe(2);
    await fits();
    await shot("lookup");
  });

  it("the owner adds 充300送30 and a coupon template", async () => {
    const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurant === RESTAURANT);
    if (!owner) throw new Error("no owner");
    await tablet.clearCookies();
    await staff.goto(consoleUrl(server, "members/recharge-rules"));
    await signIn(staff, owner);
    await staff.goto(consoleUrl(server, "members/recharge-rules"));
    await staff.getByTestId("new-rule").click();
    await staff.getByTestId("rule-recharge").fill("300");
    await staff.getByTestId("rule-gift").fill("30");
    await expect.poll(() => staff.getByTestId("rule-preview").textContent()).toContain("充300送30");
    await shot("rule-form");
    await staff.getByTestId("rule-form").getByRole("button", { name: C.ok }).click();
    await staff.getByTestId("rules").getByText("充300送30").waitFor();
    await fits();
    await shot("rules");

    await staff.getByRole("tab", { name: C.tabs.coupons }).click();
    await staff.getByTestId("coupons-tab").waitFor();
    await staff.getByTestId("new-template").click();
    await staff.getByTestId("template-name").fill("满50减5");
    await staff.getByTestId("template-face").fill("5");
    await staff.getByTestId("template-min-spend").fill("50");
    await staff.getByTestId("template-form").getByRole("button", { name: C.ok }).click();
    const row = staff.getByTestId("templates").locator("tr", { hasText: "满50减5" });
    await row.waitFor();
    expect(await row.textContent()).toContain(C.minSpend("50.00"));
    await fits();
    await shot("coupons");
  });

  it("the owner adds a default card type with its member day (9折 on Fridays) and a 满减", async () => {
    await staff.getByRole("tab", { name: C.tabs.cardTypes }).click();
    await staff.getByTestId("new-card-type").click();
    await staff.getByTestId("card-type-name").fill("黑金卡");
    await staff.getByTestId("card-type-default").click();
    await staff.getByTestId("member-day-on").click();
    await staff.getByTestId("card-type-form").getByText(C.weekday(5), { exact: true }).click();
    await staff.getByTestId("member-day-percent").fill("90");
    await staff.getByTestId("card-type-form").getByText("9折", { exact: true }).waitFor();
    await shot("card-type-form");
    await staff.getByTestId("card-type-form").getByRole("button", { name: C.ok }).click();
    const row = staff.getByTestId("card-types").locator("tr", { hasText: "黑金卡" });
    await row.waitFor();
    expect(await row.textContent()).toContain("每周五 · 9折");
    // the new default: the demo's 金卡 is no longer
    expect(await row.textContent()).toContain(C.defaultTag);
    const gold = staff
      .getByTestId("card-types")
      .locator("tr", { hasText: "金卡" })
      .filter({ hasNotText: "黑金卡" });
    expect(await gold.textContent()).not.toContain(C.defaultTag);
    await fits();
    await shot("card-types");

    await staff.getByRole("tab", { name: C.tabs.offers }).click();
    await staff.getByTestId("new-offer").click();
    await staff.getByTestId("offer-threshold").fill("200");
    await staff.getByTestId("offer-reduction").fill("30");
    await staff.getByTestId("offer-form").getByRole("button", { name: C.ok }).click();
    await staff.getByTestId("offers").getByText("满200减30").waitFor();
    await fits();
    await shot("offers");
    expect(errors).toEqual([]);
  });
});
