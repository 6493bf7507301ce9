/**
 * Stored value and points, as named use cases over the ledger's engine (ledger.ts changeCard): each
 * decides with core's rules (applyEntry, rechargeEntries, refundablePrincipal, pointsReversal) on the
 * card as it is under its lock, and keys its entries by the business event, so doing it again
 * changes nothing and answers the first entries.
 *
 * Event keys: recharge:<payment>, gift:<payment> (one paid recharge); spend:<…> (a payment without a
 * hold); hold:<hold id>, capture:<hold id>, release:<hold id> (an order's hold: set aside at submit,
 * taken by its payment, given back on cancel or expiry); earn:<payment>, reverse:<payment>:<refund>
 * (points); refund:<…> (unspent principal given back); adjust:<…> (a manager's correction).
 */
import {
  AppError,
  checkRechargeSource,
  type LedgerEntry,
  MEMBER_TEXT,
  type PayProvider,
  pointsReversal,
  type RechargeRule,
  rechargeEntries,
  rechargeGift,
  refundablePrincipal,
  spendRestore,
} from "@tablemate/core";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberHolds } from "../../db/schema.js";
import {
  type Alongside,
  type CardDb,
  type CardRead,
  changeCard,
  type HoldRow,
  holdIdOf,
  type LedgerRow,
} from "./ledger.js";

/** What posting answers: the event's entries, and whether they were there already (a replay). */
export interface Posted {
  entries: LedgerRow[];
  replayed: boolean;
}

/** An entry that touches no hold: everything but a hold, its release and its capture. */
export type PlainEntry =
  | Extract<LedgerEntry, { kind: "recharge" | "gift" | "earn" | "refund" | "reverse" | "adjustment" }>
  | { kind: "spend"; cents: number; points: number };

interface Who {
  /** who asks: `payment:<provider>`, `staff:<id>`, `diner:<guid>`, `system` */
  actor: string;
  now: Date;
}

/**
 * One entry for one business event, keyed: posted once, a replay answering the entry posted first.
 * `entryFor` decides it from the card as locked (a refund reads what is refundable then).
 */
function postOnce(
  db: CardDb,
  input: Who & { cardId: number; eventKey: string; detail?: Record<string, unknown>; alongside?: Alongside },
  entryFor: (card: CardRead) => LedgerEntry,
): Promise<Posted> {
  const { eventKey } = input;
  return changeCard(
    db,
    { cardId: input.cardId, keys: [eventKey] },
    (card) => {
      const seen = card.seen.get(eventKey);
      if (seen) return { answer: () => ({ entries: [seen], replayed: true }) };
      return {
        write: { entries: [{ eventKey, entry: entryFor(card), actor: input.actor, detail: input.detail }] },
        answer: (written) => ({ entries: written.entries, replayed: false }),
      };
    },
    input.now,
    input.alongside,
  );
}

/**
 * Posts one entry for one business event, once (a replay answers the entry posted first);
 * `alongside` writes its own rows in the entry's transaction (not on a replay).
 */
export async function postEntry(
  db: CardDb,
  input: Who & {
    cardId: number;
    eventKey: string;
    entry: PlainEntry;
    detail?: Record<string, unknown>;
    alongside?: Alongside;
  },
): Promise<Posted> {
  if (input.entry.kind === "spend" && "holdId" in input.entry)
    throw new Error("an order's hold is captured by captureHold, not posted");
  return postOnce(db, input, () => input.entry);
}

/** A payment with stored value and points that no hold set aside (refused 4701/4702 when short). */
export async function spendStoredValue(
  db: Db,
  input: Who & {
    cardId: number;
    eventKey: string;
    cents: number;
    points: number;
    detail?: Record<string, unknown>;
  },
): Promise<Posted> {
  return postEntry(db, {
    ...input,
    eventKey: `spend:${input.eventKey}`,
    entry: { kind: "spend", cents: input.cents, points: input.points },
  });
}

