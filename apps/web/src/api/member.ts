import {
  type Campaign,
  type CardHistory,
  type CardHistoryPage,
  type CardLoginAnswer,
  type CardRights,
  type CouponGiveAnswer,
  type CouponPage,
  type Equities,
  MEMBER_API,
  MEMBER_CODES,
  type MemberCard,
  type MemberInfo,
  type MemberUpdateBody,
  type OpenCardCoupon,
  type PhoneCodeSent,
  type RedpacketDrawAnswer,
} from "@tablemate/core";
import { memberGet, memberPost, memberRequest, saveMemberLogin } from "./member-http.js";

/**
 * The member calls of spec 001 §7 (issue 19), in the restaurant's family (fusecrm for the new member
 * system, oldcrm for the old): loaded with the member banner and pages only.
 */
export type MemberPaths = (typeof MEMBER_API)["fusecrm"];

/** The restaurant's family (001 §4 step 5: the crm answer's isNewCrm). */
export function memberPathsOf(isNewCrm: boolean): MemberPaths {
  return isNewCrm ? MEMBER_API.fusecrm : MEMBER_API.oldcrm;
}

/** GET wechat-card-rights: the card types and what each gives; its failure hides every member feature. */
export function fetchCardRights(paths: MemberPaths, rid: number): Promise<CardRights> {
  return memberGet(paths.cardRights, rid);
}

/** POST members/phone/code: an SMS login code; the answer says whether a text went out. */
export function sendLoginCode(paths: MemberPaths, rid: number, phone: string): Promise<PhoneCodeSent> {
  return memberPost(paths.loginCode, rid, { phone });
}

/** POST cards/login: logs in with the code; the token and phone are kept (the current card is the caller's). */
export async function cardLogin(
  paths: MemberPaths,
  rid: number,
  phone: string,
  code: string,
): Promise<CardLoginAnswer> {
  const answer = await memberPost<CardLoginAnswer>(paths.cardLogin, rid, { phone, code });
  saveMemberLogin(rid, { token: answer.token, phone: answer.phone, cardId: null });
  return answer;
}

/** POST members/logout: the server revokes this phone's member token. */
export async function logout(paths: MemberPaths, rid: number): Promise<void> {
  await memberPost(paths.logout, rid, {});
}

/** GET cards: the member's cards here. */
export function fetchCards(paths: MemberPaths, rid: number): Promise<MemberCard[]> {
  return memberGet(paths.cards, rid);
}

/** POST cards: opens a card by the logged-in phone (the restaurant's default card type unless named). */
export async function activateCard(paths: MemberPaths, rid: number, cardType?: number): Promise<void> {
  await memberPost(paths.cards, rid, { cardType });
}

/** GET cards/equities: a card's balance, points, coupons, member day and privileges. */
export function fetchEquities(paths: MemberPaths, rid: number, cardId: number): Promise<Equities> {
  return memberGet(paths.equities, rid, { cardId });
}

/** GET members/{memberId}: member info; 100201 answers none given yet (an empty form): null. */
export async function fetchMemberInfo(
  paths: MemberPaths,
  rid: number,
  memberId: number,
): Promise<MemberInfo | null> {
  const answer = await memberRequest<MemberInfo | null>("GET", paths.member(memberId), rid);
  return answer.code === MEMBER_CODES.memberInfoEmpty ? null : answer.data;
}

/** POST members/{memberId}: member info; 100801 (nothing changed) is a success like any other. */
export async function updateMemberInfo(
  paths: MemberPaths,
  rid: number,
  info: Omit<MemberUpdateBody, "rid">,
): Promise<void> {
  await memberPost(paths.member(info.memberId), rid, info);
}

/** GET cards/balance-history or cards/points-history: one page of the card's history, newest first. */
export function fetchCardHistory(
  paths: MemberPaths,
  rid: number,
  history: CardHistory,
  query: { cardId: number; page: number; limit: number },
): Promise<CardHistoryPage> {
  return memberGet(history === "balance" ? paths.balanceHistory : paths.pointsHistory, rid, query);
}

/** GET coupons: type 1 usable, 2 used or expired; page 1, limit 999 (001 §7). */
export function fetchCoupons(
  paths: MemberPaths,
  rid: number,
  query: { type: 1 | 2; memberCardId: number; memberId: number },
): Promise<CouponPage> {
  return memberGet(paths.coupons, rid, { ...query, page: 1, limit: 999 });
}

/** GET open-card-gived-coupons (new member system only): what a new member is given (000 §2). */
export function fetchOpenCardCoupons(rid: number): Promise<OpenCardCoupon[]> {
  return memberGet(MEMBER_API.openCardCoupons, rid, { type: "all" });
}

/** GET campaigns (old member system only): the restaurant's running campaigns, each saying whether this member took it. */
export function fetchCampaigns(rid: number): Promise<Campaign[]> {
  return memberGet(MEMBER_API.campaigns, rid);
}

/** POST coupons/give (old member system only): a coupon campaign's coupon onto the card, once. */
export function takeCampaignCoupon(
  rid: number,
  cardId: number,
  campaignId: number,
): Promise<CouponGiveAnswer> {
  return memberPost(MEMBER_API.couponsGive, rid, { cardId, campaignId });
}

/** POST redpackets/draw (old member system only): a red packet's gift money onto the card, once. */
export function drawRedpacket(rid: number, cardId: number, campaignId: number): Promise<RedpacketDrawAnswer> {
  return memberPost(MEMBER_API.redpacketsDraw, rid, { cardId, campaignId });
}

/** POST member-ship: the card this diner uses here (the last card, 001 §7). */
export async function chooseMemberCard(rid: number, cardId: number): Promise<void> {
  await memberPost(MEMBER_API.memberShip, rid, { cardId });
}
