import {
  AppError,
  type Approval,
  canMoveOrder,
  isSettled,
  kitchenStarted,
  lineVoidRefusal,
  ORDER_STATUS,
  type OrderStatus,
  reverseSettleTo,
  stockUnits,
} from "@tablemate/core";
import Big from "big.js";
import { and, asc, desc, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import {
  billClaims,
  carts,
  orderEvents,
  orderLines,
  orders,
  tables,
  tableUsers,
  visits,
  waiterCalls,
} from "../../db/schema.js";
import type { RefundingDeps } from "../../deps.js";
import { cartTopic } from "../../realtime/hub.js";
import { waiterAnsweredMessage } from "../../realtime/messages.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { queueForKitchen } from "../kitchen/queue.js";
import { broadcastOrderStatus, writeStatusMove } from "../order/status.js";
import { returnStock } from "../order/stock.js";
import { releaseCompedLineMoney } from "../settlement/line-money.js";
import { orderIsPaid, settleCancelledOrder } from "../settlement/order-cancel.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { openVisit } from "../visit/visits.js";
import { checkedApprover, requireApproval, type VerifyApproval } from "./approvals.js";
import { staffSeatGuid } from "./present.js";

export interface FloorDeps extends RefundingDeps {
  verifyApproval: VerifyApproval;
}

type OrderRow = typeof orders.$inferSelect;

/** The order, locked, if it is the restaurant's (404 otherwise: another restaurant's ids say nothing). */
export async function lockOrder(tx: Tx, restaurantId: number, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)))
    .for("update");
  if (!order) throw new AppError("notFound", "订单不存在");
  return order;
}

/**
 * A staff member acted on a visit: they sit at it (a seat row named `staff:…`), which is what the gate's
 * "seated by a waiter" reads. Once per visit and staff member.
 */
export async function seatStaff(tx: Tx, visitId: number, tableId: number, by: StaffPrincipal): Promise<void> {
  await tx
    .insert(tableUsers)
    .values({ tableId, visitId, guid: staffSeatGuid(by.actor), nickname: by.name })
    .onConflictDoNothing();
}

const orderState = (o: Pick<OrderRow, "status" | "held">) => ({ status: o.status, held: o.held });

interface MoveOptions {
  action: "order.accept" | "order.serve" | "order.cancel";
  permission: "orders.accept" | "orders.serve" | "orders.cancel";
  /** which statuses the order may leave by this action (besides core's move table) */
  from?: readonly number[];
  reason?: string;
  approval?: Approval;
}

/**
 * One order moved by a staff action, under the order's row lock: core's move table decides, a cancel
 * after the kitchen started needs an approver, the move and its audit entry are written together, and
 * the diners, the floor (and for a cancel the stock) hear of it after the commit.
 */
async function staffMove(
  deps: FloorDeps,
  by: StaffPrincipal,
  restaurantId: number,
  orderId: number,
  to: OrderStatus,
  options: MoveOptions,
): Promise<{ orderId: number; status: number }> {
  const approver = await checkedApprover(deps.verifyApproval, deps.db, restaurantId, options.approval);
  const { order, stock, refunds } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, restaurantId, orderId);
    if (options.from && !options.from.includes(order.status)) throw new AppError("orderMoveRefused");
    if (!canMoveOrder(order.status, to)) throw new AppError("orderMoveRefused");
    // a paid order's cancel refunds it: like a cancel after the kitchen started, a manager approves it
    const refunding = to === ORDER_STATUS.cancelled && (await orderIsPaid(tx, order.id));
    const approvedBy = requireApproval(
      by,
      options.permission,
      kitchenStarted(order.status) || refunding,
      approver,
    );
    const refunds =
      to === ORDER_STATUS.cancelled ? await settleCancelledOrder(tx, order.id, by.actor, deps.now()) : [];
    const stock = await writeStatusMove(tx, order, to, by.actor, deps.now(), options.reason ?? "");
    // taking the order (or cancelling it) ends its wait at the gate
    if (order.held) await tx.update(orders).set({ held: false }).where(eq(orders.id, order.id));
    const [cart] = await tx.select({ visitId: carts.visitId }).from(carts).where(eq(carts.id, order.cartId));
    if (cart && to === ORDER_STATUS.accepted) await seatStaff(tx, cart.visitId, order.tableId, by);
    await recordAudit(tx, {
      restaurantId,
      by,
      approver: approvedBy,
      action: options.action,
      target: `order:${order.id}`,
      before: orderState(order),
      after: { status: to, held: false, ...(options.reason ? { reason: options.reason } : {}) },
    });
    return { order, stock, refunds };
  });
  await deps.sendRefunds(refunds);
  await broadcastOrderStatus(deps, order, to, by.actor, stock);
  // the kitchen follows: an order the gate held (or a pay-first one not paid yet) reaches it once a
  // waiter takes it, and a cancel sends cancel tickets to the stations that got its lines
  queueForKitchen(deps, order.id);
  return { orderId: order.id, status: to };
}

