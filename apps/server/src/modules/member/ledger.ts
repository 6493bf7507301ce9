/**
 * The stored-value and points ledger's engine (issue 19): every change of a card's balance is one or
 * more entries decided by core's applyEntry and written with the card's new head, under the card's
 * row lock, in one transaction of four round trips: BEGIN; the card locked and read with its open
 * holds and the entries already posted for the event's keys; core's decision; one statement that
 * writes the entries (each with its balance after it), the card's head and the holds they open or
 * settle; COMMIT. Concurrent changes of one card queue on its lock, so each decides on the balance the
 * one before it left: two orders cannot hold the same money, and nothing is lost. An event already
 * posted (its key on the card) answers its first entries and writes nothing.
 *
 * The database checks what this writes (migration 0018): nothing below zero, holds covered, each entry
 * following its predecessor, each card equal to its last entry and its open holds.
 */
import {
  AppError,
  applyEntry,
  CARD_STATUS,
  frozenCardRefuses,
  type LedgerEntry,
  type PostedEntry,
  type StoredBalance,
} from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { memberHolds, memberLedger } from "../../db/schema.js";
import {
  isPgError,
  PG_ERROR,
  type RunIn,
  rowFromJson,
  run,
  type Statement,
  transact,
} from "../../db/statements.js";

export type LedgerRow = typeof memberLedger.$inferSelect;
export type HoldRow = typeof memberHolds.$inferSelect;

/** core's name for an order's hold */
export const holdIdOf = (orderId: number): string => `order:${orderId}`;

/** A card as a decision reads it, under its lock. */
export interface CardRead {
  cardId: number;
  restaurantId: number;
  /** 1 in use, 4 frozen (core's CARD_STATUS) */
  status: number;
  version: number;
  /** core's view: principal, gift, points and the open holds by order (holdIdOf) */
  balance: StoredBalance;
  openHolds: HoldRow[];
  /** the entries already on the card for the keys asked, by key */
  seen: Map<string, LedgerRow>;
  /** the asked order's holds on this card, any state, oldest first, and their entries */
  orderHolds: HoldRow[];
  orderEntries: LedgerRow[];
  /** the asked order's restaurant (null when there is no such order) */
  orderRestaurantId: number | null;
}

/** An entry to post: its business event's key and core's entry. */
export interface PlannedEntry {
  /** unique per card; null for a hold's own entry, keyed hold:<hold id> as the hold is written */
  eventKey: string | null;
  entry: LedgerEntry;
  actor: string;
  detail?: Record<string, unknown>;
  /** the existing hold a release or a capture settles */
  holdRowId?: number;
}

export interface CardWrite {
  entries: PlannedEntry[];
  /** a hold to open (for a `hold` entry among `entries`) */
  openHold?: { orderId: number; cents: number; points: number; expiresAt: Date };
  /** an open hold to settle (for a `release` or a `spend` of it among `entries`) */
  settleHold?: { id: number; state: "captured" | "released" };
}

export type Decision<T> =
  | { write: CardWrite; answer: (written: { entries: LedgerRow[]; opened: HoldRow | null }) => T }
  | { answer: () => T };

export interface CardAsk {
  cardId: number;
  /** the event keys whose entries the decision needs to see (a replay finds them) */
  keys?: readonly string[];
  /** an order whose holds (any state) and their entries the decision needs */
  orderId?: number;
}

/**
 * Locks the card and reads it (FOR NO KEY UPDATE: card changes queue on it, while rows that only
 * reference the card, an order's or a payment's, take their key-share lock beside it instead of
 * deadlocking with a transaction that referenced it first). The lock is taken by this statement; if it had to wait for another
 * transaction, READ COMMITTED re-reads the card row as that transaction left it but evaluates the
 * subqueries (holds, entries) on the snapshot taken before the wait. `snapshotVersion` is the card's
 * version in that snapshot: when it differs from `version`, the caller reads again, now holding the
 * lock, on a fresh snapshot.
 */
const READ_CARD: Statement = {
  name: "member_card_read",
  text: `
select
  c.id,
  c.restaurant_id as "restaurantId",
  c.status,
  c.version,
  (select v.version from member_cards v where v.id = c.id) as "snapshotVersion",
  c.principal_cents as "principalCents",
  c.gift_cents as "giftCents",
  c.points,
  coalesce((select jsonb_agg(to_jsonb(h) order by h.id) from member_holds h
    where h.card_id = c.id and h.state = 'open'), '[]') as holds,
  coalesce((select jsonb_agg(to_jsonb(l) order by l.seq) from member_ledger l
    where l.card_id = c.id and l.event_key = any($2::text[])), '[]') as seen,
  coalesce((select jsonb_agg(to_jsonb(h) order by h.id) from member_holds h
    where h.card_id = c.id and h.order_id = $3), '[]') as "orderHolds",
  coalesce((select jsonb_agg(to_jsonb(l) order by l.seq) from member_ledger l
    where l.card_id = c.id and l.hold_id in (select h.id from member_holds h where h.card_id = c.id and h.order_id = $3)),
    '[]') as "orderEntries",
  (select o.restaurant_id from orders o where o.id = $3) as "orderRestaurantId"
from member_cards c
where c.id = $1
for no key update of c`,
};

