/**
 * The console's members and cards (issue 19, staff side): lookup by phone or card number, a card and
 * its ledger (paged, newest first, with who did each entry and who approved it), freezing and
 * unfreezing (row-locked, audited), and adjustments: one ledger entry through the member module's
 * adjustBalance, with a reason and a manager's approval, its audit entry written in the same
 * transaction. Only the restaurant's own cards: any other card id is 404.
 */
import {
  AppError,
  type adjustmentBodySchema,
  CARD_STATUS,
  type ConsoleCard,
  type ConsoleMember,
  type cardStatusBodySchema,
  type LedgerPage,
  memberLookupKeys,
} from "@tablemate/core";
import { and, asc, count, desc, eq, inArray, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { apiKeys, memberCards, memberLedger, members, staffAccounts } from "../../db/schema.js";
import { checkedApprover, requireApproval, type VerifyApproval } from "../floor/approvals.js";
import { adjustBalance } from "../member/index.js";
import { recordAudit, recordAuditIn } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { presentCard, presentLedgerEntry } from "./present.js";

export interface MemberAdminDeps {
  db: Db;
  now: () => Date;
  verifyApproval: VerifyApproval;
}

const cardNotFound = () => new AppError("notFound", "会员卡不存在");

/** One of the restaurant's cards (404 for another restaurant's, or none). */
export async function cardOf(db: Db | Tx, restaurantId: number, cardId: number) {
  const [card] = await db
    .select()
    .from(memberCards)
    .where(and(eq(memberCards.id, cardId), eq(memberCards.restaurantId, restaurantId)));
  if (!card) throw cardNotFound();
  return card;
}

export async function readCard(db: Db, restaurantId: number, cardId: number): Promise<ConsoleCard> {
  return presentCard(await cardOf(db, restaurantId, cardId));
}

/**
 * The members a phone or card number names who hold a card here, each with their cards here (oldest
 * first). A member known only at other restaurants is not this restaurant's to see.
 */
export async function lookupMembers(db: Db, restaurantId: number, text: string): Promise<ConsoleMember[]> {
  const keys = memberLookupKeys(text);
  if (!keys) throw new AppError("badRequest", "请输入 11 位手机号或会员卡号");
  const named = [
    keys.phone === null ? undefined : eq(members.phone, keys.phone),
    keys.cardNum === null ? undefined : eq(memberCards.cardNum, keys.cardNum),
  ];
  const found = await db
    .selectDistinct({ id: members.id })
    .from(members)
    .innerJoin(memberCards, eq(memberCards.memberId, members.id))
    .where(and(eq(memberCards.restaurantId, restaurantId), or(...named)));
  if (found.length === 0) return [];
  const ids = found.map((f) => f.id);
  const [people, cards] = await Promise.all([
    db.select().from(members).where(inArray(members.id, ids)).orderBy(asc(members.id)),
    db
      .select()
      .from(memberCards)
      .where(and(inArray(memberCards.memberId, ids), eq(memberCards.restaurantId, restaurantId)))
      .orderBy(asc(memberCards.id)),
  ]);
  return people.map((m) => ({
    id: m.id,
    phone: m.phone,
    name: m.name,
    sex: m.sex,
    birthday: m.birthday,
    cards: cards.filter((c) => c.memberId === m.id).map(presentCard),
  }));
}

/** The names of the staff accounts and API keys among `actors` (`staff:<id>`, `apikey:<id>`). */
async function actorNames(db: Db, actors: Iterable<string>): Promise<Map<string, string>> {
  const staffIds: number[] = [];
  const keyIds: number[] = [];
  for (const actor of actors) {
    const [kind, id] = actor.split(":");
    if (kind === "staff" && id) staffIds.push(Number(id));
    if (kind === "apikey" && id) keyIds.push(Number(id));
  }
  const [staff, keys] = await Promise.all([
    staffIds.length === 0
      ? []
      : db
          .select({ id: staffAccounts.id, name: staffAccounts.name })
          .from(staffAccounts)
          .where(inArray(staffAccounts.id, staffIds)),
    keyIds.length === 0
      ? []
      : db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, keyIds)),
  ]);
  return new Map([
    ...staff.map((s): [string, string] => [`staff:${s.id}`, s.name]),
    ...keys.map((k): [string, string] => [`apikey:${k.id}`, k.name]),
  ]);
}

