/**
 * Settling a table against the bill's shares (issue 24, race 3). The cashier's settle (and the last
 * share's own) takes the table's open visit lock first, as the lock order says (visit, orders,
 * intents, attempts, claims): a share being paid (its attempt pending and not past its time) refuses
 * the settle (409 有顾客正在支付账单，请稍后再结账); every other held share is let go, so a share that
 * still lands after the settle is refunded by pay_apply_paid (账单已结清，自动退款).
 */
import { AppError } from "@tablemate/core";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { billClaims, payAttempts, visits } from "../../db/schema.js";
import { releaseClaims } from "./shares.js";

/** Locks the table's open visit (if any) and ends its held shares; answers the visit's id. */
export async function lockVisitForSettle(tx: Tx, tableId: number, now: Date): Promise<number | null> {
  const [visit] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.tableId, tableId), isNull(visits.endedAt)))
    .for("update");
  if (!visit) return null;
  const held = await tx
    .select({ id: billClaims.id, intentId: billClaims.intentId })
    .from(billClaims)
    .where(and(eq(billClaims.visitId, visit.id), eq(billClaims.status, "held")));
  const intentIds = [...new Set(held.flatMap((c) => (c.intentId === null ? [] : [c.intentId])))];
  if (intentIds.length) {
    const [paying] = await tx
      .select({ id: payAttempts.id })
      .from(payAttempts)
      .where(
        and(
          inArray(payAttempts.intentId, intentIds),
          eq(payAttempts.status, "pending"),
          gt(payAttempts.expiresAt, now),
        ),
      )
      .limit(1);
    if (paying) throw new AppError("settleSharePaying");
  }
  await releaseClaims(tx, held);
  return visit.id;
}