/** the same read without the lock, for answers that change nothing (one snapshot) */
const PEEK_CARD: Statement = {
  name: "member_card_peek",
  text: READ_CARD.text.replace(/for no key update of c\s*$/, ""),
};

interface ReadRow {
  id: number;
  restaurantId: number;
  status: number;
  version: number;
  snapshotVersion: number;
  principalCents: number;
  giftCents: number;
  points: number;
  holds: Record<string, unknown>[];
  seen: Record<string, unknown>[];
  orderHolds: Record<string, unknown>[];
  orderEntries: Record<string, unknown>[];
  orderRestaurantId: number | null;
}

async function readCard(runIn: RunIn, ask: CardAsk & { peek?: boolean }): Promise<CardRead> {
  const values = [ask.cardId, ask.keys ?? [], ask.orderId ?? 0];
  const statement = ask.peek ? PEEK_CARD : READ_CARD;
  let [row] = await runIn<ReadRow>(statement, values);
  // waited for the lock: read again on a snapshot that has what the holder before us committed
  if (row && row.version !== row.snapshotVersion) [row] = await runIn<ReadRow>(statement, values);
  if (!row) throw new AppError("notFound", "会员卡不存在");
  const openHolds = row.holds.map((h) => rowFromJson(memberHolds, h));
  const seen = row.seen.map((l) => rowFromJson(memberLedger, l));
  return {
    cardId: row.id,
    restaurantId: row.restaurantId,
    status: row.status,
    version: row.version,
    balance: {
      principalCents: row.principalCents,
      giftCents: row.giftCents,
      points: row.points,
      holds: Object.fromEntries(
        openHolds.map((h) => [holdIdOf(h.orderId), { cents: h.cents, points: h.points }]),
      ),
    },
    openHolds,
    seen: new Map(seen.map((l) => [l.eventKey, l])),
    orderHolds: row.orderHolds.map((h) => rowFromJson(memberHolds, h)),
    orderEntries: row.orderEntries.map((l) => rowFromJson(memberLedger, l)),
    orderRestaurantId: row.orderRestaurantId,
  };
}

/**
 * Writes a decision in one statement: the card's head moved from the version read to the last
 * entry's seq, the hold opened (its entry keyed hold:<its id>) or settled, and the entries with their
 * balance after. Answers the entries and the opened hold as written.
 */
const WRITE_CARD: Statement = {
  name: "member_card_write",
  text: `
with card as (
  update member_cards
    set principal_cents = $3, gift_cents = $4, points = $5, held_cents = $6, held_points = $7, version = $8
    where id = $1 and version = $2
    returning id
), opened as (
  insert into member_holds (card_id, order_id, cents, points, expires_at, created_at)
  select $1, h."orderId", h.cents, h.points, h."expiresAt", $11
  from jsonb_to_recordset($9::jsonb) as h("orderId" integer, cents integer, points integer, "expiresAt" timestamptz)
  where exists (select 1 from card)
  returning *
), settled as (
  update member_holds m set state = s.state, settled_at = $11
  from jsonb_to_recordset($10::jsonb) as s(id integer, state text)
  where m.id = s.id and m.card_id = $1 and m.state = 'open' and exists (select 1 from card)
  returning m.id
), entries as (
  insert into member_ledger (card_id, seq, event_key, kind, principal_cents, gift_cents, points, hold_id,
    principal_after, gift_after, points_after, held_cents_after, held_points_after, actor, reason, approved_by,
    detail, at)
  select $1, e.seq, coalesce(e."eventKey", 'hold:' || (select o.id from opened o)), e.kind, e."principalCents",
    e."giftCents", e.points, coalesce(e."holdId", case when e.kind = 'hold' then (select o.id from opened o) end),
    e."principalAfter", e."giftAfter", e."pointsAfter", e."heldCentsAfter", e."heldPointsAfter", e.actor,
    e.reason, e."approvedBy", e.detail, $11
  from jsonb_to_recordset($12::jsonb) as e(seq integer, "eventKey" text, kind text, "principalCents" integer,
    "giftCents" integer, points integer, "holdId" integer, "principalAfter" integer, "giftAfter" integer,
    "pointsAfter" integer, "heldCentsAfter" integer, "heldPointsAfter" integer, actor text, reason text,
    "approvedBy" text, detail jsonb)
  where exists (select 1 from card)
  returning *
)
select
  (select count(*) from card)::int as written,
  (select count(*) from settled)::int as settled,
  coalesce((select jsonb_agg(to_jsonb(e) order by e.seq) from entries e), '[]') as entries,
  (select to_jsonb(o) from opened o) as opened`,
};

