import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { formatDateTime } from "@tablemate/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MEMBER_COPY } from "../apps/web/src/features/member/member-copy.js";
import { RECHARGE_COPY } from "../apps/web/src/features/recharge/recharge-copy.js";
import { layoutProblems } from "./support/layout.js";
import { memberBanner } from "./support/member.js";
import { loggedCode } from "./support/sms.js";
import { useStage } from "./support/stage.js";
import { atEachPhoneSize, sizeName } from "./support/tour.js";

const SHOTS = join(new URL(".", import.meta.url).pathname, "screenshots");
const PHONE_NUMBER = "13900139025";

/**
 * A member's numbers and history on a phone (issue 25), the real server end to end: a diner at
 * 江南食府 logs in by phone (the code from the server's log) and opens a card; the menu's member bar
 * shows 积分 0, 余额 ¥0.00 and the two sign-up coupons; a ¥200 recharge (充200送10) paid on the
 * sandbox's checkout; the bar shows ¥210.00; the balance history shows the recharge and its gift,
 * newest first, with the balance after each on the restaurant's clock. Shots at 390×844 and 360×740.
 */
describe("a member's bar numbers and balance history", () => {
  const errors: string[] = [];
  const stage = useStage();

  /** The page at each phone size, checked for layout and saved for a look. */
  const shoot = (page: Page, name: string) =>
    atEachPhoneSize(page, async (size) => {
      await page.screenshot({ path: join(SHOTS, `member-history-${name}@${sizeName(size)}.png`) });
      expect(await layoutProblems(page), `${name} at ${sizeName(size)}`).toEqual([]);
    });

  const figures = (page: Page) =>
    Promise.all(
      ["points", "balance", "coupons"].map((key) => page.getByTestId(`member-bar-${key}`).textContent()),
    );

  it("logs in, recharges ¥200 in the sandbox, sees the bar's numbers move and the balance history", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const table = stage.table("江南食府");
    const page = await stage.diner(table, { errors });
    const menu = `${stage.server.url}/main${new URL(page.url()).search}`;
    const bar = await memberBanner(page);
    await bar.waitFor();

    // log in and open a card from the member centre, as the bar's 立即加入 leads
    await bar.getByRole("button", { name: MEMBER_COPY.joinAction }).click();
    await page.getByPlaceholder(MEMBER_COPY.phonePlaceholder).fill(PHONE_NUMBER);
    await page.getByRole("button", { name: MEMBER_COPY.sendCode }).click();
    await expect.poll(() => loggedCode(stage.server, PHONE_NUMBER)).not.toBeNull();
    await page
      .getByPlaceholder(MEMBER_COPY.codePlaceholder)
      .fill(loggedCode(stage.server, PHONE_NUMBER) ?? "");
    await page.getByRole("button", { name: MEMBER_COPY.login }).click();
    await page.getByRole("button", { name: MEMBER_COPY.activate }).click();
    await page.getByTestId("card-face").waitFor();

    // the bar on the menu: the new card's numbers
    await page.goto(menu);
    await memberBanner(page);
    await expect
      .poll(() => figures(page))
      .toEqual([`${MEMBER_COPY.points}0`, `${MEMBER_COPY.balance}¥0.00`, `${MEMBER_COPY.coupons}2`]);

    // recharge ¥200 (充200送10) through the sandbox, from the bar's 余额
    await page.getByTestId("member-bar-balance").click();
    await page.getByRole("button", { name: MEMBER_COPY.toRecharge }).click();
    await page.getByTestId("recharge-rule").filter({ hasText: "充200送10" }).click();
    await page.getByRole("button", { name: RECHARGE_COPY.submit }).click();
    await page.waitForURL(/\/sandbox-pay\/checkout\//);
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    const result = page.getByTestId("recharge-result");
    await expect.poll(() => result.getAttribute("data-status"), { timeout: 15_000 }).toBe("paid");
    const paidAt = new Date();

    // back on the menu: the bar says ¥210.00
    await page.goto(menu);
    await memberBanner(page);
    await expect
      .poll(() => figures(page))
      .toEqual([`${MEMBER_COPY.points}0`, `${MEMBER_COPY.balance}¥210.00`, `${MEMBER_COPY.coupons}2`]);
    await shoot(page, "bar");

    // the balance history: the gift and the recharge, newest first, the balance after each
    await page.getByTestId("member-bar-balance").click();
    await page.getByRole("button", { name: MEMBER_COPY.viewHistory }).click();
    const lines = page.getByTestId("history-line");
    await lines.first().waitFor();
    const texts = await lines.allTextContents();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^充值赠送\+¥10\.00\d{4}-\d{2}-\d{2} \d{2}:\d{2}余额 ¥210\.00$/);
    expect(texts[1]).toMatch(/^充值\+¥200\.00\d{4}-\d{2}-\d{2} \d{2}:\d{2}余额 ¥200\.00$/);
    // on 江南食府's clock (Asia/Shanghai), within the minute the payment came back
    const time = await lines.first().locator(".history-line__time").textContent();
    const minuteBefore = new Date(paidAt.getTime() - 60_000);
    expect([
      formatDateTime(paidAt, "Asia/Shanghai"),
      formatDateTime(minuteBefore, "Asia/Shanghai"),
    ]).toContain(time);
    expect(await page.getByText(MEMBER_COPY.historyEnd).count()).toBe(1);
    await shoot(page, "balance");

    // the points history: nothing yet (充200送10 gives no points)
    await page.goto(`${stage.server.url}/member/integralHistory${new URL(menu).search}`);
    await page.getByTestId("history-empty").waitFor();
    expect(errors).toEqual([]);
  });
});