/** A waiter confirms an order the gate held (or takes any new one): 0 → 1. */
export const acceptOrder = (deps: FloorDeps, by: StaffPrincipal, rid: number, orderId: number) =>
  staffMove(deps, by, rid, orderId, ORDER_STATUS.accepted, {
    action: "order.accept",
    permission: "orders.accept",
    from: [ORDER_STATUS.placed],
  });

/** The dishes are on the table: → 8. */
export const serveOrder = (deps: FloorDeps, by: StaffPrincipal, rid: number, orderId: number) =>
  staffMove(deps, by, rid, orderId, ORDER_STATUS.served, {
    action: "order.serve",
    permission: "orders.serve",
  });

/** Cancel with a reason; stock goes back; after the kitchen started, only with a manager's approval. */
export const cancelStaffOrder = (
  deps: FloorDeps,
  by: StaffPrincipal,
  rid: number,
  orderId: number,
  body: { reason: string; approval?: Approval },
) =>
  staffMove(deps, by, rid, orderId, ORDER_STATUS.cancelled, {
    action: "order.cancel",
    permission: "orders.cancel",
    reason: body.reason,
    approval: body.approval,
  });

/**
 * A dish given for free (always approved, unless a manager comps it): the line is marked, never
 * removed, and holds no money from then on. Under the order's lock (then the line's): the order's
 * totals drop by its amount (as a void's do), and its money is let go (settlement/line-money.ts: a
 * payment in flight refuses the comp, held bill shares of it are let go, what was paid for it is
 * refunded). The diners' order pages and the floor hear of it; the refunds go out after commit.
 */
export async function compLine(
  deps: FloorDeps,
  by: StaffPrincipal,
  restaurantId: number,
  lineId: number,
  body: { reason: string; approval?: Approval },
): Promise<{ lineId: number; orderId: number }> {
  const approver = await checkedApprover(deps.verifyApproval, deps.db, restaurantId, body.approval);
  const { order, refunds } = await deps.db.transaction(async (tx) => {
    const { order, line } = await lockOrderLine(tx, restaurantId, lineId);
    if (order.status === ORDER_STATUS.cancelled || isSettled(order.status))
      throw new AppError("orderMoveRefused");
    if (line.voidedAt !== null) throw new AppError("lineVoided");
    if (line.compedAt !== null) throw new AppError("lineComped");
    const approvedBy = requireApproval(by, "orders.comp", false, approver);
    const at = deps.now();
    const refunds = await releaseCompedLineMoney(tx, line, by.actor, at);
    const comped = await tx
      .update(orderLines)
      .set({ compedAt: at, compedBy: by.name, compReason: body.reason })
      .where(and(eq(orderLines.id, line.id), isNull(orderLines.compedAt)))
      .returning({ id: orderLines.id });
    if (!comped.length) throw new AppError("lineComped");
    const totals = await dropFromTotals(tx, order, line);
    await recordAudit(tx, {
      restaurantId,
      by,
      approver: approvedBy,
      action: "line.comp",
      target: `orderLine:${line.id}`,
      before: { comped: false, total: line.total, orderTotal: order.totalPrice },
      after: {
        comped: true,
        reason: body.reason,
        orderTotal: totals.total,
        refunds: refunds.map((r) => r.refundNo),
      },
    });
    return { order, refunds };
  });
  await deps.sendRefunds(refunds);
  // the diners' order pages read the order again (type 12): its total, what is left to pay
  await broadcastOrderStatus(deps, order, order.status as OrderStatus, by.actor);
  await publishStaff(deps.backplane, restaurantId, "floor", {
    type: "table",
    tableId: order.tableId,
    change: "lineComped",
  });
  return { lineId, orderId: order.id };
}

/**
 * A line of the restaurant's with its order, the order locked first and then the line: the lock
 * order every order change takes (404 for another restaurant's line: its id says nothing).
 */
async function lockOrderLine(tx: Tx, restaurantId: number, lineId: number) {
  const [found] = await tx
    .select({ orderId: orderLines.orderId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.id, lineId), eq(orders.restaurantId, restaurantId)));
  if (!found) throw new AppError("notFound", "菜品不存在");
  const order = await lockOrder(tx, restaurantId, found.orderId);
  const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, lineId)).for("update");
  if (!line) throw new AppError("notFound", "菜品不存在");
  return { order, line };
}

