/**
 * A table's live state on the floor, from its visit's facts: one state per table card (its colour), by
 * priority (a waiter call outranks everything, since someone is waiting).
 */
export const TABLE_STATES = ["free", "seated", "ordering", "ordered", "called", "paid", "settled"] as const;
export type TableState = (typeof TABLE_STATES)[number];

export interface TableFacts {
  /** the table has an open visit (a party sits at it) */
  visitOpen: boolean;
  /** no open visit, and the last one was settled within the last few minutes (the table needs clearing) */
  recentlySettled: boolean;
  /** unhandled waiter calls of the open visit's table */
  openCalls: number;
  /** lines in the visit's carts, not yet ordered */
  cartLines: number;
  /** orders of the visit still open (placed, accepted, cooking, served) */
  openOrders: number;
  /**
   * every open order is paid (issue 18 feeds it: the payment module sets it when the visit's money is
   * in; until then false)
   */
  paid: boolean;
}

/** How long a settled table shows as 结账完成 before it reads as free. */
export const SETTLED_SHOWN_MS = 15 * 60_000;

export function tableState(facts: TableFacts): TableState {
  if (!facts.visitOpen) return facts.recentlySettled ? "settled" : "free";
  if (facts.openCalls > 0) return "called";
  if (facts.openOrders > 0 && facts.paid) return "paid";
  if (facts.openOrders > 0) return "ordered";
  if (facts.cartLines > 0) return "ordering";
  return "seated";
}

/** Whole minutes since the visit opened (never negative: clocks of two processes may differ a little). */
export function minutesSeated(openedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - openedAt.getTime()) / 60_000));
}
