import {
  AppError,
  centsToMoneyText,
  type Floor,
  type FloorTable,
  minutesSeated,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  roundMoney,
  SETTLED_SHOWN_MS,
  type TableDetail,
  tableState,
  type WaiterCallView,
} from "@tablemate/core";
import Big from "big.js";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cartLines, carts, dishes, orders, visits, waiterCalls } from "../../db/schema.js";
import { run, type Statement } from "../../db/statements.js";
import { isPaid, moneyInVisits, type VisitMoney, visitsMoney } from "../settlement/floor-paid.js";
import { authorOf, consoleOrdersOf } from "./present.js";

const OPEN = OPEN_ORDER_STATUSES.join(",");

/**
 * Every table of a restaurant with its open visit's facts, in one statement: diners, cart lines, open,
 * new (status 0) and held orders with their total, and when a visit ended by a settle lately.
 */
const FLOOR_TABLES: Statement = {
  name: "floor_tables",
  text: `
select t.id as "tableId", t.name, t.table_type as "tableType", t.person_num as "personNum",
  v.id as "visitId", (extract(epoch from v.opened_at) * 1000)::float8 as "openedAtMs",
  (select count(*)::int from table_users u where u.visit_id = v.id and u.guid not like 'staff:%') as diners,
  (select count(*)::int from cart_lines l join carts c on c.id = l.cart_id where c.visit_id = v.id) as "cartLines",
  o."openOrders", o."newOrders", o."heldOrders", o.total,
  v.id is null and exists (select 1 from visits e join carts c on c.visit_id = e.id join orders s on s.cart_id = c.id
    where e.table_id = t.id and e.ended_at > $2 and s.status in (${ORDER_STATUS.settled}, ${ORDER_STATUS.closed})
      and not exists (select 1 from visits later where later.table_id = t.id and later.opened_at > e.ended_at))
    as "recentlySettled"
from tables t
left join visits v on v.table_id = t.id and v.ended_at is null
left join lateral (
  select count(*)::int as "openOrders",
    count(*) filter (where s.status = ${ORDER_STATUS.placed})::int as "newOrders",
    count(*) filter (where s.status = ${ORDER_STATUS.placed} and s.held)::int as "heldOrders",
    -- what the orders come to: goods and a takeout's delivery fee
    coalesce(sum(s.total_price + s.delivery_fee_cents / 100.0), 0)::text as total
  from orders s join carts c on c.id = s.cart_id
  where c.visit_id = v.id and s.status in (${OPEN})
) o on true
where t.restaurant_id = $1
order by t.sort, t.id`,
};

interface FloorRow {
  tableId: number;
  name: string;
  tableType: number;
  personNum: number;
  visitId: number | null;
  openedAtMs: number | null;
  diners: number | null;
  cartLines: number | null;
  openOrders: number;
  newOrders: number;
  heldOrders: number;
  total: string;
  recentlySettled: boolean;
}

/** The restaurant's unhandled waiter calls of the last day, by table. */
async function openCalls(db: Db, restaurantId: number, now: Date, tableId?: number) {
  const rows = await db
    .select()
    .from(waiterCalls)
    .where(
      and(
        eq(waiterCalls.restaurantId, restaurantId),
        isNull(waiterCalls.handledAt),
        gt(waiterCalls.createdAt, new Date(now.getTime() - 24 * 3600_000)),
        tableId === undefined ? undefined : eq(waiterCalls.tableId, tableId),
      ),
    )
    .orderBy(asc(waiterCalls.id));
  const byTable = new Map<number, Array<WaiterCallView & { atMs: number }>>();
  for (const row of rows) {
    const view = {
      callId: row.id,
      tableId: row.tableId,
      kind: row.kind,
      at: row.createdAt.toISOString(),
      atMs: row.createdAt.getTime(),
    };
    byTable.set(row.tableId, [...(byTable.get(row.tableId) ?? []), view]);
  }
  return byTable;
}

function tableCard(
  row: FloorRow,
  calls: Array<WaiterCallView & { atMs: number }>,
  money: VisitMoney | undefined,
  now: Date,
): FloorTable {
  const paid = isPaid(money);
  // a call belongs to the party seated now: one made before their visit opened is the last party's
  const visitCalls =
    row.visitId === null || row.openedAtMs === null
      ? []
      : calls.filter((c) => c.atMs >= (row.openedAtMs ?? 0)).map(({ atMs: _, ...c }) => c);
  const openedAt = row.openedAtMs === null ? null : new Date(row.openedAtMs);
  const facts = {
    visitOpen: row.visitId !== null,
    recentlySettled: row.recentlySettled,
    openCalls: visitCalls.length,
    cartLines: row.cartLines ?? 0,
    openOrders: row.openOrders,
    paid,
  };
  return {
    tableId: row.tableId,
    name: row.name,
    tableType: row.tableType,
    state: tableState(facts),
    visitId: row.visitId,
    openedAt: openedAt?.toISOString() ?? null,
    minutesSeated: openedAt ? minutesSeated(openedAt, now) : null,
    personNum: row.personNum,
    diners: row.diners ?? 0,
    cartLines: row.cartLines ?? 0,
    openOrders: row.openOrders,
    newOrders: row.newOrders,
    heldOrders: row.heldOrders,
    calls: visitCalls,
    total: roundMoney(row.total).toFixed(2),
    paidTotal: centsToMoneyText(money?.paidCents ?? 0),
    paid,
  };
}

