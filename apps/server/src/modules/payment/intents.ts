import { AppError, roundMoney, yuanToCents } from "@tablemate/core";
import { and, eq, gt, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orders, payAttempts, payIntentOrders, payIntents } from "../../db/schema.js";

export type IntentRow = typeof payIntents.$inferSelect;

/** Money from the database (numeric text) as whole cents, rounded half-up to the cent first. */
export const cents = (yuan: string) => yuanToCents(roundMoney(yuan));

/** The group an order belongs to: its main order and every order added to it. */
export async function lockOrderGroup(tx: Tx, orderId: number, restaurantId: number) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)));
  if (!order) throw new AppError("notFound", "订单不存在");
  const mainId = order.mainOrderId ?? order.id;
  // the main order's lock serializes every change of what the group owes
  const [main] = await tx.select().from(orders).where(eq(orders.id, mainId)).for("update");
  if (!main) throw new AppError("notFound", "订单不存在");
  const group = await tx
    .select()
    .from(orders)
    .where(or(eq(orders.id, mainId), eq(orders.mainOrderId, mainId)));
  return { main, group };
}

export type AttemptRow = typeof payAttempts.$inferSelect;

/** The intent's pending attempt (at most one: pay_attempts_one_pending), past its expiry or not. */
export async function pendingAttempt(tx: Tx, intentId: number): Promise<AttemptRow | null> {
  const [attempt] = await tx
    .select()
    .from(payAttempts)
    .where(and(eq(payAttempts.intentId, intentId), eq(payAttempts.status, "pending")));
  return attempt ?? null;
}

/** A pending attempt ended (failed: the provider refused it; closed: past its time), compare-and-set. */
export async function closeAttempt(
  tx: Db | Tx,
  attempt: AttemptRow,
  to: "failed" | "closed",
  now: Date,
): Promise<void> {
  await tx
    .update(payAttempts)
    .set({ status: to, settledAt: now, version: attempt.version + 1 })
    .where(
      and(
        eq(payAttempts.id, attempt.id),
        eq(payAttempts.version, attempt.version),
        eq(payAttempts.status, "pending"),
      ),
    );
}

/** An attempt of the intent that may still be paid (pending, not past its expiry). */
export async function attemptInFlight(tx: Tx, intentId: number, now: Date) {
  const [attempt] = await tx
    .select()
    .from(payAttempts)
    .where(
      and(
        eq(payAttempts.intentId, intentId),
        eq(payAttempts.status, "pending"),
        gt(payAttempts.expiresAt, now),
      ),
    );
  return attempt ?? null;
}

/** Cancels an open intent and lets its orders go (CAS on its version); false when it moved meanwhile. */
export async function cancelIntent(tx: Tx, intent: IntentRow, now: Date): Promise<boolean> {
  const moved = await tx
    .update(payIntents)
    .set({ status: "cancelled", version: intent.version + 1, updatedAt: now })
    .where(
      and(
        eq(payIntents.id, intent.id),
        eq(payIntents.version, intent.version),
        eq(payIntents.status, "open"),
      ),
    )
    .returning({ id: payIntents.id });
  if (moved.length === 0) return false;
  await tx.update(payIntentOrders).set({ live: false }).where(eq(payIntentOrders.intentId, intent.id));
  return true;
}

/** The live intents of an order group (open or paid, and the cancelled ones that captured money). */
export async function groupIntents(tx: Tx, mainOrderId: number): Promise<IntentRow[]> {
  return tx
    .select()
    .from(payIntents)
    .where(and(eq(payIntents.kind, "order"), eq(payIntents.orderId, mainOrderId)))
    .orderBy(payIntents.id);
}
