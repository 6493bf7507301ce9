import { AppError, OPEN_ORDER_STATUSES, paymentState } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { restaurants } from "../../db/schema.js";
import { run, type Statement } from "../../db/statements.js";
import { groupAccount } from "./present.js";

/** The order groups (main order ids) of each visit's open orders. */
const OPEN_GROUPS: Statement = {
  name: "visit_open_groups",
  text: `
    select distinct c.visit_id, coalesce(o.main_order_id, o.id) as main_id
    from orders o
    join carts c on c.id = o.cart_id
    where c.visit_id = any($1::int[]) and o.status = any($2::int[])
    order by 1, 2`,
};

/**
 * Of these visits, the ones with any money in: a paid event or a paid intent of one of their order
 * groups' whole-order intents (stored value included), or a paid bill share. Only these can have paid
 * anything (each of groupAccount's paid sources is one of them), so the floor reads the accounts of
 * these alone. It decides nothing else: what is paid is groupAccount's.
 */
const WITH_MONEY: Statement = {
  name: "visits_with_money",
  text: `
    select distinct c.visit_id
    from orders o
    join carts c on c.id = o.cart_id
    where c.visit_id = any($1::int[])
      and (exists (
          select 1 from pay_intents pi
          where pi.kind = 'order' and pi.order_id = coalesce(o.main_order_id, o.id)
            and (pi.status = 'paid' or exists (
              select 1 from pay_events e where e.intent_id = pi.id and e.kind = 'paid')))
        or exists (select 1 from bill_claims b where b.visit_id = c.visit_id and b.status = 'paid'))`,
};

/** A visit's money over its open orders' groups, as every screen reads a group's (groupAccount). */
export interface VisitMoney {
  /** what counts as paid */
  paidCents: number;
  /** what the table still owes for them (a share being paid is owed until it is) */
  leftCents: number;
}

/** The money of each of these visits (of one restaurant) that has open orders: its groups' accounts summed. */
export async function visitsMoney(
  db: Db,
  restaurantId: number,
  visitIds: readonly number[],
  now: Date,
): Promise<Map<number, VisitMoney>> {
  const money = new Map<number, VisitMoney>();
  if (visitIds.length === 0) return money;
  const groups = await run<{ visit_id: number; main_id: number }>(db, OPEN_GROUPS, [
    [...visitIds],
    [...OPEN_ORDER_STATUSES],
  ]);
  if (groups.length === 0) return money;
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  for (const group of groups) {
    const account = await groupAccount(db, { restaurant, mainId: Number(group.main_id), guid: "", now });
    const visitId = Number(group.visit_id);
    const sum = money.get(visitId) ?? { paidCents: 0, leftCents: 0 };
    money.set(visitId, {
      paidCents: sum.paidCents + account.paidCents,
      leftCents: sum.leftCents + account.leftCents,
    });
  }
  return money;
}

/**
 * The floor's paid state: a visit is paid when its open orders owe nothing more and it paid for them
 * (whole-order payments, stored value and bill shares alike: settlement/present.ts groupAccount). A
 * visit with nothing ordered, or with anything left to pay, is not; nor one whose orders were all comped.
 */
export const isPaid = (money: VisitMoney | undefined): boolean =>
  money !== undefined && paymentState(money) === "paid";

/**
 * Of these visits (of one restaurant), the money of those with money in (a visit absent from the
 * answer has paid nothing): what isPaid reads, and what the floor's card says was paid.
 */
export async function moneyInVisits(
  db: Db,
  restaurantId: number,
  visitIds: readonly number[],
  now: Date,
): Promise<Map<number, VisitMoney>> {
  if (visitIds.length === 0) return new Map();
  const withMoney = await run<{ visit_id: number }>(db, WITH_MONEY, [[...visitIds]]);
  return visitsMoney(
    db,
    restaurantId,
    withMoney.map((r) => Number(r.visit_id)),
    now,
  );
}
