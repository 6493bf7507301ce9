import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  MEMBERS_COPY,
  MENU_COPY,
  PRINTERS_COPY,
  STAFF_COPY,
  STATIONS_COPY,
  TABLES_COPY,
} from "../apps/console/src/copy/index.js";
import { DEMO_MENU_EN } from "../apps/server/src/db/demo/menu-en.js";
import { COPY, DISH_COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { MEMBER_PAGES } from "../apps/web/src/features/member/member-pages.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import EN from "../apps/web/src/i18n/catalogues/en-US.js";
import { type Violation, wcagViolations } from "./support/axe.js";
import { consoleUrl, placeDinerOrder, tabletContext, untilAtRest } from "./support/console.js";
import { signInOnTablet, walkConsoleTour } from "./support/console-tour.js";
import { addControl, cartBar, menuCard, tap } from "./support/dishes.js";
import { memberBanner, memberLogin } from "./support/member.js";
import { type Stage, useStage } from "./support/stage.js";

/** What each member page shows once its data is in (a page added to MEMBER_PAGES must say). */
const MEMBER_PAGE_SHOWN: Record<keyof typeof MEMBER_PAGES, string> = {
  center: "member-stats",
  card: "card-equities",
  info: "member-info",
  integral: "member-points",
  balance: "member-balance",
  // a card just opened: nothing in its histories yet
  balanceHistory: "history-empty",
  pointsHistory: "history-empty",
  coupons: "vouchers",
  invalidCoupons: "vouchers-empty",
  num: "member-num",
  recharge: "recharge-rule",
};

/** Each page's violations, kept only where there are some: `name: ["3× color-contrast: …"]`. */
class Findings {
  readonly found: Record<string, string[]> = {};
  readonly checked: string[] = [];

  async check(page: Page, name: string): Promise<void> {
    // fonts in and entrance motions over, so colours are read as they rest
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(400);
    const violations: Violation[] = await wcagViolations(page);
    this.checked.push(name);
    if (violations.length > 0) this.found[name] = violations.map((v) => `${v.nodes}× ${v.line}`);
  }
}

/** The words a diner's journey taps, in the language the phone reads. */
interface DinerWords {
  locale: "zh-CN" | "en-US";
  /** 江南食府's table the journey sits at (each language its own) */
  table: number;
  /** the member's phone number (each language its own member) */
  phone: string;
  /** a text of 江南食府's menu (its categories and dishes), as the diner reads it */
  menu: (zh: string) => string;
  dinerCount: (count: number) => string;
  searchTerm: string;
  plus: string;
  addToCart: string;
  cart: string;
  clearCart: string;
  cancel: string;
  search: string;
  searchPlaceholder: string;
  language: string;
  submit: string;
  payButton: (due: string) => string;
  paySuccess: string;
  payBill: string;
}

const ZH: DinerWords = {
  locale: "zh-CN",
  table: 0,
  phone: "13912340028",
  menu: (zh) => zh,
  dinerCount: (count) => `${count}人`,
  searchTerm: "鱼",
  plus: DISH_COPY.plus,
  addToCart: DISH_COPY.addToCart,
  cart: DISH_COPY.cart,
  clearCart: DISH_COPY.clearCart,
  cancel: DISH_COPY.cancel,
  search: COPY.search,
  searchPlaceholder: COPY.searchPlaceholder,
  language: COPY.language,
  submit: SUBMIT_COPY.submit,
  payButton: PAY_COPY.payButton,
  paySuccess: PAY_COPY.success,
  payBill: ORDER_COPY.payBill,
};

/** A phone set to English: the app's words from the en-US catalogue, 江南食府's menu in its English. */
const EN_WORDS: DinerWords = {
  locale: "en-US",
  table: 1,
  phone: "13912340029",
  menu: (zh) => DEMO_MENU_EN[zh] ?? zh,
  dinerCount: (count) => String(count),
  searchTerm: "fish",
  plus: EN.dish.plus,
  addToCart: EN.dish.addToCart,
  cart: EN.dish.cart,
  clearCart: EN.dish.clearCart,
  cancel: EN.dish.cancel,
  search: EN.app.search,
  searchPlaceholder: EN.app.searchPlaceholder,
  language: EN.app.language,
  submit: EN.submit.submit,
  payButton: (due) => EN.pay.payButton.replace("{0}", due),
  paySuccess: EN.pay.success,
  payBill: EN.order.payBill,
};

/** On the diner-count step, `count` diners chosen in the phone's language; resolves on the menu. */
async function seat(page: Page, words: DinerWords, count: number): Promise<void> {
  await page
    .getByTestId("select-number-page")
    .getByRole("button", { name: words.dinerCount(count), exact: true })
    .click();
  await page.getByTestId("table-name").waitFor();
}

/**
 * A diner's whole visit on a phone in `words`' language, axe run at each page, sheet and dialog: at
 * 江南食府 (paid first, a member programme) the diner count, the menu, a dish's detail and options,
 * the cart and its clear-confirm, the language switch, search, checkout, /pay, its result, the order,
 * the order list, each member page (logged out, then a member with a card); then at 川味小馆 (pay
 * later) the order with 手机买单 and the table's bill. In Chinese, last, the menu switched to English.
 */
async function dinerJourney(stage: Stage, words: DinerWords, findings: Findings, errors: string[]) {
  const check = (page: Page, name: string) =>
    findings.check(page, words.locale === "zh-CN" ? name : `${name} (${words.locale})`);
  const table = stage.table("江南食府", words.table);
  const link = new URL(table.url);
  const inApp = (path: string) =>
    `${stage.server.url}${path}${path.includes("?") ? "&" : "?"}${link.search.slice(1)}`;
  const page = await stage.phone({ errors, locale: words.locale });

  // the diner count, then the menu with its member banner
  await page.goto(table.url);
  const step = page.getByTestId("select-number-page");
  await step.waitFor();
  await check(page, "select-number");
  await seat(page, words, 2);
  await memberBanner(page);
  await check(page, "menu");

  // a dish's detail, a dish's options, the cart and its clear-confirm dialog
  const pork = await menuCard(page, words.menu("招牌菜"), words.menu("东坡肉"));
  await pork.locator(".dish-card__name").click();
  await page.getByTestId("dish-detail").waitFor();
  await check(page, "dish-detail");
  // closed by its key (the sheet's close button is antd-mobile's, named in Chinese whatever the language)
  await page.keyboard.press("Escape");
  await page.getByTestId("dish-detail").waitFor({ state: "detached" });
  const rice = await menuCard(page, words.menu("主食"), words.menu("扬州炒饭"));
  await tap(addControl(rice).getByRole("button", { name: words.plus, exact: true }));
  const sheet = page.getByTestId("dish-sheet");
  await sheet.waitFor();
  await check(page, "dish-options");
  await sheet.getByRole("button", { name: words.addToCart }).click();
  await sheet.waitFor({ state: "detached" });
  await cartBar(page).getByRole("button", { name: words.cart }).click();
  await page.getByTestId("cart-lines").waitFor();
  await check(page, "cart");
  await page.getByRole("button", { name: words.clearCart }).click();
  await page.getByRole("dialog").last().waitFor();
  await check(page, "cart-clear-confirm");
  await page.getByRole("dialog").last().getByRole("button", { name: words.cancel }).click();
  await page.keyboard.press("Escape");
  await page.getByTestId("cart-lines").waitFor({ state: "hidden" });

  // the language switch, with the focus on it
  await page.getByRole("combobox", { name: words.language }).focus();
  await check(page, "language-switch");

  // search
  await page.getByRole("button", { name: words.search }).click();
  await page.getByTestId("search-results").waitFor();
  await page.getByPlaceholder(words.searchPlaceholder).fill(words.searchTerm);
  await page.getByTestId("search-results").getByTestId("dish-card").first().waitFor();
  await check(page, "search");
  await page.goBack();
  await page.getByTestId("table-name").waitFor();

  // checkout, then /pay (江南食府 is paid first), the sandbox, the result and the order
  await cartBar(page).locator(".cart-bar__order").click();
  await page.getByTestId("suborder-page").waitFor();
  await check(page, "checkout");
  await page.getByRole("button", { name: words.submit }).click();
  await page.getByTestId("pay-due").waitFor();
  await check(page, "pay");
  const due = (await page.getByTestId("pay-due").locator(".money").textContent()) ?? "";
  await page.getByRole("button", { name: words.payButton(due) }).click();
  // the sandbox's hosted checkout stands for the provider's page: not the app's, not checked
  await page.waitForURL(/\/sandbox-pay\/checkout\//);
  await page.getByRole("button", { name: /^支付 ¥/ }).click();
  await page.getByText(words.paySuccess).waitFor();
  await check(page, "pay-success");
  await page.waitForURL(/\/order\/detail\?/);
  await page.getByTestId("order-pays").waitFor();
  await check(page, "order-detail");
  await page.goto(inApp("/order/list"));
  await page.getByTestId("order-list-item").first().waitFor();
  await check(page, "order-list");

  // the member pages: the login first, then each page of a member with a card
  const rid = Number(link.searchParams.get("hotelid"));
  await page.goto(inApp(MEMBER_PAGES.center));
  await page.getByTestId("member-login").waitFor();
  await check(page, "member-login");
  const login = await memberLogin(stage.server, page, { rid, phone: words.phone, openCard: true });
  const [card] = login.cards;
  if (!card) throw new Error("no card opened");
  // where the member pages keep the login: token, phone, the current card
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    `member:${rid}`,
    JSON.stringify({ token: login.token, phone: login.phone, cardId: card.id }),
  ] as const);
  for (const [name, path] of Object.entries(MEMBER_PAGES)) {
    await page.goto(inApp(path));
    await page
      .getByTestId(MEMBER_PAGE_SHOWN[name as keyof typeof MEMBER_PAGES])
      .first()
      .waitFor();
    await page.waitForLoadState("networkidle");
    await check(page, `member-${name}`);
  }

  if (words.locale === "zh-CN") {
    // the menu in English, chosen on the switch
    await page.goto(inApp("/main"));
    await page.getByTestId("table-name").waitFor();
    await page.getByRole("combobox", { name: words.language }).selectOption("en-US");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en-US");
    await check(page, "menu-en");
  }

  // 川味小馆 (pay later, its menu in Chinese only): the order's page with 手机买单, and the table's bill
  const later = await stage.phone({ errors, locale: words.locale });
  await later.goto(stage.table("川味小馆", words.table).url);
  await seat(later, words, 1);
  await tap(
    addControl(await menuCard(later, "凉菜", "拍黄瓜")).getByRole("button", {
      name: words.plus,
      exact: true,
    }),
  );
  await cartBar(later).locator(".cart-bar__order").click();
  await later.getByTestId("suborder-page").waitFor();
  await later.getByRole("button", { name: words.submit }).click();
  await later.getByTestId("order-lines").waitFor();
  await check(later, "order-detail-unpaid");
  await later.getByRole("button", { name: words.payBill }).click();
  await later.getByTestId("bill-line").first().waitFor();
  await check(later, "bill");
}

