/**
 * The restaurant's earlier service: settled orders of earlier days, on tables of their own (the load's
 * tables have none, so the verification never meets them). A restaurant open for a while has them, and
 * they change how PostgreSQL plans: on an empty `orders` table every connection's cached plan (the
 * server's own statements and the foreign-key checks alike) is a sequential scan, kept while the table
 * grows through the timed window; with a history, as in service, it is an index scan.
 */
import { ORDER_STATUS } from "@tablemate/core";
import { sql } from "drizzle-orm";
import type { Db } from "../../apps/server/src/db/client.js";

/** Earlier days' orders spread over these many tables. */
export const HISTORY_TABLES = 100;

/** Adds `orders` settled orders of earlier days (two lines and two events each) to restaurant `rid`. */
export async function addOrderHistory(
  db: Db,
  input: { rid: number; orders: number; foodIds: [number, number] },
): Promise<void> {
  const perTable = Math.ceil(input.orders / HISTORY_TABLES);
  const [first, second] = input.foodIds;
  await db.execute(sql`
    with seated as (
      insert into tables (restaurant_id, name, sort)
      select ${input.rid}::int, '往日' || g, 9000 + g from generate_series(1, ${HISTORY_TABLES}::int) g
      returning id
    ), visited as (
      insert into visits (restaurant_id, table_id, ended_at, ended_by)
      select ${input.rid}::int, id, now(), 'staff' from seated returning id, table_id
    ), opened as (
      insert into carts (restaurant_id, table_id, visit_id)
      select ${input.rid}::int, table_id, id from visited returning id, table_id
    ), placed as (
      insert into orders (restaurant_id, table_id, cart_id, main_guid, submit_id, status, eat_type,
        person_num, total_price, vip_total_price, created_at)
      select ${input.rid}::int, opened.table_id, opened.id, 'history-diner-' || opened.id,
        'history-' || opened.id || '-' || n, ${ORDER_STATUS.settled}::int, 'dine', 2, 56, 56,
        now() - make_interval(days => 1 + n % 30, mins => n)
      from opened, generate_series(1, ${perTable}::int) n
      returning id, main_guid, created_at
    ), lined as (
      insert into order_lines (order_id, food_id, name, unit, detail_id, count, unit_price, vip_unit_price,
        total, vip_total)
      select placed.id, food.id, '往日菜品', '份', 'history-' || food.id, 1, 28, 28, 28, 28
      from placed, (values (${first}::int), (${second}::int)) as food(id)
    )
    insert into order_events (order_id, from_status, to_status, actor, at)
    select placed.id, step.from_status, step.to_status, placed.main_guid, placed.created_at
    from placed, (values (null::int, ${ORDER_STATUS.placed}::int), (${ORDER_STATUS.placed}::int, ${ORDER_STATUS.settled}::int))
      as step(from_status, to_status)`);
}
