/**
 * The money invariants (issue 24), read from the ledger rows alone and judged by core's model
 * (money-model.ts moneyVerdict): the tests check them after every
 * operation, the money-race bench after its run. For every visit, what was captured less the refunds
 * recorded is no more than its orders owe (core's keptWithoutRefund is 0); every intent keeps no more
 * than it asked, and nothing at all once what it paid for is gone (cancelled orders, a share whose
 * claims were let go, a cancelled intent); a cancelled order holds no live paid intent.
 */
import {
  type IntentFacts,
  type MoneyVerdict,
  moneyVerdict,
  ORDER_STATUS,
  roundMoney,
  type VisitFacts,
  yuanToCents,
} from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { run, type Statement } from "../../db/statements.js";

const INTENT_MONEY: Statement = {
  name: "money_invariant_intents",
  text: `
    select i.id, i.kind, i.status, i.amount_cents::int as asked,
      coalesce(i.visit_id, c.visit_id) as visit_id,
      coalesce((select sum(e.amount_cents) from pay_events e where e.intent_id = i.id and e.kind = 'paid'), 0)::int
        as captured,
      coalesce((select sum(r.amount_cents) from pay_refunds r where r.intent_id = i.id and r.status <> 'failed'), 0)::int
        as refunded,
      case when i.kind = 'order' then exists (
          select 1 from pay_intent_orders m join orders mo on mo.id = m.order_id
          where m.intent_id = i.id and mo.status <> $1)
        else exists (select 1 from bill_claims b join order_lines l on l.id = b.order_line_id
          join orders lo on lo.id = l.order_id
          where b.intent_id = i.id and b.status = 'paid' and lo.status <> $1) end as owed
    from pay_intents i
    left join orders o on o.id = i.order_id
    left join carts c on c.id = o.cart_id
    where i.kind in ('order', 'bill') and i.restaurant_id = any($2::int[])`,
};

const VISIT_OWED: Statement = {
  name: "money_invariant_visits",
  text: `
    select c.visit_id, coalesce(sum(o.total_price + o.delivery_fee_cents / 100.0)
      filter (where o.status <> $1), 0)::text as owed
    from orders o join carts c on c.id = o.cart_id
    where c.visit_id = any($2::int[])
    group by c.visit_id`,
};

const CANCELLED_HOLDING: Statement = {
  name: "money_invariant_cancelled",
  text: `
    select o.id from orders o
    join pay_intent_orders m on m.order_id = o.id and m.live
    join pay_intents i on i.id = m.intent_id and i.status = 'paid'
    where o.status = $1 and o.restaurant_id = any($2::int[])`,
};

/** The model's verdict, and the cancelled orders still held by a paid intent. */
export type MoneyCheck = MoneyVerdict;

interface IntentMoneyRow {
  id: number;
  kind: "order" | "bill";
  status: IntentFacts["status"];
  asked: number;
  visit_id: number | null;
  captured: number;
  refunded: number;
  owed: boolean;
}

/** Checks the money of these restaurants' visits and intents against core's model (moneyVerdict). */
export async function checkMoney(db: Db, restaurantIds: readonly number[]): Promise<MoneyCheck> {
  const ids = [...restaurantIds];
  const rows = await run<IntentMoneyRow>(db, INTENT_MONEY, [ORDER_STATUS.cancelled, ids]);
  const byVisit = new Map<number, IntentFacts[]>();
  const visitless: IntentFacts[] = [];
  for (const row of rows) {
    const facts: IntentFacts = {
      id: row.id,
      kind: row.kind,
      status: row.status,
      askedCents: Number(row.asked),
      capturedCents: Number(row.captured),
      refundRecordedCents: Number(row.refunded),
      owed: row.owed,
    };
    if (row.visit_id === null) visitless.push(facts);
    else byVisit.set(Number(row.visit_id), [...(byVisit.get(Number(row.visit_id)) ?? []), facts]);
  }
  const visitIds = [...byVisit.keys()];
  const owed = visitIds.length
    ? await run<{ visit_id: number; owed: string }>(db, VISIT_OWED, [ORDER_STATUS.cancelled, visitIds])
    : [];
  const owedByVisit = new Map(owed.map((o) => [Number(o.visit_id), yuanToCents(roundMoney(o.owed))]));
  const visits: VisitFacts[] = visitIds.map((visitId) => ({
    visitId,
    owedCents: owedByVisit.get(visitId) ?? 0,
    intents: byVisit.get(visitId) ?? [],
  }));
  // an intent with no visit (quick service) is held to the intent's rules alone: it owes what it asked
  const alone = visitless.map((i) => ({ visitId: 0, owedCents: Number.MAX_SAFE_INTEGER, intents: [i] }));
  const verdict = moneyVerdict([...visits, ...alone]);
  for (const o of await run<{ id: number }>(db, CANCELLED_HOLDING, [ORDER_STATUS.cancelled, ids]))
    verdict.violations.push(`cancelled order ${o.id} still held by a paid intent`);
  return verdict;
}
