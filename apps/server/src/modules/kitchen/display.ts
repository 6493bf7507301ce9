import {
  AppError,
  type BumpTarget,
  canBumpItem,
  DEFAULT_TIMER_THRESHOLDS,
  type ItemState,
  type KitchenTicket,
  ORDER_STATUS,
  type OrderStatus,
  orderStatusFollowing,
  type StationDisplay,
  ticketsAllDay,
} from "@tablemate/core";
import { and, desc, eq, gte, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { kitchenBumps, kitchenItems, kitchenTickets, orders } from "../../db/schema.js";
import type { BaseDeps } from "../../deps.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { broadcastOrderStatus, writeStatusMove } from "../order/status.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { stationOf } from "./stations.js";
import { loadTickets } from "./ticket-read.js";
import { sendToKitchen } from "./tickets.js";

const OPEN_STATES: ItemState[] = ["held", "cooking", "ready"];

/** How far back a display looks for orders whose tickets were never made (a crash after the submit). */
const CATCH_UP_MS = 12 * 60 * 60 * 1000;
const CATCH_UP_LIMIT = 50;

/**
 * Orders of the restaurant that reached the kitchen lately but have no ticket (their queued creation
 * was lost with a process): made now. ticketsForOrder decides, so a held order stays held.
 */
export async function catchUpTickets(deps: BaseDeps, restaurantId: number): Promise<void> {
  const since = new Date(deps.now().getTime() - CATCH_UP_MS);
  const missed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        inArray(orders.status, [ORDER_STATUS.placed, ORDER_STATUS.accepted, ORDER_STATUS.cooking]),
        gte(orders.createdAt, since),
        notExists(
          deps.db.select({ one: sql`1` }).from(kitchenTickets).where(eq(kitchenTickets.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(CATCH_UP_LIMIT);
  for (const { id } of missed) await sendToKitchen(deps, id);
}

/** A station's open tickets (oldest first), its all-day counts and its last bump (for recall). */
export async function stationDisplay(
  deps: BaseDeps,
  restaurantId: number,
  stationId: number,
): Promise<StationDisplay> {
  const station = await stationOf(deps.db, restaurantId, stationId);
  await catchUpTickets(deps, restaurantId);
  const open = await deps.db
    .selectDistinct({ ticketId: kitchenItems.ticketId })
    .from(kitchenItems)
    .where(and(eq(kitchenItems.stationId, stationId), inArray(kitchenItems.state, OPEN_STATES)));
  const tickets = await loadTickets(
    deps.db,
    restaurantId,
    open.map((o) => o.ticketId),
  );
  return {
    station,
    tickets,
    allDay: ticketsAllDay(tickets),
    lastBump: await lastBump(deps.db, stationId),
    timers: DEFAULT_TIMER_THRESHOLDS,
  };
}

async function lastBump(db: Db | Tx, stationId: number): Promise<StationDisplay["lastBump"]> {
  const [last] = await db
    .select()
    .from(kitchenBumps)
    .where(and(eq(kitchenBumps.stationId, stationId), isNull(kitchenBumps.recalledAt)))
    .orderBy(desc(kitchenBumps.id))
    .limit(1);
  return last
    ? { id: last.id, ticketId: last.ticketId, at: last.at.toISOString(), by: last.actorName }
    : null;
}

/** Locks the ticket's order, then the ticket (the order first, as every status move does). */
async function lockTicket(tx: Tx, restaurantId: number, ticketId: number) {
  const [found] = await tx
    .select({ orderId: kitchenTickets.orderId })
    .from(kitchenTickets)
    .where(and(eq(kitchenTickets.id, ticketId), eq(kitchenTickets.restaurantId, restaurantId)));
  if (!found) throw new AppError("ticketNotFound");
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
  const [ticket] = await tx
    .select()
    .from(kitchenTickets)
    .where(eq(kitchenTickets.id, ticketId))
    .for("update");
  if (!order || !ticket) throw new AppError("ticketNotFound");
  return { order, ticket };
}

/** Where the order goes once its items moved (core's orderStatusFollowing), written in the same transaction. */
async function followItems(
  tx: Tx,
  order: typeof orders.$inferSelect,
  actor: string,
  at: Date,
): Promise<OrderStatus | null> {
  const states = await tx
    .select({ state: kitchenItems.state })
    .from(kitchenItems)
    .innerJoin(kitchenTickets, eq(kitchenItems.ticketId, kitchenTickets.id))
    .where(and(eq(kitchenTickets.orderId, order.id), eq(kitchenItems.kind, "new")));
  const to = orderStatusFollowing(
    order.status,
    states.map((s) => s.state as ItemState),
  );
  if (to === null) return null;
  await writeStatusMove(tx, order, to, actor, at);
  return to;
}

export interface BumpInput {
  ticketId: number;
  version: number;
  to: BumpTarget;
  itemIds?: number[];
}

/**
 * A station bumps a ticket (or some of its items) forward to `to`: compare-and-set on the ticket's
 * version (409 when it changed since the display read it), every move recorded (for recall) and
 * audited, and the order follows (first item started: cooking; all served: served) through the
 * order status path, so diners hear type 12.
 */
export async function bumpTicket(deps: BaseDeps, principal: StaffPrincipal, input: BumpInput) {
  const { restaurantId } = principal;
  const at = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const { order, ticket } = await lockTicket(tx, restaurantId, input.ticketId);
    if (ticket.version !== input.version) throw new AppError("ticketChanged");
    const items = await tx.select().from(kitchenItems).where(eq(kitchenItems.ticketId, ticket.id));
    if (input.itemIds?.some((id) => !items.some((i) => i.id === id))) throw new AppError("ticketNotFound");
    const chosen = input.itemIds ? items.filter((i) => input.itemIds?.includes(i.id)) : items;
    const moves = chosen
      .filter((i) => canBumpItem(i.state as ItemState, input.to))
      .map((i) => ({ itemId: i.id, from: i.state, to: input.to }));
    if (!moves.length) throw new AppError("nothingToBump");
    await tx
      .update(kitchenItems)
      .set({ state: input.to })
      .where(
        inArray(
          kitchenItems.id,
          moves.map((m) => m.itemId),
        ),
      );
    await tx
      .update(kitchenTickets)
      .set({ version: sql`${kitchenTickets.version} + 1` })
      .where(eq(kitchenTickets.id, ticket.id));
    const [bump] = await tx
      .insert(kitchenBumps)
      .values({
        stationId: ticket.stationId,
        ticketId: ticket.id,
        moves,
        actor: principal.actor,
        actorName: principal.name,
        at,
      })
      .returning({ id: kitchenBumps.id });
    if (!bump) throw new Error("bump not recorded");
    await recordAudit(tx, {
      restaurantId,
      by: principal,
      action: "kitchen.bump",
      target: `ticket:${ticket.id}`,
      before: { version: ticket.version, items: moves.map((m) => ({ id: m.itemId, state: m.from })) },
      after: {
        version: ticket.version + 1,
        items: moves.map((m) => ({ id: m.itemId, state: m.to })),
        bumpId: bump.id,
      },
    });
    const moved = ticket.kind === "new" ? await followItems(tx, order, principal.actor, at) : null;
    return { order, bumpId: bump.id, moved };
  });
  if (done.moved !== null) await broadcastOrderStatus(deps, done.order, done.moved, principal.actor);
  const ticket = await publishChanged(deps, restaurantId, input.ticketId, done.bumpId);
  return { ticket, bumpId: done.bumpId, orderStatus: done.moved };
}

/**
 * Undoes the station's last bump (compare-and-set: `bumpId` must still be its last, and its items
 * still where it put them; 409 otherwise). The order's status stays: core's order machine never goes
 * back (a recalled "served" leaves the order served; the display shows the item ready again).
 */
export async function recallBump(
  deps: BaseDeps,
  principal: StaffPrincipal,
  stationId: number,
  bumpId: number,
) {
  const { restaurantId } = principal;
  await stationOf(deps.db, restaurantId, stationId);
  const ticketId = await deps.db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(kitchenBumps)
      .where(and(eq(kitchenBumps.stationId, stationId), isNull(kitchenBumps.recalledAt)))
      .orderBy(desc(kitchenBumps.id))
      .limit(1);
    if (!last) throw new AppError("nothingToRecall");
    if (last.id !== bumpId) throw new AppError("ticketChanged");
    const { ticket } = await lockTicket(tx, restaurantId, last.ticketId);
    // under the ticket's lock: the bump is still unrecalled and still the last
    const [still] = await tx
      .select({ id: kitchenBumps.id })
      .from(kitchenBumps)
      .where(and(eq(kitchenBumps.stationId, stationId), isNull(kitchenBumps.recalledAt)))
      .orderBy(desc(kitchenBumps.id))
      .limit(1);
    if (still?.id !== bumpId) throw new AppError("ticketChanged");
    const items = await tx.select().from(kitchenItems).where(eq(kitchenItems.ticketId, ticket.id));
    for (const move of last.moves) {
      const item = items.find((i) => i.id === move.itemId);
      if (item?.state !== move.to) throw new AppError("ticketChanged");
    }
    for (const move of last.moves) {
      await tx
        .update(kitchenItems)
        .set({ state: move.from as ItemState })
        .where(eq(kitchenItems.id, move.itemId));
    }
    await tx
      .update(kitchenTickets)
      .set({ version: sql`${kitchenTickets.version} + 1` })
      .where(eq(kitchenTickets.id, ticket.id));
    await tx.update(kitchenBumps).set({ recalledAt: deps.now() }).where(eq(kitchenBumps.id, bumpId));
    await recordAudit(tx, {
      restaurantId,
      by: principal,
      action: "kitchen.recall",
      target: `ticket:${ticket.id}`,
      before: { version: ticket.version, items: last.moves.map((m) => ({ id: m.itemId, state: m.to })) },
      after: {
        version: ticket.version + 1,
        items: last.moves.map((m) => ({ id: m.itemId, state: m.from })),
        bumpId,
      },
    });
    return ticket.id;
  });
  const ticket = await publishChanged(deps, restaurantId, ticketId, null);
  return { ticket, lastBump: await lastBump(deps.db, stationId) };
}

async function publishChanged(
  deps: BaseDeps,
  restaurantId: number,
  ticketId: number,
  bumpId: number | null,
): Promise<KitchenTicket> {
  const [ticket] = await loadTickets(deps.db, restaurantId, [ticketId]);
  if (!ticket) throw new AppError("ticketNotFound");
  await publishStaff(deps.backplane, restaurantId, "kitchen", { type: "ticket.changed", ticket, bumpId });
  return ticket;
}
