/**
 * The statements of a submit, hand-written for its hot path. One statement reads everything the checks
 * and the pricing need (restaurant, cart with its version, lines and their dishes, a replayed submitId,
 * the visitor's token) without locking anything; then the order is placed by place_orders (migration
 * 0007) in a batch with the orders that waited meanwhile, in one transaction: it takes the stock, writes
 * the order, its lines and its first event and empties the cart, only if the cart still has the version
 * that was read and the stock is enough. The rest run only on the paths that need them (prepayment,
 * adding to an order, an empty cart).
 */
import { type DishStock, OPEN_ORDER_STATUSES, ORDER_STATUS, type StockUnits } from "@tablemate/core";
import { batchedPerDatabase } from "../../db/batches.js";
import type { Db } from "../../db/client.js";
import { cartLines, dishes, type orderLines, type orders } from "../../db/schema.js";
import { rowFromJson, run, type Statement } from "../../db/statements.js";
import { memberCardJson, type StatusCard } from "../member/status.js";

/**
 * The reads of a batch of submits ($1: one object per submit, numbered by `ord`): each submit's row,
 * when its restaurant exists. The dishes read are those of the cart's lines, or of the client's own
 * lines (`localFoodIds`) when the shared cart was out of reach.
 */
const READ_SUBMITS: Statement = {
  name: "submit_read",
  text: `
select i.ord, r.id, r.timezone, r.server_version as "serverVersion", r.business_time as "businessTime", r.hotel_lock as "hotelLock",
  r.pos_online as "posOnline", r.fast_hotel as "fastHotel", r.wct_pay_type as "wctPayType",
  r.start_price::text as "startPrice", r.delivery_fee_cents as "deliveryFeeCents",
  r.delivery_minutes as "deliveryMinutes", r.verify_phone as "verifyPhone", r.gate_rules as "gateRules",
  case when c.id is not null then json_build_object('id', c.id, 'restaurantId', c.restaurant_id,
    'tableId', c.table_id, 'visitId', c.visit_id, 'version', c.version,
    'visitOpen', (select v.ended_at is null from visits v where v.id = c.visit_id),
    'seated', c.owner_guid in ('', i.guid) and exists (select 1 from table_users u
      where u.visit_id = c.visit_id and u.guid = i.guid),
    -- the gate's facts, read only when one of the restaurant's rules asks for them (core's gateOrder)
    'staffSeated', case when r.gate_rules->>'unseatedPayLater' = 'true' then exists (select 1 from table_users u
      where u.visit_id = c.visit_id and u.guid like 'staff:%') else false end,
    'cancelledToday', case when r.gate_rules->>'cancelledToday' = 'true' then exists (select 1 from orders o
      where o.main_guid = i.guid and o.restaurant_id = r.id and o.status = ${ORDER_STATUS.cancelled}
        and o.created_at >= (date_trunc('day', i.now at time zone r.timezone) at time zone r.timezone))
      else false end) end as cart,
  (select json_build_object('id', o.id, 'mainGuid', o.main_guid, 'tableId', o.table_id)
     from orders o where o.restaurant_id = r.id and o.submit_id = i."submitId") as existing,
  coalesce((select json_agg(l order by l.position) from cart_lines l where l.cart_id = c.id), '[]') as lines,
  coalesce((select json_agg(d) from dishes d where d.restaurant_id = r.id and (d.id = any(f.ids)
    -- a combo's parts, whose stock decides whether it can be ordered
    or d.id in (select (p->>'itemId')::int from dishes cd, jsonb_array_elements(cd.combos) p
      where cd.id = any(f.ids) and cd.restaurant_id = r.id and cd.combos <> '[]'::jsonb))), '[]') as dishes,
  coalesce((select json_agg(a.addition_id) from addition_stock a
    where a.restaurant_id = r.id and a.snoozed_until > i.now), '[]') as "snoozedAdditions",
  ${memberCardJson({ guid: "i.guid", restaurantId: "r.id", visitId: "c.visit_id", now: "i.now" })} as member
from jsonb_to_recordset($1::jsonb) as i(ord int, "restaurantId" int, "cartId" int, "submitId" text, guid text,
  "localFoodIds" int[], now timestamptz)
join restaurants r on r.id = i."restaurantId"
left join carts c on c.id = i."cartId"
cross join lateral (select coalesce(i."localFoodIds",
  array(select food_id from cart_lines where cart_id = c.id)) as ids) f`,
};

