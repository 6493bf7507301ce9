/** Categories and second categories as the console changes them: audited, compare-and-set on version. */
import { AppError, type ConsoleCategory } from "@tablemate/core";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { categories, dishes } from "../../db/schema.js";
import type { CategoryRow } from "../menu/present.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { type MenuAdminDeps, refuseStaleOrder } from "./dishes.js";
import { presentConsoleCategory } from "./present.js";

async function lockedCategory(tx: Tx, restaurantId: number, categoryId: number): Promise<CategoryRow> {
  const [row] = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.restaurantId, restaurantId)))
    .for("update");
  if (!row) throw new AppError("categoryNotFound");
  return row;
}

function refuseStale(row: { version: number }, version: number): void {
  if (row.version !== version)
    throw new AppError("editConflict", "该分类已被其他人修改，请刷新后再改", { version: row.version });
}

const parentIs = (parentId: number | null) =>
  parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId);

export async function createCategory(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  input: { name: string; parentId: number | null },
): Promise<ConsoleCategory> {
  return deps.db.transaction(async (tx) => {
    if (input.parentId !== null) {
      const parent = await lockedCategory(tx, by.restaurantId, input.parentId);
      if (parent.parentId !== null) throw new AppError("categoryNotFound", "二级分类下不能再建分类");
    }
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${categories.sort}), 0)::int` })
      .from(categories)
      .where(and(eq(categories.restaurantId, by.restaurantId), parentIs(input.parentId)));
    const [row] = await tx
      .insert(categories)
      .values({
        restaurantId: by.restaurantId,
        parentId: input.parentId,
        name: input.name,
        sort: (last?.sort ?? 0) + 1,
      })
      .returning();
    if (!row) throw new Error("category not inserted");
    const after = presentConsoleCategory(row);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.category.create",
      target: `category:${row.id}`,
      after,
    });
    return after;
  });
}

export async function updateCategory(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  categoryId: number,
  change: { version: number; name?: string; hidden?: boolean },
): Promise<ConsoleCategory> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedCategory(tx, by.restaurantId, categoryId);
    refuseStale(row, change.version);
    const [updated] = await tx
      .update(categories)
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.hidden !== undefined && { hidden: change.hidden }),
        version: row.version + 1,
      })
      .where(eq(categories.id, categoryId))
      .returning();
    if (!updated) throw new AppError("categoryNotFound");
    const before = presentConsoleCategory(row);
    const after = presentConsoleCategory(updated);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.category.update",
      target: `category:${categoryId}`,
      before,
      after,
    });
    return after;
  });
}

/** Deletes an empty category: no dishes (in it or its second categories) and no second categories. */
export async function deleteCategory(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  categoryId: number,
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockedCategory(tx, by.restaurantId, categoryId);
    refuseStale(row, version);
    const [children] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(categories)
      .where(eq(categories.parentId, categoryId));
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dishes)
      .where(or(eq(dishes.categoryId, categoryId), eq(dishes.secondCategoryId, categoryId)));
    if ((children?.n ?? 0) > 0 || (held?.n ?? 0) > 0) throw new AppError("categoryNotEmpty");
    await tx.delete(categories).where(eq(categories.id, categoryId));
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.category.delete",
      target: `category:${categoryId}`,
      before: presentConsoleCategory(row),
    });
  });
}

/** First-level categories (parentId null), or one category's second categories, in a new order. */
export async function orderCategories(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  input: { parentId: number | null; ids: number[] },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (input.parentId !== null) await lockedCategory(tx, by.restaurantId, input.parentId);
    const rows = await tx
      .select({ id: categories.id, sort: categories.sort })
      .from(categories)
      .where(and(eq(categories.restaurantId, by.restaurantId), parentIs(input.parentId)))
      .for("update");
    refuseStaleOrder(
      rows.map((r) => r.id),
      input.ids,
    );
    for (const [i, id] of input.ids.entries()) {
      await tx
        .update(categories)
        .set({ sort: i + 1 })
        .where(eq(categories.id, id));
    }
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.category.order",
      target: input.parentId === null ? `restaurant:${by.restaurantId}` : `category:${input.parentId}`,
      before: [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id).map((r) => r.id),
      after: input.ids,
    });
  });
}
