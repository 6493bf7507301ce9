import {
  isForKitchen,
  type KitchenLine,
  kitchenDeltas,
  ORDER_STATUS,
  paysBeforeKitchen,
  type SentLine,
  waitsBeforeKitchen,
} from "@tablemate/core";
import Big from "big.js";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { dishes, kitchenItems, kitchenTickets, orderLines, orders } from "../../db/schema.js";
import type { Backplane } from "../../realtime/hub.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { queueTicketPrints } from "../print/enqueue.js";
import { kickPrinting } from "../print/run.js";
import { groupDueCents } from "../settlement/due.js";
import { listStations, routesOf } from "./stations.js";
import { loadTickets } from "./ticket-read.js";

type OrderRow = typeof orders.$inferSelect;

/**
 * Whether a placed order waits before the kitchen (core's waitsBeforeKitchen): the floor's gate holds
 * it (`orders.held`) for a waiter's confirmation, or it pays first and its group still owes money. The
 * group's money is read only for a placed pay-first order the gate let through.
 */
export async function heldBeforeKitchen(tx: Tx, order: OrderRow): Promise<boolean> {
  const paysFirst = paysBeforeKitchen(order);
  if (order.held || !paysFirst || order.status !== ORDER_STATUS.placed) return order.held;
  const dueCents = await groupDueCents(tx, order.mainOrderId ?? order.id);
  return waitsBeforeKitchen({ held: order.held, paysFirst, dueCents });
}

/** What ticketsForOrder made: the new tickets, and the tickets whose items a cancel voided. */
export interface TicketsMade {
  restaurantId: number;
  created: number[];
  changed: number[];
}

/**
 * Brings the kitchen up to date with one order (append-only): the order's lines it has not been sent
 * go to their stations as "new" tickets, once the order is the kitchen's (accepted or later, or placed
 * with no gate holding it); a cancelled order's lines make "cancel" tickets at the stations that got
 * them, and their items there are voided. Under the order's row lock, from what the kitchen already
 * has, so a retried, replayed or concurrent call makes nothing twice (and the unique keys per order ×
 * station × kind and per line × station × kind would refuse it anyway). Called after the change that
 * made the order the kitchen's has committed: by the submit, the accept and every status move.
 */