/** The order's totals less a line that no longer counts (voided or comped), written; the new total. */
async function dropFromTotals(tx: Tx, order: OrderRow, line: typeof orderLines.$inferSelect) {
  const total = new Big(order.totalPrice).minus(line.total).toFixed(2);
  const vipTotal = new Big(order.vipTotalPrice).minus(line.vipTotal).toFixed(2);
  await tx.update(orders).set({ totalPrice: total, vipTotalPrice: vipTotal }).where(eq(orders.id, order.id));
  return { total, vipTotal };
}

/**
 * Voids a line of an open order (退菜), under the order's and the line's locks: core's lineVoidRefusal
 * decides; once the kitchen started, a role that may not approve needs a manager's approval (as a
 * cancel does). The line stays, marked with who and why; the order's totals drop by its amount; its
 * stock goes back; the stations that got it receive a cancel ticket, the diners and the floor hear of
 * it. Audited as `line.void`.
 */
export async function voidLine(
  deps: FloorDeps,
  by: StaffPrincipal,
  restaurantId: number,
  lineId: number,
  body: { reason: string; approval?: Approval },
): Promise<{ lineId: number; orderId: number; total: string }> {
  const approver = await checkedApprover(deps.verifyApproval, deps.db, restaurantId, body.approval);
  const { order, stock, total } = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: orderLines.orderId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.id, lineId), eq(orders.restaurantId, restaurantId)));
    if (!found) throw new AppError("notFound", "菜品不存在");
    // the order first, then its lines: the lock order every order change takes
    const order = await lockOrder(tx, restaurantId, found.orderId);
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id))
      .for("update");
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw new AppError("notFound", "菜品不存在");
    const [claim] = await tx
      .select({ id: billClaims.id })
      .from(billClaims)
      .where(and(eq(billClaims.orderLineId, line.id), ne(billClaims.status, "released")))
      .limit(1);
    const refusal = lineVoidRefusal({
      orderStatus: order.status,
      voided: line.voidedAt !== null,
      comped: line.compedAt !== null,
      liveLines: lines.filter((l) => l.voidedAt === null).length,
      orderPaid: await orderIsPaid(tx, order.id),
      claimed: claim !== undefined,
    });
    if (refusal) throw new AppError(refusal);
    const approvedBy = requireApproval(by, "orders.cancel", kitchenStarted(order.status), approver);
    await tx
      .update(orderLines)
      .set({ voidedAt: deps.now(), voidedBy: by.name, voidReason: body.reason })
      .where(eq(orderLines.id, line.id));
    const { total } = await dropFromTotals(tx, order, line);
    const stock = await returnStock(tx, stockUnits([line]));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      actor: by.actor,
      at: deps.now(),
      note: `退菜：${line.name}（${body.reason}）`,
    });
    await recordAudit(tx, {
      restaurantId,
      by,
      approver: approvedBy,
      action: "line.void",
      target: `orderLine:${line.id}`,
      before: { voided: false, orderTotal: order.totalPrice },
      after: { voided: true, reason: body.reason, orderTotal: total },
    });
    return { order, stock, total };
  });
  // the diners' order pages read the order again (type 12), the limited dishes' stock goes out
  await broadcastOrderStatus(deps, order, order.status as OrderStatus, by.actor, stock);
  await publishStaff(deps.backplane, restaurantId, "floor", {
    type: "table",
    tableId: order.tableId,
    change: "lineVoided",
  });
  queueForKitchen(deps, order.id);
  return { lineId, orderId: order.id, total };
}

/**
 * Reopens a table's last visit that was settled (always approved): the visit is open again and each
 * settled order goes back to the status it had before the settle. Refused when a new party already
 * sits at the table or there is nothing settled to reverse.
 */
