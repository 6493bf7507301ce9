/**
 * Dishes as the console changes them: every change checked by core's dishProblems against the
 * restaurant's own categories and dishes, compare-and-set on the dish's version (under its row lock),
 * and audited in the same transaction. The diner's menu reads the same rows at its next call, so a
 * change reaches the page data and the food list without a restart.
 */
import {
  type Allergen,
  AppError,
  type ConsoleDish,
  type ConsoleDishInput,
  type ConsoleDishUpdate,
  type DishRuleContext,
  dishProblemMessage,
  dishProblems,
  sortAllergens,
  sortDiets,
  storedDishPrice,
} from "@tablemate/core";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { additionStock, categories, dishes } from "../../db/schema.js";
import type { DishRow } from "../menu/present.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { presentConsoleDish } from "./present.js";

export interface MenuAdminDeps {
  db: Db;
  imageHost: string;
}

type DishColumns = Omit<typeof dishes.$inferInsert, "id" | "restaurantId" | "sort" | "estimate">;

/** What the rules need: the restaurant's categories, dishes and the option ids its menu uses. */
async function ruleContext(
  tx: Tx,
  restaurantId: number,
  dishId?: number,
): Promise<DishRuleContext & { rows: DishRow[] }> {
  // one query at a time: a transaction is one connection
  const categoryRows = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.restaurantId, restaurantId));
  const rows = await tx.select().from(dishes).where(eq(dishes.restaurantId, restaurantId));
  const stockRows = await tx
    .select({ id: additionStock.additionId })
    .from(additionStock)
    .where(eq(additionStock.restaurantId, restaurantId));
  const known = {
    norms: new Set(rows.flatMap((d) => d.norms.map((n) => n.id))),
    methods: new Set(rows.flatMap((d) => d.methodCategories.flatMap((c) => c.methodList.map((m) => m.id)))),
    additions: new Set([
      ...rows.flatMap((d) => d.additionCategories.flatMap((c) => c.additions.map((a) => a.id))),
      ...stockRows.map((s) => s.id),
    ]),
    parts: new Set(rows.flatMap((d) => d.combos.map((p) => p.id))),
  };
  return { dishId, categories: categoryRows, dishes: rows, rows, knownOptionIds: known };
}

function refuseProblems(input: ConsoleDishInput, ctx: DishRuleContext): void {
  const problems = dishProblems(input, ctx);
  if (problems.length > 0) throw new AppError("dishInvalid", dishProblemMessage(problems), { problems });
}