/** A hold and the entry that made it (or released, or captured it). */
export interface HoldOutcome {
  hold: HoldRow;
  entry: LedgerRow;
  replayed: boolean;
}

function entryOf(card: CardRead, hold: HoldRow, kind: LedgerRow["kind"]): LedgerRow {
  const entry = card.orderEntries.find((e) => e.holdId === hold.id && e.kind === kind);
  if (!entry) throw new Error(`hold ${hold.id} has no ${kind} entry`);
  return entry;
}

function orderOnCard(card: CardRead): void {
  if (card.orderRestaurantId === null) throw new AppError("notFound", "订单不存在");
  if (card.orderRestaurantId !== card.restaurantId) throw new AppError("cardOtherRestaurant");
}

/**
 * Sets stored value and points aside on a card for an open order (at submit), so no other order can
 * spend them: refused 4701/4702 when the card's spendable balance (less what other open orders hold)
 * is short. Asking again for the same order and amounts answers the open hold; other amounts are
 * refused (4704). The hold is released by releaseHold after `expiresAt` (the payment's expiry).
 */
export async function holdForOrder(
  db: CardDb,
  input: Who & { cardId: number; orderId: number; cents: number; points: number; expiresAt: Date },
): Promise<HoldOutcome> {
  const { orderId, cents, points } = input;
  return changeCard(
    db,
    { cardId: input.cardId, orderId },
    (card) => {
      orderOnCard(card);
      const open = card.orderHolds.find((h) => h.state === "open");
      if (open && open.cents === cents && open.points === points)
        return { answer: () => ({ hold: open, entry: entryOf(card, open, "hold"), replayed: true }) };
      // a second hold for the order with other amounts: core refuses it (这笔订单已冻结过余额)
      return {
        write: {
          entries: [
            {
              eventKey: null,
              entry: { kind: "hold", holdId: holdIdOf(orderId), cents, points },
              actor: input.actor,
              detail: { orderId },
            },
          ],
          openHold: { orderId, cents, points, expiresAt: input.expiresAt },
        },
        answer: ({ entries, opened }) => {
          const [entry] = entries;
          if (!opened || !entry) throw new Error("a hold written without its row");
          return { hold: opened, entry, replayed: false };
        },
      };
    },
    input.now,
  );
}

/**
 * Settles an order's open hold, once: `captured` by its payment (a spend of the held money) or
 * `released` back to the card. A hold already settled that way answers its entry again; no open hold
 * (none, or settled the other way) is refused (4704).
 */
function settleHold(
  db: CardDb,
  input: Who & { cardId: number; orderId: number },
  to: "captured" | "released",
  entryFor: (open: HoldRow) => LedgerEntry,
  detail: Record<string, unknown>,
): Promise<HoldOutcome> {
  const { orderId } = input;
  const kind = to === "captured" ? "spend" : "release";
  return changeCard(
    db,
    { cardId: input.cardId, orderId },
    (card) => {
      const open = card.orderHolds.find((h) => h.state === "open");
      if (!open) {
        const settled = card.orderHolds.findLast((h) => h.state === to);
        if (!settled) throw new AppError("holdConflict", MEMBER_TEXT.holdUnknown);
        return { answer: () => ({ hold: settled, entry: entryOf(card, settled, kind), replayed: true }) };
      }
      return {
        write: {
          entries: [
            {
              eventKey: `${to === "captured" ? "capture" : "release"}:${open.id}`,
              entry: entryFor(open),
              actor: input.actor,
              detail: { orderId, ...detail },
              holdRowId: open.id,
            },
          ],
          settleHold: { id: open.id, state: to },
        },
        answer: ({ entries: [posted] }) => {
          if (!posted) throw new Error(`a hold ${to} without its entry`);
          return { hold: { ...open, state: to, settledAt: input.now }, entry: posted, replayed: false };
        },
      };
    },
    input.now,
  );
}

