import type { LedgerEntryKind } from "./ledger.js";

/**
 * A member's own history of a card (issue 25): the stored-value ledger read as two lists, the balance
 * (principal and gift together, as the diner spends them) and the points. A ledger entry is a line of
 * a list when it changed what that list counts: a hold and its release set money aside and give it
 * back without changing the balance, so they are in neither; a recharge's gift may be in both.
 */
export const CARD_HISTORIES = ["balance", "points"] as const;
export type CardHistory = (typeof CARD_HISTORIES)[number];

/** What a ledger row says of one entry: its change and the balance after it. */
export interface LedgerLine {
  seq: number;
  kind: LedgerEntryKind;
  principalCents: number;
  giftCents: number;
  points: number;
  principalAfter: number;
  giftAfter: number;
  pointsAfter: number;
  at: Date;
}

/** One line of a history: what changed (signed; cents for the balance, points for the points) and what was left. */
export interface HistoryLine {
  seq: number;
  kind: LedgerEntryKind;
  change: number;
  after: number;
  at: Date;
}

/** The entry as a line of `history`, or null when it changed nothing that history counts. */
export function historyLine(history: CardHistory, entry: LedgerLine): HistoryLine | null {
  const { seq, kind, at } = entry;
  const line =
    history === "balance"
      ? { change: entry.principalCents + entry.giftCents, after: entry.principalAfter + entry.giftAfter }
      : { change: entry.points, after: entry.pointsAfter };
  return line.change === 0 ? null : { seq, kind, at, ...line };
}

/**
 * One page of a history, newest first: `entries` are the card's ledger in any order; `page` counts
 * from 1. The total is the number of lines in the whole history.
 */
export function historyPage(
  history: CardHistory,
  entries: readonly LedgerLine[],
  page: number,
  limit: number,
): { total: number; list: HistoryLine[] } {
  const lines = entries
    .map((entry) => historyLine(history, entry))
    .filter((line): line is HistoryLine => line !== null)
    .sort((a, b) => b.seq - a.seq);
  return { total: lines.length, list: lines.slice((page - 1) * limit, page * limit) };
}
