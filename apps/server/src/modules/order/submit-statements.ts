/**
 * The statements of a submit, hand-written for its hot path: two round trips and one commit. One
 * statement reads everything the checks and the pricing need (restaurant, cart with its version, lines
 * and their dishes, a replayed submitId, the visitor's token) without locking anything; the other, on
 * its own (its own transaction), takes the stock, writes the order, its lines and its first event and
 * empties the cart, only if the cart still has the version that was read and the stock is enough. The
 * rest run only on the paths that need them (prepayment, adding to an order, an empty cart).
 */
import { OPEN_ORDER_STATUSES, ORDER_STATUS, type StockUnits } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { cartLines, dishes, type orderLines, type orders } from "../../db/schema.js";
import {
  intArray,
  type NamedStatement,
  namedStatement,
  rowFromJson,
  run,
  runNamed,
  type Statement,
} from "../../db/statements.js";

/** The read of a submit, with the dishes `dishFilter` picks (one statement per filter, each its own plan). */
const readStatement = (name: string, dishFilter: string): Statement => ({
  name,
  text: `
select r.id, r.timezone, r.business_time as "businessTime", r.hotel_lock as "hotelLock",
  r.pos_online as "posOnline", r.fast_hotel as "fastHotel", r.wct_pay_type as "wctPayType",
  r.start_price::text as "startPrice", r.verify_phone as "verifyPhone",
  case when c.id is not null then json_build_object('id', c.id, 'restaurantId', c.restaurant_id,
    'tableId', c.table_id, 'version', c.version) end as cart,
  (select json_build_object('id', o.id, 'mainGuid', o.main_guid, 'tableId', o.table_id)
     from orders o where o.restaurant_id = r.id and o.submit_id = $3) as existing,
  (select v.token from visitors v where v.guid = $4) as token,
  coalesce((select json_agg(l order by l.position) from cart_lines l where l.cart_id = c.id), '[]') as lines,
  coalesce((select json_agg(d) from dishes d where d.restaurant_id = r.id and ${dishFilter}), '[]') as dishes
from restaurants r left join carts c on c.id = $2
where r.id = $1`,
});

/** the dishes of the cart's lines */
const READ_SUBMIT = readStatement(
  "submit_read",
  "d.id in (select food_id from cart_lines where cart_id = c.id)",
);
/** the dishes of the client's own lines ($5), when the shared cart was out of reach */
const READ_SUBMIT_LOCAL = readStatement("submit_read_local", "d.id = any($5::int[])");

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

interface ReadRow extends SubmitRestaurant {
  cart: { id: number; restaurantId: number; tableId: number; version: number } | null;
  /** the order this submitId already placed */
  existing: { id: number; mainGuid: string; tableId: number } | null;
  token: string | null;
  lines: Record<string, unknown>[];
  dishes: Record<string, unknown>[];
}

export interface SubmitRead extends Omit<ReadRow, "lines" | "dishes"> {
  lines: (typeof cartLines.$inferSelect)[];
  dishRows: (typeof dishes.$inferSelect)[];
}

/**
 * The restaurant, the cart with its version and lines, the dishes of those lines (or of `localFoodIds`),
 * an order this submitId already placed and the visitor's token: one snapshot, nothing locked.
 */
export async function readSubmit(
  db: Db,
  ids: { restaurantId: number; cartId: number; submitId: string; guid: string; localFoodIds?: number[] },
): Promise<SubmitRead | undefined> {
  const { restaurantId, cartId, submitId, guid, localFoodIds } = ids;
  const [statement, values] = localFoodIds
    ? [READ_SUBMIT_LOCAL, [restaurantId, cartId, submitId, guid, intArray(localFoodIds)]]
    : [READ_SUBMIT, [restaurantId, cartId, submitId, guid]];
  const [row] = await run<ReadRow>(db, statement, values);
  if (!row) return undefined;
  const { lines, dishes: dishJson, ...rest } = row;
  // Object.assign rather than a spread: see "No object spread that adds keys on hot paths" in ARCHITECTURE.md
  return Object.assign(rest, {
    lines: lines.map((json) => rowFromJson(cartLines, json)),
    dishRows: dishJson.map((json) => rowFromJson(dishes, json)),
  });
}

