import { type ItemState, type KitchenTicket, pickUpNumber } from "@tablemate/core";
import Big from "big.js";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  carts,
  kitchenItems,
  kitchenTickets,
  orderLines,
  orders,
  stations,
  tables,
  visits,
} from "../../db/schema.js";
import { linesAllergens, storedAllergens } from "../allergens/kitchen.js";

/** Decimal text as the wire shows counts: "2", "1.5" (numeric columns read as "2.000"). */
const countText = (value: string): string => new Big(value).toString();

/** Tickets as the display and the printer read them, oldest first. */
export async function loadTickets(
  db: Db | Tx,
  restaurantId: number,
  ticketIds: number[],
): Promise<KitchenTicket[]> {
  if (!ticketIds.length) return [];
  const heads = await db
    .select({
      ticket: kitchenTickets,
      stationName: stations.name,
      order: {
        id: orders.id,
        mainOrderId: orders.mainOrderId,
        status: orders.status,
        eatType: orders.eatType,
        fastSerialNo: orders.fastSerialNo,
        personNum: orders.personNum,
        wholeMemo: orders.wholeMemo,
      },
      tableName: tables.name,
      allergies: visits.kitchenAllergens,
    })
    .from(kitchenTickets)
    .innerJoin(stations, eq(kitchenTickets.stationId, stations.id))
    .innerJoin(orders, eq(kitchenTickets.orderId, orders.id))
    .innerJoin(tables, eq(orders.tableId, tables.id))
    .leftJoin(carts, eq(orders.cartId, carts.id))
    .leftJoin(visits, eq(carts.visitId, visits.id))
    .where(and(eq(kitchenTickets.restaurantId, restaurantId), inArray(kitchenTickets.id, ticketIds)))
    .orderBy(asc(kitchenTickets.createdAt), asc(kitchenTickets.id));
  if (!heads.length) return [];
  const items = await db
    .select({ item: kitchenItems, line: orderLines })
    .from(kitchenItems)
    .innerJoin(orderLines, eq(kitchenItems.orderLineId, orderLines.id))
    .where(
      inArray(
        kitchenItems.ticketId,
        heads.map((h) => h.ticket.id),
      ),
    )
    .orderBy(asc(kitchenItems.id));
  const contains = await linesAllergens(
    db,
    restaurantId,
    items.map(({ line }) => line),
  );
  return heads.map(({ ticket, stationName, order, tableName, allergies }) => ({
    id: ticket.id,
    number: ticket.id,
    kind: ticket.kind,
    stationId: ticket.stationId,
    stationName,
    orderId: order.id,
    mainOrderId: order.mainOrderId,
    orderStatus: order.status,
    tableName,
    eatType: order.eatType,
    fastSerialNo: pickUpNumber(order.fastSerialNo),
    personNum: order.personNum,
    wholeMemo: order.wholeMemo,
    allergies: storedAllergens(allergies),
    createdAt: ticket.createdAt.toISOString(),
    version: ticket.version,
    items: items
      .filter((i) => i.item.ticketId === ticket.id)
      .map(({ item, line }) => ({
        id: item.id,
        orderLineId: line.id,
        foodId: line.foodId,
        name: line.name,
        unit: line.unit,
        normName: line.normName,
        methodNames: line.methodNames,
        additions: line.additions.map((a) => ({ name: a.name, count: a.count })),
        parts: line.parts.map((p) => ({ name: p.name, count: p.count })),
        count: countText(item.count),
        memo: line.memo,
        state: item.state as ItemState,
        allergens: contains.get(line.id) ?? [],
      })),
  }));
}
