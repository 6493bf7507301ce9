import { keptWithoutRefund } from "./account.js";

/**
 * The pure model the money race tests and the money-race bench check the server against (issue 24):
 * seeded scripts of money operations on tables (the operations race each other when run), and the
 * verdict on what the ledger rows say afterwards. Whatever order the races took, the model's rules
 * hold: an intent keeps no more than it asked, and nothing once what it paid for is gone; a visit
 * keeps no more than its orders owe unless a refund is recorded for the rest.
 */

export const MONEY_OPS = [
  "order",
  "prepay",
  "share",
  "notify",
  "duplicate",
  "reorder",
  "cancel",
  "staffCancel",
  "settle",
] as const;
export type MoneyOpKind = (typeof MONEY_OPS)[number];

export interface MoneyOp {
  kind: MoneyOpKind;
  /** the table (0-based) it acts at */
  table: number;
  /** which of the table's trades or orders it picks, where it needs one (0 ≤ pick < 1) */
  pick: number;
}

/** How often each operation is drawn (relative); notifications most, since every pay needs one. */
export const MONEY_OP_WEIGHTS: Record<MoneyOpKind, number> = {
  order: 3,
  prepay: 3,
  share: 2,
  notify: 5,
  duplicate: 1,
  reorder: 1,
  cancel: 1,
  staffCancel: 1,
  settle: 1,
};

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same script. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The operation a roll in [0, total of the weights) falls on. */
function drawn(roll: number, weights: Record<MoneyOpKind, number>): MoneyOpKind {
  let left = roll;
  for (const kind of MONEY_OPS) {
    left -= weights[kind];
    if (left < 0) return kind;
  }
  return "notify";
}

/** A script of `count` operations over `tables` tables, drawn by weight from the seed. */
export function planMoneyOps(
  seed: number,
  {
    tables,
    count,
    weights = MONEY_OP_WEIGHTS,
  }: { tables: number; count: number; weights?: Record<MoneyOpKind, number> },
): MoneyOp[] {
  if (!Number.isSafeInteger(tables) || tables < 1) throw new RangeError(`tables: ${tables}`);
  const random = seededRandom(seed);
  const total = MONEY_OPS.reduce((sum, kind) => sum + weights[kind], 0);
  const ops: MoneyOp[] = [];
  for (let i = 0; i < count; i++) {
    const kind = drawn(random() * total, weights);
    ops.push({ kind, table: Math.floor(random() * tables), pick: random() });
  }
  return ops;
}

/** One intent's money as its rows say. */
export interface IntentFacts {
  id: number;
  kind: "order" | "bill";
  status: "open" | "paid" | "cancelled";
  askedCents: number;
  /** paid events */
  capturedCents: number;
  /** refunds recorded and not failed */
  refundRecordedCents: number;
  /** what it pays for still stands: an order of it not cancelled, a share of it paid */
  owed: boolean;
}

/** A visit's orders (what they owe together) and the intents paying them. */
export interface VisitFacts {
  visitId: number;
  owedCents: number;
  intents: readonly IntentFacts[];
}

export interface MoneyVerdict {
  violations: string[];
  /** intents that kept more than they asked */
  doubleCharges: number;
  /** what visits kept beyond what they owe with no refund recorded */
  keptWithoutRefundCents: number;
}

/** The model's verdict on visits' money: no violations, no double charge, nothing kept unrefunded. */
export function moneyVerdict(visits: readonly VisitFacts[]): MoneyVerdict {
  const verdict: MoneyVerdict = { violations: [], doubleCharges: 0, keptWithoutRefundCents: 0 };
  for (const visit of visits) {
    let captured = 0;
    let refunded = 0;
    for (const i of visit.intents) {
      captured += i.capturedCents;
      refunded += i.refundRecordedCents;
      const kept = i.capturedCents - i.refundRecordedCents;
      if (kept < 0) verdict.violations.push(`intent ${i.id} refunded more than it captured (${kept})`);
      if (kept > i.askedCents) {
        verdict.doubleCharges += 1;
        verdict.violations.push(`intent ${i.id} kept ${kept} for ${i.askedCents} asked`);
      }
      if (kept > 0 && (i.status === "cancelled" || !i.owed))
        verdict.violations.push(`intent ${i.id} (${i.kind}, ${i.status}) kept ${kept} for nothing owed`);
    }
    const kept = keptWithoutRefund({
      owedCents: visit.owedCents,
      capturedCents: captured,
      refundRecordedCents: refunded,
    });
    if (kept > 0)
      verdict.violations.push(`visit ${visit.visitId} kept ${kept} beyond what it owes, no refund recorded`);
    verdict.keptWithoutRefundCents += kept;
  }
  return verdict;
}
