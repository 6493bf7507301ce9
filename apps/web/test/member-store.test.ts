import { MEMBER_API, ORDER_API } from "@tablemate/core";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readMemberLogin } from "../src/api/member-http.js";
import { memberTotal } from "../src/features/cart/member-total.js";
import { MEMBER_COPY } from "../src/features/member/member-copy.js";
import {
  currentCard,
  ensureMember,
  isMember,
  loginMember,
  logoutMember,
  switchCard,
  useMemberStore,
} from "../src/features/member/member-store.js";
import { useAppStore } from "../src/store/app-store.js";
import { orderDetail } from "./checkout-harness.js";
import { fail, fakeServer, ok } from "./fake-server.js";
import { HOTEL_ID, restaurant, USER } from "./fixtures.js";
import {
  card,
  equities,
  FUSE,
  loggedIn,
  memberRoutes,
  memberStarted,
  PHONE,
  RIGHTS,
  TOKEN,
} from "./member-fixtures.js";

const GOLD = card();
const SILVER = card({
  id: 42,
  cardType: 2,
  cardTypeName: "银卡会员",
  cardNum: "70087654321",
  isVipPrice: false,
});

const flags = () => {
  const { memberInitialised, isMember: prices } = useAppStore.getState();
  return { memberInitialised, isMember: prices };
};

async function init(): Promise<void> {
  await act(() => ensureMember());
}

