/**
 * The member store port (issue 19): what the member calls of both families ask of a restaurant's
 * member system, in the domain's terms (core's answer shapes, no HTTP). Tablemate's own store
 * (builtin-store.ts) answers for every restaurant, so one without a CRM has members tonight; a
 * restaurant's external CRM plugs in through an adapter implementing this interface (stores.ts).
 *
 * Who a member is stays Tablemate's: the phone proved by an SMS code, the member row of that phone and
 * the member session (session.ts). A store answers for that member (memberId, phone) at its restaurant.
 * Refusals are AppErrors of core's ERRORS, as the built-in store's: a card not the member's 1403
 * (cardQueryFailed), of another restaurant 100002, frozen 10020, of a type switched off 10024.
 */
import type {
  Campaign,
  CampaignTakeBody,
  CardActivateAnswer,
  CardHistory,
  CardHistoryPage,
  CardHistoryQuery,
  CardRights,
  CouponGiveAnswer,
  CouponPage,
  CouponsQuery,
  Equities,
  MemberCard,
  MemberInfo,
  MemberUpdateBody,
  OpenCardCoupon,
  RechargeRuleView,
  RedpacketDrawAnswer,
} from "@tablemate/core";
import type { MemberPrincipal } from "./session.js";

/** The member a call is for: the logged-in member (or, at the login, the phone just proved) and the visitor. */
export type MemberOfCall = Pick<MemberPrincipal, "memberId" | "phone" | "guid">;

/** Which page of whose coupons (the caller's own: the route checked a memberId named). */
export type CouponPageQuery = Pick<CouponsQuery, "type" | "page" | "limit" | "memberCardId">;

/** Which page of which of the caller's cards' history. */
export type HistoryQuery = Pick<CardHistoryQuery, "cardId" | "page" | "limit">;

export type MemberInfoChange = Pick<MemberUpdateBody, "memberName" | "sex" | "birthDay" | "isLunar">;

export type CampaignTake = Pick<CampaignTakeBody, "cardId" | "campaignId">;

/** One restaurant's member store. */
export interface MemberStore {
  /** the card types switched on, their privileges and member day; whether recharge is open */
  cardRights(now: Date): Promise<CardRights>;
  /** by rechargeMoney ascending */
  rechargeRules(): Promise<RechargeRuleView[]>;
  /** the member's cards here, oldest first, frozen ones too */
  cards(member: MemberOfCall): Promise<MemberCard[]>;
  /** one of the member's cards, usable here */
  card(member: MemberOfCall, cardId: number): Promise<MemberCard>;
  /** opens a card of the type named or the default one, with its sign-up coupons; again: the card held */
  activateCard(member: MemberOfCall, cardType: number | undefined, now: Date): Promise<CardActivateAnswer>;
  equities(member: MemberOfCall, cardId: number, now: Date): Promise<Equities>;
  /** one page of the member's card's balance or points history, newest first */
  history(member: MemberOfCall, history: CardHistory, query: HistoryQuery): Promise<CardHistoryPage>;
  /** type 1 usable now or later, 2 used or expired; on the card named or every card here */
  coupons(member: MemberOfCall, query: CouponPageQuery, now: Date): Promise<CouponPage>;
  /** null while none was given (100201) */
  memberInfo(member: MemberOfCall): Promise<MemberInfo | null>;
  /** changed false when it was so already (100801) */
  updateMemberInfo(
    member: MemberOfCall,
    change: MemberInfoChange,
  ): Promise<{ info: MemberInfo; changed: boolean }>;
  /** the coupons a new card is given (the new family's new-member dialog) */
  openCardCoupons(type: "all" | 1 | 2 | 3): Promise<OpenCardCoupon[]>;
  /** the old family's running campaigns, each saying whether the member (if any) took it */
  campaigns(member: MemberOfCall | null, now: Date): Promise<Campaign[]>;
  /** a coupon campaign's coupon onto the member's card, once */
  takeCampaignCoupon(member: MemberOfCall, take: CampaignTake, now: Date): Promise<CouponGiveAnswer>;
  /** a red packet campaign's gift money onto the member's card, once */
  drawRedpacket(member: MemberOfCall, take: CampaignTake, now: Date): Promise<RedpacketDrawAnswer>;
}
