import {
  type CardRights,
  type Equities,
  MEMBER_API,
  type MemberCard,
  type OpenCardCoupon,
  type Voucher,
} from "@tablemate/core";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach } from "vitest";
import { saveMemberLogin } from "../src/api/member-http.js";
import { clearToasts } from "../src/features/loading/toast.js";
import { resetMemberStore } from "../src/features/member/member-store.js";
import { resetNewMemberCoupons } from "../src/features/member/use-new-member-coupons.js";
import type { AppState } from "../src/store/types.js";
import { startedAtTable } from "./checkout-harness.js";
import { type Handler, ok } from "./fake-server.js";
import { HOTEL_ID } from "./fixtures.js";

afterEach(() => {
  resetMemberStore();
  resetNewMemberCoupons();
  clearToasts();
  Dialog.clear();
});

/** The fixtures' restaurant is on the new member system (healthyRoutes' crm answer). */
export const FUSE = MEMBER_API.fusecrm;
export const PHONE = "13812345678";
export const TOKEN = "member-token-1";

export function card(overrides: Partial<MemberCard> = {}): MemberCard {
  return {
    id: 41,
    memberId: 5,
    cardType: 1,
    cardTypeName: "金卡会员",
    cardNum: "70012345678",
    chargeFlag: true,
    status: 1,
    isVipPrice: true,
    telPhone: "138****5678",
    ...overrides,
  };
}

export const RIGHTS: CardRights = {
  cardTypes: [
    {
      cardType: 1,
      name: "金卡会员",
      isVipPrice: true,
      isDefault: true,
      privileges: [1, 2, 4, 6, 7, 8],
      memberDay: null,
    },
  ],
  openRecharge: true,
};

export function equities(overrides: Partial<Equities> = {}): Equities {
  return {
    cardId: 41,
    balance: 12_345,
    principal: 10_000,
    gift: 2_345,
    points: 320,
    couponCount: 2,
    memberDay: { weekdays: [3], monthDays: [15], percent: 88, text: "8.8折", today: false },
    privileges: [1, 2, 6, 8],
    ...overrides,
  };
}

export function voucher(overrides: Partial<Voucher> = {}): Voucher {
  return {
    id: 1,
    activityId: 3,
    code: "C001",
    price: 1000,
    realPrice: 1000,
    startTime: "2025-05-01 00:00",
    endTime: "2025-06-30 23:59",
    minFee: 10_000,
    voucherName: "满100减10",
    type: 1,
    state: "unused",
    dishName: null,
    ...overrides,
  };
}

export function openCardCoupon(overrides: Partial<OpenCardCoupon> = {}): OpenCardCoupon {
  return {
    id: 1,
    name: "新人礼券",
    num: 2,
    validityType: 2,
    type: 1,
    price: 500,
    money: -1,
    effectiveTime: 0,
    validityDays: 7,
    startTime: null,
    endTime: null,
    activityType: 1,
    datasetData: { option: "" },
    ...overrides,
  };
}

/** A diner who logged in at the fixtures' restaurant before (the login kept in local storage). */
export function loggedIn(cardId: number | null = 41, token = TOKEN): void {
  saveMemberLogin(HOTEL_ID, { token, phone: PHONE, cardId });
}

/** The member calls of a healthy member server for a member holding `cards`. */
export function memberRoutes(cards: MemberCard[] = [card()], extra: Record<string, Handler> = {}) {
  return {
    [FUSE.cardRights]: () => ok(RIGHTS, 200),
    [FUSE.cards]: () => ok(cards, 200),
    [FUSE.equities]: () => ok(equities(), 200),
    [MEMBER_API.memberShip]: () => ok(null, 200),
    [MEMBER_API.openCardCoupons]: () => ok([], 200),
    ...extra,
  };
}

/** The store as startup leaves it at the fixtures' table, on the new member system. */
export function memberStarted(overrides: Partial<AppState> = {}): void {
  startedAtTable({ isNewCrm: true, ...overrides });
}