const OPEN_ORDER_OF_TABLE: Statement = {
  name: "submit_open_order_of_table",
  text: `
select id, main_guid as "mainGuid" from orders
where table_id = $1 and status in (${OPEN_ORDER_STATUSES.join(",")}) order by id desc limit 1`,
};

/** The table's latest order still open. */
export async function openOrderOfTable(
  db: Db,
  tableId: number,
): Promise<{ id: number; mainGuid: string } | undefined> {
  const [open] = await run<{ id: number; mainGuid: string }>(db, OPEN_ORDER_OF_TABLE, [tableId]);
  return open;
}

const TABLE_OF_RESTAURANT: Statement = {
  name: "submit_table_of_restaurant",
  text: "select id from tables where id = $1 and restaurant_id = $2",
};

/** Whether the table is one of the restaurant's (a quick-service diner's picked table). */
export async function isTableOf(db: Db, restaurantId: number, tableId: number): Promise<boolean> {
  const rows = await run<{ id: number }>(db, TABLE_OF_RESTAURANT, [tableId, restaurantId]);
  return rows.length > 0;
}

const ORDER_BY_ID: Statement = {
  name: "submit_order_by_id",
  text: `select id, main_guid as "mainGuid", table_id as "tableId", status from orders where id = $1`,
};

export async function orderById(
  db: Db,
  orderId: number,
): Promise<{ id: number; mainGuid: string; tableId: number; status: number } | undefined> {
  const [order] = await run<{ id: number; mainGuid: string; tableId: number; status: number }>(
    db,
    ORDER_BY_ID,
    [orderId],
  );
  return order;
}

const LAST_ORDER_OF_CART: Statement = {
  name: "submit_last_order_of_cart",
  text: `
select id, main_guid as "mainGuid", table_id as "tableId", submit_id as "submitId",
  (extract(epoch from created_at) * 1000)::float8 as "createdAtMs"
from orders where cart_id = $1 order by id desc limit 1`,
};

export async function lastOrderOfCart(db: Db, cartId: number) {
  const [order] = await run<{
    id: number;
    mainGuid: string;
    tableId: number;
    submitId: string;
    createdAtMs: number;
  }>(db, LAST_ORDER_OF_CART, [cartId]);
  return order;
}

/** The optional parts of an order's statement: limited additions to take, a quick-service pick-up number. */
interface WriteShape {
  additions: boolean;
  serial: boolean;
}

/**
 * Places the order in one statement, which is its own transaction:
 * - the limited dishes and additions it takes are locked in id order (two orders never wait on each
 *   other in a cycle) and read as last committed;
 * - the cart's version is bumped only if it is still the version that was read and every stock is
 *   enough; everything else is written only if that bump happened: the day's pick-up number
 *   (quick-service), the order, its lines and its first event, the emptied cart, the stock taken.
 * So a tablemate's change or another submit since the read, or a shortage, writes nothing at all.
 * Answers whether the stock was enough, the order and the cart's new version (absent when nothing was
 * written), the limited dishes' stock left, and the short dishes and additions.
 * The parts an order does not need (no limited addition, no pick-up number) are left out of its
 * statement: PostgreSQL sets up every part of a plan on each run, used or not.
 */
const writeText = ({ additions, serial }: WriteShape): string => `
with dish_need as (select * from unnest(@dishIds::int[], @dishUnits::int[]) as n(id, units)),
dish_held as materialized (
  select d.id, d.name, d.foodproperty, d.estimate, dish_need.units
  from dishes d join dish_need on dish_need.id = d.id
  where d.restaurant_id = @restaurantId and d.estimate <> -1
  order by d.id
  for update of d
)${
  additions
    ? `, addition_need as (select * from unnest(@additionIds::int[], @additionUnits::int[]) as n(id, units)),
