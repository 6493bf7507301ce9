/**
 * Reading a card's money back: its balance as core sees it, its ledger, and the audit that every
 * ledger sums to its balance (the tests' and the bench's check; the console's ledger view reads the same).
 */
import { type LedgerHold, type StoredBalance, spendableOf } from "@tablemate/core";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberLedger } from "../../db/schema.js";
import { type LedgerRow, peekCard } from "./ledger.js";

/** A card's balance now: principal, gift, points, what open orders hold, and what can be spent. */
export async function cardBalance(
  db: Db,
  cardId: number,
): Promise<{ balance: StoredBalance; spendable: LedgerHold; version: number }> {
  const card = await peekCard(db, { cardId });
  return { balance: card.balance, spendable: spendableOf(card.balance), version: card.version };
}

/** A card's ledger, oldest first. */
export function cardLedger(db: Db, cardId: number): Promise<LedgerRow[]> {
  return db.select().from(memberLedger).where(eq(memberLedger.cardId, cardId)).orderBy(asc(memberLedger.seq));
}

export interface LedgerMismatch {
  cardId: number;
  problem: "sum" | "head" | "chain" | "held" | "negative";
}

/**
 * Cards whose ledger does not add up (none, or the database's checks failed): the entries' changes
 * not summing to the balance, the last entry's after not the card's, an entry not following the one
 * before it, what the card holds not its open holds, or anything below zero. `cardIds` limits it.
 */
export async function ledgerMismatches(db: Db, cardIds?: readonly number[]): Promise<LedgerMismatch[]> {
  const only = cardIds ? sql`where c.id = any(${`{${cardIds.join(",")}}`}::int[])` : sql``;
  const result = await db.execute<{ cardId: number; problem: LedgerMismatch["problem"] }>(sql`
with entries as (
  select l.*,
    coalesce(lag(l.principal_after) over w, 0) + l.principal_cents as principal_expected,
    coalesce(lag(l.gift_after) over w, 0) + l.gift_cents as gift_expected,
    coalesce(lag(l.points_after) over w, 0) + l.points as points_expected,
    coalesce(lag(l.seq) over w, 0) + 1 as seq_expected,
    row_number() over (partition by l.card_id order by l.seq desc) as from_last
  from member_ledger l
  window w as (partition by l.card_id order by l.seq)
), per_card as (
  select c.id,
    c.principal_cents, c.gift_cents, c.points, c.held_cents, c.held_points, c.version,
    (select coalesce(sum(e.principal_cents), 0) from entries e where e.card_id = c.id) as principal_sum,
    (select coalesce(sum(e.gift_cents), 0) from entries e where e.card_id = c.id) as gift_sum,
    (select coalesce(sum(e.points), 0) from entries e where e.card_id = c.id) as points_sum,
    (select count(*) from entries e where e.card_id = c.id and (e.principal_after <> e.principal_expected
      or e.gift_after <> e.gift_expected or e.points_after <> e.points_expected or e.seq <> e.seq_expected)) as broken,
    (select to_jsonb(e) from entries e where e.card_id = c.id and e.from_last = 1) as last,
    (select coalesce(sum(h.cents), 0) from member_holds h where h.card_id = c.id and h.state = 'open') as open_cents,
    (select coalesce(sum(h.points), 0) from member_holds h where h.card_id = c.id and h.state = 'open') as open_points
  from member_cards c ${only}
)
select id as "cardId", 'sum' as problem from per_card
  where principal_sum <> principal_cents or gift_sum <> gift_cents or points_sum <> points
union all
select id, 'head' from per_card
  where version <> coalesce((last ->> 'seq')::int, 0)
    or principal_cents <> coalesce((last ->> 'principal_after')::int, 0)
    or gift_cents <> coalesce((last ->> 'gift_after')::int, 0)
    or points <> coalesce((last ->> 'points_after')::int, 0)
    or held_cents <> coalesce((last ->> 'held_cents_after')::int, 0)
    or held_points <> coalesce((last ->> 'held_points_after')::int, 0)
union all
select id, 'chain' from per_card where broken > 0
union all
select id, 'held' from per_card where held_cents <> open_cents or held_points <> open_points
union all
select id, 'negative' from per_card
  where principal_cents < 0 or gift_cents < 0 or points < 0 or principal_cents + gift_cents < held_cents
union all
select l.card_id, 'negative' from member_ledger l
  where l.principal_after < 0 or l.gift_after < 0 or l.points_after < 0
    ${cardIds ? sql`and l.card_id = any(${`{${cardIds.join(",")}}`}::int[])` : sql``}
order by 1, 2`);
  return (
    result as unknown as { rows: Array<{ cardId: number; problem: LedgerMismatch["problem"] }> }
  ).rows.map((r) => ({ cardId: Number(r.cardId), problem: r.problem }));
}
