import { mkdirSync } from "node:fs";
import { memberPaths } from "@tablemate/core";
import { describe, expect, it } from "vitest";
import { RECHARGE_COPY } from "../apps/web/src/features/recharge/recharge-copy.js";
import { memberLogin } from "./support/member.js";
import { useStage } from "./support/stage.js";

const SHOTS = new URL("./screenshots/", import.meta.url);

/**
 * Recharging stored value on a phone, the real server end to end: a diner at 江南食府 (recharge open,
 * the demo's 充200送10 / 充500送50 / 充1000送120) logs in by phone, opens /member/recharge, picks ¥500
 * (到账 ¥550 with its ¥50 gift), pays it on the sandbox's hosted checkout, and is brought back to the
 * result: 充值成功 only once the server says so, with the ¥50 gift and the card's new balance ¥550.00.
 */
describe("recharging stored value through the sandbox", () => {
  const errors: string[] = [];
  const stage = useStage();

  it("a member recharges ¥500 and sees ¥550 with the ¥50 gift", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const table = stage.table("江南食府");
    const rid = Number(new URL(table.url).searchParams.get("hotelid"));
    const page = await stage.diner(table, { errors });
    const login = await memberLogin(stage.server, page, { rid, phone: "13912345678", openCard: true });
    const [card] = login.cards;
    if (!card) throw new Error("no card opened");
    // where the member pages keep the login: token, phone, the current card
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      `member:${rid}`,
      JSON.stringify({ token: login.token, phone: login.phone, cardId: card.id }),
    ] as const);

    const link = new URL(table.url);
    await page.goto(`${stage.server.url}/member/recharge${link.search}`);
    const tiles = page.getByTestId("recharge-rule");
    await tiles.first().waitFor();
    expect(await tiles.allTextContents()).toEqual([
      "¥200充200送10",
      "¥500充500送50",
      "¥1000充1000送120+100积分",
    ]);
    await tiles.filter({ hasText: "充500送50" }).click();
    expect(await page.getByTestId("recharge-arrives").textContent()).toContain("¥550");
    await page.screenshot({ path: new URL("member-recharge.png", SHOTS).pathname, animations: "disabled" });

    await page.getByRole("button", { name: RECHARGE_COPY.submit }).click();
    await page.waitForURL(/\/sandbox-pay\/checkout\//);
    await page.getByRole("button", { name: /^支付 ¥/ }).click();
    await page.waitForURL(/\/member\/recharge\?/);
    expect(new URL(page.url()).searchParams.get("tradeNo")).toBeTruthy();

    const result = page.getByTestId("recharge-result");
    await expect.poll(() => result.getAttribute("data-status"), { timeout: 15_000 }).toBe("paid");
    expect(await page.getByText(RECHARGE_COPY.success).count()).toBe(1);
    expect(await page.getByTestId("recharge-paid").textContent()).toContain("¥500");
    expect(await page.getByTestId("recharge-gift").textContent()).toContain("¥50");
    expect(await page.getByTestId("recharge-balance").textContent()).toContain("¥550.00");
    await page.screenshot({
      path: new URL("member-recharge-paid.png", SHOTS).pathname,
      animations: "disabled",
    });

    // the card says the same: ¥550 to spend (equities, as the member pages read it)
    const equities = await page.request.get(
      `${stage.server.url}${memberPaths(login.family).equities}?rid=${rid}&cardId=${card.id}`,
      { headers: login.headers },
    );
    expect(((await equities.json()) as { data: { balance: number } }).data.balance).toBe(55_000);
    expect(errors).toEqual([]);
  });
});
