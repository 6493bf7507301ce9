/**
 * The order the bench delivers notifications in, fixed before the run so the route and its floor get
 * the same sequence. Each trade has one notification (trade.paid); the sequence holds its first
 * delivery and, for some trades, an exact copy:
 * - in order: trade k's notification goes after trade k-1's;
 * - out of order: held back past the next 1 to `maxHold` trades' notifications, so it arrives after a
 *   later trade's (a gateway's deliveries overtaking one another);
 * - a duplicate, concurrent: the same bytes again in the very next slot, while the first is usually
 *   still in flight (so either may reach the ledger first);
 * - a duplicate, later: the same bytes again 50 to 500 trades later, as a gateway retrying one whose
 *   answer it did not get.
 * Shares are per send: a share d of duplicates among sends is d / (1 - d) copies per trade.
 */
export type SendKind = "first" | "outOfOrder" | "duplicateConcurrent" | "duplicateLater";

export interface Send {
  trade: number;
  kind: SendKind;
}

export interface PlanShares {
  duplicateShare: number;
  outOfOrderShare: number;
  /** the most later trades an out-of-order notification is held back past */
  maxHold: number;
  laterDuplicate: { min: number; max: number };
}

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** How many trades a sequence of about `sends` sends needs at these shares. */
export const tradesFor = (sends: number, shares: PlanShares): number =>
  Math.ceil(sends * (1 - shares.duplicateShare));

export function planSends(trades: number, shares: PlanShares): Send[] {
  const firsts = 1 - shares.duplicateShare;
  const copyChance = shares.duplicateShare / firsts;
  const holdChance = shares.outOfOrderShare / firsts;
  const placed: Array<Send & { at: number }> = [];
  for (let trade = 0; trade < trades; trade++) {
    const held = Math.random() < holdChance;
    // half a position past trade k + hold: after that later trade's notification, before the next one's
    const at = held ? trade + between(1, shares.maxHold) + 0.5 : trade;
    placed.push({ trade, kind: held ? "outOfOrder" : "first", at });
    if (Math.random() < copyChance) {
      const concurrent = Math.random() < 0.5;
      placed.push({
        trade,
        kind: concurrent ? "duplicateConcurrent" : "duplicateLater",
        at: concurrent ? at + 0.25 : at + between(shares.laterDuplicate.min, shares.laterDuplicate.max),
      });
    }
  }
  return placed.sort((a, b) => a.at - b.at).map(({ trade, kind }) => ({ trade, kind }));
}

/** Sends by kind, and the first deliveries that actually went after a later trade's. */
export function countSends(sends: readonly Send[]): Record<SendKind | "arrivedAfterALaterTrade", number> {
  const counts = {
    first: 0,
    outOfOrder: 0,
    duplicateConcurrent: 0,
    duplicateLater: 0,
    arrivedAfterALaterTrade: 0,
  };
  let highest = -1;
  for (const send of sends) {
    counts[send.kind]++;
    if (send.kind !== "first" && send.kind !== "outOfOrder") continue;
    if (send.trade < highest) counts.arrivedAfterALaterTrade++;
    highest = Math.max(highest, send.trade);
  }
  return counts;
}
