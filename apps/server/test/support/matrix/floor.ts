import { randomUUID } from "node:crypto";
import { API, type Approval } from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  cartLines,
  carts,
  orderEvents,
  orderLines,
  orders,
  restaurants,
  tableUsers,
  visits,
  waiterCalls,
} from "../../../src/db/schema.js";
import { addMembership, hashAccountSecrets, insertAccount } from "../../../src/modules/staff/accounts.js";
import { json } from "../harness.js";
import { menuOf, PLAIN, plainDish } from "../ordering.js";
import { staffHeaders } from "../staff.js";
import type { MatrixContext, MatrixRow } from "./types.js";

/** Everything a floor call may change at the restaurant, to compare before and after a refusal. */
const floorOf = async ({ db, rid }: MatrixContext) => {
  const own = await db.select().from(orders).where(eq(orders.restaurantId, rid)).orderBy(asc(orders.id));
  const ids = own.map((o) => o.id);
  return {
    orders: own,
    events: ids.length ? await db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)) : [],
    lines: ids.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)) : [],
    visits: await db.select().from(visits).where(eq(visits.restaurantId, rid)).orderBy(asc(visits.id)),
    seats: await db.select().from(tableUsers).orderBy(asc(tableUsers.id)),
    carts: await db.select().from(carts).where(eq(carts.restaurantId, rid)).orderBy(asc(carts.id)),
    cartLines: await db.select().from(cartLines).orderBy(asc(cartLines.id)),
    calls: await db.select().from(waiterCalls).where(eq(waiterCalls.restaurantId, rid)),
    gate: await db.select({ rules: restaurants.gateRules }).from(restaurants).where(eq(restaurants.id, rid)),
  };
};

/** A manager of the restaurant, made for the row: the approval a comp or a reversed settle carries. */
export async function managerApproval(ctx: MatrixContext): Promise<Approval> {
  const i = ctx.unique();
  const member = {
    login: `floor-manager-${i}`,
    name: `楼面经理${i}`,
    password: `password-${i}`,
    pin: `${700000 + i}`,
  };
  const hashes = await hashAccountSecrets(member, 10);
  await ctx.db.transaction(async (tx) => {
    const account = await insertAccount(tx, member, hashes, new Date());
    await addMembership(tx, account.id, ctx.rid, "manager");
  });
  return { login: member.login, pin: member.pin };
}

const owner = (ctx: MatrixContext) => staffHeaders(ctx.app, ctx.rid, "owner");

const dishOf = async (ctx: MatrixContext): Promise<number> => plainDish(await menuOf(ctx.app, ctx.rid)).id;

