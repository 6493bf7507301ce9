import { API, ORDER_STATUS } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import { orderEvents, orders, visits } from "../../../src/db/schema.js";
import type { MatrixContext, MatrixRow } from "./types.js";

const ordersOf = async ({ db, rid }: MatrixContext) => ({
  orders: await db.select().from(orders).where(eq(orders.restaurantId, rid)).orderBy(asc(orders.id)),
  events: await db.select().from(orderEvents).orderBy(asc(orderEvents.id)),
  visits: await db.select().from(visits).orderBy(asc(visits.id)),
});

/** The order and table calls that came before the floor; each change writes one audit entry. */
export const ORDER_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.staffOrders(":rid"),
    permission: "floor.read",
    request: async ({ rid }) => ({ url: API.staffOrders(rid) }),
    snapshot: ordersOf,
  },
  {
    method: "POST",
    route: API.staffOrderStatus(":rid", ":orderId"),
    permission: "orders.serve",
    variant: "served",
    request: async (ctx) => {
      const { orderId } = await ctx.placedOrder();
      return { url: API.staffOrderStatus(ctx.rid, orderId), payload: { status: ORDER_STATUS.served } };
    },
    snapshot: ordersOf,
  },
  {
    method: "POST",
    route: API.staffOrderStatus(":rid", ":orderId"),
    permission: "orders.cancel",
    variant: "cancelled",
    request: async (ctx) => {
      const { orderId } = await ctx.placedOrder();
      return { url: API.staffOrderStatus(ctx.rid, orderId), payload: { status: ORDER_STATUS.cancelled } };
    },
    snapshot: ordersOf,
  },
  {
    method: "POST",
    route: API.staffSettleTable(":rid", ":tableId"),
    permission: "tables.settle",
    request: async (ctx) => {
      const { tableId } = await ctx.placedOrder();
      return { url: API.staffSettleTable(ctx.rid, tableId), payload: {} };
    },
    snapshot: ordersOf,
  },
  {
    method: "POST",
    route: API.staffClearTable(":rid", ":tableId"),
    permission: "tables.clear",
    request: async (ctx) => {
      const { tableId } = await ctx.seatedTable();
      return { url: API.staffClearTable(ctx.rid, tableId), payload: {} };
    },
    snapshot: ordersOf,
  },
];
