import { API } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import { additionStock, dishes, restaurants, tables } from "../../../src/db/schema.js";
import type { MatrixContext, MatrixRow } from "./types.js";

const stockOf = async ({ db, rid }: MatrixContext) => ({
  dishes: await db
    .select({ id: dishes.id, estimate: dishes.estimate, snoozedUntil: dishes.snoozedUntil })
    .from(dishes)
    .where(eq(dishes.restaurantId, rid))
    .orderBy(asc(dishes.id)),
  additions: await db
    .select()
    .from(additionStock)
    .where(eq(additionStock.restaurantId, rid))
    .orderBy(asc(additionStock.additionId)),
});
const posOf = async ({ db, rid }: MatrixContext) =>
  db.select({ posOnline: restaurants.posOnline }).from(restaurants).where(eq(restaurants.id, rid));
const tablesOf = async ({ db, rid }: MatrixContext) =>
  db.select().from(tables).where(eq(tables.restaurantId, rid)).orderBy(asc(tables.id));

/** A new table of the restaurant (of its own, so the matrix's free tables are left to the rows that seat diners). */
async function newTable({ db, rid, unique }: MatrixContext): Promise<number> {
  const [row] = await db
    .insert(tables)
    .values({ restaurantId: rid, name: `矩阵桌${unique()}` })
    .returning();
  if (!row) throw new Error("no table");
  return row.id;
}

/** A dish of the restaurant, and an addition one of its dishes offers. */
async function items({ db, rid }: MatrixContext): Promise<{ dishId: number; additionId: number }> {
  const rows = await db
    .select({ id: dishes.id, additionCategories: dishes.additionCategories })
    .from(dishes)
    .where(eq(dishes.restaurantId, rid))
    .orderBy(asc(dishes.id));
  const additionId = rows.flatMap((r) => r.additionCategories.flatMap((c) => c.additions))[0]?.id;
  const dishId = rows.at(-1)?.id;
  if (!dishId || !additionId) throw new Error("the matrix restaurant has no dish or addition");
  return { dishId, additionId };
}

/** The console's stock, POS switch and tables (issue 17, stock helper). */
export const STOCK_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consoleStock(":rid"),
    permission: "stock.write",
    request: async ({ rid }) => ({ url: API.consoleStock(rid) }),
    snapshot: stockOf,
  },
  {
    method: "PUT",
    route: API.consoleDishStock(":rid", ":itemId"),
    permission: "stock.write",
    // a snooze of the restaurant's last dish: the rows after this one still order its first dishes
    request: async (ctx) => ({
      url: API.consoleDishStock(ctx.rid, (await items(ctx)).dishId),
      payload: { action: "snooze", hours: 1 },
    }),
    snapshot: stockOf,
  },
  {
    method: "PUT",
    route: API.consoleAdditionStock(":rid", ":itemId"),
    permission: "stock.write",
    request: async (ctx) => ({
      url: API.consoleAdditionStock(ctx.rid, (await items(ctx)).additionId),
      payload: { action: "snooze", hours: 2 },
    }),
    snapshot: stockOf,
  },
  {
    method: "PUT",
    route: API.consolePos(":rid"),
    permission: "pos.write",
    // online stays on: the rows after this one place orders
    request: async ({ rid }) => ({ url: API.consolePos(rid), payload: { online: true } }),
    snapshot: posOf,
  },
  {
    method: "GET",
    route: API.consoleTables(":rid"),
    permission: "tables.write",
    request: async ({ rid }) => ({ url: API.consoleTables(rid) }),
    snapshot: tablesOf,
  },
  {
    method: "POST",
    route: API.consoleTables(":rid"),
    permission: "tables.write",
    request: async (ctx) => ({ url: API.consoleTables(ctx.rid), payload: { name: `矩阵${ctx.unique()}` } }),
    snapshot: tablesOf,
  },
  {
    method: "PUT",
    route: API.consoleTable(":rid", ":tableId"),
    permission: "tables.write",
    request: async (ctx) => ({
      url: API.consoleTable(ctx.rid, await newTable(ctx)),
      payload: { name: `改名${ctx.unique()}`, tableType: 6 },
    }),
    snapshot: tablesOf,
  },
  {
    method: "DELETE",
    route: API.consoleTable(":rid", ":tableId"),
    permission: "tables.write",
    request: async (ctx) => ({ url: API.consoleTable(ctx.rid, await newTable(ctx)) }),
    snapshot: tablesOf,
  },
  {
    method: "GET",
    route: API.consoleQrSheet(":rid"),
    permission: "tables.write",
    request: async ({ rid }) => ({ url: API.consoleQrSheet(rid) }),
    snapshot: tablesOf,
  },
];
