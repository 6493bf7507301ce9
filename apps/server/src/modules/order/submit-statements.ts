/**
 * The statements of a submit, hand-written for its hot path: one read before the checks, the submit
 * lock, and in the transaction one statement to lock the cart and read its lines with their dishes,
 * one to write the order, its lines and its first event while clearing the cart. The rest run only on
 * the paths that need them (prepayment, adding to an order, quick-service, an empty cart).
 */
import { ORDER_STATUS } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { cartLines, dishes, type orderLines, type orders } from "../../db/schema.js";
import { intArray, type Run, rowFromJson, run, type Statement } from "../../db/statements.js";

/** The order statuses an order can still be added to. */
export const OPEN_STATUSES: readonly number[] = [0, 1, 2, 8];

const READ_SUBMIT: Statement = {
  name: "submit_read",
  text: `
select r.id, r.timezone, r.business_time as "businessTime", r.hotel_lock as "hotelLock",
  r.pos_online as "posOnline", r.fast_hotel as "fastHotel", r.wct_pay_type as "wctPayType",
  r.start_price::text as "startPrice", r.verify_phone as "verifyPhone",
  (select json_build_object('id', c.id, 'restaurantId', c.restaurant_id, 'tableId', c.table_id)
     from carts c where c.id = $2) as cart,
  (select json_build_object('id', o.id, 'mainGuid', o.main_guid, 'tableId', o.table_id)
     from orders o where o.restaurant_id = r.id and o.submit_id = $3) as existing,
  (select v.token from visitors v where v.guid = $4) as token
from restaurants r where r.id = $1`,
};

export interface SubmitRestaurant {
  id: number;
  timezone: string;
  businessTime: string;
  hotelLock: boolean;
  posOnline: boolean;
  fastHotel: boolean;
  wctPayType: number;
  startPrice: string;
  verifyPhone: boolean;
}

interface SubmitRead extends SubmitRestaurant {
  cart: { id: number; restaurantId: number; tableId: number } | null;
  /** the order this submitId already placed */
  existing: { id: number; mainGuid: string; tableId: number } | null;
  token: string | null;
}

/** The restaurant, the cart, an order this submitId already placed and the visitor's token, in one read. */
export async function readSubmit(
  db: Db,
  ids: { restaurantId: number; cartId: number; submitId: string; guid: string },
): Promise<SubmitRead | undefined> {
  const [row] = await run<SubmitRead>(db, READ_SUBMIT, [
    ids.restaurantId,
    ids.cartId,
    ids.submitId,
    ids.guid,
  ]);
  return row;
}

const TAKE_SUBMIT_LOCK: Statement = {
  name: "submit_lock_take",
  text: `
insert into submit_locks (cart_id, guid) values ($1, $2)
on conflict (cart_id) do update set guid = excluded.guid, started_at = now()
  where submit_locks.started_at < $3
returning cart_id`,
};
const SUBMIT_LOCK_HOLDER: Statement = {
  name: "submit_lock_holder",
  text: "select guid from submit_locks where cart_id = $1",
};
const RELEASE_SUBMIT_LOCK: Statement = {
  name: "submit_lock_release",
  text: "delete from submit_locks where cart_id = $1 and guid = $2",
};

/** Takes the cart's submit lock, or takes over one started before `stale`; answers the holder when held. */
export async function takeSubmitLock(
  db: Db,
  cartId: number,
  guid: string,
  stale: Date,
): Promise<{ taken: true } | { taken: false; holder: string | undefined }> {
  const taken = await run(db, TAKE_SUBMIT_LOCK, [cartId, guid, stale.toISOString()]);
  if (taken.length) return { taken: true };
  const [holder] = await run<{ guid: string }>(db, SUBMIT_LOCK_HOLDER, [cartId]);
  return { taken: false, holder: holder?.guid };
}

export async function releaseSubmitLock(db: Db, cartId: number, guid: string): Promise<void> {
  await run(db, RELEASE_SUBMIT_LOCK, [cartId, guid]);
}

/**
 * Locks the cart, then reads its lines and the dishes `dishFilter` picks. As for a cart operation,
 * `readVersion` is what the read saw and `version` the locked row's: when they differ, the statement
 * waited on a commit and read from its older snapshot, so the read is made again.
 */