/**
 * axe-core's WCAG 2.x A and AA rules on every page of the staff console (the tour: every page of
 * the registry, the login and not-found pages) at the tablet's 1024×768, with the views staff work in (a station's
 * tickets, the drawers, the editors), and on every diner page, sheet and dialog at 390×844, on a
 * phone in Chinese and on one in English (dinerJourney). Any violation fails, whatever its impact.
 */
describe("axe-core on every page", () => {
  const stage = useStage();

  it("finds no WCAG violation on any console page", async () => {
    const findings = new Findings();
    await walkConsoleTour(stage.browser, stage.server, (page, name) => findings.check(page, name));
    expect(findings.checked.length).toBeGreaterThan(15);
    expect(findings.found).toEqual({});
  }, 300_000);

  it("finds none in the console's working views: a station's tickets, a table's and an order's drawers, editors", async () => {
    const findings = new Findings();
    const context = await tabletContext(stage.browser);
    await Promise.all([signInOnTablet(context, stage.server), placeDinerOrder(stage.browser, stage.server)]);
    const page = await context.newPage();

    // the kitchen's display of a station with the order's ticket
    await page.goto(consoleUrl(stage.server, "kitchen"));
    await page.getByTestId("pick-station").filter({ hasText: "凉菜" }).click();
    await page.getByTestId("ticket").filter({ hasText: "拍黄瓜" }).first().waitFor();
    await findings.check(page, "kitchen-station");

    // the floor: the ordered table's drawer, and from the order list, the order's own drawer
    await page.goto(consoleUrl(stage.server, "floor"));
    await page
      .locator("[data-testid^=table-card-]")
      .filter({ has: page.getByTestId("new-orders") })
      .first()
      .click();
    const tableDrawer = page.getByTestId("table-drawer");
    await tableDrawer.getByText("拍黄瓜").first().waitFor();
    await untilAtRest(tableDrawer);
    await findings.check(page, "floor-table-drawer");
    await page.goto(consoleUrl(stage.server, "orders"));
    await page.locator("[data-testid^=open-order-]").first().click();
    const orderDrawer = page.getByTestId("order-detail");
    await orderDrawer.getByText("拍黄瓜").first().waitFor();
    await untilAtRest(orderDrawer);
    await findings.check(page, "order-drawer");

    // a dish's editor, and a printer's
    await page.goto(consoleUrl(stage.server, "menu"));
    await page.locator(".ant-table-row").first().getByRole("button", { name: MENU_COPY.dishes.edit }).click();
    await page.getByTestId("dish-name").waitFor();
    await untilAtRest(page.locator(".ant-drawer-content-wrapper"));
    await findings.check(page, "dish-editor");
    await page.goto(consoleUrl(stage.server, "print"));
    await page
      .getByTestId("printers-panel")
      .getByRole("button", { name: PRINTERS_COPY.edit })
      .first()
      .click();
    await page.getByTestId("printer-name").waitFor();
    await findings.check(page, "printer-editor");

    // the editors a page's add button opens
    const editors = [
      ["tables", TABLES_COPY.add, "table-editor"],
      ["stations", STATIONS_COPY.add, "station-editor"],
      ["staff", STAFF_COPY.add, "staff-editor"],
      ["members/coupons", MEMBERS_COPY.create, "coupon-editor"],
    ] as const;
    for (const [path, button, name] of editors) {
      await page.goto(consoleUrl(stage.server, path));
      await page.getByRole("button", { name: button }).first().click();
      const editor = page.locator(".ant-modal-content, .ant-drawer-content").first();
      await untilAtRest(editor);
      await findings.check(page, name);
    }

    expect(findings.found).toEqual({});
  }, 300_000);

  for (const words of [ZH, EN_WORDS]) {
    it(`finds no WCAG violation on any diner page, sheet or dialog (${words.locale})`, async () => {
      const findings = new Findings();
      const errors: string[] = [];
      await dinerJourney(stage, words, findings, errors);
      expect(findings.checked.length).toBeGreaterThan(20);
      expect(findings.found).toEqual({});
      expect(errors).toEqual([]);
    }, 300_000);
  }
});
