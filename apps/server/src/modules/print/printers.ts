import { AppError, type Printer, type PrinterInput, type PrinterSettings } from "@tablemate/core";
import { and, asc, eq, ne, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { printers, printJobs, stations } from "../../db/schema.js";
import { isPgError, PG_ERROR } from "../../db/statements.js";
import type { Sealer } from "../../security/sealed.js";
import { stationOf } from "../kitchen/stations.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";

type PrinterRow = typeof printers.$inferSelect;

/** A printer as the console sees it: never its secret, only whether one is kept. */
function present(row: PrinterRow, stationIds: number[]): Printer {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    paper: row.paper,
    settings: row.settings,
    hasSecret: row.sealedSecret !== null,
    backupPrinterId: row.backupPrinterId,
    counter: row.counter,
    state: row.state,
    stateAt: row.stateAt?.toISOString() ?? null,
    stationIds,
  };
}

export async function listPrinters(db: Db, restaurantId: number): Promise<Printer[]> {
  const rows = await db
    .select()
    .from(printers)
    .where(eq(printers.restaurantId, restaurantId))
    .orderBy(asc(printers.id));
  const routed = await db
    .select({ id: stations.id, printerId: stations.printerId })
    .from(stations)
    .where(eq(stations.restaurantId, restaurantId));
  return rows.map((row) =>
    present(
      row,
      routed.filter((s) => s.printerId === row.id).map((s) => s.id),
    ),
  );
}

/** One printer of this restaurant (404 for another's). */
export async function printerOf(db: Db | Tx, restaurantId: number, printerId: number): Promise<PrinterRow> {
  const [row] = await db
    .select()
    .from(printers)
    .where(and(eq(printers.id, printerId), eq(printers.restaurantId, restaurantId)));
  if (!row) throw new AppError("printerNotFound");
  return row;
}

/** The kind's settings that are no secret, and its secret (sealed), from the console's body. */
function split(input: PrinterInput): { settings: PrinterSettings; secret: string | undefined } {
  switch (input.kind) {
    case "lan":
      return { settings: { host: input.host, port: input.port }, secret: undefined };
    case "feieyun":
      return { settings: { user: input.user, sn: input.sn }, secret: input.ukey };
    case "yilianyun":
      return {
        settings: { clientId: input.clientId, machineCode: input.machineCode },
        secret: input.clientSecret,
      };
    default:
      return { settings: {}, secret: undefined };
  }
}

/** The backup must be another printer of this restaurant whose own backup chain does not lead back. */
async function checkBackup(
  tx: Tx,
  restaurantId: number,
  printerId: number | null,
  backupId: number | null,
): Promise<void> {
  if (backupId === null) return;
  if (backupId === printerId) throw new AppError("printerBackupInvalid");
  const seen = new Set<number>(printerId === null ? [] : [printerId]);
  for (let at: number | null = backupId; at !== null; ) {
    if (seen.has(at)) throw new AppError("printerBackupInvalid");
    seen.add(at);
    const [row]: { backup: number | null }[] = await tx
      .select({ backup: printers.backupPrinterId })
      .from(printers)
      .where(and(eq(printers.id, at), eq(printers.restaurantId, restaurantId)));
    if (!row) throw new AppError("printerBackupInvalid");
    at = row.backup;
  }
}

async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (isPgError(error, PG_ERROR.uniqueViolation) || isPgError(cause, PG_ERROR.uniqueViolation))
      throw new AppError("printerNameTaken");
    throw error;
  }
}

/** One counter printer per restaurant: naming a new one takes the role from the old. */
async function takeCounter(tx: Tx, restaurantId: number, printerId: number): Promise<void> {
  await tx
    .update(printers)
    .set({ counter: false })
    .where(
      and(eq(printers.restaurantId, restaurantId), ne(printers.id, printerId), eq(printers.counter, true)),
    );
}

