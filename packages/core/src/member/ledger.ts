import { type PayRefusal, refuse } from "../payment/refusal.js";
import { MEMBER_TEXT } from "./text.js";

/**
 * The stored-value and points ledger's rules (issue 19), pure: a card's balance changes only by an
 * entry, and `applyEntry` says what the balance becomes or why the entry is refused. The server writes
 * the accepted entry with its balance-after in the statement that changes the balance, one entry per
 * business event (keyed by it, so a replay writes nothing); these rules are what that statement checks.
 *
 * - Principal (money the member paid in) and gift (money given with a recharge) are kept apart; points
 *   beside them. Nothing ever goes below zero.
 * - A hold sets money and points aside for an open order (keyed by the order), so two open orders
 *   cannot spend the same money (odoo#205057): what can be spent or held is the balance less what is
 *   held. An order's spend takes its hold (the rest of it is released); its cancel releases it.
 * - A spend takes principal first, then gift. The spec says nothing of the order; principal first
 *   means a gift is the last money on the card, so the money a refund could return shrinks first and
 *   a gift never outlives the principal that earned it as spendable cash.
 * - A refund returns only unspent principal not held by an open order, checked against the balance
 *   when it runs, and takes back the gift in the same proportion (refunding all the principal left
 *   takes back all the gift left, rounded down in the member's favour): otherwise recharging ¥500,
 *   taking the ¥50 gift and refunding the ¥500 would turn a gift into cash.
 * - Points are earned on payment and given with recharges; a refunded payment reverses its points
 *   (only points not held or spent can be reversed: the caller takes what is left and records the rest).
 * - A staff adjustment is an entry with signed amounts, a reason and the approving manager, never an
 *   edited balance; it may not take the balance below zero or below what is held.
 */
export interface LedgerHold {
  cents: number;
  points: number;
}

export interface StoredBalance {
  principalCents: number;
  giftCents: number;
  points: number;
  /** open holds by their order's key */
  holds: Readonly<Record<string, LedgerHold>>;
}

export type LedgerEntry =
  /** a paid recharge's principal */
  | { kind: "recharge"; cents: number }
  /** a recharge's gift: stored value and points */
  | { kind: "gift"; cents: number; points: number }
  /** points earned on a payment */
  | { kind: "earn"; points: number }
  /** set aside for an open order */
  | { kind: "hold"; holdId: string; cents: number; points: number }
  /** an open order's hold given back (cancelled, expired) */
  | { kind: "release"; holdId: string }
  /** a payment with stored value and points: an order's (its hold taken), or one without a hold */
  | { kind: "spend"; cents: number; points: number; holdId?: string }
  /** unspent principal given back to the member */
  | { kind: "refund"; cents: number }
  /**
   * a refunded payment's stored value back on the card, principal and gift as it spent them
   * (spendRestore), and on a full refund the points it redeemed
   */
  | { kind: "restore"; principalCents: number; giftCents: number; points?: number }
  /** points taken back after a refunded payment */
  | { kind: "reverse"; points: number }
  /** a staff correction: signed amounts */
  | {
      kind: "adjustment";
      principalCents: number;
      giftCents: number;
      points: number;
      reason: string;
      approvedBy: string;
    };

export type LedgerEntryKind = LedgerEntry["kind"];

/** Every kind of entry, as the ledger's rows and the calls that show them name them. */
export const LEDGER_KINDS = [
  "recharge",
  "gift",
  "earn",
  "hold",
  "release",
  "spend",
  "refund",
  "reverse",
  "adjustment",
  "restore",
] as const satisfies readonly LedgerEntryKind[];

/** An accepted entry as the ledger records it: what it changed (signed) and the balance after it. */
export interface PostedEntry {
  kind: LedgerEntryKind;
  principalCents: number;
  giftCents: number;
  points: number;
  holdId?: string;
  after: { principalCents: number; giftCents: number; points: number; heldCents: number; heldPoints: number };
}

export type LedgerOutcome = { ok: true; balance: StoredBalance; posted: PostedEntry } | PayRefusal;

export const EMPTY_BALANCE: StoredBalance = Object.freeze({
  principalCents: 0,
  giftCents: 0,
  points: 0,
  holds: Object.freeze({}),
});

/** What open orders hold. */
export function heldOf(balance: StoredBalance): LedgerHold {
  let cents = 0;
  let points = 0;
  for (const hold of Object.values(balance.holds)) {
    cents += hold.cents;
    points += hold.points;
  }
  return { cents, points };
}

/** What can be spent or held now: the balance less what is held. */
export function spendableOf(balance: StoredBalance): LedgerHold {
  const held = heldOf(balance);
  return {
    cents: balance.principalCents + balance.giftCents - held.cents,
    points: balance.points - held.points,
  };
}

/** What a refund may return now: principal not held (a hold would take principal first). */
export function refundablePrincipal(balance: StoredBalance): number {
  return Math.max(0, balance.principalCents - heldOf(balance).cents);
}