/** New option ids from the installation's sequence (migration 0015), one per option the input left without. */
async function optionIds(tx: Tx, count: number): Promise<() => number> {
  if (count === 0) return () => 0;
  const result = await tx.execute<{ id: number }>(
    sql`select nextval('menu_option_ids')::int as id from generate_series(1, ${count})`,
  );
  const ids = (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  return () => {
    const id = ids.shift();
    if (id === undefined) throw new Error("menu option ids: fewer allocated than needed");
    return id;
  };
}

function missingIds(input: ConsoleDishInput): number {
  return [
    ...input.norms,
    ...input.methodCategories.flatMap((c) => c.methodList),
    ...input.additionCategories.flatMap((c) => c.additions),
    ...input.combos,
  ].filter((o) => o.id === undefined).length;
}

/** An option's own allergens as the menu's JSON holds them: absent when it declares none of its own. */
function ownAllergens(codes: readonly string[]): { allergens?: Allergen[] } {
  const allergens = sortAllergens(codes);
  return allergens.length > 0 ? { allergens } : {};
}

/** The row's columns for an input that passed the rules; combo parts take their dishes' current names. */
async function dishColumns(tx: Tx, input: ConsoleDishInput, rows: DishRow[]): Promise<DishColumns> {
  const next = await optionIds(tx, missingIds(input));
  const nameOf = new Map(rows.map((d) => [d.id, d.name]));
  const { price, vipPrice } = storedDishPrice(input);
  return {
    categoryId: input.categoryId,
    secondCategoryId: input.secondCategoryId,
    name: input.name,
    intro: input.intro,
    unit: input.unit,
    price,
    vipPrice,
    pricingType: input.pricingType,
    startPrice: input.pricingType === 1 ? input.startPrice : null,
    startVipPrice: input.pricingType === 1 ? input.startVipPrice : null,
    weigh: input.weigh,
    minCount: input.minCount ?? -1,
    inceptStep: input.inceptStep,
    necessary: input.necessary,
    mustFoodType: input.mustFoodType,
    mustFoodNum: input.mustFoodNum,
    season: input.season,
    foodproperty: input.foodproperty,
    code: input.code,
    isRecommend: input.isRecommend,
    hidden: input.hidden,
    salablePeriodType: input.salablePeriodType,
    salableDays: input.salablePeriodType === 1 ? input.salableDays : "0",
    salableTime: input.salablePeriodType === 1 ? input.salableTime : "0",
    imageKey: input.imageKey,
    allergens: input.allergens === null ? null : sortAllergens(input.allergens),
    diets: sortDiets(input.diets),
    norms: input.norms.map((n) => ({
      id: n.id ?? next(),
      name: n.name,
      price: Number(n.price),
      vipPrice: n.vipPrice === null ? null : Number(n.vipPrice),
      isDefault: n.isDefault,
      ...ownAllergens(n.allergens),
    })),
    methodCategories: input.methodCategories.map((c, i) => ({
      categoryName: c.categoryName,
      sort: i + 1,
      methodList: c.methodList.map((m) => ({
        id: m.id ?? next(),
        name: m.name,
        markupPrice: Number(m.markupPrice),
        markupWay: m.markupWay,
        isDefault: m.isDefault,
        ...ownAllergens(m.allergens),
      })),
    })),
    additionCategories: input.additionCategories.map((c, i) => ({
      categoryName: c.categoryName,
      sort: i + 1,
      additions: c.additions.map((a) => ({
        id: a.id ?? next(),
        name: a.name,
        priceUpValue: Number(a.priceUpValue),
        ...ownAllergens(a.allergens),
      })),
    })),
    combos: input.combos.map((p) => ({
      id: p.id ?? next(),
      itemId: p.itemId,
      name: nameOf.get(p.itemId) ?? "",
      count: p.count,
      norms: [],
      cdatList: [],
      groupName: p.groupName,
      groupPick: p.groupPick,
      priceUp: Number(p.priceUp),
      ...ownAllergens(p.allergens),
    })),
  };
}

/** The dish of this restaurant, locked for the transaction; another restaurant's id is not found. */
async function lockedDish(tx: Tx, restaurantId: number, dishId: number): Promise<DishRow> {
  const [row] = await tx
    .select()
    .from(dishes)
    .where(and(eq(dishes.id, dishId), eq(dishes.restaurantId, restaurantId)))
    .for("update");
  if (!row) throw new AppError("dishNotFound");
  return row;
}

function refuseStale(row: { version: number }, version: number): void {
  if (row.version !== version)
    throw new AppError("editConflict", "该菜品已被其他人修改，请刷新后再改", { version: row.version });
}

/** Combos (other than `dishId` itself) that hold `dishId` as a part. */
function combosHolding(rows: readonly DishRow[], dishId: number): DishRow[] {
  return rows.filter((d) => d.id !== dishId && d.combos.some((p) => p.itemId === dishId));
}

export async function createDish(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  input: ConsoleDishInput,
): Promise<ConsoleDish> {
  return deps.db.transaction(async (tx) => {
    const ctx = await ruleContext(tx, by.restaurantId);
    refuseProblems(input, ctx);
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${dishes.sort}), 0)::int` })
      .from(dishes)
      .where(eq(dishes.restaurantId, by.restaurantId));
    const columns = await dishColumns(tx, input, ctx.rows);
    const [row] = await tx
      .insert(dishes)
      .values({ ...columns, restaurantId: by.restaurantId, sort: (last?.sort ?? 0) + 1 })
      .returning();
    if (!row) throw new Error("dish not inserted");
    const after = presentConsoleDish(row, deps.imageHost);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.dish.create",
      target: `dish:${row.id}`,
      after,
    });
    return after;
  });
}

export async function updateDish(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  dishId: number,
  input: ConsoleDishUpdate,
): Promise<ConsoleDish> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedDish(tx, by.restaurantId, dishId);
    refuseStale(row, input.version);
    const ctx = await ruleContext(tx, by.restaurantId, dishId);
    refuseProblems(input, ctx);
    if (input.foodproperty !== 0 && combosHolding(ctx.rows, dishId).length > 0)
      throw new AppError("dishInCombo", "该菜品是其他套餐的内容，不能改为套餐");
    const columns = await dishColumns(tx, input, ctx.rows);
    const [updated] = await tx
      .update(dishes)
      .set({ ...columns, version: row.version + 1 })
      .where(and(eq(dishes.id, dishId), eq(dishes.version, row.version)))
      .returning();
    if (!updated) throw new AppError("editConflict");
    if (updated.name !== row.name) await renameInCombos(tx, ctx.rows, dishId, updated.name);
    const before = presentConsoleDish(row, deps.imageHost);
    const after = presentConsoleDish(updated, deps.imageHost);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.dish.update",
      target: `dish:${dishId}`,
      before,
      after,
    });
    return after;
  });
}

/** Combo parts carry their dish's name for the diner: a renamed dish is renamed in every combo holding it. */
async function renameInCombos(tx: Tx, rows: DishRow[], dishId: number, name: string): Promise<void> {
  for (const combo of combosHolding(rows, dishId)) {
    await tx
      .update(dishes)
      .set({ combos: combo.combos.map((p) => (p.itemId === dishId ? { ...p, name } : p)) })
      .where(eq(dishes.id, combo.id));
  }
}

export async function setDishHidden(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  dishId: number,
  change: { version: number; hidden: boolean },
): Promise<ConsoleDish> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedDish(tx, by.restaurantId, dishId);
    refuseStale(row, change.version);
    const [updated] = await tx
      .update(dishes)
      .set({ hidden: change.hidden, version: row.version + 1 })
      .where(eq(dishes.id, dishId))
      .returning();
    if (!updated) throw new AppError("dishNotFound");
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: change.hidden ? "menu.dish.hide" : "menu.dish.show",
      target: `dish:${dishId}`,
      before: { hidden: row.hidden, version: row.version },
      after: { hidden: updated.hidden, version: updated.version },
    });
    return presentConsoleDish(updated, deps.imageHost);
  });
}

export async function deleteDish(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  dishId: number,
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockedDish(tx, by.restaurantId, dishId);
    refuseStale(row, version);
    const rows = await tx.select().from(dishes).where(eq(dishes.restaurantId, by.restaurantId));
    const holders = combosHolding(rows, dishId);
    if (holders.length > 0)
      throw new AppError(
        "dishInCombo",
        `该菜品是套餐「${holders.map((h) => h.name).join("、")}」的内容，请先从套餐中移除`,
      );
    await tx.delete(dishes).where(eq(dishes.id, dishId));
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.dish.delete",
      target: `dish:${dishId}`,
      before: presentConsoleDish(row, deps.imageHost),
    });
  });
}

/**
 * A category's dishes in a new order: the ids must be exactly its dishes now (first-level: those
 * whose category it is; a second category: those in it), else someone changed the list (409).
 */
export async function orderDishes(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  categoryId: number,
  ids: number[],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [category] = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.restaurantId, by.restaurantId)))
      .for("update");
    if (!category) throw new AppError("categoryNotFound");
    const column = category.parentId === null ? dishes.categoryId : dishes.secondCategoryId;
    const rows = await tx
      .select({ id: dishes.id, sort: dishes.sort })
      .from(dishes)
      .where(and(eq(column, categoryId), eq(dishes.restaurantId, by.restaurantId)))
      .for("update");
    refuseStaleOrder(
      rows.map((r) => r.id),
      ids,
    );
    // the category's dishes keep the sort positions they held, handed out in the new order
    const positions = rows.map((r) => r.sort).sort((a, b) => a - b);
    for (const [i, id] of ids.entries()) {
      await tx
        .update(dishes)
        .set({ sort: positions[i] ?? i + 1 })
        .where(eq(dishes.id, id));
    }
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.dish.order",
      target: `category:${categoryId}`,
      before: [...rows].sort((a, b) => a.sort - b.sort).map((r) => r.id),
      after: ids,
    });
  });
}

export function refuseStaleOrder(current: readonly number[], proposed: readonly number[]): void {
  const now = new Set(current);
  if (now.size !== proposed.length || proposed.some((id) => !now.has(id))) throw new AppError("orderStale");
}

/** 老板推荐: exactly these dishes, in this order; a dish whose flag changes gets a new version. */
export async function setRecommends(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  dishIds: number[],
): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: dishes.id, isRecommend: dishes.isRecommend, recommendSort: dishes.recommendSort })
      .from(dishes)
      .where(eq(dishes.restaurantId, by.restaurantId))
      .for("update");
    const ours = new Set(rows.map((r) => r.id));
    const foreign = dishIds.filter((id) => !ours.has(id));
    if (foreign.length > 0) throw new AppError("dishNotFound", `菜品不存在（${foreign.join("、")}）`);
    const before = rows
      .filter((r) => r.isRecommend)
      .sort((a, b) => a.recommendSort - b.recommendSort)
      .map((r) => r.id);
    const dropped = rows.filter((r) => r.isRecommend && !dishIds.includes(r.id)).map((r) => r.id);
    if (dropped.length > 0)
      await tx
        .update(dishes)
        .set({ isRecommend: false, recommendSort: 0, version: sql`${dishes.version} + 1` })
        .where(inArray(dishes.id, dropped));
    const flagged = new Set(before);
    for (const [i, id] of dishIds.entries()) {
      await tx
        .update(dishes)
        .set({
          isRecommend: true,
          recommendSort: i + 1,
          ...(flagged.has(id) ? {} : { version: sql`${dishes.version} + 1` }),
        })
        .where(eq(dishes.id, id));
    }
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.recommends.set",
      target: `restaurant:${by.restaurantId}`,
      before,
      after: dishIds,
    });
    return dishIds;
  });
}
