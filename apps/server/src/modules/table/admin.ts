import { AppError, type ConsoleTable } from "@tablemate/core";
import { and, asc, eq, inArray, isNull, max } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tables, visits } from "../../db/schema.js";
import { qrSvg, tableLink } from "../../links.js";
import type { Signer } from "../../security/signer.js";
import { escapeHtml } from "../../web/html.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";

/** What table management needs: the database, the signer of table links, and the links' origin. */
export interface TableAdminDeps {
  db: Db;
  signer: Signer;
  linkBase: () => { origin: string; routerPrefix: string };
}

type TableRow = typeof tables.$inferSelect;

const auditState = (row: Pick<TableRow, "name" | "tableType" | "deletedAt">) => ({
  name: row.name,
  tableType: row.tableType,
  deleted: row.deletedAt !== null,
});

function present(
  deps: TableAdminDeps,
  restaurant: RestaurantRow,
  row: TableRow,
  busy: boolean,
): ConsoleTable {
  return {
    id: row.id,
    name: row.name,
    tableType: row.tableType,
    busy,
    link: tableLink(deps.linkBase(), deps.signer, restaurant, row.id),
  };
}

/** The restaurant's tables (deleted ones left out), each with whether a party sits at it and its link. */
export async function consoleTables(
  deps: TableAdminDeps,
  restaurant: RestaurantRow,
): Promise<ConsoleTable[]> {
  const rows = await deps.db
    .select()
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurant.id), isNull(tables.deletedAt)))
    .orderBy(asc(tables.sort), asc(tables.id));
  const open = rows.length
    ? await deps.db
        .select({ tableId: visits.tableId })
        .from(visits)
        .where(
          and(
            inArray(
              visits.tableId,
              rows.map((r) => r.id),
            ),
            isNull(visits.endedAt),
          ),
        )
    : [];
  const busy = new Set(open.map((v) => v.tableId));
  return rows.map((row) => present(deps, restaurant, row, busy.has(row.id)));
}

export async function createTable(
  deps: TableAdminDeps,
  principal: StaffPrincipal,
  restaurant: RestaurantRow,
  input: { name: string; tableType: number },
): Promise<ConsoleTable> {
  const row = await deps.db.transaction(async (tx) => {
    // listed after the restaurant's other tables
    const [last] = await tx
      .select({ sort: max(tables.sort) })
      .from(tables)
      .where(eq(tables.restaurantId, restaurant.id));
    const [created] = await tx
      .insert(tables)
      .values({
        restaurantId: restaurant.id,
        name: input.name,
        tableType: input.tableType,
        sort: (last?.sort ?? 0) + 1,
      })
      .returning();
    if (!created) throw new AppError("internal");
    await recordAudit(tx, {
      restaurantId: restaurant.id,
      by: principal,
      action: "table.create",
      target: `table:${created.id}`,
      before: null,
      after: auditState(created),
    });
    return created;
  });
  return present(deps, restaurant, row, false);
}

/** A table of the restaurant, not deleted, locked for the change in the caller's transaction. */
async function lockedTable(tx: Pick<Db, "select">, restaurantId: number, tableId: number): Promise<TableRow> {
  const [row] = await tx
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId), isNull(tables.deletedAt)))
    .for("update");
  if (!row) throw new AppError("tableNotFound");
  return row;
}

async function isBusy(tx: Pick<Db, "select">, tableId: number): Promise<boolean> {
  const [open] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.tableId, tableId), isNull(visits.endedAt)));
  return open !== undefined;
}

/** Renames a table or sets its type: its link (signed by id) stays the same. */
export async function updateTable(
  deps: TableAdminDeps,
  principal: StaffPrincipal,
  restaurant: RestaurantRow,
  tableId: number,
  input: { name?: string | undefined; tableType?: number | undefined },
): Promise<ConsoleTable> {
  const { row, busy } = await deps.db.transaction(async (tx) => {
    const before = await lockedTable(tx, restaurant.id, tableId);
    const [after] = await tx
      .update(tables)
      .set({ name: input.name ?? before.name, tableType: input.tableType ?? before.tableType })
      .where(eq(tables.id, tableId))
      .returning();
    if (!after) throw new AppError("tableNotFound");
    await recordAudit(tx, {
      restaurantId: restaurant.id,
      by: principal,
      action: "table.update",
      target: `table:${tableId}`,
      before: auditState(before),
      after: auditState(after),
    });
    return { row: after, busy: await isBusy(tx, tableId) };
  });
  return present(deps, restaurant, row, busy);
}