addition_held as materialized (
  select a.addition_id as id, a.estimate, addition_need.units
  from addition_stock a join addition_need on addition_need.id = a.addition_id
  where a.restaurant_id = @restaurantId
  order by a.addition_id
  for update of a
)`
    : ""
}, enough as (
  select coalesce((select bool_and(estimate >= units) from dish_held), true)${
    additions ? "\n    and coalesce((select bool_and(estimate >= units) from addition_held), true)" : ""
  } as ok
), bumped as (
  update carts set version = carts.version + 1 from tables
  where carts.id = @cartId and carts.version = @readVersion and tables.id = carts.table_id
    and (select ok from enough)
  returning carts.version, tables.person_num
)${
  serial
    ? `, serial as (
  insert into fast_serials (restaurant_id, day, last)
  select @restaurantId, @day::date, 1 from bumped
  on conflict (restaurant_id, day) do update set last = fast_serials.last + 1
  returning last
)`
    : ""
}, placed as (
  insert into orders (restaurant_id, table_id, cart_id, main_guid, main_order_id, submit_id, payment_type,
    eat_type, person_num, whole_memo, invoice_title, reserve, total_price, vip_total_price, fast_serial_no,
    fault_channel, fault_cart, created_at)
  select @restaurantId, @tableId, @cartId, @mainGuid, @mainOrderId, @submitId, @paymentType, @eatType,
    @personNum, @wholeMemo, @invoiceTitle, @reserve, @totalPrice, @vipTotalPrice,
    ${serial ? "(select last from serial)" : "null"}, @faultChannel, @faultCart, @createdAt
  from bumped
  returning id, main_guid, table_id
), lined as (
  insert into order_lines (order_id, food_id, name, unit, detail_id, norm_name, method_names, additions, parts,
    count, unit_price, vip_unit_price, total, vip_total, memo)
  select placed.id, l."foodId", l.name, l.unit, l."detailId", l."normName", l."methodNames", l.additions,
    l.parts, l.count, l."unitPrice", l."vipUnitPrice", l.total, l."vipTotal", l.memo
  from placed, jsonb_to_recordset(@lines::jsonb) as l("foodId" integer, name text, unit text, "detailId" text,
    "normName" text, "methodNames" jsonb, additions jsonb, parts jsonb, count numeric, "unitPrice" numeric,
    "vipUnitPrice" numeric, total numeric, "vipTotal" numeric, memo text)
), evented as (
  insert into order_events (order_id, to_status, actor, at)
  select placed.id, ${ORDER_STATUS.placed}, @guid::text, @createdAt::timestamptz from placed
), cleared as (
  delete from cart_lines where cart_id = @cartId and exists (select 1 from bumped)
), dish_taken as (
  update dishes d set estimate = d.estimate - dish_held.units
  from dish_held where d.id = dish_held.id and exists (select 1 from bumped)
  returning d.id, d.estimate
)${
  additions
    ? `, addition_taken as (
  update addition_stock a set estimate = a.estimate - addition_held.units
  from addition_held where a.addition_id = addition_held.id and exists (select 1 from bumped)
)`
    : ""
}
select (select ok from enough) as enough,
  (select json_build_object('id', id, 'mainGuid', main_guid, 'tableId', table_id) from placed) as "order",
  (select json_build_object('version', version, 'personNum', person_num) from bumped) as cart,
  coalesce((select json_agg(json_build_object('foodId', id, 'sum', estimate)) from dish_taken), '[]') as stock,
  coalesce((select json_agg(json_build_object('id', id, 'name', name, 'foodproperty', foodproperty,
    'left', estimate)) from dish_held where estimate < units), '[]') as "shortDishes",
  ${
    additions
      ? `coalesce((select json_agg(json_build_object('id', id, 'left', estimate)) from addition_held
    where estimate < units), '[]')`
      : "'[]'::json"
  } as "shortAdditions"`;

