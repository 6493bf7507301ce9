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
  /** GET ?rid=&orderId=: the coupons usable on an order, each with its verdict (the prepay group's) */
  availableCoupons: "/deal/api/v1/available-coupons",
  /** GET ?rid=&orderId=&couponId=&points=&storedValue=: the discount pipeline's answer for an order */
  discounts: "/deal/api/v1/discounts",
} as const;

/** The header a member token travels in (beside the visitor's own `token`). */
export const MEMBER_TOKEN_HEADER = "member-token";

/**
 * The member calls' codes the diner app acts on (spec 001 §8). The server's refusals (core's ERRORS)
 * are built from them; the app reads codes, never words (the words stay out of its bundle).
 */
export const MEMBER_CODES = {
  /** the login is gone: the stored phone, token and card are cleared */
  loggedOut: [401, 1990],
  /** the token is stale: refresh it (token-refresh), then the call once more */
  refresh: [405, 407, 1991, 1992],
  /** token-refresh's refusal: the login cannot be renewed */
  refreshRefused: 1001,
  systemError: 500,
  /** the card list: the card cannot be used at this restaurant */
  cardNotHere: 100002,
  /** the card's right is unavailable */
  cardRightUnavailable: [10024, 10025],
  /** the card is frozen (status 4) */
  cardFrozen: 10020,
  /** member info: none given yet (an empty form, not a failure) */
  infoEmpty: 100201,
  /** member info update: tolerated (the update stands) */
  infoUpdateTolerated: 100801,
  cardQueryFailed: 1403,
  /** the login's code is empty */
  codeEmpty: 1418,
  codeWrong: 1422,
  codeLoginFailed: 1416,
} as const;
