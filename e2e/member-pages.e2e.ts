import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_COPY } from "../apps/web/src/features/member/member-copy.js";
import { launchChromium, PHONE, PHONE_OPTIONS } from "./support/browser.js";
import { scanTable } from "./support/diner-count.js";
import { layoutProblems } from "./support/layout.js";
import { memberBanner } from "./support/member.js";
import { type RunningServer, startServer } from "./support/server.js";
import { loggedCode } from "./support/sms.js";
import { untilStill } from "./support/tour.js";

const SHOTS = join(new URL(".", import.meta.url).pathname, "screenshots");
/** the small phone the member centre and card page are looked at on */
const SMALL = { width: 360, height: 740 };
const MEMBER_PHONE = "13900139001";

/**
 * The member side on a phone (issue 19), against the real server and its demo's member programme
 * (江南食府: the new member system, 金卡 with member prices, Wednesdays 8.8折, sign-up coupons):
 * the new-member dialog once per session, a phone login with the code from the server's log (no SMS
 * gateway: the page says so), opening a card, the banner with the card type, each member page, and
 * member info edited; the member centre and card page at 360×740, checked for layout and saved.
 */
describe("the member pages", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let link = "";
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const table = server.tables.find((t) => t.restaurant === "江南食府");
    if (!table) throw new Error("no table of 江南食府");
    link = table.url;
    // a context that is offered the new-member coupons (phoneContext leaves them out)
    context = await browser.newContext(PHONE_OPTIONS);
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const banner = () => page.getByTestId("member-bar");
  const dialog = () => page.getByTestId("new-member-dialog");
  const inApp = (path: string) => new URL(page.url()).pathname === path;

  /** The page at 360×740, checked for layout and saved for a look, then back at the phone's size. */
  const shoot = async (name: string) => {
    await page.setViewportSize(SMALL);
    await page.locator(".toast").waitFor({ state: "detached" });
    await untilStill(page);
    await page.screenshot({ path: join(SHOTS, `member-${name}@360x740.png`) });
    expect(await layoutProblems(page), name).toEqual([]);
    await page.setViewportSize(PHONE);
  };

  /** The page as it is now, checked for layout and saved for a look. */
  const look = async (name: string) => {
    await untilStill(page);
    await page.screenshot({ path: join(SHOTS, `member-${name}.png`) });
    expect(await layoutProblems(page), name).toEqual([]);
  };

  it("offers a new diner the new-member coupons once per session, under the join banner", async () => {
    await scanTable(page, link);
    await memberBanner(page);
    await expect.poll(() => banner().getByTestId("member-bar-title").textContent()).toBe(MEMBER_COPY.join);
    await dialog().waitFor();
    expect(await dialog().textContent()).toContain("开卡礼 10元代金券");
    await look("new-member-dialog");
    await page.getByRole("button", { name: MEMBER_COPY.close }).click();
    await dialog().waitFor({ state: "detached" });

    // the same session: a reload finds the dialog remembered
    await page.reload();
    await memberBanner(page);
    await banner().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await dialog().count()).toBe(0);
  });

  it("logs in by phone with the code the server logged, and opens a card", async () => {
    await banner().getByRole("button", { name: MEMBER_COPY.joinAction }).click();
    await page.getByTestId("member-login").waitFor();
    expect(inApp("/member/member")).toBe(true);
    await page.getByPlaceholder(MEMBER_COPY.phonePlaceholder).fill(MEMBER_PHONE);
    await page.getByRole("button", { name: MEMBER_COPY.sendCode }).click();
    // no SMS gateway here: the page never says a text went out
    expect(await page.getByTestId("code-delivery").textContent()).toBe(MEMBER_COPY.codeInLog);
    await look("login");
    await expect.poll(() => page.getByRole("button", { name: /秒后重发$/ }).isDisabled()).toBe(true);
    await expect.poll(() => loggedCode(server, MEMBER_PHONE)).not.toBeNull();
    await page.getByPlaceholder(MEMBER_COPY.codePlaceholder).fill(loggedCode(server, MEMBER_PHONE) ?? "");
    await page.getByRole("button", { name: MEMBER_COPY.login }).click();

    await page.getByRole("button", { name: MEMBER_COPY.activate }).click();
    const face = page.getByTestId("card-face");
    await face.waitFor();
    expect(await face.getByTestId("card-type").textContent()).toBe("金卡");
    await expect
      .poll(() => page.getByTestId("member-stats").textContent())
      .toMatch(/^¥0\.00余额0积分2优惠券$/);
    await shoot("center");
  });

  it("shows the card type on the menu's banner, and opens the card page from it", async () => {
    await page.locator(".adm-nav-bar-back").click();
    await expect.poll(() => banner().getByTestId("member-bar-title").textContent()).toBe("金卡");
    expect(await dialog().count()).toBe(0);
    await look("banner");
    await banner().getByRole("button", { name: MEMBER_COPY.details }).click();
    await page.getByTestId("card-equities").waitFor();
    expect(inApp("/memberCard")).toBe(true);
    expect(await page.getByTestId("member-day").textContent()).toMatch(
      /^会员日每周三 8\.8折(今天是会员日)?$/,
    );
    // one card: no switch
    expect(await page.getByTestId("card-switch").count()).toBe(0);
    await shoot("card");
  });

  it("opens the points, balance, coupons and card number pages from the banner and the centre", async () => {
    const back = () => page.locator(".adm-nav-bar-back").click();
    await back();
    await banner().getByRole("button", { name: MEMBER_COPY.points }).click();
    expect(await page.getByTestId("member-points").textContent()).toBe("0");
    await back();
    await banner().getByRole("button", { name: MEMBER_COPY.balance }).click();
    expect(await page.getByTestId("member-balance").textContent()).toBe("¥0.00");
    // 江南食府 has recharge open
    await page.getByRole("button", { name: MEMBER_COPY.toRecharge }).waitFor();
    await back();
    await banner().getByRole("button", { name: MEMBER_COPY.coupons }).click();
    await page.getByTestId("vouchers").waitFor();
    const coupons = await page.getByTestId("voucher").allTextContents();
    expect(coupons).toHaveLength(2);
    expect(coupons.join()).toContain("开卡礼 10元代金券");
    expect(coupons.join()).toContain("满50元可用");
    await look("coupons");
    await page.getByRole("button", { name: MEMBER_COPY.viewInvalid }).click();
    expect(await page.getByTestId("vouchers-empty").textContent()).toBe(MEMBER_COPY.noInvalidCoupons);

    await page.goto(new URL(`/member/num${new URL(link).search}`, server.url).href);
    const digits = await page.getByTestId("member-num").textContent();
    expect(digits?.replaceAll(" ", "")).toMatch(/^\d{11,}$/);
  });

  it("edits member info, which the page shows again after a reload", async () => {
    await page.goto(new URL(`/member/info${new URL(link).search}`, server.url).href);
    const name = page.getByPlaceholder(MEMBER_COPY.namePlaceholder);
    await name.waitFor();
    expect(await name.inputValue()).toBe("");
    await name.fill("王小明");
    await page.getByText("女", { exact: true }).click();
    await page.getByLabel(MEMBER_COPY.birthday, { exact: true }).fill("1990-02-03");
    await page.getByText(MEMBER_COPY.lunar).click();
    await page.getByRole("button", { name: MEMBER_COPY.save }).click();
    await page.getByText(MEMBER_COPY.saved).waitFor();
    await look("info");

    await page.reload();
    await name.waitFor();
    expect(await name.inputValue()).toBe("王小明");
    expect(await page.getByLabel("女").isChecked()).toBe(true);
    expect(await page.getByLabel(MEMBER_COPY.birthday, { exact: true }).inputValue()).toBe("1990-02-03");
    expect(await page.getByLabel(MEMBER_COPY.lunar).isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });
});
