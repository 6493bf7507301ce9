import { OPEN_ORDER_STATUSES } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { run, type Statement } from "../../db/statements.js";

const PAID_VISITS: Statement = {
  name: "paid_visits",
  text: `
    select c.visit_id
    from orders o
    join carts c on c.id = o.cart_id
    left join pay_intent_orders pio on pio.order_id = o.id and pio.live
    left join pay_intents pi on pi.id = pio.intent_id and pi.status = 'paid'
    where c.visit_id = any($1::int[]) and o.status = any($2::int[])
    group by c.visit_id
    having bool_and(pi.id is not null)`,
};

/**
 * The floor's paid state (its PaidHook): of these visits, the ones whose every open order is covered
 * by a paid intent. A visit with nothing ordered, or one unpaid order, is not paid.
 */
export async function paidVisits(db: Db, visitIds: number[]): Promise<Set<number>> {
  if (visitIds.length === 0) return new Set();
  const rows = await run<{ visit_id: number }>(db, PAID_VISITS, [visitIds, [...OPEN_ORDER_STATUSES]]);
  return new Set(rows.map((r) => Number(r.visit_id)));
}