/** A card's ledger, newest first, a page at a time; every entry with its balance after it. */
export async function ledgerPage(
  db: Db,
  restaurantId: number,
  cardId: number,
  query: { page: number; pageSize: number },
): Promise<LedgerPage> {
  await cardOf(db, restaurantId, cardId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(memberLedger)
      .where(eq(memberLedger.cardId, cardId))
      .orderBy(desc(memberLedger.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(memberLedger).where(eq(memberLedger.cardId, cardId)),
  ]);
  const names = await actorNames(
    db,
    rows.flatMap((r) => (r.approvedBy ? [r.actor, r.approvedBy] : [r.actor])),
  );
  return {
    entries: rows.map((r) => presentLedgerEntry(r, names)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Freezes (4) or unfreezes (1) a card, under its row lock, so a spend waiting on the card reads the
 * new status. Asking for the status it has changes and records nothing.
 */
export async function setCardStatus(
  db: Db,
  by: StaffPrincipal,
  cardId: number,
  body: z.output<typeof cardStatusBodySchema>,
): Promise<ConsoleCard> {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(memberCards)
      .where(and(eq(memberCards.id, cardId), eq(memberCards.restaurantId, by.restaurantId)))
      .for("update");
    if (!card) throw cardNotFound();
    if (card.status === body.status) return presentCard(card);
    const [changed] = await tx
      .update(memberCards)
      .set({ status: body.status })
      .where(eq(memberCards.id, card.id))
      .returning();
    if (!changed) throw new Error(`card ${card.id} locked and gone`);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: body.status === CARD_STATUS.frozen ? "memberCard.freeze" : "memberCard.unfreeze",
      target: `memberCard:${card.id}`,
      before: { status: card.status },
      after: { status: changed.status, reason: body.reason },
    });
    return presentCard(changed);
  });
}

/**
 * A correction of a card's stored value or points: one ledger entry (adjustBalance: core refuses it
 * below zero or below what open orders hold), its reason and approver on the entry, and its audit
 * entry in the same transaction. A cashier needs a manager's login and PIN (core's needsApproval:
 * 4031 without, 4032 for a wrong one, both before anything is read); a manager's own say approves.
 * The console's adjustmentId makes it once: sent again, it answers the first entry.
 */
export async function adjustCard(
  deps: MemberAdminDeps,
  by: StaffPrincipal,
  cardId: number,
  body: z.output<typeof adjustmentBodySchema>,
) {
  const { db } = deps;
  const approver = await checkedApprover(deps.verifyApproval, db, by.restaurantId, body.approval);
  const needed = requireApproval(by, "members.adjust", false, approver);
  await cardOf(db, by.restaurantId, cardId);
  const posted = await adjustBalance(db, {
    cardId,
    eventKey: body.adjustmentId,
    principalCents: body.principal,
    giftCents: body.gift,
    points: body.points,
    reason: body.reason,
    approvedBy: (needed ?? by).actor,
    actor: by.actor,
    now: deps.now(),
    alongside: (runIn, { card, entries: [entry] }) =>
      recordAuditIn(runIn, {
        restaurantId: by.restaurantId,
        by,
        approver: needed,
        action: "memberCard.adjust",
        target: `memberCard:${cardId}`,
        before: {
          principalCents: card.balance.principalCents,
          giftCents: card.balance.giftCents,
          points: card.balance.points,
        },
        after: {
          principalCents: entry?.principalAfter,
          giftCents: entry?.giftAfter,
          points: entry?.pointsAfter,
          change: { principalCents: body.principal, giftCents: body.gift, points: body.points },
          reason: body.reason,
        },
      }),
  });
  const [entry] = posted.entries;
  if (!entry) throw new Error("an adjustment posted without its entry");
  const names = await actorNames(db, [entry.actor, ...(entry.approvedBy ? [entry.approvedBy] : [])]);
  return {
    card: await readCard(db, by.restaurantId, cardId),
    entry: presentLedgerEntry(entry, names),
    replayed: posted.replayed,
  };
}
