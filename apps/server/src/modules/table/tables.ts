import { AppError, idSchema, type TableInfo, type TableJoinResult, type TableUser } from "@tablemate/core";
import { and, asc, eq, notLike } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tables, tableUsers } from "../../db/schema.js";
import type { Backplane } from "../../realtime/hub.js";
import type { Signer } from "../../security/signer.js";
import { seatedVisit, seatVisitor } from "../visit/visits.js";

export type TableRow = typeof tables.$inferSelect;

export async function listTables(db: Db, restaurantId: number): Promise<TableInfo[]> {
  return db
    .select({ id: tables.id, name: tables.name, tableType: tables.tableType })
    .from(tables)
    .where(eq(tables.restaurantId, restaurantId))
    .orderBy(asc(tables.id));
}

/** The table of a restaurant, reached only with its signed token (the sid of the QR link). */
export async function getSignedTable(
  db: Db,
  signer: Signer,
  restaurantId: number,
  tableId: number,
  sid: string,
): Promise<TableRow> {
  const [table] = await db
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)));
  if (!table) throw new AppError("tableNotFound");
  if (!signer.verifyTableToken(restaurantId, tableId, sid)) throw new AppError("invalidTableToken");
  return table;
}

/**
 * The diner count of the table a page link names (`tn`, with `sid` its signed token), for the page's
 * first screen; null when the link names no table of the restaurant or its token is not the table's.
 */
export async function linkedTableDinerCount(
  db: Db,
  signer: Signer,
  restaurantId: number,
  link: { tn?: unknown; sid?: unknown },
): Promise<number | null> {
  const tableId = idSchema.safeParse(link.tn);
  if (!tableId.success || typeof link.sid !== "string") return null;
  if (!signer.verifyTableToken(restaurantId, tableId.data, link.sid)) return null;
  const [row] = await db
    .select({ personNum: tables.personNum })
    .from(tables)
    .where(and(eq(tables.id, tableId.data), eq(tables.restaurantId, restaurantId)));
  return row?.personNum ?? null;
}

async function visitUsers(db: Db, visitId: number): Promise<TableUser[]> {
  const rows = await db
    .select()
    .from(tableUsers)
    // a waiter who ordered for the table sits at its visit too, but is no tablemate
    .where(and(eq(tableUsers.visitId, visitId), notLike(tableUsers.guid, "staff:%")))
    .orderBy(asc(tableUsers.id));
  return rows.map((row, i) => ({
    userId: row.guid,
    name: row.nickname,
    url: row.headIcon,
    order: i + 1,
    count: 0,
    joinTime: row.joinedAt.toISOString(),
    wxName: row.nickname,
    wxUrl: row.headIcon,
  }));
}

/** Seats the visitor at the table's open visit (once, however often they join) and tells who is there. */
export async function joinTable(
  db: Db,
  table: TableRow,
  guid: string,
  accessType: "realTable" | "virTable",
  news?: Backplane,
): Promise<TableJoinResult> {
  const visitId = await seatVisitor(db, table, guid, news);
  return {
    tableId: table.id,
    tableName: table.name,
    tableType: table.tableType,
    accessType,
    personNum: table.personNum,
    // only this party: the diners of earlier visits are none of the new party's business
    users: await visitUsers(db, visitId),
  };
}

/** The table of a restaurant and its open visit, for a diner seated at that visit only. */
export async function getSeatedTable(
  db: Db,
  restaurantId: number,
  tableId: number,
  guid: string,
): Promise<{ table: TableRow; visitId: number }> {
  const [table] = await db
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)));
  if (!table) throw new AppError("tableNotFound");
  const visitId = await seatedVisit(db, tableId, guid);
  if (visitId === null) throw new AppError("notSeated");
  return { table, visitId };
}
