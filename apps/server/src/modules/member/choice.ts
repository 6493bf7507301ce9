/**
 * The card a visitor uses at a restaurant (001 §7 member-ship, the app's "last card"; 001 §2's
 * multi-card switch): the caller's own, usable card here (access.ts's checks), kept per visitor and
 * restaurant in member_choices. Once a visit's first paid order fixed a card (visits.member_card_id,
 * 001 §4), nobody at that visit switches to another (4707).
 */
import { AppError } from "@tablemate/core";
import { and, eq, isNotNull, isNull, ne, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberCards, memberChoices, tableUsers, visits } from "../../db/schema.js";
import { ownCard } from "./access.js";
import type { CardRow } from "./members.js";
import type { MemberPrincipal } from "./session.js";

export async function chooseCard(
  db: Db,
  member: MemberPrincipal,
  rid: number,
  cardId: number,
  now: Date,
): Promise<CardRow> {
  const card = await ownCard(db, member, rid, cardId);
  const [fixed] = await db
    .select({ cardId: visits.memberCardId })
    .from(tableUsers)
    .innerJoin(visits, eq(visits.id, tableUsers.visitId))
    .where(
      and(
        eq(tableUsers.guid, member.guid),
        eq(visits.restaurantId, rid),
        isNull(visits.endedAt),
        isNotNull(visits.memberCardId),
        ne(visits.memberCardId, card.id),
      ),
    )
    .limit(1);
  if (fixed) throw new AppError("cardFixedByOrder");
  await db
    .insert(memberChoices)
    .values({ guid: member.guid, restaurantId: rid, cardId: card.id, at: now })
    .onConflictDoUpdate({
      target: [memberChoices.guid, memberChoices.restaurantId],
      set: { cardId: card.id, at: now },
    });
  return card;
}

/** The card the visitor chose at the restaurant (getUserInfo's memberCardId), or null. */
export async function chosenCardId(db: Db, guid: string, rid: number): Promise<number | null> {
  const [choice] = await db
    .select({ cardId: memberChoices.cardId })
    .from(memberChoices)
    .where(and(eq(memberChoices.guid, guid), eq(memberChoices.restaurantId, rid)));
  return choice?.cardId ?? null;
}

/** At a logout on this browser: the card chosen here goes with the member (a choice is only ever the logged-in member's). */
export async function forgetChoice(db: Db, guid: string, rid: number): Promise<void> {
  await db
    .delete(memberChoices)
    .where(and(eq(memberChoices.guid, guid), eq(memberChoices.restaurantId, rid)));
}

/** At a login on this browser: a card chosen here by another member (an earlier login) is no longer the visitor's. */
export async function forgetOthersChoice(db: Db, guid: string, rid: number, memberId: number): Promise<void> {
  await db
    .delete(memberChoices)
    .where(
      and(
        eq(memberChoices.guid, guid),
        eq(memberChoices.restaurantId, rid),
        notInArray(
          memberChoices.cardId,
          db.select({ id: memberCards.id }).from(memberCards).where(eq(memberCards.memberId, memberId)),
        ),
      ),
    );
}
