type Id = number | string;

/** The two member systems' call families (001 §7), chosen by the restaurant's crmType. */
export const MEMBER_FAMILIES = { new: "/cloud/api/v1/fusecrm", old: "/cloud/api/v1/oldcrm" } as const;
export type MemberFamily = keyof typeof MEMBER_FAMILIES;

/**
 * One family's calls, the same sub-paths in both (001 §7). Apart from DINER_API, in a module of its
 * own: the member pages load it when visited, never the menu's first screen.
 */
export function memberPaths(family: MemberFamily) {
  const at = MEMBER_FAMILIES[family];
  return {
    /** GET ?rid=: the logged-in member (memberId, phone); 1990 without a login */
    membersPhone: `${at}/members/phone`,
    /** POST {rid, phone}: an SMS login code (ours: the spec gives the login no path); the same answer for any phone */
    loginCode: `${at}/members/phone/code`,
    /** POST {rid}: log out (ours): the member token is revoked (1990 from now on); again, or without one, the same answer */
    logout: `${at}/members/logout`,
    /** GET ?rid=: member info (100201: none yet); POST {guid, rid, memberId, birthDay, isLunar, sex, memberName} */
    member: (memberId: Id) => `${at}/members/${memberId}`,
    /** GET ?rid=: recharge rules, by rechargeMoney ascending, money in cents */
    rechargeRules: `${at}/recharge-rules`,
    /** GET ?rid=: the restaurant's card rights (card types and the 8 privileges) */
    cardRights: `${at}/wechat-card-rights`,
    /** GET ?rid=: the member's cards at the restaurant; POST {rid}: activate (open) a card by the login's phone */
    cards: `${at}/cards`,
    /** GET ?rid=: one of the member's cards */
    card: (memberCardId: Id) => `${at}/cards/${memberCardId}`,
    /** POST {rid, phone, code}: log in with the SMS code; answers the member token and the cards */
    cardLogin: `${at}/cards/login`,
    /** GET ?cardId=&rid=: a card's balance, points, coupons, member day and privileges */
    equities: `${at}/cards/equities`,
    /** GET ?rid=&cardId=&page=&limit=: the card's balance history, newest first (ours, issue 25) */
    balanceHistory: `${at}/cards/balance-history`,
    /** GET ?rid=&cardId=&page=&limit=: the card's points history, newest first (ours, issue 25) */
    pointsHistory: `${at}/cards/points-history`,
    /** GET ?rid=&type=&page=&limit=&memberCardId=&memberId=: coupons (type 1 usable, 2 used or expired) */
    coupons: `${at}/coupons`,
  } as const;
}

export const MEMBER_API = {
  fusecrm: memberPaths("new"),
  oldcrm: memberPaths("old"),
  /** new system only: GET ?rid=&type=all: the coupons a new member is given (the new-member dialog) */
  openCardCoupons: `${MEMBER_FAMILIES.new}/open-card-gived-coupons`,
  /** old system only */
  campaigns: `${MEMBER_FAMILIES.old}/campaigns`,
  couponsGive: `${MEMBER_FAMILIES.old}/coupons/give`,
  redpacketsDraw: `${MEMBER_FAMILIES.old}/redpackets/draw`,
  /** POST {rid, cardId}: the card this visitor uses here (the last card) */
  memberShip: "/cloud/api/v2/users/current/member-ship",
  /** GET ?token=&rid=: a new member token for one whose time ran out (1991); 1001 when it cannot be */
  tokenRefresh: "/cloud/api/v2/users/token-refresh",
  /** GET ?rid=: the logged-in member's phone ('' without a login) */
  usersPhone: "/cloud/api/v1/users/phone",
  /** POST {rid, cardId, rechargeMoney, timestamp, ruleId?}, header paySign: start paying a recharge */
  rechargePrepay: "/deal/api/v1/recharge-prepay",
  /** GET ?rid=: the recharge a trade pays, as its member sees it (ours: the page the provider sends back to) */
  recharge: (tradeNo: string) => `/deal/api/v1/recharges/${tradeNo}`,
  /** GET ?rid=&orderId=: the coupons usable on an order, each with its verdict (the prepay group's) */
  availableCoupons: "/deal/api/v1/available-coupons",
  /** GET ?rid=&orderId=&couponId=&points=&storedValue=: the discount pipeline's answer for an order */
  discounts: "/deal/api/v1/discounts",
} as const;

/** GET {family}/cards' message when the member has no card here (001 §8), its data the empty list. */
export const NO_CARDS_MESSAGE = "请联系服务员办理会员，即可享受会员特权";

/** The header a member token travels in (beside the visitor's own `token`). */
export const MEMBER_TOKEN_HEADER = "member-token";

/**
 * The member calls' codes (001 §8), for the member pages to act on (the words stay in core's ERRORS,
 * off the diner's bundle). 100201 and 100801 are answers (success: true), not refusals.
 */
export const MEMBER_CODES = {
  /** no member login, or its token is unknown, revoked or another visitor's: clear phone, token and card */
  loginNeeded: 1990,
  /** the member token's two hours are over: refresh it and call again */
  tokenExpired: 1991,
  /** token-refresh refused (revoked, unknown, another visitor's, past its 30 days): log in again */
  refreshRefused: 1001,
  /** a card of another restaurant: 该会员卡不能在本店使用 */
  otherRestaurant: 100002,
  /** the card's type is switched off at the restaurant */
  cardRightOff: 10024,
  /** the restaurant has no member cards, or the call's family is not its member system */
  noCardRight: 10025,
  /** the card is frozen (status 4) */
  cardFrozen: 10020,
  /** a card, member or coupon that is not the caller's */
  cardQueryFailed: 1403,
  /** cards/login without a code */
  codeEmpty: 1418,
  /** a wrong code (a try used up) */
  codeWrong: 1422,
  /** no live code to check: none sent, expired, replaced, used, or its 5 tries spent */
  codeAuthFailed: 1416,
  /** GET members/{id}: no member info yet (data null) */
  memberInfoEmpty: 100201,
  /** POST members/{id}: nothing changed */
  memberUnchanged: 100801,
} as const;

/** A card's status (001 §3): 1 in use, 4 frozen. */
export const CARD_STATUS = { normal: 1, frozen: 4 } as const;
