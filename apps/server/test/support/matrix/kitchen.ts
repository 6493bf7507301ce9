import { API } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import {
  auditLog,
  kitchenBumps,
  kitchenItems,
  kitchenTickets,
  orders,
  stationCategories,
  stations,
} from "../../../src/db/schema.js";
import { bumpTicket } from "../../../src/modules/kitchen/display.js";
import { kitchenIdle } from "../../../src/modules/kitchen/queue.js";
import { memoryBackplane } from "../../../src/realtime/hub.js";
import type { MatrixContext, MatrixRow } from "./types.js";

const kitchenOf = async ({ db, rid }: MatrixContext) => ({
  stations: await db.select().from(stations).where(eq(stations.restaurantId, rid)).orderBy(asc(stations.id)),
  routes: await db.select().from(stationCategories).orderBy(asc(stationCategories.stationId)),
  tickets: await db.select().from(kitchenTickets).orderBy(asc(kitchenTickets.id)),
  items: await db.select().from(kitchenItems).orderBy(asc(kitchenItems.id)),
  bumps: await db.select().from(kitchenBumps).orderBy(asc(kitchenBumps.id)),
  orders: await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.restaurantId, rid))
    .orderBy(asc(orders.id)),
  audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
});

/** A ticket of an order just placed (its tickets are made after the submit: waited for). */
async function freshTicket(ctx: MatrixContext) {
  const { orderId } = await ctx.placedOrder();
  await kitchenIdle(ctx.db);
  const [ticket] = await ctx.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, orderId));
  if (!ticket) throw new Error("the placed order has no kitchen ticket");
  return ticket;
}

/** One ticket (and its order) for the rows that only read or reprint it: tables are few. */
const shared = new WeakMap<MatrixContext["db"], Promise<typeof kitchenTickets.$inferSelect>>();
function sharedTicket(ctx: MatrixContext) {
  let ticket = shared.get(ctx.db);
  if (!ticket) {
    ticket = freshTicket(ctx);
    shared.set(ctx.db, ticket);
  }
  return ticket;
}

async function freshStation(ctx: MatrixContext): Promise<number> {
  const [row] = await ctx.db
    .insert(stations)
    .values({ restaurantId: ctx.rid, name: `矩阵${ctx.unique()}`, sort: 50 })
    .returning({ id: stations.id });
  if (!row) throw new Error("no station");
  return row.id;
}

const firstStation = async ({ db, rid }: MatrixContext) => {
  const [s] = await db
    .select()
    .from(stations)
    .where(eq(stations.restaurantId, rid))
    .orderBy(asc(stations.id));
  if (!s) throw new Error("the demo restaurant has no station");
  return s.id;
};

/** The kitchen's calls: stations, the display, bump and recall, tickets to print, reprints, the bill. */
export const KITCHEN_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consoleStations(":rid"),
    permission: "kitchen.read",
    request: async ({ rid }) => ({ url: API.consoleStations(rid) }),
    snapshot: kitchenOf,
  },
  {
    method: "GET",
    route: API.consoleStationCategories(":rid"),
    permission: "kitchen.read",
    request: async ({ rid }) => ({ url: API.consoleStationCategories(rid) }),
    snapshot: kitchenOf,
  },
  {
    method: "POST",
    route: API.consoleStations(":rid"),
    permission: "menu.write",
    request: async (ctx) => ({
      url: API.consoleStations(ctx.rid),
      payload: { name: `新档口${ctx.unique()}` },
    }),
    snapshot: kitchenOf,
  },
  {
    method: "PUT",
    route: API.consoleStation(":rid", ":sid"),
    permission: "menu.write",
    request: async (ctx) => ({
      url: API.consoleStation(ctx.rid, await freshStation(ctx)),
      payload: { name: `改名${ctx.unique()}`, sort: 60 },
    }),
    snapshot: kitchenOf,
  },
  {
    method: "DELETE",
    route: API.consoleStation(":rid", ":sid"),
    permission: "menu.write",
    request: async (ctx) => ({ url: API.consoleStation(ctx.rid, await freshStation(ctx)) }),
    snapshot: kitchenOf,
  },
  {
    method: "GET",
    route: API.consoleStationDisplay(":rid", ":sid"),
    permission: "kitchen.read",
    request: async (ctx) => ({ url: API.consoleStationDisplay(ctx.rid, await firstStation(ctx)) }),
    snapshot: kitchenOf,
  },
  {
    method: "POST",
    route: API.consoleStationRecall(":rid", ":sid"),
    permission: "kitchen.bump",
    request: async (ctx) => {
      const ticket = await freshTicket(ctx);
      const principal = {
        restaurantId: ctx.rid,
        role: "owner" as const,
        accountId: null,
        apiKeyId: null,
        name: "矩阵",
        actor: "matrix",
      };
      const deps = { db: ctx.db, backplane: memoryBackplane(), now: () => new Date() };
      const { bumpId } = await bumpTicket(deps, principal, {
        ticketId: ticket.id,
        version: 0,
        to: "cooking",
      });
      return { url: API.consoleStationRecall(ctx.rid, ticket.stationId), payload: { bumpId } };
    },
    snapshot: kitchenOf,
  },
  {
    method: "GET",
    route: API.consoleTicket(":rid", ":tid"),
    permission: "kitchen.read",
    request: async (ctx) => ({ url: API.consoleTicket(ctx.rid, (await sharedTicket(ctx)).id) }),
    snapshot: kitchenOf,
  },
  {
    method: "POST",
    route: API.consoleTicketBump(":rid", ":tid"),
    permission: "kitchen.bump",
    request: async (ctx) => ({
      url: API.consoleTicketBump(ctx.rid, (await freshTicket(ctx)).id),
      payload: { version: 0, to: "cooking" },
    }),
    snapshot: kitchenOf,
  },
  {
    method: "POST",
    route: API.consoleTicketReprint(":rid", ":tid"),
    permission: "tickets.reprint",
    request: async (ctx) => ({ url: API.consoleTicketReprint(ctx.rid, (await sharedTicket(ctx)).id) }),
    snapshot: kitchenOf,
  },
  {
    method: "GET",
    route: API.consoleOrderBill(":rid", ":oid"),
    permission: "bill.print",
    request: async (ctx) => ({ url: API.consoleOrderBill(ctx.rid, (await sharedTicket(ctx)).orderId) }),
    snapshot: kitchenOf,
  },
];
