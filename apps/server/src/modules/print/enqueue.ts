import { randomUUID } from "node:crypto";
import { kitchenTicketDoc, type PrintDoc, type PrintJobKind, pickupSlipDoc } from "@tablemate/core";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { kitchenTickets, printers, printJobs, restaurants, stations } from "../../db/schema.js";
import { loadTickets } from "../kitchen/ticket-read.js";

type Writer = Db | Tx;

/** The restaurant's name and zone: every page says where and when in the restaurant's own time. */
export async function pageContext(db: Writer, restaurantId: number) {
  const [row] = await db
    .select({ name: restaurants.name, timeZone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return { restaurantName: row?.name ?? "", timeZone: row?.timeZone ?? "Asia/Shanghai" };
}

/** Queues one page for one printer; `key` makes the same page twice a no-op. Answers the job's id, or null. */
export async function queuePage(
  db: Writer,
  job: {
    restaurantId: number;
    printerId: number;
    kind: PrintJobKind;
    key: string;
    page: PrintDoc;
    ticketId?: number | null;
    orderId?: number | null;
    now: Date;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(printJobs)
    .values({
      restaurantId: job.restaurantId,
      printerId: job.printerId,
      firstPrinterId: job.printerId,
      kind: job.kind,
      key: job.key,
      page: job.page,
      ticketId: job.ticketId ?? null,
      orderId: job.orderId ?? null,
      nextAt: job.now,
      createdAt: job.now,
    })
    .onConflictDoNothing()
    .returning({ id: printJobs.id });
  return row?.id ?? null;
}

/** A key for a page printed on request (test page, bill, reprint): each request its own. */
export const requestKey = (kind: PrintJobKind, ...parts: (string | number)[]): string =>
  [kind, ...parts, randomUUID()].join("/");

/**
 * The pages new kitchen tickets print (issue 27), queued in the transaction that made the tickets,
 * so a ticket exists exactly when its print jobs do: one per ticket at its station's printer (a
 * station with none prints nothing), and a quick-service order's pick-up slip at the counter
 * printer once (key per order). Keys per ticket and printer: a replay queues nothing twice.
 */
export async function queueTicketPrints(
  tx: Tx,
  restaurantId: number,
  ticketIds: number[],
  now: Date,
): Promise<number[]> {
  if (!ticketIds.length) return [];
  const routed = await tx
    .select({ ticketId: kitchenTickets.id, printerId: stations.printerId })
    .from(kitchenTickets)
    .innerJoin(stations, eq(kitchenTickets.stationId, stations.id))
    .where(and(inArray(kitchenTickets.id, ticketIds), isNotNull(stations.printerId)));
  const [counter] = await tx
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.restaurantId, restaurantId), eq(printers.counter, true)))
    .limit(1);
  if (!routed.length && !counter) return [];
  const tickets = await loadTickets(tx, restaurantId, ticketIds);
  const context = await pageContext(tx, restaurantId);
  const marks = { timeZone: context.timeZone };
  const printedAt = now.toISOString();
  const queued: number[] = [];
  for (const ticket of tickets) {
    for (const route of routed.filter((r) => r.ticketId === ticket.id)) {
      const id = await queuePage(tx, {
        restaurantId,
        printerId: route.printerId as number,
        kind: "ticket",
        key: `ticket/${ticket.id}/${route.printerId}`,
        page: kitchenTicketDoc(
          { restaurantName: context.restaurantName, ticket, reprint: false, reprintCount: 0, printedAt },
          marks,
        ),
        ticketId: ticket.id,
        orderId: ticket.orderId,
        now,
      });
      if (id !== null) queued.push(id);
    }
  }
  const firstFast = tickets.find((t) => t.eatType === "fast" && t.kind === "new" && t.fastSerialNo);
  if (counter && firstFast) {
    const id = await queuePage(tx, {
      restaurantId,
      printerId: counter.id,
      kind: "pickup",
      key: `pickup/${firstFast.orderId}`,
      page: pickupSlipDoc({ restaurantName: context.restaurantName, ticket: firstFast, printedAt }, marks),
      orderId: firstFast.orderId,
      now,
    });
    if (id !== null) queued.push(id);
  }
  return queued;
}
