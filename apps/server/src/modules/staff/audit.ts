import { auditLog } from "../../db/schema.js";
import type { Tx } from "../cart/cart-state.js";
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

/**
 * Appends one entry to the audit log, in the transaction of the action it records, so an action and
 * its record are written together or not at all. The log is append-only (migration 0010's trigger).
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    restaurantId: entry.restaurantId,
    actor: entry.by.actor,
    actorName: entry.by.name,
    approver: entry.approver?.actor ?? null,
    approverName: entry.approver?.name ?? null,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