const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
const signed = (n: number) => Number.isSafeInteger(n);
/** minus, without the -0 a posted row would carry */
const neg = (n: number) => (n === 0 ? 0 : -n);

function amountsOf(entry: LedgerEntry): number[] {
  switch (entry.kind) {
    case "recharge":
    case "refund":
      return [entry.cents];
    case "earn":
    case "reverse":
      return [entry.points];
    case "gift":
    case "hold":
    case "spend":
      return [entry.cents, entry.points];
    case "restore":
      return [entry.principalCents, entry.giftCents, entry.points ?? 0];
    case "release":
    case "adjustment":
      return [];
  }
}

/** The balance an entry leaves, or why it is refused. The balance given is never changed. */
export function applyEntry(balance: StoredBalance, entry: LedgerEntry): LedgerOutcome {
  const amounts = amountsOf(entry);
  if (!amounts.every(whole)) return refuse("badRequest", MEMBER_TEXT.amountNotWhole);
  if (amounts.length > 0 && amounts.every((a) => a === 0))
    return refuse("badRequest", MEMBER_TEXT.entryEmpty);
  const spendable = spendableOf(balance);
  let delta = { principalCents: 0, giftCents: 0, points: 0 };
  let holds = balance.holds;
  switch (entry.kind) {
    case "recharge":
      delta.principalCents = entry.cents;
      break;
    case "gift":
      delta = { principalCents: 0, giftCents: entry.cents, points: entry.points };
      break;
    case "earn":
      delta.points = entry.points;
      break;
    case "hold":
      if (Object.hasOwn(balance.holds, entry.holdId)) return refuse("holdConflict", MEMBER_TEXT.holdTwice);
      if (entry.cents > spendable.cents) return refuse("balanceShort");
      if (entry.points > spendable.points) return refuse("pointsShort");
      holds = { ...balance.holds, [entry.holdId]: { cents: entry.cents, points: entry.points } };
      break;
    case "release": {
      if (!Object.hasOwn(balance.holds, entry.holdId)) return refuse("holdConflict", MEMBER_TEXT.holdUnknown);
      const { [entry.holdId]: _, ...rest } = balance.holds;
      holds = rest;
      break;
    }
    case "spend": {
      if (entry.holdId !== undefined) {
        const hold = Object.hasOwn(balance.holds, entry.holdId) ? balance.holds[entry.holdId] : undefined;
        if (!hold) return refuse("holdConflict", MEMBER_TEXT.holdUnknown);
        if (entry.cents > hold.cents || entry.points > hold.points)
          return refuse("holdConflict", MEMBER_TEXT.spendAboveHold);
        const { [entry.holdId]: _, ...rest } = balance.holds;
        holds = rest;
      } else {
        if (entry.cents > spendable.cents) return refuse("balanceShort");
        if (entry.points > spendable.points) return refuse("pointsShort");
      }
      const fromPrincipal = Math.min(entry.cents, balance.principalCents);
      delta = {
        principalCents: neg(fromPrincipal),
        giftCents: neg(entry.cents - fromPrincipal),
        points: neg(entry.points),
      };
      break;
    }
    case "refund": {
      if (entry.cents > refundablePrincipal(balance)) return refuse("refundAbovePrincipal");
      // the gift goes back in the refund's proportion of the principal, rounded down
      const forfeit = Math.floor((balance.giftCents * entry.cents) / balance.principalCents);
      delta = { principalCents: neg(entry.cents), giftCents: neg(forfeit), points: 0 };
      break;
    }
    case "restore":
      delta = { principalCents: entry.principalCents, giftCents: entry.giftCents, points: entry.points ?? 0 };
      break;
    case "reverse":
      if (entry.points > spendable.points) return refuse("pointsShort");
      delta.points = neg(entry.points);
      break;
    case "adjustment": {
      if (![entry.principalCents, entry.giftCents, entry.points].every(signed))
        return refuse("badRequest", MEMBER_TEXT.amountNotWhole);
      if (entry.principalCents === 0 && entry.giftCents === 0 && entry.points === 0)
        return refuse("badRequest", MEMBER_TEXT.entryEmpty);
      if (entry.reason.trim() === "") return refuse("badRequest", MEMBER_TEXT.adjustmentReason);
      if (entry.approvedBy.trim() === "") return refuse("approvalRequired");
      delta = { principalCents: entry.principalCents, giftCents: entry.giftCents, points: entry.points };
      break;
    }
  }
  const next: StoredBalance = {
    principalCents: balance.principalCents + delta.principalCents,
    giftCents: balance.giftCents + delta.giftCents,
    points: balance.points + delta.points,
    holds,
  };
  const held = heldOf(next);
  if (
    next.principalCents < 0 ||
    next.giftCents < 0 ||
    next.points < 0 ||
    next.principalCents + next.giftCents < held.cents ||
    next.points < held.points
  )
    // only an adjustment can get here: every other entry was checked against what it may take
    return refuse("badRequest", MEMBER_TEXT.adjustmentNegative);
  const posted: PostedEntry = {
    kind: entry.kind,
    ...delta,
    after: {
      principalCents: next.principalCents,
      giftCents: next.giftCents,
      points: next.points,
      heldCents: held.cents,
      heldPoints: held.points,
    },
  };
  if ("holdId" in entry && entry.holdId !== undefined) posted.holdId = entry.holdId;
  return { ok: true, balance: next, posted };
}