export async function reverseSettle(
  deps: FloorDeps,
  by: StaffPrincipal,
  restaurantId: number,
  tableId: number,
  body: { reason: string; approval?: Approval },
): Promise<{ tableId: number; orderIds: number[] }> {
  const approver = await checkedApprover(deps.verifyApproval, deps.db, restaurantId, body.approval);
  const reopened = await deps.db.transaction(async (tx) => {
    const [table] = await tx
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)))
      .for("update");
    if (!table) throw new AppError("tableNotFound");
    const approvedBy = requireApproval(by, "tables.reverseSettle", false, approver);
    const [last] = await tx
      .select()
      .from(visits)
      .where(eq(visits.tableId, tableId))
      .orderBy(desc(visits.id))
      .limit(1)
      .for("update");
    if (!last || last.endedAt === null) throw new AppError("cannotReverseSettle");
    const settled = await tx
      .select({ order: orders })
      .from(orders)
      .innerJoin(carts, eq(carts.id, orders.cartId))
      .where(and(eq(carts.visitId, last.id), eq(orders.status, ORDER_STATUS.settled)))
      .orderBy(asc(orders.id))
      .for("update", { of: orders });
    if (!settled.length) throw new AppError("cannotReverseSettle");
    const at = deps.now();
    const moved: Array<{ order: OrderRow; to: OrderStatus }> = [];
    for (const { order } of settled) {
      const [settleEvent] = await tx
        .select({ fromStatus: orderEvents.fromStatus })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, ORDER_STATUS.settled)))
        .orderBy(desc(orderEvents.id))
        .limit(1);
      const to = reverseSettleTo(order.status, settleEvent?.fromStatus ?? null);
      if (to === null) continue;
      await writeStatusMove(tx, order, to, by.actor, at, body.reason);
      moved.push({ order, to });
    }
    await tx.update(visits).set({ endedAt: null, endedBy: "" }).where(eq(visits.id, last.id));
    await recordAudit(tx, {
      restaurantId,
      by,
      approver: approvedBy,
      action: "table.reverseSettle",
      target: `table:${tableId}`,
      before: {
        visitId: last.id,
        endedAt: last.endedAt.toISOString(),
        orders: settled.map((s) => s.order.id),
      },
      after: {
        visitId: last.id,
        reopened: true,
        reason: body.reason,
        orders: moved.map((m) => [m.order.id, m.to]),
      },
    });
    return moved;
  });
  await publishStaff(deps.backplane, restaurantId, "floor", { type: "table", tableId, change: "reopened" });
  for (const { order, to } of reopened) await broadcastOrderStatus(deps, order, to, by.actor);
  return { tableId, orderIds: reopened.map((m) => m.order.id) };
}

/**
 * A waiter seats a party before (or after) they scan: the table's visit opens and the waiter sits at it,
 * which the gate reads as "seated by a waiter"; the diner count is set when given.
 */
export async function seatTable(
  deps: FloorDeps,
  by: StaffPrincipal,
  restaurantId: number,
  tableId: number,
  personNum: number | undefined,
): Promise<{ tableId: number; visitId: number }> {
  const [table] = await deps.db
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)));
  if (!table) throw new AppError("tableNotFound");
  const visitId = await openVisit(deps.db, table);
  await deps.db.transaction(async (tx) => {
    await seatStaff(tx, visitId, tableId, by);
    if (personNum !== undefined) await tx.update(tables).set({ personNum }).where(eq(tables.id, tableId));
    await recordAudit(tx, {
      restaurantId,
      by,
      action: "table.seat",
      target: `table:${tableId}`,
      before: { personNum: table.personNum },
      after: { visitId, personNum: personNum ?? table.personNum },
    });
  });
  await publishStaff(deps.backplane, restaurantId, "floor", { type: "table", tableId, change: "seated" });
  return { tableId, visitId };
}

/**
 * A waiter answers a call: marked handled once (a second acknowledgement is 409), audited; the floor
 * hears it, and the table's diners get type 40 so their bell rings again.
 */
export async function ackCall(
  deps: FloorDeps,
  by: StaffPrincipal,
  restaurantId: number,
  callId: number,
): Promise<{ callId: number; tableId: number }> {
  const call = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(waiterCalls)
      .where(and(eq(waiterCalls.id, callId), eq(waiterCalls.restaurantId, restaurantId)));
    if (!found) throw new AppError("notFound", "呼叫不存在");
    const at = deps.now();
    const handled = await tx
      .update(waiterCalls)
      .set({ handledAt: at, handledBy: by.actor })
      .where(and(eq(waiterCalls.id, callId), isNull(waiterCalls.handledAt)))
      .returning({ id: waiterCalls.id });
    if (!handled.length) throw new AppError("callHandled");
    await recordAudit(tx, {
      restaurantId,
      by,
      action: "call.ack",
      target: `call:${callId}`,
      before: { handledAt: null },
      after: { handledAt: at.toISOString() },
    });
    return found;
  });
  await publishStaff(deps.backplane, restaurantId, "floor", {
    type: "callAcked",
    callId,
    tableId: call.tableId,
    by: by.name,
  });
  // the diners of the party seated now (their carts: the shared one, or each one's in quick-service)
  const open = await deps.db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(visits, eq(visits.id, carts.visitId))
    .where(and(eq(carts.tableId, call.tableId), isNull(visits.endedAt)));
  const answered = JSON.stringify(waiterAnsweredMessage(call.tableId, callId));
  for (const cart of open) await deps.backplane.publish(cartTopic(cart.id), answered);
  return { callId, tableId: call.tableId };
}
