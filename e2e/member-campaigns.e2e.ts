import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MEMBER_COPY } from "../apps/web/src/features/member/member-copy.js";
import { PHONE } from "./support/browser.js";
import { layoutProblems } from "./support/layout.js";
import { memberBanner } from "./support/member.js";
import { loggedCode } from "./support/sms.js";
import { useStage } from "./support/stage.js";
import { untilStill } from "./support/tour.js";

const SHOTS = join(new URL(".", import.meta.url).pathname, "screenshots");
const MEMBER_PHONE = "13900139002";

/** 抽中 ¥3.45，已存入余额 → 345 (cents) */
function wonCents(text: string | null): number {
  const match = /^抽中 ¥(\d+)(?:\.(\d{1,2}))?，已存入余额$/.exec(text ?? "");
  if (!match) throw new Error(`not a red packet's result: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * The old member system's campaigns on a phone (issue 19; spec 001 §7, old only), against the real
 * server and its demo (川味小馆: the old member system, 新客领券 giving a ¥5 coupon from ¥30, 会员红包
 * of ¥1 to ¥8.88): a phone login with the code from the server's log, a card opened, the coupon taken
 * (已领取, then on /member/coupons), the red packet drawn (its amount, the balance); both stay taken
 * after a reload; the member centre with its campaigns at 390×844, checked for layout and saved.
 */
describe("the old member system's campaigns", () => {
  const stage = useStage();
  const errors: string[] = [];
  let page: Page;
  let centre = "";

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const table = stage.table("川味小馆");
    centre = new URL(`/member/member${new URL(table.url).search}`, stage.server.url).href;
    page = await stage.diner(table, { errors });
  });

  /** The member centre's campaigns at 390×844, checked for layout and saved for a look. */
  const look = async (name: string) => {
    await page.setViewportSize(PHONE);
    await page.getByTestId("member-campaigns").scrollIntoViewIfNeeded();
    await page.locator(".toast").waitFor({ state: "detached" });
    await untilStill(page);
    await page.screenshot({ path: join(SHOTS, `${name}@390x844.png`) });
    expect(await layoutProblems(page), name).toEqual([]);
  };
  const campaign = (name: string) => page.getByTestId("campaign").filter({ hasText: name });
  const stats = () => page.getByTestId("member-stats").textContent();

  it("logs in by phone at an old-system restaurant and opens a card, which shows the campaigns", async () => {
    await (await memberBanner(page)).getByRole("button", { name: MEMBER_COPY.joinAction }).click();
    await page.getByTestId("member-login").waitFor();
    await page.getByPlaceholder(MEMBER_COPY.phonePlaceholder).fill(MEMBER_PHONE);
    await page.getByRole("button", { name: MEMBER_COPY.sendCode }).click();
    await expect.poll(() => loggedCode(stage.server, MEMBER_PHONE)).not.toBeNull();
    await page
      .getByPlaceholder(MEMBER_COPY.codePlaceholder)
      .fill(loggedCode(stage.server, MEMBER_PHONE) ?? "");
    await page.getByRole("button", { name: MEMBER_COPY.login }).click();
    await page.getByRole("button", { name: MEMBER_COPY.activate }).click();
    await page.getByTestId("card-face").waitFor();
    await expect.poll(stats).toBe("¥0.00余额0积分0优惠券");

    await page.getByTestId("member-campaigns").waitFor();
    expect(await page.getByTestId("campaign").allTextContents()).toEqual([
      `¥5满30元可用新客领券领取5元代金券，满30元可用，7天内有效${MEMBER_COPY.takeCoupon}`,
      `红包最高¥8.88会员红包抽取1至8.88元储值红包，每张会员卡限领一次${MEMBER_COPY.drawRedpacket}`,
    ]);
    await look("member-campaigns-open");
  });

  it("takes the coupon once: 已领取, counted, and listed on /member/coupons", async () => {
    const take = campaign("新客领券").getByRole("button");
    await take.click();
    await page.getByText(MEMBER_COPY.couponReceived).waitFor();
    await expect.poll(() => take.textContent()).toBe(MEMBER_COPY.couponTaken);
    expect(await take.isDisabled()).toBe(true);
    await expect.poll(stats).toBe("¥0.00余额0积分1优惠券");

    await page.getByTestId("member-stats").getByRole("button", { name: MEMBER_COPY.coupons }).click();
    await page.getByTestId("vouchers").waitFor();
    const coupons = await page.getByTestId("voucher").allTextContents();
    expect(coupons).toHaveLength(1);
    expect(coupons[0]).toMatch(/^¥55元代金券满30元可用有效期 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 /);
    await page.locator(".adm-nav-bar-back").click();
    await page.getByTestId("member-campaigns").waitFor();
  });

  it("draws the red packet once, showing what was drawn, which is the card's balance", async () => {
    const draw = campaign("会员红包").getByRole("button");
    await draw.click();
    const result = page.getByTestId("redpacket-result");
    const cents = wonCents(await result.textContent());
    expect(cents).toBeGreaterThanOrEqual(100);
    expect(cents).toBeLessThanOrEqual(888);
    expect(await draw.textContent()).toBe(MEMBER_COPY.redpacketDrawn);
    expect(await draw.isDisabled()).toBe(true);
    const yuan = (cents / 100).toFixed(2);
    await expect.poll(stats).toBe(`¥${yuan}余额0积分1优惠券`);

    await look("member-campaigns");
  });

  it("shows both taken after a reload", async () => {
    await page.goto(centre);
    await page.getByTestId("member-campaigns").waitFor();
    expect(await campaign("新客领券").getByRole("button").textContent()).toBe(MEMBER_COPY.couponTaken);
    expect(await campaign("会员红包").getByRole("button").textContent()).toBe(MEMBER_COPY.redpacketDrawn);
    expect(await page.getByTestId("redpacket-result").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
