import {
  AppError,
  applyStockChange,
  availableEstimate,
  menuEstimates,
  type StockAddition,
  type StockChange,
  type StockDish,
  type StockOverview,
  type StockRow,
  stockState,
} from "@tablemate/core";
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { additionStock, categories, dishes, restaurants } from "../../db/schema.js";
import type { BaseDeps } from "../../deps.js";
import { restaurantTopic } from "../../realtime/hub.js";
import { stockMessage } from "../../realtime/messages.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";

export type StockDeps = BaseDeps;

type StockDishRow = Pick<
  typeof dishes.$inferSelect,
  | "id"
  | "name"
  | "categoryId"
  | "foodproperty"
  | "estimate"
  | "snoozedUntil"
  | "combos"
  | "additionCategories"
>;

const dishColumns = {
  id: dishes.id,
  name: dishes.name,
  categoryId: dishes.categoryId,
  foodproperty: dishes.foodproperty,
  estimate: dishes.estimate,
  snoozedUntil: dishes.snoozedUntil,
  combos: dishes.combos,
  additionCategories: dishes.additionCategories,
};

function restaurantDishes(db: Db | Tx, restaurantId: number): Promise<StockDishRow[]> {
  return db
    .select(dishColumns)
    .from(dishes)
    .where(eq(dishes.restaurantId, restaurantId))
    .orderBy(asc(dishes.sort), asc(dishes.id));
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function presentItem(row: StockRow & { id: number; name: string }, available: number, now: Date) {
  return {
    id: row.id,
    name: row.name,
    estimate: row.estimate,
    snoozedUntil: iso(row.snoozedUntil),
    state: stockState(row, now),
    available,
  };
}

function presentStockDish(row: StockDishRow, available: number, now: Date): StockDish {
  return {
    ...presentItem(row, available, now),
    categoryId: row.categoryId,
    isCombo: row.foodproperty !== 0,
  };
}

/** Every addition the restaurant's dishes offer, once, with the category it is first listed under. */
function offeredAdditions(
  rows: readonly StockDishRow[],
): Map<number, { name: string; categoryName: string }> {
  const found = new Map<number, { name: string; categoryName: string }>();
  for (const row of rows)
    for (const category of row.additionCategories)
      for (const addition of category.additions)
        if (!found.has(addition.id))
          found.set(addition.id, { name: addition.name, categoryName: category.categoryName });
  return found;
}

type AdditionStockRow = { additionId: number; estimate: number; snoozedUntil: Date | null };

function presentAddition(
  id: number,
  offered: { name: string; categoryName: string },
  stock: AdditionStockRow | undefined,
  now: Date,
): StockAddition {
  const row = {
    id,
    name: offered.name,
    estimate: stock?.estimate ?? -1,
    snoozedUntil: stock?.snoozedUntil ?? null,
  };
  return { ...presentItem(row, availableEstimate(row, now), now), categoryName: offered.categoryName };
}

/** The stock page: the menu by category, every dish's and addition's state now, and the POS switch. */
export async function stockOverview(deps: StockDeps, restaurant: RestaurantRow): Promise<StockOverview> {
  const now = deps.now();
  const [categoryRows, dishRows, additionRows] = await Promise.all([
    deps.db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.restaurantId, restaurant.id))
      .orderBy(asc(categories.sort), asc(categories.id)),
    restaurantDishes(deps.db, restaurant.id),
    deps.db
      .select({
        additionId: additionStock.additionId,
        estimate: additionStock.estimate,
        snoozedUntil: additionStock.snoozedUntil,
      })
      .from(additionStock)
      .where(eq(additionStock.restaurantId, restaurant.id)),
  ]);
  const estimates = menuEstimates(dishRows, now);
  const stockById = new Map(additionRows.map((row) => [row.additionId, row]));
  return {
    categories: categoryRows.filter((c) => c.parentId === null).map(({ id, name }) => ({ id, name })),
    dishes: dishRows.map((row) => presentStockDish(row, estimates.get(row.id) ?? row.estimate, now)),
    additions: [...offeredAdditions(dishRows)].map(([id, offered]) =>
      presentAddition(id, offered, stockById.get(id), now),
    ),
    posOnline: restaurant.posOnline,
    timezone: restaurant.timezone,
    now: now.toISOString(),
  };
}

/**
 * Type 20 after a change to these dishes: their count as diners may order it now, and that of every
 * combo with one of them as a part (a part sold out or back changes whether the combo can be made).
 */
export async function stockNews(
  db: Db | Tx,
  restaurantId: number,
  changed: ReadonlySet<number>,
  now: Date,
): Promise<Array<{ foodId: number; sum: number }>> {
  const rows = await restaurantDishes(db, restaurantId);
  const estimates = menuEstimates(rows, now);
  return rows
    .filter((row) => changed.has(row.id) || row.combos.some((part) => changed.has(part.itemId)))
    .map((row) => ({ foodId: row.id, sum: estimates.get(row.id) ?? row.estimate }));
}

