import { API, MEMBER_API, ORDER_API } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MEMBER_COPY } from "../src/features/member/member-copy.js";
import { newMemberDialogKey, resetNewMemberCoupons } from "../src/features/member/use-new-member-coupons.js";
import { orderDetail } from "./checkout-harness.js";
import { fail, ok } from "./fake-server.js";
import { HOTEL_ID } from "./fixtures.js";
import { card, equities, FUSE, loggedIn, memberRoutes, openCardCoupon } from "./member-fixtures.js";
import { LINK, openMenu } from "./menu-harness.js";
import { normalizeUrl } from "./render-app.js";

const bar = () => screen.findByTestId("member-bar");
const inWeChat = () =>
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone) MicroMessenger/8.0.50");

describe("the member banner on the menu (spec 001 §2)", () => {
  it("asks a diner without a card to join, and 立即加入 opens the member centre", async () => {
    const { app } = await openMenu({ routes: memberRoutes([]) });
    const banner = await bar();
    expect(within(banner).getByTestId("member-bar-title").textContent).toBe(MEMBER_COPY.join);
    fireEvent.click(within(banner).getByRole("button", { name: MEMBER_COPY.joinAction }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/member/member?${LINK}`)));
    expect(await screen.findByTestId("member-login")).toBeTruthy();
  });

  it("shows a member's card type, with 会员详情 and shortcuts to points, balance and coupons", async () => {
    loggedIn();
    const { app } = await openMenu({ routes: memberRoutes() });
    const banner = await bar();
    expect(within(banner).getByTestId("member-bar-title").textContent).toBe("金卡会员");
    for (const [label, path] of [
      [new RegExp(`^${MEMBER_COPY.points}`), "/member/integral"],
      [new RegExp(`^${MEMBER_COPY.balance}`), "/member/balance"],
      [new RegExp(`^${MEMBER_COPY.coupons}`), "/member/coupons"],
      [MEMBER_COPY.details, "/memberCard"],
    ] as const) {
      fireEvent.click(within(banner).getByRole("button", { name: label }));
      await waitFor(() => expect(app.where()).toBe(normalizeUrl(`${path}?${LINK}`)));
      app.navigate(-1);
      await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
    }
  });

  it("shows a member's numbers: points, balance and coupons of the current card, asked again back on the menu", async () => {
    loggedIn();
    let answer = equities({ points: 320, balance: 12_345, couponCount: 2 });
    const { app, server } = await openMenu({
      routes: memberRoutes([card()], { [FUSE.equities]: () => ok(answer, 200) }),
    });
    const figures = () =>
      ["points", "balance", "coupons"].map((key) => screen.getByTestId(`member-bar-${key}`).textContent);
    await waitFor(() =>
      expect(figures()).toEqual([
        `${MEMBER_COPY.points}320`,
        `${MEMBER_COPY.balance}¥123.45`,
        `${MEMBER_COPY.coupons}2`,
      ]),
    );
    expect(server.last(FUSE.equities)?.query.get("cardId")).toBe("41");
    // a recharge elsewhere: back on the menu, the bar shows the card as it is now
    answer = equities({ points: 420, balance: 67_300, couponCount: 1 });
    fireEvent.click(screen.getByTestId("member-bar-balance"));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/member/balance?${LINK}`)));
    app.navigate(-1);
    await waitFor(() =>
      expect(figures()).toEqual([
        `${MEMBER_COPY.points}420`,
        `${MEMBER_COPY.balance}¥673.00`,
        `${MEMBER_COPY.coupons}1`,
      ]),
    );
  });

  it("shows '--' for a card without stored value, and no numbers without a card", async () => {
    loggedIn();
    await openMenu({
      routes: memberRoutes([card()], { [FUSE.equities]: () => ok(equities({ balance: null }), 200) }),
    });
    await waitFor(() =>
      expect(screen.getByTestId("member-bar-balance").textContent).toBe(`${MEMBER_COPY.balance}--`),
    );
  });

  it("shows the shortcuts without numbers to a diner without a card", async () => {
    const { server } = await openMenu({ routes: memberRoutes([]) });
    await bar();
    expect(screen.getByTestId("member-bar-points").textContent).toBe(MEMBER_COPY.points);
    expect(server.paths()).not.toContain(FUSE.equities);
  });

  it("offers recharge only inside WeChat and where the restaurant has it open", async () => {
    loggedIn();
    await openMenu({ restaurant: { openRecharge: true }, routes: memberRoutes() });
    await bar();
    expect(screen.queryByTestId("member-bar-recharge")).toBeNull();
  });

  it("shows the recharge tip inside WeChat, leading to /member/recharge", async () => {
    inWeChat();
    loggedIn();
    const { app } = await openMenu({ restaurant: { openRecharge: true }, routes: memberRoutes() });
    fireEvent.click(await screen.findByTestId("member-bar-recharge"));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/member/recharge?${LINK}`)));
  });

  it("shows no recharge tip inside WeChat when the restaurant has recharge closed", async () => {
    inWeChat();
    loggedIn();
    await openMenu({ restaurant: { openRecharge: false }, routes: memberRoutes() });
    await bar();
    expect(screen.queryByTestId("member-bar-recharge")).toBeNull();
  });

  it("hides when the current card is not the one the prepaid order fixed", async () => {
    loggedIn();
    const paid = orderDetail({
      vipId: "99",
      pays: [{ payId: 1, payType: "会员卡", money: "5.00", paid: true, mine: false }],
    });
    const { app } = await openMenu({
      restaurant: { wctPayType: 1 },
      routes: memberRoutes([card()], { [`${ORDER_API.orderDetail}/31`]: () => ok(paid, 200) }),
    });
    app.navigate(`/main?${LINK}&mainOrderId=31`);
    expect(await screen.findByTestId("member-bar-hidden")).toBeTruthy();
    expect(screen.queryByTestId("member-bar")).toBeNull();
  });
});

describe("the new-member coupon dialog (spec 000 §2, §4)", () => {
  const withCoupons = (cards = [] as ReturnType<typeof card>[]) =>
    memberRoutes(cards, { [MEMBER_API.openCardCoupons]: () => ok([openCardCoupon()], 200) });

  it("offers a new-member-system diner without a card the coupons, once; closing is remembered", async () => {
    const { server } = await openMenu({ routes: withCoupons() });
    const dialog = await screen.findByTestId("new-member-dialog");
    expect(dialog.textContent).toContain("新人礼券 ×2");
    expect(dialog.textContent).toContain("¥5");
    expect(dialog.textContent).toContain("无门槛 · 领取后7天内有效");
    expect(server.last(MEMBER_API.openCardCoupons)?.query.get("type")).toBe("all");
    fireEvent.click(screen.getByRole("button", { name: MEMBER_COPY.close }));
    await waitFor(() => expect(screen.queryByTestId("new-member-dialog")).toBeNull());
    expect(sessionStorage.getItem(newMemberDialogKey(HOTEL_ID))).toBe("1");
    // and on the phone: 开通 is asked once (issue 25)
    expect(localStorage.getItem(newMemberDialogKey(HOTEL_ID))).toBe("1");
  });

  it("waits for the menu: never over a page the menu is kept alive behind (the diner-count step, search)", async () => {
    // the coupons answer late, once another page is on screen
    const late = () =>
      new Promise<ReturnType<typeof ok>>((resolve) =>
        setTimeout(() => resolve(ok([openCardCoupon()], 200)), 400),
      );
    const { app, server } = await openMenu({
      routes: memberRoutes([], { [MEMBER_API.openCardCoupons]: late }),
    });
    await waitFor(() => expect(server.paths()).toContain(MEMBER_API.openCardCoupons));
    app.navigate(`/search?${LINK}`);
    await screen.findByTestId("search-results");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByTestId("new-member-dialog")).toBeNull();
    app.navigate(`/main?${LINK}`);
    expect((await screen.findByTestId("new-member-dialog")).textContent).toContain("新人礼券");
  });

  it("is not asked again at the next visit (a new session) once closed or taken", async () => {
    localStorage.setItem(newMemberDialogKey(HOTEL_ID), "1");
    const { server } = await openMenu({ routes: withCoupons() });
    await bar();
    expect(server.paths()).not.toContain(MEMBER_API.openCardCoupons);
    expect(screen.queryByTestId("new-member-dialog")).toBeNull();
  });

  it("is not asked again in the session once closed or taken", async () => {
    sessionStorage.setItem(newMemberDialogKey(HOTEL_ID), "1");
    const { server } = await openMenu({ routes: withCoupons() });
    await bar();
    expect(server.paths()).not.toContain(MEMBER_API.openCardCoupons);
  });

  it("立即开通 goes to the member centre and is remembered", async () => {
    const { app } = await openMenu({ routes: withCoupons() });
    await screen.findByTestId("new-member-dialog");
    fireEvent.click(screen.getByRole("button", { name: MEMBER_COPY.newMemberAction }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/member/member?${LINK}`)));
    expect(sessionStorage.getItem(newMemberDialogKey(HOTEL_ID))).toBe("1");
    expect(localStorage.getItem(newMemberDialogKey(HOTEL_ID))).toBe("1");
    resetNewMemberCoupons();
  });

  it("is not offered to a member", async () => {
    loggedIn();
    const member = await openMenu({ routes: withCoupons([card()]) });
    await bar();
    expect(member.server.paths()).not.toContain(MEMBER_API.openCardCoupons);
  });

  it("is not offered on the old member system", async () => {
    const old = await openMenu({
      routes: {
        [API.crmType]: () => ok({ crmType: "old", isNewCrm: false }, 200),
        [MEMBER_API.oldcrm.cardRights]: () => ok({ cardTypes: [], openRecharge: false }, 200),
        [MEMBER_API.openCardCoupons]: () => fail(404, "请求的资源不存在", 404),
      },
    });
    await bar();
    expect(old.server.paths()).not.toContain(MEMBER_API.openCardCoupons);
  });

  it("stays closed when the new-member-system restaurant gives no coupons", async () => {
    await openMenu({ routes: memberRoutes([]) });
    await bar();
    expect(screen.queryByTestId("new-member-dialog")).toBeNull();
    expect(sessionStorage.getItem(newMemberDialogKey(HOTEL_ID))).toBeNull();
    expect(localStorage.getItem(newMemberDialogKey(HOTEL_ID))).toBeNull();
  });
});
