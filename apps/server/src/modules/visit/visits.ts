import { AppError } from "@tablemate/core";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { carts, tables, tableUsers, visits } from "../../db/schema.js";
import type { Backplane } from "../../realtime/hub.js";
import { publishStaff } from "../../realtime/staff-topics.js";

/**
 * A table's visits: one party's stay, opened by the first scan and ended by settling or clearing the
 * table. The printed code is permanent; what it grants is a seat at the table's open visit.
 */
type TableRef = { id: number; restaurantId: number };

async function openVisitId(db: Db, tableId: number): Promise<number | undefined> {
  const [open] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.tableId, tableId), isNull(visits.endedAt)));
  return open?.id;
}

/** The table's open visit, opened now when the last party has left (two first scans open one). */
export async function openVisit(db: Db, table: TableRef): Promise<number> {
  const open = await openVisitId(db, table.id);
  if (open) return open;
  await db
    .insert(visits)
    .values({ restaurantId: table.restaurantId, tableId: table.id })
    .onConflictDoNothing({ target: visits.tableId, where: sql`ended_at is null` });
  const opened = await openVisitId(db, table.id);
  if (!opened) throw new AppError("internal");
  return opened;
}

/**
 * A scan of the table's code: the visitor sits at its open visit (once, however often they scan). A
 * new seat is news for the staff's floor (`news`: the backplane), told after it is written.
 */
export async function seatVisitor(db: Db, table: TableRef, guid: string, news?: Backplane): Promise<number> {
  const visitId = await openVisit(db, table);
  const seated = await db
    .insert(tableUsers)
    .values({ tableId: table.id, visitId, guid })
    .onConflictDoNothing()
    .returning({ id: tableUsers.id });
  if (news && seated.length) {
    await publishStaff(news, table.restaurantId, "floor", {
      type: "table",
      tableId: table.id,
      change: "seated",
    });
  }
  return visitId;
}

/** The open visit the visitor sits at, or null (never scanned, or their party's visit has ended). */
export async function seatedVisit(db: Db, tableId: number, guid: string): Promise<number | null> {
  const [seat] = await db
    .select({ visitId: tableUsers.visitId })
    .from(tableUsers)
    .innerJoin(visits, eq(visits.id, tableUsers.visitId))
    .where(and(eq(tableUsers.tableId, tableId), eq(tableUsers.guid, guid), isNull(visits.endedAt)));
  return seat?.visitId ?? null;
}

/**
 * Ends the table's open visit inside the caller's transaction: every cart of it moves to a new version
 * (an operation or a submit read before now writes nothing and, read again, finds the visit ended) and
 * the diner count goes back to none. Answers the ended visit's carts, or null when none was open.
 */
export async function endVisit(tx: Tx, tableId: number, actor: string, at: Date): Promise<number[] | null> {
  const [ended] = await tx
    .update(visits)
    .set({ endedAt: at, endedBy: actor })
    .where(and(eq(visits.tableId, tableId), isNull(visits.endedAt)))
    .returning({ id: visits.id });
  if (!ended) return null;
  const bumped = await tx
    .update(carts)
    .set({ version: sql`${carts.version} + 1` })
    .where(eq(carts.visitId, ended.id))
    .returning({ id: carts.id });
  await tx.update(tables).set({ personNum: 0 }).where(eq(tables.id, tableId));
  return bumped.map((c) => c.id);
}