export interface SubmitRestaurant {
  id: number;
  timezone: string;
  serverVersion: string;
  businessTime: string;
  hotelLock: boolean;
  posOnline: boolean;
  fastHotel: boolean;
  wctPayType: number;
  startPrice: string;
  /** takeout's delivery fee, cents */
  deliveryFeeCents: number;
  /** takeout's preparation and delivery, minutes */
  deliveryMinutes: number;
  verifyPhone: boolean;
  /** the gate before the kitchen, as stored (parsed with core's gateRulesSchema before use) */
  gateRules: unknown;
}

interface ReadRow extends SubmitRestaurant {
  cart: {
    id: number;
    restaurantId: number;
    tableId: number;
    visitId: number;
    version: number;
    /** its visit is not yet settled or cleared */
    visitOpen: boolean;
    /** the submitter sits at its visit (and owns it in quick-service) */
    seated: boolean;
    /** a staff member sits at the visit too (seated it or ordered for it); false unless a gate rule asks */
    staffSeated: boolean;
    /** the submitter has an order cancelled today here; false unless a gate rule asks */
    cancelledToday: boolean;
  } | null;
  /** the order this submit key (cart, visitor and submitId) already placed */
  existing: { id: number; mainGuid: string; tableId: number } | null;
  lines: Record<string, unknown>[];
  dishes: Record<string, unknown>[];
  /** the restaurant's additions whose snooze still runs */
  snoozedAdditions: number[];
  /** the submitter's member card here (member/status.ts), null for none */
  member: StatusCard | null;
}

export interface SubmitRead extends Omit<ReadRow, "lines" | "dishes"> {
  lines: (typeof cartLines.$inferSelect)[];
  dishRows: (typeof dishes.$inferSelect)[];
}

interface SubmitIds {
  restaurantId: number;
  cartId: number;
  submitId: string;
  guid: string;
  localFoodIds?: number[];
  /** the submit's clock (ISO): "today" of the cancelled-today rule (in the restaurant's zone) and the snoozes still running */
  now: string;
}

/** The reads of submits (`ids`), in one statement: one answer per submit, undefined when its restaurant is not found. */
async function readSubmits(db: Db, ids: SubmitIds[]): Promise<(SubmitRead | undefined)[]> {
  const input = ids.map((submit, ord) => Object.assign({ ord }, submit));
  const rows = await run<ReadRow & { ord: number }>(db, READ_SUBMITS, [JSON.stringify(input)]);
  const reads: (SubmitRead | undefined)[] = ids.map(() => undefined);
  for (const { ord, lines, dishes: dishJson, ...rest } of rows) {
    // Object.assign rather than a spread: see "No object spread that adds keys on hot paths" in ARCHITECTURE.md
    reads[ord] = Object.assign(rest, {
      lines: lines.map((json) => rowFromJson(cartLines, json)),
      dishRows: dishJson.map((json) => rowFromJson(dishes, json)),
    });
  }
  return reads;
}

/**
 * The restaurant, the cart with its version and lines, the dishes of those lines (or of `localFoodIds`),
 * an order this submit key already placed: one snapshot, nothing locked. Reads go
 * in batches (db/batches.ts): nothing is locked, so four run at once.
 */
export const readSubmit: (db: Db, ids: SubmitIds) => Promise<SubmitRead | undefined> = batchedPerDatabase(
  readSubmits,
  { concurrency: 4, maxBatch: 32 },
);

const OPEN_ORDER_OF_VISIT: Statement = {
  name: "submit_open_order_of_visit",
  text: `
select o.id, o.main_guid as "mainGuid" from orders o join carts c on c.id = o.cart_id
where c.visit_id = $1 and o.status in (${OPEN_ORDER_STATUSES.join(",")}) order by o.id desc limit 1`,
};

/** The visit's latest order still open. */
export async function openOrderOfVisit(
  db: Db,
  visitId: number,
): Promise<{ id: number; mainGuid: string } | undefined> {
  const [open] = await run<{ id: number; mainGuid: string }>(db, OPEN_ORDER_OF_VISIT, [visitId]);
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
  text: `
select o.id, o.main_guid as "mainGuid", o.table_id as "tableId", o.status, c.visit_id as "visitId",
  o.payment_type as "paymentType", o.eat_type as "eatType"
from orders o join carts c on c.id = o.cart_id where o.id = $1`,
};