/**
 * The order's payment takes its hold (by default all of it; less, and the rest goes back to the
 * card): a spend of the held money, principal first. Once: a captured hold answers its spend. No open
 * hold (none, or released) is refused (4704).
 */
export async function captureHold(
  db: CardDb,
  input: Who & {
    cardId: number;
    orderId: number;
    cents?: number;
    points?: number;
    detail?: Record<string, unknown>;
  },
): Promise<HoldOutcome> {
  const entry = (open: HoldRow): LedgerEntry => ({
    kind: "spend",
    cents: input.cents ?? open.cents,
    points: input.points ?? open.points,
    holdId: holdIdOf(input.orderId),
  });
  return settleHold(db, input, "captured", entry, input.detail ?? {});
}

export type ReleaseWhy = "cancelled" | "expired";

/**
 * Gives an order's hold back to the card (the order cancelled, or its payment expired). Once: a
 * released hold answers its release. A captured hold (paid) or none is refused (4704).
 */
export async function releaseHold(
  db: CardDb,
  input: Who & { cardId: number; orderId: number; why: ReleaseWhy },
): Promise<HoldOutcome> {
  const entry = (): LedgerEntry => ({ kind: "release", holdId: holdIdOf(input.orderId) });
  return settleHold(db, input, "released", entry, { why: input.why });
}

/** Releases every open hold of an order, on whichever cards (the order cancelled). */
export async function releaseOrderHolds(
  db: Db,
  input: Who & { orderId: number; why: ReleaseWhy },
): Promise<HoldOutcome[]> {
  const open = await db
    .select({ cardId: memberHolds.cardId })
    .from(memberHolds)
    .where(and(eq(memberHolds.orderId, input.orderId), eq(memberHolds.state, "open")));
  const released: HoldOutcome[] = [];
  for (const { cardId } of open) released.push(await releaseHold(db, { ...input, cardId }));
  return released;
}

/**
 * Releases the open holds whose payment expired (a job's round). A hold its payment captured
 * meanwhile is left as it is. Answers the holds released.
 */
export async function releaseExpiredHolds(db: Db, now: Date, actor = "system"): Promise<HoldOutcome[]> {
  const expired = await db
    .select({ cardId: memberHolds.cardId, orderId: memberHolds.orderId })
    .from(memberHolds)
    .where(and(eq(memberHolds.state, "open"), lt(memberHolds.expiresAt, now)));
  const released: HoldOutcome[] = [];
  for (const hold of expired) {
    try {
      released.push(await releaseHold(db, { ...hold, why: "expired", actor, now }));
    } catch (error) {
      // captured (paid) between the list and the release: the payment won, nothing to give back
      if (!(error instanceof AppError && error.key === "holdConflict")) throw error;
    }
  }
  return released.filter((r) => !r.replayed);
}

/**
 * A paid recharge, on its verified payment notification: the principal and its gift (core's
 * rechargeEntries over the restaurant's rules) as two entries keyed by the payment, so a repeated
 * notification grants nothing twice. Stored value cannot pay for a recharge (4705).
 */
export async function rechargePaid(
  db: Db,
  input: Who & {
    cardId: number;
    /** the payment's own key (its trade number): the same payment is the same recharge */
    paymentKey: string;
    rechargeCents: number;
    rules: readonly RechargeRule[];
    source: PayProvider | "storedValue";
  },
): Promise<Posted> {
  const source = checkRechargeSource(input.source);
  if (!source.ok) throw new AppError(source.error, source.message);
  const planned = asBadRequest(() => rechargeEntries(input.rules, input.rechargeCents));
  const { ruleId } = rechargeGift(input.rules, input.rechargeCents);
  const principalKey = `recharge:${input.paymentKey}`;
  const giftKey = `gift:${input.paymentKey}`;
  return changeCard(
    db,
    { cardId: input.cardId, keys: [principalKey, giftKey] },
    (card) => {
      const first = card.seen.get(principalKey);
      if (first) {
        const gift = card.seen.get(giftKey);
        return { answer: () => ({ entries: gift ? [first, gift] : [first], replayed: true }) };
      }
      return {
        write: {
          entries: planned.map((entry) => ({
            eventKey: entry.kind === "recharge" ? principalKey : giftKey,
            entry,
            actor: input.actor,
            detail: { paymentKey: input.paymentKey, source: input.source, ruleId },
          })),
        },
        answer: ({ entries }) => ({ entries, replayed: false }),
      };
    },
    input.now,
  );
}

