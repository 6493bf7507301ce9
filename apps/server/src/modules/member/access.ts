/**
 * What a member call may reach (001 §8): the restaurant's member system must be the call's family and
 * have a card type (else 10025); a card named must be the caller's (else 1403, never saying whether it
 * exists), of this restaurant (100002), not frozen (10020), and of a card type still switched on (10024).
 */
import { AppError, CARD_STATUS, type MemberFamily, offersMemberCards } from "@tablemate/core";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberCards, memberCardTypes } from "../../db/schema.js";
import { getRestaurant, type RestaurantRow } from "../restaurant/restaurants.js";
import type { CardRow } from "./members.js";
import type { MemberOfCall } from "./port.js";

export type CardTypeRow = typeof memberCardTypes.$inferSelect;

/** A restaurant's card types, the default first. */
export function cardTypesOf(db: Db, restaurantId: number): Promise<CardTypeRow[]> {
  return db
    .select()
    .from(memberCardTypes)
    .where(eq(memberCardTypes.restaurantId, restaurantId))
    .orderBy(asc(memberCardTypes.cardType));
}

export interface MemberRestaurant {
  restaurant: RestaurantRow;
  /** the enabled card types */
  cardTypes: CardTypeRow[];
}

/**
 * The restaurant of a member call of `family`: 1011 unknown; 10025 when its member system is the
 * other family, or it has no card type switched on (no member cards: nothing to log in to).
 */
export async function memberRestaurant(db: Db, rid: number, family: MemberFamily): Promise<MemberRestaurant> {
  return memberProgramme(db, ofFamily(await getRestaurant(db, rid), family));
}

/** The restaurant, when its register offers member cards at all (2.20.00, 001 §9; 10025 otherwise). */
export function withMemberCards(restaurant: RestaurantRow): RestaurantRow {
  if (!offersMemberCards(restaurant)) throw new AppError("memberRegisterTooOld");
  return restaurant;
}

/** The restaurant, when it offers member cards and its member system is `family` (10025 otherwise). */
export function ofFamily(restaurant: RestaurantRow, family: MemberFamily): RestaurantRow {
  withMemberCards(restaurant);
  if (restaurant.crmType !== family) throw new AppError("noCardRight");
  return restaurant;
}

/** The restaurant's card types switched on in the built-in store (10025 with none). */
export async function memberProgramme(db: Db, restaurant: RestaurantRow): Promise<MemberRestaurant> {
  const cardTypes = (await cardTypesOf(db, restaurant.id)).filter((t) => t.enabled);
  if (cardTypes.length === 0) throw new AppError("noCardRight");
  return { restaurant, cardTypes };
}

/** The card type a card is of, when the restaurant keeps one (a card opened without types carries its own terms). */
export async function cardTypeOf(db: Db, card: CardRow): Promise<CardTypeRow | undefined> {
  const [type] = await db
    .select()
    .from(memberCardTypes)
    .where(
      and(eq(memberCardTypes.restaurantId, card.restaurantId), eq(memberCardTypes.cardType, card.cardType)),
    );
  return type;
}

/** The caller's card `cardId` at restaurant `rid`, usable now (the refusals above, in that order). */
export async function ownCard(
  db: Db,
  member: Pick<MemberOfCall, "memberId">,
  rid: number,
  cardId: number,
): Promise<CardRow> {
  const [card] = await db.select().from(memberCards).where(eq(memberCards.id, cardId));
  if (!card || card.memberId !== member.memberId) throw new AppError("cardQueryFailed");
  if (card.restaurantId !== rid) throw new AppError("cardOtherRestaurant");
  if (card.status === CARD_STATUS.frozen) throw new AppError("cardFrozen");
  const type = await cardTypeOf(db, card);
  if (type && !type.enabled) throw new AppError("cardRightOff");
  return card;
}

/** A member id the caller names (a path's, a query's) must be their own (1403). */
export function ownMemberId(member: Pick<MemberOfCall, "memberId">, memberId: number | undefined): void {
  if (memberId !== undefined && memberId !== member.memberId) throw new AppError("cardQueryFailed");
}
