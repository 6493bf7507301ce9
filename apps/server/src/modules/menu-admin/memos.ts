/** Memos (KOU_WEI comment tags) and the console's read of the whole menu. */
import { AppError, type ConsoleMemo, type ConsoleMenu } from "@tablemate/core";
import { and, asc, eq } from "drizzle-orm";
import { categories, dishes, memos } from "../../db/schema.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import type { MenuAdminDeps } from "./dishes.js";
import { presentConsoleCategory, presentConsoleDish, presentConsoleMemo } from "./present.js";

/** Everything the menu pages show, hidden entries included: by category order, then each dish's. */
export async function consoleMenu(deps: MenuAdminDeps, restaurantId: number): Promise<ConsoleMenu> {
  const [categoryRows, dishRows, memoRows] = await Promise.all([
    deps.db
      .select()
      .from(categories)
      .where(eq(categories.restaurantId, restaurantId))
      .orderBy(asc(categories.sort), asc(categories.id)),
    deps.db
      .select()
      .from(dishes)
      .where(eq(dishes.restaurantId, restaurantId))
      .orderBy(asc(dishes.sort), asc(dishes.id)),
    deps.db.select().from(memos).where(eq(memos.restaurantId, restaurantId)).orderBy(asc(memos.id)),
  ]);
  const position = new Map(categoryRows.map((c, i) => [c.id, i]));
  const ordered = [...dishRows].sort(
    (a, b) => (position.get(a.categoryId) ?? 0) - (position.get(b.categoryId) ?? 0),
  );
  return {
    categories: categoryRows.map(presentConsoleCategory),
    dishes: ordered.map((row) => presentConsoleDish(row, deps.imageHost)),
    recommends: ordered
      .filter((d) => d.isRecommend)
      .sort((a, b) => a.recommendSort - b.recommendSort)
      .map((d) => d.id),
    memos: memoRows.map(presentConsoleMemo),
  };
}

type MemoInput = { type: string; content: string; number: number };

export async function createMemo(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  input: MemoInput,
): Promise<ConsoleMemo> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memos)
      .values({ restaurantId: by.restaurantId, ...input })
      .returning();
    if (!row) throw new Error("memo not inserted");
    const after = presentConsoleMemo(row);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.memo.create",
      target: `memo:${row.id}`,
      after,
    });
    return after;
  });
}

export async function updateMemo(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  memoId: number,
  input: MemoInput,
): Promise<ConsoleMemo> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(memos)
      .where(and(eq(memos.id, memoId), eq(memos.restaurantId, by.restaurantId)))
      .for("update");
    if (!row) throw new AppError("memoNotFound");
    const [updated] = await tx.update(memos).set(input).where(eq(memos.id, memoId)).returning();
    if (!updated) throw new AppError("memoNotFound");
    const after = presentConsoleMemo(updated);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.memo.update",
      target: `memo:${memoId}`,
      before: presentConsoleMemo(row),
      after,
    });
    return after;
  });
}

export async function deleteMemo(deps: MenuAdminDeps, by: StaffPrincipal, memoId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(memos)
      .where(and(eq(memos.id, memoId), eq(memos.restaurantId, by.restaurantId)))
      .returning();
    if (!row) throw new AppError("memoNotFound");
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "menu.memo.delete",
      target: `memo:${memoId}`,
      before: presentConsoleMemo(row),
    });
  });
}
