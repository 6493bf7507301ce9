/**
 * Tablemate's own member store (the built-in CRM) behind the member port: one restaurant's members,
 * cards, coupons, ledger and campaigns in this database, through the functions of this module.
 */
import type { Db } from "../../db/client.js";
import { type MemberRestaurant, ownCard } from "./access.js";
import { drawRedpacket, listCampaigns, takeCampaignCoupon } from "./campaigns.js";
import { activateCard, cardEquities, listCards } from "./cards.js";
import { listCoupons, openCardCoupons } from "./coupon-list.js";
import { cardHistory } from "./history.js";
import { memberInfo, updateMemberInfo } from "./member-info.js";
import type { MemberStore } from "./port.js";
import { presentCard } from "./present.js";
import { cardRights, rechargeRuleViews } from "./programme.js";

export function builtInStore(db: Db, at: MemberRestaurant): MemberStore {
  const { restaurant } = at;
  const rid = restaurant.id;
  const timeZone = restaurant.timezone;
  return {
    cardRights: async (now) => cardRights(at, now),
    rechargeRules: () => rechargeRuleViews(db, rid),
    cards: (member) => listCards(db, member, rid),
    card: async (member, cardId) => presentCard(await ownCard(db, member, rid, cardId), member.phone),
    activateCard: (member, cardType, now) => activateCard(db, member, at, cardType, now),
    equities: async (member, cardId, now) =>
      cardEquities(db, await ownCard(db, member, rid, cardId), restaurant, now),
    history: async (member, history, { cardId, ...page }) =>
      cardHistory(db, await ownCard(db, member, rid, cardId), history, page, timeZone),
    coupons: (member, query, now) => listCoupons(db, member, { ...query, rid }, now, timeZone),
    memberInfo: (member) => memberInfo(db, member),
    updateMemberInfo: (member, change) => updateMemberInfo(db, member, change),
    openCardCoupons: (type) => openCardCoupons(db, rid, type),
    campaigns: (member, now) => listCampaigns(db, rid, member, now, timeZone),
    takeCampaignCoupon: (member, take, now) =>
      takeCampaignCoupon(db, member, { ...take, rid }, now, timeZone),
    drawRedpacket: (member, take, now) => drawRedpacket(db, member, { ...take, rid }, now),
  };
}