/** Saves a printer (create when `printerId` is null); its secret sealed, the audit log without it. */
export async function savePrinter(
  db: Db,
  sealer: Sealer,
  principal: StaffPrincipal,
  printerId: number | null,
  input: PrinterInput,
): Promise<Printer> {
  const { restaurantId } = principal;
  const { settings, secret } = split(input);
  return nameTaken(() =>
    db.transaction(async (tx) => {
      const before = printerId === null ? null : await printerOf(tx, restaurantId, printerId);
      const cloud = input.kind === "feieyun" || input.kind === "yilianyun";
      // a changed kind never keeps the other kind's secret
      const kept = before?.kind === input.kind ? before.sealedSecret : null;
      const sealedSecret = secret ? sealer.seal(secret) : cloud ? kept : null;
      if (cloud && !sealedSecret) throw new AppError("printerSecretRequired");
      await checkBackup(tx, restaurantId, printerId, input.backupPrinterId);
      const values = {
        name: input.name,
        kind: input.kind,
        paper: input.paper,
        settings,
        sealedSecret,
        backupPrinterId: input.backupPrinterId,
        counter: input.counter,
      };
      const [row] =
        printerId === null
          ? await tx
              .insert(printers)
              .values({ restaurantId, ...values })
              .returning()
          : await tx
              .update(printers)
              .set({ ...values, state: "unknown", stateAt: null })
              .where(eq(printers.id, printerId))
              .returning();
      if (!row) throw new Error("printer not saved");
      if (row.counter) await takeCounter(tx, restaurantId, row.id);
      await recordAudit(tx, {
        restaurantId,
        by: principal,
        action: printerId === null ? "printer.create" : "printer.update",
        target: `printer:${row.id}`,
        ...(before && { before: { name: before.name, kind: before.kind, settings: before.settings } }),
        after: { name: row.name, kind: row.kind, settings: row.settings, secretChanged: Boolean(secret) },
      });
      const routed = await tx
        .select({ id: stations.id })
        .from(stations)
        .where(eq(stations.printerId, row.id));
      return present(
        row,
        routed.map((s) => s.id),
      );
    }),
  );
}

/** Removes a printer no station and no printer's backup names and that never had a job (409: its history stays). */
export async function deletePrinter(db: Db, principal: StaffPrincipal, printerId: number): Promise<void> {
  const { restaurantId } = principal;
  await db.transaction(async (tx) => {
    const before = await printerOf(tx, restaurantId, printerId);
    const [station] = await tx
      .select({ id: stations.id })
      .from(stations)
      .where(eq(stations.printerId, printerId))
      .limit(1);
    const [backupOf] = await tx
      .select({ id: printers.id })
      .from(printers)
      .where(eq(printers.backupPrinterId, printerId))
      .limit(1);
    if (station || backupOf) throw new AppError("printerInUse");
    const [job] = await tx
      .select({ id: printJobs.id })
      .from(printJobs)
      .where(or(eq(printJobs.printerId, printerId), eq(printJobs.firstPrinterId, printerId)))
      .limit(1);
    if (job) throw new AppError("printerInUse");
    await tx.delete(printers).where(eq(printers.id, printerId));
    await recordAudit(tx, {
      restaurantId,
      by: principal,
      action: "printer.delete",
      target: `printer:${printerId}`,
      before: { name: before.name, kind: before.kind, settings: before.settings },
    });
  });
}

/** Routes a station's tickets to one of this restaurant's printers (or none). */
export async function routeStation(
  db: Db,
  principal: StaffPrincipal,
  stationId: number,
  printerId: number | null,
): Promise<{ stationId: number; printerId: number | null }> {
  const { restaurantId } = principal;
  return db.transaction(async (tx) => {
    await stationOf(tx, restaurantId, stationId);
    if (printerId !== null) await printerOf(tx, restaurantId, printerId);
    await tx.update(stations).set({ printerId }).where(eq(stations.id, stationId));
    await recordAudit(tx, {
      restaurantId,
      by: principal,
      action: "station.printer",
      target: `station:${stationId}`,
      after: { printerId },
    });
    return { stationId, printerId };
  });
}
