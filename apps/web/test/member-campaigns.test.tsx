import { MEMBER_API } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MEMBER_COPY } from "../src/features/member/member-copy.js";
import { fail, fakeServer, type Handler, ok } from "./fake-server.js";
import {
  campaign,
  card,
  equities,
  loggedIn,
  memberRoutes,
  memberStarted,
  OLD,
  redpacket,
  TOKEN,
} from "./member-fixtures.js";
import { LINK } from "./menu-harness.js";
import { renderApp } from "./render-app.js";

/** The member centre of a member with a card, at an old-member-system restaurant. */
function openOldCentre(extra: Record<string, Handler> = {}) {
  loggedIn();
  const server = fakeServer(
    memberRoutes(
      [card()],
      { [MEMBER_API.campaigns]: () => ok([campaign(), redpacket()], 200), ...extra },
      OLD,
    ),
  );
  memberStarted({ isNewCrm: false });
  renderApp(`/member/member?${LINK}`);
  return server;
}

/** Equities answering `first`, then `then` to every later ask (what a take changed). */
function equitiesBefore(first: ReturnType<typeof equities>, then: ReturnType<typeof equities>): Handler {
  let asked = 0;
  return () => ok(asked++ === 0 ? first : then, 200);
}

/** The section's rows, waited for: a reload keeps the section (its old words) until the answer comes. */
const rows = async () => within(await screen.findByTestId("member-campaigns")).findAllByTestId("campaign");
const actionOf = (row: HTMLElement) => within(row).getByRole("button") as HTMLButtonElement;
const posts = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.requests.filter((r) => r.path === path && r.method === "POST");

