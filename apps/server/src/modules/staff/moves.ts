import {
  AppError,
  canMoveOrder,
  kitchenStarted,
  needsApproval,
  ORDER_STATUS,
  type OrderStatus,
  statusesMovableTo,
} from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import { orders, tables } from "../../db/schema.js";
import type { BaseDeps } from "../../deps.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { sendToKitchen } from "../kitchen/tickets.js";
import { broadcastOrderStatus, writeStatusMove } from "../order/status.js";
import { lockVisitForSettle } from "../settlement/settle-guard.js";
import { endVisit } from "../visit/visits.js";
import { recordAudit } from "./audit.js";
import type { StaffPrincipal } from "./guard.js";

export interface MoveInput {
  restaurantId: number;
  orderId: number;
  to: OrderStatus;
  actor: string;
  /** who acts, for the audit log */
  by?: StaffPrincipal;
}

/** Moves one order as core's rule allows (409 otherwise), written with who and when; tablemates hear type 12 (and the restaurant a cancel's stock, type 20). */
export async function moveOrderStatus(
  deps: BaseDeps,
  { restaurantId, orderId, to, actor, by }: MoveInput,
): Promise<{ orderId: number; from: number; status: OrderStatus }> {
  const { order, stock } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)))
      .for("update");
    if (!locked) throw new AppError("notFound", "订单不存在");
    if (!canMoveOrder(locked.status, to)) throw new AppError("orderMoveRefused");
    // a cancel once the kitchen started takes a manager's approval (unless a manager cancels): only the
    // floor's cancel call carries one
    const started = kitchenStarted(locked.status);
    if (to === ORDER_STATUS.cancelled && (!by || needsApproval(by.role, "orders.cancel", started)) && started)
      throw new AppError("approvalRequired");
    const stock = await writeStatusMove(tx, locked, to, actor, deps.now());
    if (by) {
      await recordAudit(tx, {
        restaurantId,
        by,
        action: "order.move",
        target: `order:${locked.id}`,
        before: { status: locked.status },
        after: { status: to },
      });
    }
    return { order: locked, stock };
  });
  await broadcastOrderStatus(deps, order, to, actor, stock);
  // accepted: the kitchen gets its tickets; cancelled: the stations that got its lines a cancel ticket
  await sendToKitchen(deps, order.id);
  return { orderId: order.id, from: order.status, status: to };
}

async function tableOf(deps: BaseDeps, restaurantId: number, tableId: number): Promise<void> {
  const [table] = await deps.db
    .select({ id: tables.id })
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)));
  if (!table) throw new AppError("tableNotFound");
}

export interface SettleInput {
  restaurantId: number;
  tableId: number;
  actor: string;
  /** who acts, for the audit log */
  by?: StaffPrincipal;
}

/** The cashier has settled the table: every open order goes to 7 at once; cancelled ones stay as they are. */
export async function settleTable(
  deps: BaseDeps,
  { restaurantId, tableId, actor, by }: SettleInput,
): Promise<number[]> {
  await tableOf(deps, restaurantId, tableId);
  const settled = await deps.db.transaction(async (tx) => {
    // the visit first (the lock order): a bill share being paid refuses the settle, a held one ends
    await lockVisitForSettle(tx, tableId, deps.now());
    // locked in id order, so two settles of one table never wait on each other crosswise; an order
    // another move changed meanwhile is read again under the lock and left out if no longer open
    const open = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.tableId, tableId), inArray(orders.status, statusesMovableTo(ORDER_STATUS.settled))),
      )
      .orderBy(asc(orders.id))
      .for("update");
    if (!open.length) throw new AppError("nothingToSettle");
    const at = deps.now();
    for (const order of open) await writeStatusMove(tx, order, ORDER_STATUS.settled, actor, at);
    // the party's stay is over: the next scan of the table's code starts the next party's visit
    await endVisit(tx, tableId, actor, at);
    if (by) {
      await recordAudit(tx, {
        restaurantId,
        by,
        action: "table.settle",
        target: `table:${tableId}`,
        before: { orders: open.map((o) => [o.id, o.status]) },
        after: { orders: open.map((o) => [o.id, ORDER_STATUS.settled]), visitEnded: true },
      });
    }
    return open;
  });
  await publishStaff(deps.backplane, restaurantId, "floor", { type: "table", tableId, change: "settled" });
  // one message per order: each names its order, and in quick-service each order's cart is a topic of its own
  for (const order of settled) await broadcastOrderStatus(deps, order, ORDER_STATUS.settled, actor);
  return settled.map((o) => o.id);
}

/**
 * A party left without ordering (or every order was cancelled): the table's visit ends, so the next
 * scan starts a new one. A table with orders still to pay is settled instead (409).
 */
export async function clearTable(
  deps: BaseDeps,
  { restaurantId, tableId, actor, by }: SettleInput,
): Promise<void> {
  await tableOf(deps, restaurantId, tableId);
  await deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.tableId, tableId), inArray(orders.status, statusesMovableTo(ORDER_STATUS.settled))),
      )
      .limit(1);
    if (open) throw new AppError("tableHasOrders");
    const carts = await endVisit(tx, tableId, actor, deps.now());
    if (!carts) throw new AppError("noOpenVisit");
    if (by) {
      await recordAudit(tx, {
        restaurantId,
        by,
        action: "table.clear",
        target: `table:${tableId}`,
        before: { visitOpen: true },
        after: { visitOpen: false },
      });
    }
  });
  await publishStaff(deps.backplane, restaurantId, "floor", { type: "table", tableId, change: "cleared" });
}
