import {
  AppError,
  type Bill,
  centsToMoneyText,
  ORDER_STATUS,
  roundMoney,
  type TicketPrint,
} from "@tablemate/core";
import Big from "big.js";
import { and, asc, count, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { auditLog, orderLines, orders, tables } from "../../db/schema.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { loadTickets } from "./ticket-read.js";

const REPRINT = "ticket.reprint";

async function reprints(db: Db, restaurantId: number, ticketId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.restaurantId, restaurantId),
        eq(auditLog.action, REPRINT),
        eq(auditLog.target, `ticket:${ticketId}`),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A ticket as printed the first time (the station's own print as it arrives): reads only. */
export async function ticketToPrint(
  db: Db,
  restaurantId: number,
  ticketId: number,
  now: Date,
): Promise<TicketPrint> {
  const [ticket] = await loadTickets(db, restaurantId, [ticketId]);
  if (!ticket) throw new AppError("ticketNotFound");
  const restaurant = await getRestaurant(db, restaurantId);
  return {
    restaurantName: restaurant.name,
    ticket,
    reprint: false,
    reprintCount: await reprints(db, restaurantId, ticketId),
    printedAt: now.toISOString(),
  };
}

/**
 * A reprint: the same ticket again, labelled 重印 on the paper, recorded in the audit log. It never
 * makes a ticket, so the kitchen never cooks a dish twice for it (odoo#285993).
 */
export async function reprintTicket(
  db: Db,
  principal: StaffPrincipal,
  ticketId: number,
  now: Date,
): Promise<TicketPrint> {
  const { restaurantId } = principal;
  const [ticket] = await loadTickets(db, restaurantId, [ticketId]);
  if (!ticket) throw new AppError("ticketNotFound");
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      restaurantId,
      by: principal,
      action: REPRINT,
      target: `ticket:${ticketId}`,
      after: { orderId: ticket.orderId, stationId: ticket.stationId },
    });
  });
  const printed = await ticketToPrint(db, restaurantId, ticketId, now);
  return { ...printed, reprint: true };
}

/**
 * The customer's bill of an order and the orders added to it (not the cancelled): lines, total, table
 * and time. Reads only: printing a bill never reaches the kitchen nor changes a status (odoo#168889).
 */
export async function billOf(db: Db, restaurantId: number, orderId: number, now: Date): Promise<Bill> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)));
  if (!order) throw new AppError("notFound", "订单不存在");
  const mainId = order.mainOrderId ?? order.id;
  const group = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        or(eq(orders.id, mainId), eq(orders.mainOrderId, mainId)),
        ne(orders.status, ORDER_STATUS.cancelled),
      ),
    )
    .orderBy(asc(orders.id));
  const ids = group.map((o) => o.id);
  const lines = ids.length
    ? await db
        .select()
        .from(orderLines)
        // the bill charges no voided line (退菜)
        .where(and(inArray(orderLines.orderId, ids), isNull(orderLines.voidedAt)))
        .orderBy(asc(orderLines.id))
    : [];
  const [table] = await db.select({ name: tables.name }).from(tables).where(eq(tables.id, order.tableId));
  const restaurant = await getRestaurant(db, restaurantId);
  const main = group.find((o) => o.id === mainId) ?? order;
  const feeCents = group.reduce((sum, o) => sum + o.deliveryFeeCents, 0);
  return {
    restaurantName: restaurant.name,
    tableName: table?.name ?? "",
    orderId: mainId,
    orderIds: ids,
    personNum: main.personNum,
    lines: lines.map((l) => ({
      name: l.name,
      normName: l.normName,
      count: new Big(l.count).toString(),
      unit: l.unit,
      unitPrice: roundMoney(l.unitPrice).toFixed(2),
      total: roundMoney(l.total).toFixed(2),
    })),
    deliveryFee: centsToMoneyText(feeCents),
    total: group
      .reduce((sum, o) => sum.plus(o.totalPrice), new Big(0))
      .plus(centsToMoneyText(feeCents))
      .toFixed(2),
    orderedAt: main.createdAt.toISOString(),
    printedAt: now.toISOString(),
  };
}
