import type { Tx } from "../../db/client.js";
import { auditLog } from "../../db/schema.js";
import type { RunIn, Statement } from "../../db/statements.js";
import type { StaffPrincipal } from "./guard.js";

export interface AuditEntry {
  restaurantId: number;
  /** who acted */
  by: Pick<StaffPrincipal, "actor" | "name">;
  /** who approved a sensitive action, when one was needed */
  approver?: Pick<StaffPrincipal, "actor" | "name"> | null;
  /** what was done, as `<area>.<verb>`: "order.cancel", "table.settle", "dish.soldOut" */
  action: string;
  /** what it was done to: "order:12", "table:3", "dish:40" */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** The log's row for an entry (both writers below write this one). */
function auditRow(entry: AuditEntry) {
  return {
    restaurantId: entry.restaurantId,
    actor: entry.by.actor,
    actorName: entry.by.name,
    approver: entry.approver?.actor ?? null,
    approverName: entry.approver?.name ?? null,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/**
 * Appends one entry to the audit log, in the transaction of the action it records, so an action and
 * its record are written together or not at all. The log is append-only (migration 0010's trigger).
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(entry));
}

const AUDIT_INSERT: Statement = {
  name: "audit_log_insert",
  text: `insert into audit_log (restaurant_id, actor, actor_name, approver, approver_name, action, target, before, after)
values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
};

/** recordAudit for an action written by hand-written statements (transact's runIn: the member ledger's). */
export async function recordAuditIn(runIn: RunIn, entry: AuditEntry): Promise<void> {
  const row = auditRow(entry);
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  await runIn(AUDIT_INSERT, [
    row.restaurantId,
    row.actor,
    row.actorName,
    row.approver,
    row.approverName,
    row.action,
    row.target,
    json(row.before),
    json(row.after),
  ]);
}
