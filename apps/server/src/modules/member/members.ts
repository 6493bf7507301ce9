/**
 * Members and their cards in the built-in CRM (issue 19). A member is one phone across the
 * installation; a card is theirs at one restaurant, issued in that restaurant's member system
 * (crmType new or old) with a card number of its own. Opening a card the member already has at the
 * restaurant (same card type) answers that card.
 */
import { randomInt } from "node:crypto";
import { AppError, canonicalPhone } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type MemberDaySetting, memberCards, members, restaurants } from "../../db/schema.js";

export type MemberRow = typeof members.$inferSelect;
export type CardRow = typeof memberCards.$inferSelect;

/** The member of a phone, made when there is none. A phone that is no phone is refused (400). */
export async function memberOfPhone(db: Db, phone: string): Promise<MemberRow> {
  const canonical = canonicalPhone(phone);
  if (!canonical) throw new AppError("badRequest", "手机号格式不正确");
  const [made] = await db.insert(members).values({ phone: canonical }).onConflictDoNothing().returning();
  if (made) return made;
  const [found] = await db.select().from(members).where(eq(members.phone, canonical));
  if (!found) throw new Error(`member ${canonical} made and gone`);
  return found;
}

/** a card number: the restaurant, then 10 random digits */
const newCardNum = (restaurantId: number) => `${restaurantId}${String(randomInt(1e9, 1e10))}`;

export interface CardTerms {
  cardType?: number;
  cardTypeName: string;
  isVipPrice?: boolean;
  chargeFlag?: boolean;
  memberDay?: MemberDaySetting | null;
}

/** Opens a card for the phone's member at a restaurant (the member made if new); once per card type. */
export async function openCard(
  db: Db,
  input: CardTerms & { phone: string; restaurantId: number; now: Date },
): Promise<{ member: MemberRow; card: CardRow; opened: boolean }> {
  const member = await memberOfPhone(db, input.phone);
  const [restaurant] = await db
    .select({ crmType: restaurants.crmType })
    .from(restaurants)
    .where(eq(restaurants.id, input.restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  const cardType = input.cardType ?? 1;
  for (let draw = 0; draw < 4; draw++) {
    // no conflict target: a number drawn that is another card's inserts nothing either, with no error
    // (which would end a caller's transaction), and is drawn again
    const [card] = await db
      .insert(memberCards)
      .values({
        memberId: member.id,
        restaurantId: input.restaurantId,
        crmType: restaurant.crmType,
        cardType,
        cardTypeName: input.cardTypeName,
        cardNum: newCardNum(input.restaurantId),
        isVipPrice: input.isVipPrice ?? false,
        chargeFlag: input.chargeFlag ?? true,
        memberDay: input.memberDay ?? null,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (card) return { member, card, opened: true };
    const [held] = await db
      .select()
      .from(memberCards)
      .where(
        and(
          eq(memberCards.memberId, member.id),
          eq(memberCards.restaurantId, input.restaurantId),
          eq(memberCards.cardType, cardType),
        ),
      );
    if (held) return { member, card: held, opened: false };
  }
  throw new Error("four card numbers drawn were all another card's");
}

/** A member's cards, at one restaurant or everywhere, in the order they were opened. */
export async function cardsOf(db: Db, memberId: number, restaurantId?: number): Promise<CardRow[]> {
  return db
    .select()
    .from(memberCards)
    .where(
      restaurantId === undefined
        ? eq(memberCards.memberId, memberId)
        : and(eq(memberCards.memberId, memberId), eq(memberCards.restaurantId, restaurantId)),
    )
    .orderBy(memberCards.id);
}