/**
 * The floor: every table of the restaurant with its visit's live state; paid as every screen reads
 * money (settlement/floor-paid.ts: its open orders owe nothing more, paid by whole payments or shares).
 */
export async function readFloor(db: Db, restaurantId: number, now: Date): Promise<Floor> {
  const since = new Date(now.getTime() - SETTLED_SHOWN_MS);
  const [rows, calls] = await Promise.all([
    run<FloorRow>(db, FLOOR_TABLES, [restaurantId, since]),
    openCalls(db, restaurantId, now),
  ]);
  const open = rows.flatMap((r) => (r.visitId !== null && r.openOrders > 0 ? [r.visitId] : []));
  const money = await moneyInVisits(db, restaurantId, open, now);
  return {
    now: now.toISOString(),
    tables: rows.map((row) =>
      tableCard(
        row,
        calls.get(row.tableId) ?? [],
        row.visitId === null ? undefined : money.get(row.visitId),
        now,
      ),
    ),
  };
}

/**
 * One table: its card, the open visit's shared cart (who put each line in it), its orders with every
 * line's parts and author, and the totals (ordered, comped, due). A table of another restaurant is 404.
 */
export async function readTableDetail(
  db: Db,
  restaurantId: number,
  tableId: number,
  now: Date,
): Promise<TableDetail> {
  const floor = await readFloor(db, restaurantId, now);
  const table = floor.tables.find((t) => t.tableId === tableId);
  if (!table) throw new AppError("tableNotFound");
  if (table.visitId === null) {
    return { table, cart: null, orders: [], totals: { ordered: "0.00", comped: "0.00", due: "0.00" } };
  }
  const visitCarts = await db
    .select()
    .from(carts)
    .where(eq(carts.visitId, table.visitId))
    .orderBy(asc(carts.id));
  const shared = visitCarts.find((c) => c.ownerGuid === "") ?? null;
  const cart = shared ? await cartView(db, shared.id, shared.version, table.visitId) : null;
  const visitOrders = await db
    .select()
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(and(eq(carts.visitId, table.visitId), eq(orders.restaurantId, restaurantId)))
    .orderBy(asc(orders.id));
  const presented = await consoleOrdersOf(
    db,
    table.visitId,
    visitOrders.map((r) => r.orders),
  );
  const open = presented.filter((o) => OPEN_ORDER_STATUSES.includes(o.status));
  // an order's total no longer counts its comped lines (they hold no money): ordered adds them back
  const comped = open.reduce((sum, o) => sum.plus(o.comped), new Big(0));
  const ordered = open.reduce((sum, o) => sum.plus(o.total), comped);
  // what the open orders still owe, as the diners' phones say it (groupAccount over each order group)
  const due = (await visitsMoney(db, restaurantId, [table.visitId], now)).get(table.visitId)?.leftCents ?? 0;
  return {
    table,
    cart,
    orders: presented,
    totals: {
      ordered: roundMoney(ordered).toFixed(2),
      comped: roundMoney(comped).toFixed(2),
      due: centsToMoneyText(due),
    },
  };
}

async function cartView(
  db: Db,
  cartId: number,
  version: number,
  visitId: number,
): Promise<TableDetail["cart"]> {
  const lines = await db
    .select({ line: cartLines, name: dishes.name })
    .from(cartLines)
    .innerJoin(dishes, eq(dishes.id, cartLines.foodId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.position), asc(cartLines.id));
  const author = await authorOf(db, visitId);
  return {
    cartId,
    version,
    lines: lines.map(({ line, name }) => ({
      detailId: line.detailId,
      foodId: line.foodId,
      name,
      count: line.count,
      memo: line.memo,
      addedBy: author(line.updatedBy),
    })),
  };
}

/** The open visit of a table of the restaurant, if any (404 for a table that is not the restaurant's). */
export async function openVisitOf(db: Db, restaurantId: number, tableId: number) {
  const [row] = await db
    .select({ visitId: visits.id })
    .from(visits)
    .where(and(eq(visits.tableId, tableId), eq(visits.restaurantId, restaurantId), isNull(visits.endedAt)));
  return row?.visitId ?? null;
}
