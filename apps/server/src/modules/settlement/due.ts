import { ORDER_STATUS } from "@tablemate/core";
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orders, payIntentOrders, payIntents } from "../../db/schema.js";
import { cents } from "../payment/intents.js";
import { intentMoney } from "../payment/ledger.js";

/**
 * What an order group (its main order and the orders added to it, less the cancelled) still owes
 * through its pay-first intents, in cents: the group's total and delivery fee less what member money covered of its
 * paid intents' orders (discounts, stored value: credit_cents), what staff gave back for good (a
 * staff refund lowers what is owed) and what its events paid net of refunds; never below 0.
 */
export async function groupDueCents(tx: Tx, mainOrderId: number): Promise<number> {
  const [group] = await tx
    .select({
      total: sql<string>`coalesce(sum(${orders.totalPrice}), 0)::text`,
      fee: sql<string>`coalesce(sum(${orders.deliveryFeeCents}), 0)::text`,
      credit: sql<string>`coalesce(sum((select sum(m.credit_cents) from ${payIntentOrders} m
        join ${payIntents} i on i.id = m.intent_id
        where m.order_id = orders.id and m.live and i.status = 'paid')), 0)::text`,
    })
    .from(orders)
    .where(
      and(
        or(eq(orders.id, mainOrderId), eq(orders.mainOrderId, mainOrderId)),
        ne(orders.status, ORDER_STATUS.cancelled),
      ),
    );
  const intents = await tx
    .select({ id: payIntents.id })
    .from(payIntents)
    .where(and(eq(payIntents.kind, "order"), eq(payIntents.orderId, mainOrderId)));
  let netCents = 0;
  let concededCents = 0;
  for (const m of (
    await intentMoney(
      tx,
      intents.map((i) => i.id),
    )
  ).values()) {
    netCents += m.paidCents - m.refundedCents;
    concededCents += m.concededCents;
  }
  const owedCents = cents(group?.total ?? "0") + Number(group?.fee ?? 0) - concededCents;
  return Math.max(0, owedCents - Number(group?.credit ?? 0) - netCents);
}