/** The floor's calls (issue 17): every change writes one audit entry. */
export const FLOOR_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consoleFloor(":rid"),
    permission: "floor.read",
    request: async ({ rid }) => ({ url: API.consoleFloor(rid) }),
    snapshot: floorOf,
  },
  {
    method: "GET",
    route: API.consoleTable(":rid", ":tableId"),
    permission: "floor.read",
    request: async (ctx) => ({ url: API.consoleTable(ctx.rid, (await ctx.placedOrder()).tableId) }),
    snapshot: floorOf,
  },
  ...(["accept", "serve"] as const).map(
    (action): MatrixRow => ({
      method: "POST",
      route: API.consoleOrderAction(":rid", ":orderId", action),
      permission: action === "accept" ? "orders.accept" : "orders.serve",
      request: async (ctx) => ({
        url: API.consoleOrderAction(ctx.rid, (await ctx.placedOrder()).orderId, action),
        payload: {},
      }),
      snapshot: floorOf,
    }),
  ),
  {
    method: "GET",
    route: API.consoleOrder(":rid", ":orderId"),
    permission: "floor.read",
    request: async (ctx) => ({ url: API.consoleOrder(ctx.rid, (await ctx.placedOrder()).orderId) }),
    snapshot: floorOf,
  },
  {
    // a reservation's step (the demo restaurant takes dine-in orders: the placed order is made one)
    method: "POST",
    route: API.consoleOrderAction(":rid", ":orderId", "fulfilment"),
    permission: "orders.accept",
    variant: "confirmed",
    request: async (ctx) => {
      const { orderId } = await ctx.placedOrder();
      await ctx.db.update(orders).set({ eatType: "reserve" }).where(eq(orders.id, orderId));
      return { url: API.consoleOrderAction(ctx.rid, orderId, "fulfilment"), payload: { to: "confirmed" } };
    },
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleOrderAction(":rid", ":orderId", "cancel"),
    permission: "orders.cancel",
    request: async (ctx) => ({
      url: API.consoleOrderAction(ctx.rid, (await ctx.placedOrder()).orderId, "cancel"),
      payload: { reason: "矩阵" },
    }),
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleLineComp(":rid", ":lineId"),
    permission: "orders.comp",
    request: async (ctx) => {
      const { orderId } = await ctx.placedOrder();
      const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      return {
        url: API.consoleLineComp(ctx.rid, line?.id ?? 0),
        payload: { reason: "矩阵", approval: await managerApproval(ctx) },
      };
    },
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleLineVoid(":rid", ":lineId"),
    permission: "orders.cancel",
    request: async (ctx) => {
      const { orderId } = await ctx.placedOrder();
      const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      if (!line) throw new Error("no line");
      // a second dish on the order, so the first is not its last (which is cancelled, not voided)
      const { id: _id, ...copy } = line;
      await ctx.db.insert(orderLines).values({ ...copy, detailId: `${line.detailId}-2` });
      return { url: API.consoleLineVoid(ctx.rid, line.id), payload: { reason: "矩阵" } };
    },
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleTableAction(":rid", ":tableId", "reverse-settle"),
    permission: "tables.reverseSettle",
    request: async (ctx) => {
      const { tableId } = await ctx.placedOrder();
      const settled = await ctx.app.server.inject({
        method: "POST",
        url: API.staffSettleTable(ctx.rid, tableId),
        headers: await owner(ctx),
        payload: {},
      });
      if (json(settled).code !== 1000) throw new Error(`settle: ${settled.body}`);
      return {
        url: API.consoleTableAction(ctx.rid, tableId, "reverse-settle"),
        payload: { reason: "矩阵", approval: await managerApproval(ctx) },
      };
    },
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleTableAction(":rid", ":tableId", "seat"),
    permission: "orders.accept",
    request: async (ctx) => ({
      url: API.consoleTableAction(ctx.rid, ctx.freeTable(), "seat"),
      payload: { personNum: 2 },
    }),
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleTableAction(":rid", ":tableId", "cart-ops"),
    permission: "orders.accept",
    request: async (ctx) => {
      const { tableId } = await ctx.seatedTable();
      const op = { kind: "add", foodId: await dishOf(ctx), choice: PLAIN };
      return {
        url: API.consoleTableAction(ctx.rid, tableId, "cart-ops"),
        payload: { opId: randomUUID(), op },
      };
    },
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleTableAction(":rid", ":tableId", "submit"),
    permission: "orders.accept",
    request: async (ctx) => {
      const { tableId } = await ctx.seatedTable();
      const op = { kind: "add", foodId: await dishOf(ctx), choice: PLAIN };
      const added = await ctx.app.server.inject({
        method: "POST",
        url: API.consoleTableAction(ctx.rid, tableId, "cart-ops"),
        headers: await owner(ctx),
        payload: { opId: randomUUID(), op },
      });
      if (json(added).code !== 1000) throw new Error(`cart op: ${added.body}`);
      return {
        url: API.consoleTableAction(ctx.rid, tableId, "submit"),
        payload: { submitId: randomUUID(), personNum: 2 },
      };
    },
    snapshot: floorOf,
  },
  {
    method: "POST",
    route: API.consoleCallAck(":rid", ":callId"),
    permission: "calls.ack",
    request: async (ctx) => {
      const { tableId } = await ctx.seatedTable();
      const [call] = await ctx.db
        .insert(waiterCalls)
        .values({ restaurantId: ctx.rid, tableId, kind: "call" })
        .returning({ id: waiterCalls.id });
      return { url: API.consoleCallAck(ctx.rid, call?.id ?? 0), payload: {} };
    },
    snapshot: floorOf,
  },
  {
    method: "GET",
    route: API.consoleGate(":rid"),
    permission: "floor.read",
    request: async ({ rid }) => ({ url: API.consoleGate(rid) }),
    snapshot: floorOf,
  },
  {
    method: "PUT",
    route: API.consoleGate(":rid"),
    permission: "settings.write",
    request: async ({ rid }) => ({ url: API.consoleGate(rid), payload: { overAmount: "9999" } }),
    snapshot: async (ctx) => {
      const rows = await ctx.db
        .select({ rules: restaurants.gateRules })
        .from(restaurants)
        .where(and(eq(restaurants.id, ctx.rid)));
      return rows;
    },
  },
];