/**
 * Gives unspent principal back (by default all of it, or all of it up to `upTo`), checked against the
 * card when it runs: only principal neither spent nor held by an open order (core's
 * refundablePrincipal, 4703 above it, or when none is left); the gift goes back in the same proportion
 * (core's refund entry).
 */
export async function refundPrincipal(
  db: Db,
  input: Who & {
    cardId: number;
    eventKey: string;
    cents?: number;
    upTo?: number;
    detail?: Record<string, unknown>;
  },
): Promise<Posted> {
  return postOnce(db, { ...input, eventKey: `refund:${input.eventKey}` }, (card) => {
    const unspent = Math.min(input.upTo ?? Number.POSITIVE_INFINITY, refundablePrincipal(card.balance));
    const cents = input.cents ?? unspent;
    if (cents === 0) throw new AppError("refundAbovePrincipal", MEMBER_TEXT.nothingToRefund);
    return { kind: "refund", cents };
  });
}

/**
 * Puts a refunded payment's stored value back on the card: `cents` of what the order's captured holds
 * spent (the order its holds were for), split back into principal and gift as they were spent (core's
 * spendRestore, over the restores before this one), and `points` of the points they redeemed (a full
 * refund gives them all back). Once per `eventKey`. More than the holds spent and not yet restored is
 * refused (400).
 */
export async function restoreSpend(
  db: CardDb,
  input: Who & {
    cardId: number;
    orderId: number;
    eventKey: string;
    cents: number;
    points?: number;
    detail?: Record<string, unknown>;
  },
): Promise<Posted> {
  const eventKey = `restore:${input.eventKey}`;
  const points = input.points ?? 0;
  return changeCard(
    db,
    { cardId: input.cardId, keys: [eventKey], orderId: input.orderId },
    (card) => {
      const seen = card.seen.get(eventKey);
      if (seen) return { answer: () => ({ entries: [seen], replayed: true }) };
      const spent = { principalCents: 0, giftCents: 0 };
      let restoredBefore = 0;
      let pointsLeft = 0;
      for (const entry of card.orderEntries) {
        if (entry.kind === "spend") {
          spent.principalCents -= entry.principalCents;
          spent.giftCents -= entry.giftCents;
          pointsLeft -= entry.points;
        }
        if (entry.kind === "restore") {
          restoredBefore += entry.principalCents + entry.giftCents;
          pointsLeft -= entry.points;
        }
      }
      const back = asBadRequest(() => spendRestore(spent, restoredBefore, input.cents));
      if (!Number.isSafeInteger(points) || points < 0 || points > pointsLeft)
        throw new AppError("badRequest", `退回积分超过本单抵扣的积分：${points} > ${pointsLeft}`);
      const captured = card.orderHolds.findLast((h) => h.state === "captured");
      return {
        write: {
          entries: [
            {
              eventKey,
              entry: { kind: "restore", ...back, points },
              actor: input.actor,
              detail: { orderId: input.orderId, ...input.detail },
              // beside the order's spends, so the next restore reads what this one gave back
              holdRowId: captured?.id,
            },
          ],
        },
        answer: ({ entries }) => ({ entries, replayed: false }),
      };
    },
    input.now,
  );
}

