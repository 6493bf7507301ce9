import {
  csvText,
  EAT_TYPE_WORDS,
  exportedLine,
  formatDateTime,
  ORDER_STATUS_WORDS,
  ORDERS_CSV_HEADER,
  type ReportDays,
  type ReportLine,
  type ReportOrder,
  type ReportSummary,
  summarizeOrders,
  UTF8_BOM,
} from "@tablemate/core";
import { and, asc, eq, gte, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderLines, orders, tables } from "../../db/schema.js";

/** The restaurant's orders placed within the days (any status), oldest first. */
const inRange = (restaurantId: number, days: ReportDays) =>
  and(
    eq(orders.restaurantId, restaurantId),
    gte(orders.createdAt, days.start),
    lt(orders.createdAt, days.end),
  );

/** Today's numbers (or a range's): one read of the orders and one of their lines, summed by core's rules. */
export async function reportSummary(
  db: Db,
  restaurant: { id: number; timezone: string },
  days: ReportDays,
): Promise<ReportSummary> {
  const [orderRows, lineRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        mainOrderId: orders.mainOrderId,
        createdAt: orders.createdAt,
        status: orders.status,
        totalPrice: orders.totalPrice,
        deliveryFeeCents: orders.deliveryFeeCents,
        personNum: orders.personNum,
      })
      .from(orders)
      .where(inRange(restaurant.id, days))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({
        orderId: orderLines.orderId,
        foodId: orderLines.foodId,
        name: orderLines.name,
        count: orderLines.count,
        total: orderLines.total,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orderLines.orderId, orders.id))
      // a voided line (退菜) was never sold
      .where(and(inRange(restaurant.id, days), isNull(orderLines.voidedAt))),
  ]);
  return summarizeOrders({
    days,
    timezone: restaurant.timezone,
    orders: orderRows satisfies ReportOrder[],
    lines: lineRows satisfies ReportLine[],
  });
}

/**
 * Every order of the days as CSV (cancelled ones too, with their status), oldest first: the UTF-8 BOM,
 * so Excel reads the Chinese, then the header and a row per order with its dishes in one field.
 */
export async function ordersCsv(
  db: Db,
  restaurant: { id: number; timezone: string },
  days: ReportDays,
): Promise<string> {
  const [orderRows, lineRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        tableName: tables.name,
        eatType: orders.eatType,
        status: orders.status,
        personNum: orders.personNum,
        totalPrice: orders.totalPrice,
      })
      .from(orders)
      .leftJoin(tables, eq(orders.tableId, tables.id))
      .where(inRange(restaurant.id, days))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({
        orderId: orderLines.orderId,
        name: orderLines.name,
        normName: orderLines.normName,
        count: orderLines.count,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orderLines.orderId, orders.id))
      // a voided line (退菜) was never sold
      .where(and(inRange(restaurant.id, days), isNull(orderLines.voidedAt)))
      .orderBy(asc(orderLines.id)),
  ]);
  const dishes = new Map<number, string[]>();
  for (const line of lineRows) {
    const list = dishes.get(line.orderId) ?? [];
    list.push(exportedLine(line));
    dishes.set(line.orderId, list);
  }
  const rows = orderRows.map((order) => [
    order.id,
    formatDateTime(order.createdAt, restaurant.timezone),
    order.tableName ?? "",
    EAT_TYPE_WORDS[order.eatType] ?? order.eatType,
    ORDER_STATUS_WORDS[order.status] ?? String(order.status),
    order.personNum,
    order.totalPrice,
    (dishes.get(order.id) ?? []).join("；"),
  ]);
  return UTF8_BOM + csvText([ORDERS_CSV_HEADER, ...rows]);
}
