import { type ConsoleOrder, pickUpNumber, roundMoney } from "@tablemate/core";
import Big from "big.js";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { dishes, orderEvents, orderLines, type orders, tables, tableUsers } from "../../db/schema.js";

type OrderRow = typeof orders.$inferSelect;
type Author = ConsoleOrder["placedBy"];

/** A staff member's seat at a visit (they seated it or ordered for it): `staff:<actor>`. */
export function staffSeatGuid(actor: string): string {
  return actor.startsWith("staff:") ? actor : `staff:${actor}`;
}

/** A diner as the staff see them: their nickname, else 食客 and the end of their guid. */
const dinerName = (guid: string, nickname: string | undefined) => nickname || `食客${guid.slice(-4)}`;

/**
 * Who an id is (a cart line's `updated_by`, an order's main user): a staff member (`staff:…`, named as
 * they sat at the visit) or a diner (guid and short name). Names come from the seats of `visitId`, or of
 * any visit when none is given.
 */
export async function authorOf(
  db: Db,
  visitId: number | null,
  ids: string[] = [],
): Promise<(id: string) => Author> {
  const seats = await db
    .select({ guid: tableUsers.guid, nickname: tableUsers.nickname })
    .from(tableUsers)
    .where(
      visitId !== null
        ? eq(tableUsers.visitId, visitId)
        : ids.length
          ? inArray(tableUsers.guid, ids)
          : undefined,
    )
    .orderBy(desc(tableUsers.id))
    .limit(visitId !== null ? 1000 : Math.max(ids.length * 4, 1));
  const names = new Map<string, string>();
  for (const seat of seats) if (!names.has(seat.guid) || seat.nickname) names.set(seat.guid, seat.nickname);
  return (id) => {
    if (id === "") return { kind: "unknown", id, name: "" };
    if (id.startsWith("staff"))
      return { kind: "staff", id, name: names.get(id) || id.replace(/^staff:?/, "") || "员工" };
    return { kind: "diner", id, name: dinerName(id, names.get(id)) };
  };
}

/**
 * Orders as the console shows them: every line with its norm, methods, additions, combo parts, note,
 * weighed quantity, author and comp; the status history with each move's note (a cancel's reason).
 */
export async function consoleOrdersOf(
  db: Db,
  visitId: number | null,
  rows: OrderRow[],
): Promise<ConsoleOrder[]> {
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const [lines, events, tableRows] = await Promise.all([
    db
      .select({ line: orderLines, weigh: dishes.weigh })
      .from(orderLines)
      .leftJoin(dishes, eq(dishes.id, orderLines.foodId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.id)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
    db
      .select({ id: tables.id, name: tables.name })
      .from(tables)
      .where(
        and(
          inArray(
            tables.id,
            rows.map((o) => o.tableId),
          ),
        ),
      ),
  ]);
  const guids = [...new Set([...rows.map((o) => o.mainGuid), ...lines.map((l) => l.line.addedBy)])];
  const author = await authorOf(db, visitId, guids);
  const tableName = new Map(tableRows.map((t) => [t.id, t.name]));
  return rows.map((order) => {
    const own = lines.filter((l) => l.line.orderId === order.id);
    const comped = own
      .filter((l) => l.line.compedAt !== null)
      .reduce((sum, l) => sum.plus(l.line.total), new Big(0));
    return {
      orderId: order.id,
      tableId: order.tableId,
      tableName: tableName.get(order.tableId) ?? "",
      status: order.status,
      held: order.held,
      gateReasons: order.gateReasons,
      mainOrderId: order.mainOrderId,
      paymentType: order.paymentType,
      eatType: order.eatType,
      personNum: order.personNum,
      fastSerialNo: pickUpNumber(order.fastSerialNo),
      fulfilment: order.fulfilment,
      calledCount: order.calledCount,
      wholeMemo: order.wholeMemo,
      contact: order.reserve ?? null,
      total: roundMoney(order.totalPrice).toFixed(2),
      orderTotalPrice: roundMoney(order.totalPrice).toFixed(2),
      orderSubmitTime: order.createdAt.toISOString(),
      comped: roundMoney(comped).toFixed(2),
      createdAt: order.createdAt.toISOString(),
      posTime: order.posTime?.toISOString() ?? null,
      placedBy: author(order.mainGuid),
      lines: own.map(({ line, weigh }) => ({
        lineId: line.id,
        foodId: line.foodId,
        name: line.name,
        unit: line.unit,
        normName: line.normName,
        methodNames: line.methodNames,
        additions: line.additions,
        parts: line.parts,
        count: new Big(line.count).toString(),
        weighed: weigh ?? false,
        unitPrice: roundMoney(line.unitPrice).toFixed(2),
        total: roundMoney(line.total).toFixed(2),
        memo: line.memo,
        addedBy: author(line.addedBy),
        comped: line.compedAt
          ? { by: line.compedBy, reason: line.compReason, at: line.compedAt.toISOString() }
          : null,
        voided: line.voidedAt
          ? { by: line.voidedBy, reason: line.voidReason, at: line.voidedAt.toISOString() }
          : null,
      })),
      events: events
        .filter((e) => e.orderId === order.id)
        .map((e) => ({
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          actor: e.actor,
          note: e.note,
          at: e.at.toISOString(),
        })),
    };
  });
}