/**
 * A manager's correction: signed amounts with a reason and the approver (core refuses one that goes
 * below zero or below what is held); `alongside` writes with it (the console's audit log entry).
 */
export async function adjustBalance(
  db: Db,
  input: Who & {
    cardId: number;
    eventKey: string;
    principalCents: number;
    giftCents: number;
    points: number;
    reason: string;
    approvedBy: string;
    alongside?: Alongside;
  },
): Promise<Posted> {
  const { principalCents, giftCents, points, reason, approvedBy } = input;
  return postEntry(db, {
    ...input,
    eventKey: `adjust:${input.eventKey}`,
    entry: { kind: "adjustment", principalCents, giftCents, points, reason, approvedBy },
  });
}

/** Points earned by a payment, once per payment; its paid cents kept for a refund's proportion. */
export async function earnPoints(
  db: CardDb,
  input: Who & { cardId: number; paymentKey: string; points: number; paidCents: number },
): Promise<Posted> {
  return postEntry(db, {
    ...input,
    eventKey: `earn:${input.paymentKey}`,
    entry: { kind: "earn", points: input.points },
    detail: { paymentKey: input.paymentKey, paidCents: input.paidCents },
  });
}

export interface Reversed {
  /** the reversal's entry; null when nothing could be taken back (or the payment earned nothing) */
  entry: LedgerRow | null;
  due: number;
  reversed: number;
  /** points owed back that the member already spent (recorded on the entry) */
  shortfall: number;
  replayed: boolean;
}

/**
 * A refund of a payment takes back the points it earned, in proportion (core's pointsReversal over
 * the payment's paid cents, kept on its earn entry, and the refunds before this one, as the payment's
 * own events count them). Once per refund. What the member already spent is recorded as the shortfall.
 */
export async function reversePointsForRefund(
  db: CardDb,
  input: Who & {
    cardId: number;
    paymentKey: string;
    refundKey: string;
    refundCents: number;
    /** the payment's refunds before this one, cents */
    refundedBeforeCents: number;
  },
): Promise<Reversed> {
  const earnKey = `earn:${input.paymentKey}`;
  const eventKey = `reverse:${input.paymentKey}:${input.refundKey}`;
  return changeCard<Reversed>(
    db,
    { cardId: input.cardId, keys: [earnKey, eventKey] },
    (card) => {
      const seen = card.seen.get(eventKey);
      if (seen) {
        const { due, shortfall } = seen.detail as { due: number; shortfall: number };
        return { answer: () => ({ entry: seen, due, reversed: -seen.points, shortfall, replayed: true }) };
      }
      const earned = card.seen.get(earnKey);
      const paidCents = Number((earned?.detail as { paidCents?: number } | undefined)?.paidCents ?? 0);
      if (!earned || paidCents === 0)
        return { answer: () => ({ entry: null, due: 0, reversed: 0, shortfall: 0, replayed: false }) };
      const { due, reversed, shortfall } = asBadRequest(() =>
        pointsReversal(card.balance, {
          earnedPoints: earned.points,
          paidCents,
          refundedBeforeCents: input.refundedBeforeCents,
          refundCents: input.refundCents,
        }),
      );
      if (reversed === 0)
        return { answer: () => ({ entry: null, due, reversed, shortfall, replayed: false }) };
      return {
        write: {
          entries: [
            {
              eventKey,
              entry: { kind: "reverse", points: reversed },
              actor: input.actor,
              detail: {
                paymentKey: input.paymentKey,
                refundKey: input.refundKey,
                refundCents: input.refundCents,
                due,
                shortfall,
              },
            },
          ],
        },
        answer: ({ entries: [entry] }) => ({
          entry: entry ?? null,
          due,
          reversed,
          shortfall,
          replayed: false,
        }),
      };
    },
    input.now,
  );
}

/** A rule's RangeError (an amount that is no whole cents, a refund above the payment) as a 400. */
function asBadRequest<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("badRequest", error.message);
    throw error;
  }
}