describe("/member/member: the old member system's campaigns (spec 001 §7, old only)", () => {
  it("lists the running campaigns, with what each gives, under the member's stats", async () => {
    const server = openOldCentre({
      [MEMBER_API.campaigns]: () =>
        ok([campaign({ startTime: "2025-05-01 00:00", endTime: "2025-06-30 23:59" }), redpacket()], 200),
    });
    const [coupon, packet] = await rows();
    expect(coupon?.textContent).toBe(
      "¥5满30元可用新客领券领取5元代金券，满30元可用，7天内有效活动时间 2025-05-01 00:00 至 2025-06-30 23:59领取",
    );
    expect(packet?.textContent).toBe("红包最高¥8.88会员红包抽取1至8.88元储值红包，每张会员卡限领一次抽红包");
    const asked = server.last(MEMBER_API.campaigns);
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ rid: "7" });
    expect(asked?.headers.get("member-token")).toBe(TOKEN);
  });

  it("shows nothing of them at a new-member-system restaurant, and never asks", async () => {
    loggedIn();
    const server = fakeServer(
      memberRoutes([card()], { [MEMBER_API.campaigns]: () => ok([campaign()], 200) }),
    );
    memberStarted({ isNewCrm: true });
    renderApp(`/member/member?${LINK}`);
    await waitFor(() => expect(screen.getByTestId("member-stats").textContent).toContain("¥123.45"));
    expect(screen.queryByTestId("member-campaigns")).toBeNull();
    expect(server.paths()).not.toContain(MEMBER_API.campaigns);
  });

  it("shows no section when no campaign runs", async () => {
    const server = openOldCentre({ [MEMBER_API.campaigns]: () => ok([], 200) });
    await waitFor(() => expect(server.paths()).toContain(MEMBER_API.campaigns));
    await waitFor(() => expect(screen.getByTestId("member-stats").textContent).toContain("¥123.45"));
    expect(screen.queryByTestId("member-campaigns")).toBeNull();
  });

  it("领取 gives the coupon once: then 已领取, and the coupon count is asked again", async () => {
    const server = openOldCentre({
      [OLD.equities]: equitiesBefore(equities(), equities({ couponCount: 3 })),
      [MEMBER_API.couponsGive]: () => ok({ coupon: {}, firstTime: true }, 200),
    });
    const [coupon] = await rows();
    if (!coupon) throw new Error("no coupon campaign");
    fireEvent.click(actionOf(coupon));
    expect(await screen.findByText(MEMBER_COPY.couponReceived)).toBeTruthy();
    await waitFor(() => expect(actionOf(coupon).textContent).toBe(MEMBER_COPY.couponTaken));
    expect(actionOf(coupon).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId("member-stats").textContent).toContain("3优惠券"));

    fireEvent.click(actionOf(coupon));
    const given = posts(server, MEMBER_API.couponsGive);
    expect(given).toHaveLength(1);
    expect(Object.fromEntries(given[0]?.form ?? [])).toEqual({ rid: "7", cardId: "41", campaignId: "1" });
    expect(given[0]?.headers.get("member-token")).toBe(TOKEN);
  });

  it("shows 已领取 and 已抽取 for campaigns the member took before", async () => {
    openOldCentre({
      [MEMBER_API.campaigns]: () => ok([campaign({ taken: true }), redpacket({ taken: true })], 200),
    });
    const [coupon, packet] = await rows();
    if (!coupon || !packet) throw new Error("campaigns missing");
    expect([actionOf(coupon).textContent, actionOf(packet).textContent]).toEqual([
      MEMBER_COPY.couponTaken,
      MEMBER_COPY.redpacketDrawn,
    ]);
    expect(actionOf(coupon).disabled && actionOf(packet).disabled).toBe(true);
  });

  it("says the server's words when a take is refused, keeps 领取, and asks for the campaigns again", async () => {
    const server = openOldCentre({
      [MEMBER_API.couponsGive]: () => fail(4708, "活动未开始或已结束", 409),
    });
    const [coupon] = await rows();
    if (!coupon) throw new Error("no coupon campaign");
    fireEvent.click(actionOf(coupon));
    expect(await screen.findByText("活动未开始或已结束")).toBeTruthy();
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === MEMBER_API.campaigns)).toHaveLength(2),
    );
    expect(actionOf(coupon).textContent).toBe(MEMBER_COPY.takeCoupon);
    expect(actionOf(coupon).disabled).toBe(false);
  });

  it("抽红包 draws once and shows what was drawn, the balance asked again", async () => {
    const server = openOldCentre({
      [OLD.equities]: equitiesBefore(equities(), equities({ balance: 12_690 })),
      [MEMBER_API.redpacketsDraw]: () =>
        ok({ campaignId: 2, money: 345, firstTime: true, balance: 12_690 }, 200),
    });
    const [, packet] = await rows();
    if (!packet) throw new Error("no red packet");
    fireEvent.click(actionOf(packet));
    expect((await screen.findByTestId("redpacket-result")).textContent).toBe("抽中 ¥3.45，已存入余额");
    expect(actionOf(packet).textContent).toBe(MEMBER_COPY.redpacketDrawn);
    expect(actionOf(packet).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId("member-stats").textContent).toContain("¥126.90余额"));
    fireEvent.click(actionOf(packet));
    const drawn = posts(server, MEMBER_API.redpacketsDraw);
    expect(drawn).toHaveLength(1);
    expect(Object.fromEntries(drawn[0]?.form ?? [])).toEqual({ rid: "7", cardId: "41", campaignId: "2" });
  });

  it("a card that takes no stored value is refused its red packet in the server's words", async () => {
    openOldCentre({
      [MEMBER_API.redpacketsDraw]: () => fail(10024, "该会员卡权益已停用", 403),
    });
    const [, packet] = await rows();
    if (!packet) throw new Error("no red packet");
    fireEvent.click(actionOf(packet));
    expect(await screen.findByText("该会员卡权益已停用")).toBeTruthy();
    expect(screen.queryByTestId("redpacket-result")).toBeNull();
    expect(actionOf(packet).textContent).toBe(MEMBER_COPY.drawRedpacket);
  });

  it("offers 重试 when the campaigns cannot be had", async () => {
    let asked = 0;
    openOldCentre({
      [MEMBER_API.campaigns]: () => (asked++ === 0 ? "network-error" : ok([campaign()], 200)),
    });
    const section = await screen.findByTestId("member-campaigns");
    expect(section.textContent).toContain(MEMBER_COPY.campaignsFailed);
    fireEvent.click(within(section).getByRole("button", { name: MEMBER_COPY.retry }));
    expect(await rows()).toHaveLength(1);
  });
});