const lockAndReadStatement = (name: string, dishFilter: string): Statement => ({
  name,
  text: `
with locked as (select id, version from carts where id = $1 for update)
select
  locked.version,
  (select version from carts where id = $1) as "readVersion",
  coalesce((select json_agg(l order by l.position) from cart_lines l where l.cart_id = $1), '[]') as lines,
  coalesce((select json_agg(d) from dishes d where d.restaurant_id = $2 and ${dishFilter}), '[]') as dishes
from locked`,
});

/** the dishes of the cart's lines */
const LOCK_AND_READ = lockAndReadStatement(
  "submit_lock_and_read",
  "d.id in (select food_id from cart_lines where cart_id = $1)",
);
/** the dishes of the client's own lines ($3), when the shared cart was out of reach */
const LOCK_AND_READ_LOCAL = lockAndReadStatement("submit_lock_and_read_local", "d.id = any($3::int[])");

interface LockedRow {
  version: number;
  readVersion: number;
  lines: Record<string, unknown>[];
  dishes: Record<string, unknown>[];
}

/** Locks the cart for the transaction; reads its lines and the dishes of `localFoodIds`, or of its lines. */
export async function lockAndReadCart(
  tx: Run,
  input: { cartId: number; restaurantId: number; localFoodIds?: number[] },
): Promise<{ lines: (typeof cartLines.$inferSelect)[]; dishRows: (typeof dishes.$inferSelect)[] }> {
  const { cartId, restaurantId, localFoodIds } = input;
  const [statement, values] = localFoodIds
    ? [LOCK_AND_READ_LOCAL, [cartId, restaurantId, intArray(localFoodIds)]]
    : [LOCK_AND_READ, [cartId, restaurantId]];
  let [row] = await tx<LockedRow>(statement, values);
  if (row && row.readVersion !== row.version) [row] = await tx<LockedRow>(statement, values);
  if (!row) throw new Error(`cart ${cartId} vanished`);
  return {
    lines: row.lines.map((json) => rowFromJson(cartLines, json)),
    dishRows: row.dishes.map((json) => rowFromJson(dishes, json)),
  };
}

const OPEN_ORDER_OF_TABLE: Statement = {
  name: "submit_open_order_of_table",
  text: `
select id, main_guid as "mainGuid" from orders
where table_id = $1 and status in (${OPEN_STATUSES.join(",")}) order by id desc limit 1`,
};

/** The table's latest order still open. */
export async function openOrderOfTable(
  tx: Run,
  tableId: number,
): Promise<{ id: number; mainGuid: string } | undefined> {
  const [open] = await tx<{ id: number; mainGuid: string }>(OPEN_ORDER_OF_TABLE, [tableId]);
  return open;
}

const ORDER_BY_ID: Statement = {
  name: "submit_order_by_id",
  text: `select id, main_guid as "mainGuid", table_id as "tableId", status from orders where id = $1`,
};

export async function orderById(
  tx: Run,
  orderId: number,
): Promise<{ id: number; mainGuid: string; tableId: number; status: number } | undefined> {
  const [order] = await tx<{ id: number; mainGuid: string; tableId: number; status: number }>(ORDER_BY_ID, [
    orderId,
  ]);
  return order;
}

const LAST_ORDER_OF_CART: Statement = {
  name: "submit_last_order_of_cart",
  text: `
select id, main_guid as "mainGuid", table_id as "tableId", submit_id as "submitId",
  (extract(epoch from created_at) * 1000)::float8 as "createdAtMs"
from orders where cart_id = $1 order by id desc limit 1`,
};

export async function lastOrderOfCart(tx: Run, cartId: number) {
  const [order] = await tx<{
    id: number;
    mainGuid: string;
    tableId: number;
    submitId: string;
    createdAtMs: number;
  }>(LAST_ORDER_OF_CART, [cartId]);
  return order;
}

const LOCK_RESTAURANT: Statement = {
  name: "submit_lock_restaurant",
  text: "select id from restaurants where id = $1 for update",
};
const LAST_SERIAL: Statement = {
  name: "submit_last_serial",
  text: `
select coalesce(max(fast_serial_no), 0) as max from orders where restaurant_id = $1 and created_at >= $2`,
};

