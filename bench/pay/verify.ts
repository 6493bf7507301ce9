/**
 * What the run left in the database, checked against what the bench sent: each trade's paid event
 * once (`paid:<tradeNo>`, none for a trade never notified, none twice); each intent's paid money, as
 * core's ledger sums its distinct events and as the server's intentMoney sums its rows, equal to what
 * it owes; every attempt paid; no refund recorded (a copy counted as a second payment would have been
 * refunded as 重复支付); and the inbox's outcomes.
 */
import { paidCents } from "@tablemate/core";
import { count } from "drizzle-orm";
import type { Db } from "../../apps/server/src/db/client.js";
import { payAttempts, payEvents, payInbox, payIntents, payRefunds } from "../../apps/server/src/db/schema.js";
import { intentMoney } from "../../apps/server/src/modules/payment/ledger.js";
import type { PaidTrade } from "./trades.js";

interface IntentMismatch {
  intentId: number;
  amountCents: number;
  distinctEventsPaidCents: number;
  ledgerPaidCents: number;
  status: string;
}

export interface PayCheck {
  tradesNotified: number;
  events: {
    rows: number;
    distinctEventIds: number;
    countedTwice: number;
    missing: number;
    unexpected: number;
  };
  intents: { checked: number; paidAsOwed: number; mismatched: number; firstMismatches: IntentMismatch[] };
  attemptsByStatus: Record<string, number>;
  refundsRecorded: number;
  inboxByOutcome: Record<string, number>;
  ok: boolean;
}

const tally = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.n]));

export async function checkPayments(db: Db, notified: readonly PaidTrade[]): Promise<PayCheck> {
  const events = await db
    .select({
      intentId: payEvents.intentId,
      eventId: payEvents.eventId,
      kind: payEvents.kind,
      amountCents: payEvents.amountCents,
    })
    .from(payEvents);
  const rowsPerEvent = new Map<string, number>();
  for (const e of events) rowsPerEvent.set(e.eventId, (rowsPerEvent.get(e.eventId) ?? 0) + 1);
  const expected = new Set(notified.map((t) => `paid:${t.tradeNo}`));
  const countedTwice = [...rowsPerEvent.values()].reduce((sum, n) => sum + n - 1, 0);

  // each intent's events, one per event id (the ledger's rule: a provider event counts once)
  const distinct = new Map<number, Map<string, (typeof events)[number]>>();
  for (const e of events) {
    const byId = distinct.get(e.intentId) ?? new Map();
    byId.set(e.eventId, e);
    distinct.set(e.intentId, byId);
  }
  const intents = await db.select().from(payIntents);
  const ledger = await intentMoney(
    db,
    intents.map((i) => i.id),
  );
  const mismatches: IntentMismatch[] = [];
  for (const intent of intents) {
    const distinctPaid = paidCents([...(distinct.get(intent.id)?.values() ?? [])]);
    const ledgerPaid = ledger.get(intent.id)?.paidCents ?? 0;
    const owed = intent.amountCents;
    if (distinctPaid !== owed || ledgerPaid !== owed || intent.status !== "paid") {
      mismatches.push({
        intentId: intent.id,
        amountCents: owed,
        distinctEventsPaidCents: distinctPaid,
        ledgerPaidCents: ledgerPaid,
        status: intent.status,
      });
    }
  }

  const attempts = await db
    .select({ key: payAttempts.status, n: count() })
    .from(payAttempts)
    .groupBy(payAttempts.status);
  const [refunds] = await db.select({ n: count() }).from(payRefunds);
  const inbox = await db
    .select({ key: payInbox.outcome, n: count() })
    .from(payInbox)
    .groupBy(payInbox.outcome);
  const check: PayCheck = {
    tradesNotified: notified.length,
    events: {
      rows: events.length,
      distinctEventIds: rowsPerEvent.size,
      countedTwice,
      missing: [...expected].filter((id) => !rowsPerEvent.has(id)).length,
      unexpected: [...rowsPerEvent.keys()].filter((id) => !expected.has(id)).length,
    },
    intents: {
      checked: intents.length,
      paidAsOwed: intents.length - mismatches.length,
      mismatched: mismatches.length,
      firstMismatches: mismatches.slice(0, 10),
    },
    attemptsByStatus: tally(attempts),
    refundsRecorded: refunds?.n ?? 0,
    inboxByOutcome: tally(inbox),
    ok: false,
  };
  check.ok =
    countedTwice === 0 &&
    check.events.missing === 0 &&
    check.events.unexpected === 0 &&
    mismatches.length === 0 &&
    check.refundsRecorded === 0 &&
    Object.keys(check.attemptsByStatus).every((s) => s === "paid");
  return check;
}
