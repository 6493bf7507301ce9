/**
 * A diner's member status at a restaurant now (spec 000 §6, 001 §4; issue 19): the card whose benefits
 * they have, and what those benefits are.
 *
 * - The visit's fixed card, when its first paid order fixed one (visits.member_card_id): every
 *   tablemate shares it (000 §6), and says whose it is (MemberUse.mine false).
 * - Else the card the visitor chose here (member_choices), while their member login (member_sessions,
 *   bound to the visitor's guid: not revoked, not expired) is its holder's.
 * - A frozen card (status 4) gives nothing.
 *
 * Benefits (core's MemberBenefits): member prices when the card has isVipPrice and the register takes
 * them (2.24.00, core's offersMemberPrices); the member day's percent when today is one on the
 * restaurant's clock (core's memberDayPercentAt). The read is one SQL expression (memberCardJson), so
 * the submit takes it in its own single read, and status reads it alone.
 */
import {
  type MemberBenefits,
  type MemberDay,
  type MemberUse,
  maskPhone,
  memberDayPercentAt,
  offersMemberPrices,
} from "@tablemate/core";
import type { RunIn, Statement } from "../../db/statements.js";

/** A card as member status reads it: its terms, its type's rates, and how the visitor has it. */
export interface StatusCard {
  cardId: number;
  memberId: number;
  cardTypeName: string;
  cardNum: string;
  phone: string;
  /** 1 normal (a frozen card, 4, is never read: it gives nothing) */
  status: number;
  chargeFlag: boolean;
  isVipPrice: boolean;
  memberDay: MemberDay | null;
  /** points earned per whole yuan paid, and what one point pays (the card type's; 1 and 1 without one) */
  pointsPerYuan: number;
  centsPerPoint: number;
  /** the visit's fixed card (tablemates share it) */
  fixed: boolean;
  /** the asking visitor's own: their live member login is its holder's */
  own: boolean;
}

export interface MemberStatus {
  card: StatusCard;
  benefits: MemberBenefits;
}

const LIVE_LOGIN = (guid: string, memberId: string, now: string) => `exists (select 1 from member_sessions s
    where s.guid = ${guid} and s.member_id = ${memberId} and s.revoked_at is null and s.expires_at > ${now})`;

/**
 * The SQL expression of a visitor's member card at a restaurant (json, or null): the visit's fixed
 * card, else the chosen card while the visitor's login is its holder's; never a frozen one. Its
 * arguments are SQL expressions (a column, a parameter).
 */
export function memberCardJson(at: {
  guid: string;
  restaurantId: string;
  visitId: string;
  now: string;
}): string {
  const { guid, restaurantId, visitId, now } = at;
  return `(select json_build_object('cardId', m.id, 'memberId', m.member_id, 'cardTypeName', m.card_type_name,
    'cardNum', m.card_num, 'phone', mb.phone, 'status', m.status, 'chargeFlag', m.charge_flag,
    'isVipPrice', m.is_vip_price, 'memberDay', coalesce(m.member_day, t.member_day),
    'pointsPerYuan', coalesce(t.points_per_yuan, 1), 'centsPerPoint', coalesce(t.cents_per_point, 1),
    'fixed', f.fixed, 'own', ${LIVE_LOGIN(guid, "m.member_id", now)})
  from (select v.member_card_id as card_id, true as fixed from visits v
          where v.id = ${visitId} and v.member_card_id is not null
        union all
        select ch.card_id, false from member_choices ch join member_cards cc on cc.id = ch.card_id
          where ch.guid = ${guid} and ch.restaurant_id = ${restaurantId} and ${LIVE_LOGIN(guid, "cc.member_id", now)}
        order by 2 desc limit 1) f
  join member_cards m on m.id = f.card_id and m.restaurant_id = ${restaurantId} and m.status <> 4
  join members mb on mb.id = m.member_id
  left join member_card_types t on t.restaurant_id = m.restaurant_id and t.card_type = m.card_type)`;
}

const MEMBER_STATUS: Statement = {
  name: "member_status",
  text: `select ${memberCardJson({ guid: "$1", restaurantId: "$2::int", visitId: "$3::int", now: "$4::timestamptz" })} as card`,
};

/** What the card gives at this restaurant now. */
export function benefitsOf(
  card: StatusCard,
  restaurant: { serverVersion: string; timezone: string },
  now: Date,
): MemberBenefits {
  return {
    vipPrice: card.isVipPrice && offersMemberPrices(restaurant),
    memberDayPercent: memberDayPercentAt(card.memberDay, now, restaurant.timezone),
  };
}

/** A status card read by memberCardJson, with its benefits; null for none. */
export function statusOf(
  card: StatusCard | null,
  restaurant: { serverVersion: string; timezone: string },
  now: Date,
): MemberStatus | null {
  return card ? { card, benefits: benefitsOf(card, restaurant, now) } : null;
}

/** The visitor's member status at the restaurant, at the visit they sit at (null: none). */
export async function memberStatus(
  runIn: RunIn,
  at: {
    guid: string;
    restaurant: { id: number; serverVersion: string; timezone: string };
    visitId: number | null;
    now: Date;
  },
): Promise<MemberStatus | null> {
  const [row] = await runIn<{ card: StatusCard | null }>(MEMBER_STATUS, [
    at.guid,
    at.restaurant.id,
    at.visitId,
    at.now.toISOString(),
  ]);
  return statusOf(row?.card ?? null, at.restaurant, at.now);
}

const CARD_USE: Statement = {
  name: "member_card_use",
  text: `select m.id as "cardId", m.card_type_name as "cardTypeName", mb.phone,
    ${LIVE_LOGIN("$2", "m.member_id", "$3::timestamptz")} as own
  from member_cards m join members mb on mb.id = m.member_id where m.id = $1`,
};

/** A card as a visitor sees it on an order it priced: whose it is, and whether it is theirs. */
export async function cardUseFor(
  runIn: RunIn,
  cardId: number,
  guid: string,
  now: Date,
): Promise<MemberUse | null> {
  const [row] = await runIn<{ cardId: number; cardTypeName: string; phone: string; own: boolean }>(CARD_USE, [
    cardId,
    guid,
    now.toISOString(),
  ]);
  return row ? memberUse(row) : null;
}

/** Whose card it is, as the order detail and /pay show it. */
export function memberUse(card: Pick<StatusCard, "cardId" | "cardTypeName" | "phone" | "own">): MemberUse {
  return {
    cardId: card.cardId,
    cardTypeName: card.cardTypeName,
    telPhone: maskPhone(card.phone),
    mine: card.own,
  };
}