/** Tells every diner of the restaurant, on every process, the new stock (type 20). */
export async function publishStock(
  deps: Pick<StockDeps, "backplane">,
  restaurantId: number,
  value: Array<{ foodId: number; sum: number }>,
  additions: Array<{ additionId: number; sum: number }> = [],
): Promise<void> {
  if (!value.length && !additions.length) return;
  const message = stockMessage(restaurantId, value, additions);
  await deps.backplane.publish(restaurantTopic(restaurantId), JSON.stringify(message));
}

const auditState = (row: StockRow) => ({ estimate: row.estimate, snoozedUntil: iso(row.snoozedUntil) });

/** The refusal of a stock change, with the item as it is now (the console shows it and asks again). */
function refuse(refused: "stockChanged" | "stockAddRefused", now: unknown): never {
  throw new AppError(refused, undefined, now);
}

/**
 * Changes one dish's stock under its row lock (a submit's place_orders takes the same lock, so the
 * two are one after the other), writes the audit entry in the same transaction, and once committed
 * tells every diner (type 20).
 */
export async function changeDishStock(
  deps: StockDeps,
  principal: StaffPrincipal,
  restaurant: RestaurantRow,
  dishId: number,
  change: StockChange,
): Promise<StockDish> {
  const now = deps.now();
  const { after } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select(dishColumns)
      .from(dishes)
      .where(and(eq(dishes.id, dishId), eq(dishes.restaurantId, restaurant.id)))
      .for("update");
    if (!row) throw new AppError("dishNotFound");
    const next = applyStockChange(row, change, now, restaurant);
    if ("refused" in next) refuse(next.refused, presentStockDish(row, availableEstimate(row, now), now));
    await tx
      .update(dishes)
      .set({ estimate: next.estimate, snoozedUntil: next.snoozedUntil })
      .where(eq(dishes.id, row.id));
    await recordAudit(tx, {
      restaurantId: restaurant.id,
      by: principal,
      action: `dish.stock.${change.action}`,
      target: `dish:${row.id}`,
      before: auditState(row),
      after: auditState(next),
    });
    return { after: { ...row, ...next } };
  });
  const news = await stockNews(deps.db, restaurant.id, new Set([dishId]), now);
  await publishStock(deps, restaurant.id, news);
  const available = news.find((n) => n.foodId === dishId)?.sum ?? availableEstimate(after, now);
  return presentStockDish(after, available, now);
}

/**
 * Changes one addition's stock: the restaurant's dishes must offer it (else 404). Its stock row is
 * made (unlimited, -1) if it has none, then locked and changed as a dish's is.
 */
export async function changeAdditionStock(
  deps: StockDeps,
  principal: StaffPrincipal,
  restaurant: RestaurantRow,
  additionId: number,
  change: StockChange,
): Promise<StockAddition> {
  const now = deps.now();
  const offered = offeredAdditions(await restaurantDishes(deps.db, restaurant.id)).get(additionId);
  if (!offered) throw new AppError("additionNotFound");
  const changed = await deps.db.transaction(async (tx) => {
    await tx
      .insert(additionStock)
      .values({ additionId, restaurantId: restaurant.id, estimate: -1 })
      .onConflictDoNothing();
    const [row] = await tx
      .select({
        additionId: additionStock.additionId,
        restaurantId: additionStock.restaurantId,
        estimate: additionStock.estimate,
        snoozedUntil: additionStock.snoozedUntil,
      })
      .from(additionStock)
      .where(eq(additionStock.additionId, additionId))
      .for("update");
    // addition ids are global: a row of another restaurant's is never this one's to change
    if (!row || row.restaurantId !== restaurant.id) throw new AppError("additionNotFound");
    const next = applyStockChange(row, change, now, restaurant);
    if ("refused" in next) refuse(next.refused, presentAddition(additionId, offered, row, now));
    await tx
      .update(additionStock)
      .set({ estimate: next.estimate, snoozedUntil: next.snoozedUntil })
      .where(eq(additionStock.additionId, additionId));
    await recordAudit(tx, {
      restaurantId: restaurant.id,
      by: principal,
      action: `addition.stock.${change.action}`,
      target: `addition:${additionId}`,
      before: auditState(row),
      after: auditState(next),
    });
    return presentAddition(additionId, offered, { additionId, ...next }, now);
  });
  await publishStock(deps, restaurant.id, [], [{ additionId, sum: changed.available }]);
  return changed;
}

/** The POS online switch: diners of a new scan see the offline alert while it is off (the submit refuses, 5003). */
export async function setPosOnline(
  deps: StockDeps,
  principal: StaffPrincipal,
  restaurantId: number,
  online: boolean,
): Promise<{ online: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ posOnline: restaurants.posOnline })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for("update");
    if (!row) throw new AppError("restaurantNotFound");
    await tx.update(restaurants).set({ posOnline: online }).where(eq(restaurants.id, restaurantId));
    await recordAudit(tx, {
      restaurantId,
      by: principal,
      action: "restaurant.pos",
      target: `restaurant:${restaurantId}`,
      before: { posOnline: row.posOnline },
      after: { posOnline: online },
    });
    return { online };
  });
}