export async function ticketsForOrder(db: Db, orderId: number): Promise<TicketsMade> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { restaurantId: 0, created: [], changed: [] };
    const none = { restaurantId: order.restaurantId, created: [], changed: [] };
    const cancelled = order.status === ORDER_STATUS.cancelled;
    if (!cancelled && !isForKitchen(order.status, await heldBeforeKitchen(tx, order))) return none;
    const routes = routesOf(await listStations(tx, order.restaurantId));
    const sentRows = await tx
      .select({
        lineId: kitchenItems.orderLineId,
        stationId: kitchenItems.stationId,
        kind: kitchenItems.kind,
        count: kitchenItems.count,
      })
      .from(kitchenItems)
      .innerJoin(kitchenTickets, eq(kitchenItems.ticketId, kitchenTickets.id))
      .where(eq(kitchenTickets.orderId, orderId));
    if (!routes.length && !sentRows.length) return none;
    const sent = netSent(sentRows);
    const live: KitchenLine[] = cancelled
      ? []
      : (
          await tx
            .select({
              lineId: orderLines.id,
              // a voided line counts for nothing: the stations that got it receive a cancel ticket
              count: sql<string>`case when ${orderLines.voidedAt} is null then ${orderLines.count} else 0 end`,
              categoryId: dishes.categoryId,
              secondCategoryId: dishes.secondCategoryId,
            })
            .from(orderLines)
            .leftJoin(dishes, eq(orderLines.foodId, dishes.id))
            .where(eq(orderLines.orderId, orderId))
            .orderBy(asc(orderLines.id))
        ).map((l) => ({
          lineId: l.lineId,
          count: l.count,
          categoryIds: [l.categoryId, l.secondCategoryId],
        }));
    const deltas = kitchenDeltas(sent, live, routes);
    const created: number[] = [];
    const changed = new Set<number>();
    for (const delta of deltas) {
      const [ticket] = await tx
        .insert(kitchenTickets)
        .values({
          restaurantId: order.restaurantId,
          orderId,
          stationId: delta.stationId,
          kind: delta.kind,
          // per order, station, kind and the lines it carries: the same delta twice is refused, and a
          // void then a cancel each make their own cancel ticket
          key: `${orderId}/${delta.stationId}/${delta.kind}/${delta.items.map((i) => i.lineId).join(",")}`,
        })
        .onConflictDoNothing()
        .returning({ id: kitchenTickets.id });
      // the key was taken: this delta was made already (only a line × station × kind twice could)
      if (!ticket) continue;
      created.push(ticket.id);
      await tx
        .insert(kitchenItems)
        .values(
          delta.items.map((item) => ({
            ticketId: ticket.id,
            orderLineId: item.lineId,
            stationId: delta.stationId,
            kind: delta.kind,
            count: item.count,
            state: "held" as const,
          })),
        )
        .onConflictDoNothing();
      if (delta.kind === "cancel") {
        // the station stops: what it was making of these lines is void (what it served stays served)
        const voided = await tx
          .update(kitchenItems)
          .set({ state: "void" })
          .where(
            and(
              eq(kitchenItems.stationId, delta.stationId),
              eq(kitchenItems.kind, "new"),
              inArray(
                kitchenItems.orderLineId,
                delta.items.map((i) => i.lineId),
              ),
              notInArray(kitchenItems.state, ["served", "void"]),
            ),
          )
          .returning({ ticketId: kitchenItems.ticketId });
        for (const v of voided) changed.add(v.ticketId);
        if (voided.length) {
          await tx
            .update(kitchenTickets)
            .set({ version: sqlIncrement() })
            .where(inArray(kitchenTickets.id, [...new Set(voided.map((v) => v.ticketId))]));
        }
      }
    }
    // the tickets' pages queue for their printers in the same transaction: printed exactly when made
    await queueTicketPrints(tx, order.restaurantId, created, new Date());
    return { restaurantId: order.restaurantId, created, changed: [...changed] };
  });
}

const sqlIncrement = () => sql`${kitchenTickets.version} + 1`;

/** What each station got of each line: its new count minus its cancelled count. */
function netSent(rows: { lineId: number; stationId: number; kind: string; count: string }[]): SentLine[] {
  const net = new Map<string, SentLine & { big: Big }>();
  for (const r of rows) {
    const key = `${r.stationId}/${r.lineId}`;
    const entry = net.get(key) ?? { lineId: r.lineId, stationId: r.stationId, count: "0", big: new Big(0) };
    entry.big = r.kind === "new" ? entry.big.plus(r.count) : entry.big.minus(r.count);
    net.set(key, entry);
  }
  return [...net.values()].map(({ big, ...s }) => ({ ...s, count: big.toString() }));
}

export interface KitchenDeps {
  db: Db;
  backplane: Backplane;
}

/** Tells the restaurant's kitchen displays what ticketsForOrder made (after its commit). */
export async function publishTickets(deps: KitchenDeps, made: TicketsMade): Promise<void> {
  if (!made.created.length && !made.changed.length) return;
  const tickets = await loadTickets(deps.db, made.restaurantId, [...made.created, ...made.changed]);
  for (const ticket of tickets) {
    const type = made.created.includes(ticket.id) ? "ticket.created" : "ticket.changed";
    await publishStaff(deps.backplane, made.restaurantId, "kitchen", {
      type,
      ticket,
      ...(type === "ticket.changed" && { bumpId: null }),
    });
  }
}

/** ticketsForOrder, then the displays hear it: for a staff move (accept, cancel) after its commit. */
export async function sendToKitchen(deps: KitchenDeps, orderId: number): Promise<TicketsMade> {
  const made = await ticketsForOrder(deps.db, orderId);
  if (made.created.length) kickPrinting(deps.db);
  await publishTickets(deps, made);
  return made;
}
