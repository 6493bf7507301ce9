/**
 * A member's cards at a restaurant: the list, activation by the login's phone (the restaurant's
 * default card type, or a type named; the open-card coupons given once, when the card is opened), and
 * a card's equities (what it can spend as the ledger reads it, points, coupons, member day, privileges).
 */
import {
  AppError,
  type Equities,
  type MemberCard,
  memberDayView,
  OPEN_CARD_ACTIVITY,
  type Voucher,
  validityState,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { couponTemplates } from "../../db/schema.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";
import { cardTypeOf, type MemberRestaurant } from "./access.js";
import { cardBalance } from "./audit.js";
import { couponVouchers } from "./coupon-list.js";
import { cardCoupons, giveCoupon } from "./coupons.js";
import { type CardRow, cardsOf, openCard } from "./members.js";
import type { MemberOfCall } from "./port.js";
import { DEFAULT_RIGHTS, presentCard } from "./present.js";

/** The logged-in member's cards at the restaurant, oldest first (frozen ones too: they show status 4). */
export async function listCards(db: Db, member: MemberOfCall, rid: number): Promise<MemberCard[]> {
  return (await cardsOf(db, member.memberId, rid)).map((card) => presentCard(card, member.phone));
}

/**
 * POST cards: opens a card for the login's phone, of the card type named or the restaurant's default
 * (10024 for a type that is not switched on), on the type's terms. The restaurant's enabled open-card
 * coupons (activity 1, sign-up) are given when the card is opened, in its transaction, each once (its
 * give key); opening a card the member already holds answers it, with no gifts.
 */
export async function activateCard(
  db: Db,
  member: MemberOfCall,
  { restaurant, cardTypes }: MemberRestaurant,
  cardType: number | undefined,
  now: Date,
): Promise<{ card: MemberCard; opened: boolean; gifts: Voucher[] }> {
  const type =
    cardType === undefined
      ? (cardTypes.find((t) => t.isDefault) ?? cardTypes[0])
      : cardTypes.find((t) => t.cardType === cardType);
  if (!type) throw new AppError("cardRightOff");
  // one transaction: a card is never opened without its gifts (a failure giving one opens no card)
  return db.transaction(async (tx) => {
    const { card, opened } = await openCard(tx, {
      phone: member.phone,
      restaurantId: restaurant.id,
      cardType: type.cardType,
      cardTypeName: type.name,
      isVipPrice: type.isVipPrice,
      chargeFlag: type.chargeFlag,
      memberDay: type.memberDay,
      now,
    });
    const gifts = opened ? await giveOpenCardCoupons(tx, card, now) : [];
    return {
      card: presentCard(card, member.phone),
      opened,
      gifts: await couponVouchers(tx, gifts, now, restaurant.timezone),
    };
  });
}

async function giveOpenCardCoupons(db: Db, card: CardRow, now: Date) {
  const templates = await db
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .where(
      and(
        eq(couponTemplates.restaurantId, card.restaurantId),
        eq(couponTemplates.openCardActivity, OPEN_CARD_ACTIVITY.signUp),
        eq(couponTemplates.enabled, true),
      ),
    )
    .orderBy(couponTemplates.id);
  const given = [];
  for (const template of templates) {
    const { coupon } = await giveCoupon(db, {
      cardId: card.id,
      templateId: template.id,
      giveKey: `open-card:${template.id}`,
      now,
    });
    given.push(coupon);
  }
  return given;
}

/**
 * GET cards/equities: the card's money in cents as the ledger reads it (balance: what can be spent,
 * principal and gift less what open orders hold; null on a card without stored value, shown '--'),
 * points, the coupons usable now, the member day (whether today is one, on the restaurant's clock)
 * and the privileges of its type.
 */
export async function cardEquities(
  db: Db,
  card: CardRow,
  restaurant: RestaurantRow,
  now: Date,
): Promise<Equities> {
  const [{ balance, spendable }, coupons, type] = await Promise.all([
    cardBalance(db, card.id),
    cardCoupons(db, card.id),
    cardTypeOf(db, card),
  ]);
  return {
    cardId: card.id,
    balance: card.chargeFlag ? spendable.cents : null,
    principal: balance.principalCents,
    gift: balance.giftCents,
    points: spendable.points,
    // what could be used on an order now: not locked to another, within its dates
    couponCount: coupons.filter(
      (coupon) => coupon.state === "unused" && validityState(coupon, now) === "valid",
    ).length,
    // the member day the submit prices with (status.ts: the card's own, else its type's): the diner
    // app's member total reads it from here
    memberDay: memberDayView(card.memberDay ?? type?.memberDay ?? null, now, restaurant.timezone),
    privileges: [...(type?.rights ?? DEFAULT_RIGHTS)],
  };
}