describe("the member state (spec 001 §4)", () => {
  it("asks the new family when the crm answer says isNewCrm, else the old", async () => {
    const server = fakeServer(memberRoutes());
    memberStarted();
    await init();
    expect(server.paths()).toContain(FUSE.cardRights);

    useMemberStore.setState({ rid: null, status: "idle" });
    memberStarted({ isNewCrm: false });
    const old = fakeServer({ [MEMBER_API.oldcrm.cardRights]: () => ok(RIGHTS, 200) });
    await init();
    expect(old.paths()).toEqual([MEMBER_API.oldcrm.cardRights]);
    expect(useMemberStore.getState().status).toBe("ready");
  });

  it("member.version-gate: below the register's memberPay 2.20.00 (001 §5, §9): no member call, every member feature hidden", async () => {
    loggedIn();
    const server = fakeServer(memberRoutes());
    memberStarted({ restaurant: restaurant({ serverVersion: "2.19.00" }) });
    await init();
    expect(server.paths()).toEqual([]);
    expect(useMemberStore.getState().status).toBe("failed");
    expect(flags()).toEqual({ memberInitialised: false, isMember: false });

    useMemberStore.setState({ rid: null, status: "idle" });
    memberStarted({ restaurant: restaurant({ serverVersion: "2.20.00" }) });
    await init();
    expect(server.paths()).toContain(FUSE.cardRights);
    expect(useMemberStore.getState().status).toBe("ready");
  });

  it("without a login: initialised, no cards asked, no member prices", async () => {
    const server = fakeServer(memberRoutes());
    memberStarted();
    await init();
    expect(server.paths()).toEqual([FUSE.cardRights]);
    expect(flags()).toEqual({ memberInitialised: true, isMember: false });
  });

  it("loads the cards of a valid stored phone, saves the first as current, and tells the server", async () => {
    loggedIn(null);
    const server = fakeServer(memberRoutes([GOLD, SILVER]));
    memberStarted();
    await init();
    expect(server.last(FUSE.cards)?.headers.get("member-token")).toBe(TOKEN);
    expect(currentCard(useMemberStore.getState())).toEqual(GOLD);
    expect(readMemberLogin(HOTEL_ID)?.cardId).toBe(GOLD.id);
    expect(Object.fromEntries(server.last(MEMBER_API.memberShip)?.form ?? [])).toEqual({
      rid: "7",
      cardId: String(GOLD.id),
    });
    expect(flags()).toEqual({ memberInitialised: true, isMember: true });
  });

  it("keeps the saved current card without telling the server again", async () => {
    loggedIn(SILVER.id);
    const server = fakeServer(memberRoutes([GOLD, SILVER]));
    memberStarted();
    await init();
    expect(useMemberStore.getState().currentCardId).toBe(SILVER.id);
    expect(server.paths()).not.toContain(MEMBER_API.memberShip);
    // the silver card gives no member prices
    expect(flags().isMember).toBe(false);
  });

  it("takes the card the server remembers (the user's memberCardId) when none is saved here", async () => {
    loggedIn(null);
    fakeServer(memberRoutes([GOLD, SILVER]));
    memberStarted({ user: { ...USER, memberCardId: SILVER.id } });
    await init();
    expect(useMemberStore.getState().currentCardId).toBe(SILVER.id);
  });

  it("asks no cards for a stored phone that is no valid phone", async () => {
    localStorage.setItem(
      `member:${HOTEL_ID}`,
      JSON.stringify({ token: TOKEN, phone: "12345", cardId: null }),
    );
    const server = fakeServer(memberRoutes());
    memberStarted();
    await init();
    expect(server.paths()).not.toContain(FUSE.cards);
    expect(isMember(useMemberStore.getState())).toBe(false);
  });

  it("hides every member feature when the card types cannot be fetched", async () => {
    loggedIn();
    const server = fakeServer(
      memberRoutes([GOLD], { [FUSE.cardRights]: () => fail(10025, "本店未开通会员") }),
    );
    memberStarted();
    await init();
    expect(useMemberStore.getState().status).toBe("failed");
    expect(server.paths()).toEqual([FUSE.cardRights]);
    expect(flags()).toEqual({ memberInitialised: false, isMember: false });
  });

  it("shows member prices only from the 2.24.00 register", async () => {
    loggedIn();
    fakeServer(memberRoutes());
    memberStarted({ restaurant: restaurant({ serverVersion: "2.23.99" }) });
    await init();
    expect(isMember(useMemberStore.getState())).toBe(true);
    expect(flags()).toEqual({ memberInitialised: true, isMember: false });
  });

  it("member.api-cards-list: says 该会员卡不能在本店使用 on 100002, with no cards", async () => {
    loggedIn();
    fakeServer(memberRoutes([], { [FUSE.cards]: () => fail(100002, "该会员卡不能在本店使用") }));
    memberStarted();
    await init();
    expect(await screen.findByText(MEMBER_COPY.cardNotHere)).toBeTruthy();
    expect(useMemberStore.getState().cards).toEqual([]);
    expect(readMemberLogin(HOTEL_ID)?.token).toBe(TOKEN);
  });

  it("in prepayment, takes the card the paid order fixed: a tablemate's card shares its member prices", async () => {
    const detailPath = `${ORDER_API.orderDetail}/31`;
    const paid = orderDetail({
      vipId: "99",
      pays: [{ payId: 1, payType: "会员卡", money: "50.00", paid: true, mine: false }],
    });
    const server = fakeServer(memberRoutes([], { [detailPath]: () => ok(paid, 200) }));
    memberStarted({ isPrepayment: true });
    await act(() => ensureMember(31));
    expect(server.last(detailPath)?.query.get("paymentType")).toBe("1");
    expect(useMemberStore.getState().order).toEqual({ pays: paid.pays, vipId: "99" });
    expect(flags()).toEqual({ memberInitialised: true, isMember: true });
  });

  it("logs in with the code: keeps token and phone, takes the answer's cards, the first current", async () => {
    const server = fakeServer(
      memberRoutes([], {
        [FUSE.cardLogin]: () =>
          ok({ token: "new-token", expiresAt: 1, memberId: 5, phone: PHONE, cards: [GOLD, SILVER] }, 200),
      }),
    );
    memberStarted();
    await init();
    await act(() => loginMember(PHONE, "123456"));
    expect(Object.fromEntries(server.last(FUSE.cardLogin)?.form ?? [])).toEqual({
      rid: "7",
      phone: PHONE,
      code: "123456",
    });
    expect(readMemberLogin(HOTEL_ID)).toEqual({ token: "new-token", phone: PHONE, cardId: GOLD.id });
    expect(server.last(MEMBER_API.memberShip)?.form.get("cardId")).toBe(String(GOLD.id));
    expect(flags().isMember).toBe(true);
  });

  it("switches card (member-ship told) and logs out (phone, token and card gone)", async () => {
    loggedIn(GOLD.id);
    const server = fakeServer(memberRoutes([GOLD, SILVER]));
    memberStarted();
    await init();
    await act(() => switchCard(SILVER.id));
    expect(readMemberLogin(HOTEL_ID)?.cardId).toBe(SILVER.id);
    expect(server.last(MEMBER_API.memberShip)?.form.get("cardId")).toBe(String(SILVER.id));
    expect(flags().isMember).toBe(false);

    await act(() => switchCard(GOLD.id));
    expect(flags().isMember).toBe(true);
    await act(() => logoutMember());
    expect(server.last(MEMBER_API.fusecrm.logout)).toBeTruthy();
    expect(readMemberLogin(HOTEL_ID)).toBeNull();
    expect(useMemberStore.getState()).toMatchObject({ login: null, cards: [], currentCardId: null });
    expect(flags()).toEqual({ memberInitialised: true, isMember: false });
  });

  it("learns the current card's member day from its equities, again on a switch, none after logout", async () => {
    loggedIn(GOLD.id);
    const wednesdays = { weekdays: [3], monthDays: [], percent: 88, text: "8.8折", today: true };
    const server = fakeServer(
      memberRoutes([GOLD, SILVER], {
        [FUSE.equities]: (request) => {
          const cardId = Number(request.query.get("cardId"));
          return ok(equities({ cardId, memberDay: cardId === GOLD.id ? wednesdays : null }), 200);
        },
      }),
    );
    memberStarted();
    await init();
    // the member pricing the cart bar and the checkout take it with
    expect(useAppStore.getState().memberTotal).toBe(memberTotal);
    await waitFor(() =>
      expect(useAppStore.getState().memberDay).toEqual({ weekdays: [3], monthDays: [], percent: 88 }),
    );
    expect(server.last(FUSE.equities)?.query.get("cardId")).toBe(String(GOLD.id));

    await act(() => switchCard(SILVER.id));
    expect(server.last(FUSE.equities)?.query.get("cardId")).toBe(String(SILVER.id));
    expect(useAppStore.getState().memberDay).toBeNull();
    await act(() => switchCard(GOLD.id));
    await waitFor(() => expect(useAppStore.getState().memberDay?.percent).toBe(88));

    await act(() => logoutMember());
    expect(useAppStore.getState().memberDay).toBeNull();
  });

  it("asks no member day without a member, nor for a tablemate's card the order fixed", async () => {
    const detailPath = `${ORDER_API.orderDetail}/31`;
    const paid = orderDetail({
      vipId: "99",
      pays: [{ payId: 1, payType: "会员卡", money: "50.00", paid: true, mine: false }],
    });
    loggedIn(GOLD.id);
    const server = fakeServer(memberRoutes([GOLD], { [detailPath]: () => ok(paid, 200) }));
    memberStarted({ isPrepayment: true });
    await act(() => ensureMember(31));
    expect(server.paths()).not.toContain(FUSE.equities);
    expect(useAppStore.getState().memberDay).toBeNull();
  });

  it("forgets the login when a member call answers 1990", async () => {
    loggedIn();
    fakeServer(memberRoutes([], { [FUSE.cards]: () => fail(1990, "请先登录会员") }));
    memberStarted();
    await init();
    expect(readMemberLogin(HOTEL_ID)).toBeNull();
    expect(useMemberStore.getState().login).toBeNull();
  });
});
