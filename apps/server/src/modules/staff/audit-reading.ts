import type { AuditPage, auditQuerySchema } from "@tablemate/core";
import { and, count, desc, eq, gte, like, lt, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { auditLog } from "../../db/schema.js";

/** LIKE's own characters in a user's filter match themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A restaurant's audit log, newest first, filtered by time range, action (or its area) and actor, a page at a time. */
export async function readAuditLog(
  db: Db,
  restaurantId: number,
  query: z.infer<typeof auditQuerySchema>,
): Promise<AuditPage> {
  const where = and(
    eq(auditLog.restaurantId, restaurantId),
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lt(auditLog.at, new Date(query.to)) : undefined,
    query.action
      ? or(eq(auditLog.action, query.action), like(auditLog.action, `${literal(query.action)}.%`))
      : undefined,
    query.actor ? eq(auditLog.actor, query.actor) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      actorName: r.actorName,
      approver: r.approver,
      approverName: r.approverName,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
