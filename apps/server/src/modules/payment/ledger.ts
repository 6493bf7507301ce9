import { inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { payEvents, payRefunds } from "../../db/schema.js";

export interface IntentMoney {
  paidCents: number;
  refundedCents: number;
  /** of the refunded, what staff gave back for good (a concession): the order owes that much less */
  concededCents: number;
}

/**
 * What an intent's events come to: paid and refunded are sums over distinct provider events, never
 * a stored balance, so a replayed notification (its event already there) cannot count twice.
 */
export async function intentMoney(tx: Tx, intentIds: readonly number[]): Promise<Map<number, IntentMoney>> {
  const money = new Map<number, IntentMoney>(
    intentIds.map((id) => [id, { paidCents: 0, refundedCents: 0, concededCents: 0 }]),
  );
  if (intentIds.length === 0) return money;
  const rows = await tx
    .select({
      intentId: payEvents.intentId,
      paid: sql<string>`coalesce(sum(${payEvents.amountCents}) filter (where ${payEvents.kind} = 'paid'), 0)`,
      refunded: sql<string>`coalesce(sum(${payEvents.amountCents}) filter (where ${payEvents.kind} = 'refunded'), 0)`,
      conceded: sql<string>`coalesce(sum(${payEvents.amountCents}) filter (where ${payEvents.kind} = 'refunded'
        and exists (select 1 from ${payRefunds} r where r.id = ${payEvents.refundId} and r.concession)), 0)`,
    })
    .from(payEvents)
    .where(inArray(payEvents.intentId, [...intentIds]))
    .groupBy(payEvents.intentId);
  for (const row of rows) {
    money.set(row.intentId, {
      paidCents: Number(row.paid),
      refundedCents: Number(row.refunded),
      concededCents: Number(row.conceded),
    });
  }
  return money;
}

export async function oneIntentMoney(tx: Tx, intentId: number): Promise<IntentMoney> {
  return (
    (await intentMoney(tx, [intentId])).get(intentId) ?? { paidCents: 0, refundedCents: 0, concededCents: 0 }
  );
}
