import { AppError, type Station, type StationRoute, type stationBodySchema } from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { categories, kitchenTickets, stationCategories, stations } from "../../db/schema.js";
import { isPgError, PG_ERROR } from "../../db/statements.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";

type StationInput = z.output<typeof stationBodySchema>;

/** A restaurant's stations with their categories, in display order (sort, then id). */
export async function listStations(db: Db | Tx, restaurantId: number): Promise<Station[]> {
  const rows = await db
    .select()
    .from(stations)
    .where(eq(stations.restaurantId, restaurantId))
    .orderBy(asc(stations.sort), asc(stations.id));
  if (!rows.length) return [];
  const cats = await db
    .select()
    .from(stationCategories)
    .where(
      inArray(
        stationCategories.stationId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sort: r.sort,
    categoryIds: cats
      .filter((c) => c.stationId === r.id)
      .map((c) => c.categoryId)
      .sort((a, b) => a - b),
  }));
}

/** The restaurant's categories (both levels), for choosing what a station cooks. */
export async function stationCategoryChoices(db: Db, restaurantId: number) {
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.restaurantId, restaurantId))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** The routes core's routeDish reads. */
export const routesOf = (list: readonly Station[]): StationRoute[] =>
  list.map((s) => ({ stationId: s.id, sort: s.sort, categoryIds: s.categoryIds }));

/** One station of this restaurant (404 for another restaurant's). */
export async function stationOf(db: Db | Tx, restaurantId: number, stationId: number): Promise<Station> {
  const found = (await listStations(db, restaurantId)).find((s) => s.id === stationId);
  if (!found) throw new AppError("stationNotFound");
  return found;
}

/** Every category named must be this restaurant's (400 otherwise): a station never routes another's dishes. */
async function checkCategories(tx: Tx, restaurantId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.restaurantId, restaurantId), inArray(categories.id, unique)));
  if (found.length !== unique.length) throw new AppError("categoryUnknown");
  return unique;
}

async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // drizzle wraps the driver's error (its cause)
    const cause = (error as { cause?: unknown }).cause;
    if (isPgError(error, PG_ERROR.uniqueViolation) || isPgError(cause, PG_ERROR.uniqueViolation))
      throw new AppError("stationNameTaken");
    throw error;
  }
}

export async function createStation(
  db: Db,
  principal: StaffPrincipal,
  input: StationInput,
): Promise<Station> {
  const { restaurantId } = principal;
  return nameTaken(() =>
    db.transaction(async (tx) => {
      const categoryIds = await checkCategories(tx, restaurantId, input.categoryIds);
      const [row] = await tx
        .insert(stations)
        .values({ restaurantId, name: input.name, sort: input.sort })
        .returning();
      if (!row) throw new Error("station not inserted");
      if (categoryIds.length)
        await tx
          .insert(stationCategories)
          .values(categoryIds.map((categoryId) => ({ stationId: row.id, categoryId })));
      const station = {
        id: row.id,
        name: row.name,
        sort: row.sort,
        categoryIds: categoryIds.sort((a, b) => a - b),
      };
      await recordAudit(tx, {
        restaurantId,
        by: principal,
        action: "station.create",
        target: `station:${row.id}`,
        after: station,
      });
      return station;
    }),
  );
}

/** Replaces a station's name, place and categories (under a lock on the station). */
export async function updateStation(
  db: Db,
  principal: StaffPrincipal,
  stationId: number,
  input: StationInput,
): Promise<Station> {
  const { restaurantId } = principal;
  return nameTaken(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: stations.id })
        .from(stations)
        .where(and(eq(stations.id, stationId), eq(stations.restaurantId, restaurantId)))
        .for("update");
      if (!locked) throw new AppError("stationNotFound");
      const before = await stationOf(tx, restaurantId, stationId);
      const categoryIds = await checkCategories(tx, restaurantId, input.categoryIds);
      await tx.update(stations).set({ name: input.name, sort: input.sort }).where(eq(stations.id, stationId));
      await tx.delete(stationCategories).where(eq(stationCategories.stationId, stationId));
      if (categoryIds.length)
        await tx
          .insert(stationCategories)
          .values(categoryIds.map((categoryId) => ({ stationId, categoryId })));
      const after = {
        id: stationId,
        name: input.name,
        sort: input.sort,
        categoryIds: categoryIds.sort((a, b) => a - b),
      };
      await recordAudit(tx, {
        restaurantId,
        by: principal,
        action: "station.update",
        target: `station:${stationId}`,
        before,
        after,
      });
      return after;
    }),
  );
}

/** Removes a station that never had a ticket (409 otherwise: its tickets keep their history). */
export async function deleteStation(db: Db, principal: StaffPrincipal, stationId: number): Promise<void> {
  const { restaurantId } = principal;
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: stations.id })
      .from(stations)
      .where(and(eq(stations.id, stationId), eq(stations.restaurantId, restaurantId)))
      .for("update");
    if (!locked) throw new AppError("stationNotFound");
    const [used] = await tx
      .select({ id: kitchenTickets.id })
      .from(kitchenTickets)
      .where(eq(kitchenTickets.stationId, stationId))
      .limit(1);
    if (used) throw new AppError("stationInUse");
    const before = await stationOf(tx, restaurantId, stationId);
    await tx.delete(stationCategories).where(eq(stationCategories.stationId, stationId));
    await tx.delete(stations).where(eq(stations.id, stationId));
    await recordAudit(tx, {
      restaurantId,
      by: principal,
      action: "station.delete",
      target: `station:${stationId}`,
      before,
    });
  });
}