const writeStatements = new Map<string, NamedStatement>();

/** The statement for orders of a shape, named for its shape (so planned once per connection and shape). */
function writeStatement(shape: WriteShape): NamedStatement {
  const name = `submit_write_order${shape.additions ? "_additions" : ""}${shape.serial ? "_serial" : ""}`;
  let statement = writeStatements.get(name);
  if (!statement) {
    statement = namedStatement(name, writeText(shape));
    writeStatements.set(name, statement);
  }
  return statement;
}

export type OrderRow = Required<
  Omit<typeof orders.$inferInsert, "id" | "status" | "posTime" | "fastSerialNo">
>;
export type OrderLineRow = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;

/** A limited dish's stock after an order took its units. */
export interface StockLeft {
  foodId: number;
  sum: number;
}

export type WriteOutcome =
  | {
      placed: true;
      order: { id: number; mainGuid: string; tableId: number };
      cart: { version: number; personNum: number };
      stock: StockLeft[];
    }
  /** the cart changed since it was read: nothing written, read again */
  | { placed: false; short: false }
  | {
      placed: false;
      short: true;
      dishes: Array<{ id: number; name: string; foodproperty: number; left: number }>;
      additions: Array<{ id: number; left: number }>;
    };

interface WriteRow {
  enough: boolean;
  order: { id: number; mainGuid: string; tableId: number } | null;
  cart: { version: number; personNum: number } | null;
  stock: StockLeft[];
  shortDishes: Array<{ id: number; name: string; foodproperty: number; left: number }>;
  shortAdditions: Array<{ id: number; left: number }>;
}

const unnestPair = (needs: Map<number, number>): [string, string] => [
  intArray([...needs.keys()]),
  intArray([...needs.values()]),
];

/**
 * Places the order if the cart still has `readVersion` and the stock is enough. `guid` is the
 * submitter's, the first event's actor; `fast` asks for the day's next pick-up number (`day`).
 */
export async function writeOrder(
  db: Db,
  input: {
    order: OrderRow;
    lines: OrderLineRow[];
    guid: string;
    readVersion: number;
    needs: StockUnits;
    fast: { day: string } | null;
  },
): Promise<WriteOutcome> {
  const { order, needs } = input;
  const statement = writeStatement({ additions: needs.additions.size > 0, serial: input.fast !== null });
  const [dishIds, dishUnits] = unnestPair(needs.dishes);
  const [additionIds, additionUnits] = unnestPair(needs.additions);
  const [row] = await runNamed<WriteRow>(db, statement, {
    restaurantId: order.restaurantId,
    tableId: order.tableId,
    cartId: order.cartId,
    mainGuid: order.mainGuid,
    mainOrderId: order.mainOrderId,
    submitId: order.submitId,
    paymentType: order.paymentType,
    eatType: order.eatType,
    personNum: order.personNum,
    wholeMemo: order.wholeMemo,
    invoiceTitle: order.invoiceTitle,
    reserve: order.reserve === null ? null : JSON.stringify(order.reserve),
    totalPrice: order.totalPrice,
    vipTotalPrice: order.vipTotalPrice,
    faultChannel: order.faultChannel,
    faultCart: order.faultCart,
    createdAt: order.createdAt.toISOString(),
    lines: JSON.stringify(input.lines),
    guid: input.guid,
    dishIds,
    dishUnits,
    additionIds,
    additionUnits,
    readVersion: input.readVersion,
    day: input.fast?.day ?? null,
  });
  if (!row) throw new Error("the order statement answered no row");
  if (row.order && row.cart) return { placed: true, order: row.order, cart: row.cart, stock: row.stock };
  if (row.enough) return { placed: false, short: false };
  return { placed: false, short: true, dishes: row.shortDishes, additions: row.shortAdditions };
}
