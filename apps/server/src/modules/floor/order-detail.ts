import {
  AppError,
  type ConsoleOrderDetail,
  centsToMoneyText,
  type OrderHistoryEntry,
  roleCan,
} from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  auditLog,
  carts,
  kitchenTickets,
  orderLines,
  orders,
  payIntents,
  restaurants,
} from "../../db/schema.js";
import { loadTickets } from "../kitchen/ticket-read.js";
import { consolePayments } from "../payment/console.js";
import { groupAccount } from "../settlement/present.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { consoleOrdersOf } from "./present.js";

type AuditRow = typeof auditLog.$inferSelect;

/** The reason an audited action was given (a cancel, comp, void, refund), read from what it recorded. */
function reasonOf(row: AuditRow): string {
  for (const side of [row.after, row.before]) {
    if (side && typeof side === "object" && "reason" in side && typeof side.reason === "string")
      return side.reason;
  }
  return "";
}

const historyEntry = (row: AuditRow): OrderHistoryEntry => ({
  at: row.at.toISOString(),
  action: row.action,
  target: row.target,
  actorName: row.actorName,
  approverName: row.approverName,
  reason: reasonOf(row),
});

/** The order group's money as the diner's pages read it (settlement/present.ts groupAccount). */
async function groupMoney(
  db: Db,
  rid: number,
  mainId: number,
  now: Date,
): Promise<ConsoleOrderDetail["money"]> {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, rid));
  if (!restaurant) throw new AppError("restaurantNotFound");
  const account = await groupAccount(db, { restaurant, mainId, guid: "", now });
  return {
    owed: centsToMoneyText(account.owedCents),
    deliveryFee: centsToMoneyText(account.feeCents),
    paid: centsToMoneyText(account.paidCents),
    refunded: centsToMoneyText(account.refundedCents),
    left: centsToMoneyText(account.leftCents),
  };
}

/**
 * One order of the restaurant as the console opens it: the order view (lines, authors, status moves),
 * its group's payments and refunds for a role that reads money, its kitchen tickets, and every audited
 * action on the order, its lines, tickets and payments. Another restaurant's order is not found.
 */
export async function readOrderDetail(
  db: Db,
  by: StaffPrincipal,
  orderId: number,
  now: Date,
): Promise<ConsoleOrderDetail> {
  const rid = by.restaurantId;
  const [found] = await db
    .select({ order: orders, visitId: carts.visitId })
    .from(orders)
    .leftJoin(carts, eq(carts.id, orders.cartId))
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, rid)));
  if (!found) throw new AppError("orderNotFound");
  const groupId = found.order.mainOrderId ?? found.order.id;
  const readsMoney = roleCan(by.role, "payments.read");
  const [[order], payments, money, ticketRows, lineRows, intentRows] = await Promise.all([
    consoleOrdersOf(db, found.visitId, [found.order]),
    readsMoney ? consolePayments(db, rid, { orderId }) : Promise.resolve(null),
    readsMoney ? groupMoney(db, rid, groupId, now) : Promise.resolve(null),
    db
      .select({ id: kitchenTickets.id })
      .from(kitchenTickets)
      .where(and(eq(kitchenTickets.restaurantId, rid), eq(kitchenTickets.orderId, orderId))),
    db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)),
    db
      .select({ id: payIntents.id })
      .from(payIntents)
      .where(and(eq(payIntents.restaurantId, rid), eq(payIntents.orderId, groupId))),
  ]);
  if (!order) throw new AppError("orderNotFound");
  const targets = [
    `order:${orderId}`,
    ...lineRows.map((l) => `orderLine:${l.id}`),
    ...ticketRows.map((t) => `ticket:${t.id}`),
    ...intentRows.map((i) => `payment:${i.id}`),
  ];
  const [tickets, audited] = await Promise.all([
    loadTickets(
      db,
      rid,
      ticketRows.map((t) => t.id),
    ),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, rid), inArray(auditLog.target, targets)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  ]);
  return { order, payments, money, tickets, history: audited.map(historyEntry) };
}