interface OrderById {
  id: number;
  mainGuid: string;
  tableId: number;
  status: number;
  visitId: number;
  paymentType: number;
  eatType: string;
}

export async function orderById(db: Db, orderId: number): Promise<OrderById | undefined> {
  const [order] = await run<OrderById>(db, ORDER_BY_ID, [orderId]);
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

/** what the order's member status and the gate write only when they apply */
type OrderExtras = "held" | "gateReasons" | "memberCardId" | "memberPrices" | "memberDayPercent";
/** what staff write later (the mode's fulfilment, migration 0040), never the submit */
type LaterColumns = "fulfilment" | "fulfilmentAt" | "calledCount";
export type OrderRow = Required<
  Omit<typeof orders.$inferInsert, "id" | "status" | "posTime" | "fastSerialNo" | OrderExtras | LaterColumns>
> &
  Pick<typeof orders.$inferInsert, OrderExtras>;
export type OrderLineRow = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;

export type WriteOutcome =
  | {
      placed: true;
      order: { id: number; mainGuid: string; tableId: number };
      cart: { version: number; personNum: number };
      stock: DishStock[];
    }
  /** the cart changed since it was read: nothing written, read again */
  | { placed: false; short: false }
  | {
      placed: false;
      short: true;
      dishes: Array<{ id: number; name: string; foodproperty: number; left: number }>;
      additions: Array<{ id: number; left: number }>;
    };

/** one order of a batch, as place_orders (migration 0007) reads it */
export interface PlaceInput {
  order: OrderRow;
  lines: OrderLineRow[];
  guid: string;
  readVersion: number;
  needs: StockUnits;
  fast: { day: string } | null;
}

/** place_orders' outcome for one order: `order`, `cart` and `stock` when placed, the short lists when not enough */
export interface PlaceOutcome {
  enough: boolean;
  order?: { id: number; mainGuid: string; tableId: number };
  cart?: { version: number; personNum: number };
  stock?: DishStock[];
  shortDishes?: Array<{ id: number; name: string; foodproperty: number; left: number }>;
  shortAdditions?: Array<{ id: number; left: number }>;
}

const PLACE_ORDERS: Statement = {
  name: "submit_place_orders",
  text: "select place_orders($1::jsonb) as outcomes",
};

const units = (needs: Map<number, number>) => Array.from(needs, ([id, n]) => ({ id, units: n }));

/** Places a batch of orders in one transaction; one outcome per input, in order. */
export async function placeOrders(db: Db, inputs: PlaceInput[]): Promise<PlaceOutcome[]> {
  const batch = inputs.map(({ order, lines, guid, readVersion, needs, fast }) =>
    Object.assign({}, order, {
      createdAt: order.createdAt.toISOString(),
      lines,
      guid,
      readVersion,
      dishes: units(needs.dishes),
      additions: units(needs.additions),
      day: fast?.day ?? null,
      firstStatus: ORDER_STATUS.placed,
    }),
  );
  const [row] = await run<{ outcomes: PlaceOutcome[] }>(db, PLACE_ORDERS, [JSON.stringify(batch)]);
  if (!row) throw new Error("place_orders answered no row");
  return row.outcomes;
}

/**
 * Orders are placed in batches (db/batches.ts): two at a time per database, each taking every order
 * that waited meanwhile. Two, so one batch's commit overlaps the next one's work; more would only wait
 * on the same popular dishes' locks.
 */
const placeBatched = batchedPerDatabase(placeOrders, { concurrency: 2, maxBatch: 32 });

/**
 * Places the order if the cart still has `readVersion` and the stock is enough. `guid` is the
 * submitter's, the first event's actor; `fast` asks for the day's next pick-up number (`day`).
 */
export async function writeOrder(db: Db, input: PlaceInput): Promise<WriteOutcome> {
  const outcome = await placeBatched(db, input);
  if (outcome.order && outcome.cart) {
    return { placed: true, order: outcome.order, cart: outcome.cart, stock: outcome.stock ?? [] };
  }
  if (outcome.enough) return { placed: false, short: false };
  return {
    placed: false,
    short: true,
    dishes: outcome.shortDishes ?? [],
    additions: outcome.shortAdditions ?? [],
  };
}