/** The points a payment earns (a card type's pointsPerYuan): so many per whole yuan paid, the cents below a yuan earning none. */
export function earnedPoints(paidCents: number, pointsPerYuan: number): number {
  if (!whole(paidCents) || !whole(pointsPerYuan))
    throw new RangeError(`not a payment and a rate: ${paidCents}, ${pointsPerYuan}`);
  return Math.floor(paidCents / 100) * pointsPerYuan;
}

/** What a refund of a payment takes back of the points that payment earned. */
export interface PointsReversal {
  /** what the refund owes back: the earned points in the refund's proportion */
  due: number;
  /** what can be taken back now (points neither spent nor held by an open order) */
  reversed: number;
  /** the rest, recorded beside the reversal: points the member already spent */
  shortfall: number;
}

/**
 * The points a refund of a paid payment reverses (odoo#257854: points kept after a refund): the points
 * it earned in proportion to the money refunded, counted on the running total so that partial refunds
 * add up to exactly the earned points once the whole payment is refunded. Each step rounds the running
 * total down (in the member's favour, as a refund's gift forfeit does). Only points the card can spend
 * now can be taken back (spendableOf): the rest is the shortfall, which the caller records.
 */
export function pointsReversal(
  balance: StoredBalance,
  payment: { earnedPoints: number; paidCents: number; refundedBeforeCents: number; refundCents: number },
): PointsReversal {
  const { earnedPoints, paidCents, refundedBeforeCents, refundCents } = payment;
  if (![earnedPoints, paidCents, refundedBeforeCents, refundCents].every(whole) || paidCents === 0)
    throw new RangeError(`not a payment's points and refund: ${JSON.stringify(payment)}`);
  if (refundedBeforeCents + refundCents > paidCents)
    throw new RangeError(`refunds above the payment: ${refundedBeforeCents} + ${refundCents} > ${paidCents}`);
  const owedBy = (refunded: number) => Math.floor((earnedPoints * refunded) / paidCents);
  const due = owedBy(refundedBeforeCents + refundCents) - owedBy(refundedBeforeCents);
  const reversed = Math.max(0, Math.min(due, spendableOf(balance).points));
  return { due, reversed, shortfall: due - reversed };
}

/**
 * What a refund of part of a stored-value payment puts back on the card: the payment's spend split
 * back into principal and gift in the proportion it took them, counted on the running total (principal
 * rounded down), so that refunds adding up to the whole payment give back exactly what it spent. A
 * payment spends principal first (applyEntry): giving the refund back in proportion, not principal
 * first, keeps a refund from turning gift into principal a cash refund could then return.
 */
export function spendRestore(
  spent: { principalCents: number; giftCents: number },
  restoredBeforeCents: number,
  cents: number,
): { principalCents: number; giftCents: number } {
  const total = spent.principalCents + spent.giftCents;
  if (![spent.principalCents, spent.giftCents, restoredBeforeCents, cents].every(whole))
    throw new RangeError(
      `not a spend and its refund: ${JSON.stringify({ spent, restoredBeforeCents, cents })}`,
    );
  if (restoredBeforeCents + cents > total)
    throw new RangeError(`restores above the spend: ${restoredBeforeCents} + ${cents} > ${total}`);
  const principalBy = (restored: number) =>
    total === 0 ? 0 : Math.floor((spent.principalCents * restored) / total);
  const principalCents = principalBy(restoredBeforeCents + cents) - principalBy(restoredBeforeCents);
  return { principalCents, giftCents: cents - principalCents };
}

/** A run of entries from a balance: the accepted ones posted, the refused ones listed by index. */
export function replayLedger(
  entries: readonly LedgerEntry[],
  from: StoredBalance = EMPTY_BALANCE,
): { balance: StoredBalance; posted: PostedEntry[]; refused: Array<{ index: number; refusal: PayRefusal }> } {
  let balance = from;
  const posted: PostedEntry[] = [];
  const refused: Array<{ index: number; refusal: PayRefusal }> = [];
  entries.forEach((entry, index) => {
    const outcome = applyEntry(balance, entry);
    if (outcome.ok) {
      balance = outcome.balance;
      posted.push(outcome.posted);
    } else refused.push({ index, refusal: outcome });
  });
  return { balance, posted, refused };
}

/** What posted entries add up to: a card's ledger sums to its balance. */
export function sumPosted(posted: readonly PostedEntry[]): {
  principalCents: number;
  giftCents: number;
  points: number;
} {
  return posted.reduce(
    (s, p) => ({
      principalCents: s.principalCents + p.principalCents,
      giftCents: s.giftCents + p.giftCents,
      points: s.points + p.points,
    }),
    { principalCents: 0, giftCents: 0, points: 0 },
  );
}
