/**
 * GET {family}/cards/balance-history and cards/points-history (issue 25): a member's own card's
 * history, read from its ledger by core's historyPage (which entries are lines of which history), each
 * line's time on the restaurant's clock.
 */
import {
  type CardHistory,
  type CardHistoryPage,
  type CardHistoryQuery,
  formatDateTime,
  historyPage,
} from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { memberLedger } from "../../db/schema.js";
import type { CardRow } from "./members.js";

export type HistoryPageQuery = Pick<CardHistoryQuery, "page" | "limit">;

export async function cardHistory(
  db: Db,
  card: CardRow,
  history: CardHistory,
  { page, limit }: HistoryPageQuery,
  timeZone: string,
): Promise<CardHistoryPage> {
  const entries = await db
    .select({
      seq: memberLedger.seq,
      kind: memberLedger.kind,
      principalCents: memberLedger.principalCents,
      giftCents: memberLedger.giftCents,
      points: memberLedger.points,
      principalAfter: memberLedger.principalAfter,
      giftAfter: memberLedger.giftAfter,
      pointsAfter: memberLedger.pointsAfter,
      at: memberLedger.at,
    })
    .from(memberLedger)
    .where(eq(memberLedger.cardId, card.id));
  const { total, list } = historyPage(history, entries, page, limit);
  return {
    history,
    total,
    page,
    limit,
    list: list.map(({ seq, kind, change, after, at }) => ({
      seq,
      kind,
      change,
      after,
      time: formatDateTime(at, timeZone),
    })),
  };
}