interface WriteRow {
  written: number;
  settled: number;
  entries: Record<string, unknown>[];
  opened: Record<string, unknown> | null;
}

/**
 * core's decisions on the entries in turn, from the card's balance: refused with core's refusal, or
 * 10020 for what a frozen card refuses (core's frozenCardRefuses).
 */
function decideEntries(card: CardRead, planned: readonly PlannedEntry[]) {
  let balance = card.balance;
  const posted: PostedEntry[] = [];
  for (const { entry } of planned) {
    if (card.status === CARD_STATUS.frozen && frozenCardRefuses(entry)) throw new AppError("cardFrozen");
    const outcome = applyEntry(balance, entry);
    if (!outcome.ok) throw new AppError(outcome.error, outcome.message);
    balance = outcome.balance;
    posted.push(outcome.posted);
  }
  return { balance, posted };
}

async function writeCard(
  runIn: RunIn,
  card: CardRead,
  write: CardWrite,
  now: Date,
): Promise<{ entries: LedgerRow[]; opened: HoldRow | null }> {
  const { posted } = decideEntries(card, write.entries);
  const last = posted.at(-1)?.after;
  if (!last) throw new Error("a card write without entries");
  const rows = write.entries.map((planned, i) => {
    const p = posted[i] as PostedEntry;
    const adjustment = planned.entry.kind === "adjustment" ? planned.entry : null;
    return {
      seq: card.version + i + 1,
      eventKey: planned.eventKey,
      kind: p.kind,
      principalCents: p.principalCents,
      giftCents: p.giftCents,
      points: p.points,
      holdId: planned.holdRowId ?? null,
      principalAfter: p.after.principalCents,
      giftAfter: p.after.giftCents,
      pointsAfter: p.after.points,
      heldCentsAfter: p.after.heldCents,
      heldPointsAfter: p.after.heldPoints,
      actor: planned.actor,
      reason: adjustment?.reason ?? null,
      approvedBy: adjustment?.approvedBy ?? null,
      detail: planned.detail ?? {},
    };
  });
  const opened = write.openHold
    ? [{ ...write.openHold, expiresAt: write.openHold.expiresAt.toISOString() }]
    : [];
  const [row] = await runIn<WriteRow>(WRITE_CARD, [
    card.cardId,
    card.version,
    last.principalCents,
    last.giftCents,
    last.points,
    last.heldCents,
    last.heldPoints,
    card.version + rows.length,
    JSON.stringify(opened),
    JSON.stringify(write.settleHold ? [write.settleHold] : []),
    now.toISOString(),
    JSON.stringify(rows),
  ]);
  // under the card's lock nothing else moves it: a miss here is a bug, and the transaction rolls back
  if (row?.written !== 1 || row.settled !== (write.settleHold ? 1 : 0))
    throw new Error(`card ${card.cardId} moved under its lock`);
  return {
    entries: row.entries.map((e) => rowFromJson(memberLedger, e)),
    opened: row.opened ? rowFromJson(memberHolds, row.opened) : null,
  };
}

/** What else a change writes in its transaction once its entries are (an audit log entry). */
export type Alongside = (runIn: RunIn, written: { card: CardRead; entries: LedgerRow[] }) => Promise<void>;

/**
 * Where a card changes: in a transaction of its own on the database, or inside one its caller holds
 * (a payment's: the card's change commits or rolls back with the rest of it).
 */
export type CardDb = Db | { runIn: RunIn };

/**
 * One change of one card: locked and read, `decide` (core's rules, with what was read) answers what
 * to write, or an answer without writing (a replay, nothing to do), and it is written in the same
 * transaction, with `alongside`'s own rows when it writes. Core's refusals are thrown as AppErrors
 * (balanceShort 4701 …), and nothing is written.
 */
export async function changeCard<T>(
  db: CardDb,
  ask: CardAsk,
  decide: (card: CardRead) => Decision<T>,
  now: Date,
  alongside?: Alongside,
): Promise<T> {
  const work = async (runIn: RunIn) => {
    const card = await readCard(runIn, ask);
    const decision = decide(card);
    if (!("write" in decision)) return decision.answer();
    const written = await writeCard(runIn, card, decision.write, now);
    await alongside?.(runIn, { card, entries: written.entries });
    return decision.answer(written);
  };
  try {
    return await ("runIn" in db ? work(db.runIn) : transact(db, work));
  } catch (error) {
    // waited longer than the pool's lock_timeout for the card: the caller may try again
    if (isPgError(error, PG_ERROR.lockNotAvailable)) throw new AppError("busy");
    throw error;
  }
}

/** A card as core sees it (balance, open holds), read without locking it. */
export async function peekCard(db: Db, ask: CardAsk): Promise<CardRead> {
  return readCard((statement, values) => run(db, statement, values), { ...ask, peek: true });
}