/**
 * Deletes a free table (409 while a party sits at it): kept, as its orders name it, but no longer
 * listed, and its link seats nobody (404). Under the table's lock, so a settle or clear racing it is
 * seen as committed; a scan that opens a visit in the same instant may still seat one last party.
 */
export async function deleteTable(
  deps: TableAdminDeps,
  principal: StaffPrincipal,
  restaurant: RestaurantRow,
  tableId: number,
  now: Date,
): Promise<{ tableId: number }> {
  await deps.db.transaction(async (tx) => {
    const before = await lockedTable(tx, restaurant.id, tableId);
    if (await isBusy(tx, tableId)) throw new AppError("tableBusy");
    await tx.update(tables).set({ deletedAt: now }).where(eq(tables.id, tableId));
    await recordAudit(tx, {
      restaurantId: restaurant.id,
      by: principal,
      action: "table.delete",
      target: `table:${tableId}`,
      before: auditState(before),
      after: auditState({ ...before, deletedAt: now }),
    });
  });
  return { tableId };
}

/** Cards per A4 page: 3 across, 4 down (each about 63 × 70 mm, crop lines between them). */
const PER_PAGE = 12;

/**
 * A printable A4 sheet of QR codes (the browser's print, or its "save as PDF"): 12 per page, each
 * card with the restaurant's and the table's name, cut along the dashed lines. `ids` picks tables
 * (none: all); tables not the restaurant's, or deleted, are left out.
 */
export async function qrSheetHtml(
  deps: TableAdminDeps,
  restaurant: RestaurantRow,
  ids: number[] | undefined,
): Promise<string> {
  const all = await consoleTables(deps, restaurant);
  const chosen = ids ? all.filter((t) => ids.includes(t.id)) : all;
  const cards = await Promise.all(
    chosen.map(
      async (table) => `<figure class="card">
  <div class="qr">${await qrSvg(table.link)}</div>
  <figcaption><strong>${escapeHtml(table.name)}</strong><span>${escapeHtml(restaurant.name)}</span><small>扫码点餐</small></figcaption>
</figure>`,
    ),
  );
  const pages: string[] = [];
  for (let i = 0; i < cards.length; i += PER_PAGE)
    pages.push(`<section class="page">${cards.slice(i, i + PER_PAGE).join("\n")}</section>`);
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${escapeHtml(restaurant.name)} · 桌台二维码</title>
<style>
  @page { size: A4 portrait; margin: 10mm; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; color: #111; background: #eee; }
  .page { width: 190mm; height: 277mm; margin: 8mm auto; background: #fff; display: grid;
    grid-template-columns: repeat(3, 1fr); grid-template-rows: repeat(4, 1fr);
    break-after: page; page-break-after: always; }
  .page:last-child { break-after: auto; page-break-after: auto; }
  .card { margin: 0; border: 0.3mm dashed #999; display: flex; flex-direction: column; align-items: center;
    justify-content: center; padding: 3mm; break-inside: avoid; }
  .qr { width: 44mm; height: 44mm; }
  .qr svg { width: 100%; height: 100%; display: block; }
  figcaption { display: flex; flex-direction: column; align-items: center; gap: 1mm; margin-top: 2mm; text-align: center; }
  figcaption strong { font-size: 16pt; line-height: 1.1; }
  figcaption span { font-size: 9pt; color: #333; }
  figcaption small { font-size: 8pt; color: #666; }
  .empty { text-align: center; padding: 40mm 0; font-size: 14pt; }
  @media print { body { background: none; } .page { margin: 0; } }
</style>
</head>
<body>
${pages.length ? pages.join("\n") : '<p class="empty">没有可打印的桌台</p>'}
</body>
</html>`;
}