/** Quick-service pick-up numbers restart every day per restaurant. */
export async function nextSerial(tx: Run, restaurantId: number, now: Date): Promise<number> {
  // the restaurant row lock orders concurrent quick-service submits, so numbers never repeat; the
  // highest number is read by the next statement, which sees what the lock waited for
  await tx(LOCK_RESTAURANT, [restaurantId]);
  const startOfDay = new Date(now.getTime() - (now.getTime() % 86_400_000));
  const [row] = await tx<{ max: number }>(LAST_SERIAL, [restaurantId, startOfDay.toISOString()]);
  return Number(row?.max ?? 0) + 1;
}

/**
 * Writes the order, its lines and its first event, empties the cart, bumps its version and releases
 * the submit lock, in one statement; answers the order and the cart's new version and diner count.
 */
const WRITE_ORDER: Statement = {
  name: "submit_write_order",
  text: `
with placed as (
  insert into orders (restaurant_id, table_id, cart_id, main_guid, main_order_id, submit_id, payment_type,
    eat_type, person_num, whole_memo, invoice_title, reserve, total_price, vip_total_price, fast_serial_no,
    fault_channel, fault_cart, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
  returning id, main_guid, table_id
), lined as (
  insert into order_lines (order_id, food_id, name, unit, detail_id, norm_name, method_names, additions, parts,
    count, unit_price, vip_unit_price, total, vip_total, memo)
  select placed.id, l."foodId", l.name, l.unit, l."detailId", l."normName", l."methodNames", l.additions,
    l.parts, l.count, l."unitPrice", l."vipUnitPrice", l.total, l."vipTotal", l.memo
  from placed, jsonb_to_recordset($19::jsonb) as l("foodId" integer, name text, unit text, "detailId" text,
    "normName" text, "methodNames" jsonb, additions jsonb, parts jsonb, count numeric, "unitPrice" numeric,
    "vipUnitPrice" numeric, total numeric, "vipTotal" numeric, memo text)
), evented as (
  insert into order_events (order_id, to_status, actor, at)
  select placed.id, ${ORDER_STATUS.placed}, $20::text, $18::timestamptz from placed
), cleared as (
  delete from cart_lines where cart_id = $3
), unlocked as (
  delete from submit_locks where cart_id = $3 and guid = $20
), bumped as (
  update carts set version = carts.version + 1 from tables
  where carts.id = $3 and tables.id = carts.table_id
  returning carts.version, tables.person_num
)
select placed.id, placed.main_guid as "mainGuid", placed.table_id as "tableId", bumped.version,
  bumped.person_num as "personNum"
from placed, bumped`,
};

export type OrderRow = Required<Omit<typeof orders.$inferInsert, "id" | "status" | "posTime">>;
export type OrderLineRow = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;

export interface Written {
  order: { id: number; mainGuid: string; tableId: number };
  cart: { version: number; personNum: number };
}

/** `guid` is the submitter's: the event's actor and the submit lock's holder. */
export async function writeOrder(
  tx: Run,
  order: OrderRow,
  lines: OrderLineRow[],
  guid: string,
): Promise<Written> {
  const [row] = await tx<Written["order"] & Written["cart"]>(WRITE_ORDER, [
    order.restaurantId,
    order.tableId,
    order.cartId,
    order.mainGuid,
    order.mainOrderId,
    order.submitId,
    order.paymentType,
    order.eatType,
    order.personNum,
    order.wholeMemo,
    order.invoiceTitle,
    order.reserve === null ? null : JSON.stringify(order.reserve),
    order.totalPrice,
    order.vipTotalPrice,
    order.fastSerialNo,
    order.faultChannel,
    order.faultCart,
    order.createdAt.toISOString(),
    JSON.stringify(lines),
    guid,
  ]);
  if (!row) throw new Error(`cart ${order.cartId} vanished while locked`);
  return {
    order: { id: row.id, mainGuid: row.mainGuid, tableId: row.tableId },
    cart: { version: row.version, personNum: row.personNum },
  };
}
