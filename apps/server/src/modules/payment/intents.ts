import { AppError, ORDER_STATUS, roundMoney, yuanToCents } from "@tablemate/core";
import { and, eq, gt, inArray, or } from "drizzle-orm";
import { orders, payAttempts, payIntentOrders, payIntents } from "../../db/schema.js";
import type { Tx } from "../cart/cart-state.js";
import { oneIntentMoney } from "./ledger.js";

export type IntentRow = typeof payIntents.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

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

/**
 * What the diner pays now for an order group: the open intent over its unpaid orders, made (or made
 * again, when orders were added since) under the group's lock. Orders an open or paid intent covers are
 * never owed twice (a live row per order); nothing owed answers `nothingDue`.
 */
export async function orderGroupIntent(
  tx: Tx,
  restaurantId: number,
  orderId: number,
  payerGuid: string,
  now: Date,
): Promise<IntentRow> {
  const { main, group } = await lockOrderGroup(tx, orderId, restaurantId);
  const owed = group.filter((o) => o.status !== ORDER_STATUS.cancelled && o.status !== ORDER_STATUS.settled);
  const covered = owed.length
    ? await tx
        .select({ orderId: payIntentOrders.orderId, intent: payIntents })
        .from(payIntentOrders)
        .innerJoin(payIntents, eq(payIntents.id, payIntentOrders.intentId))
        .where(
          and(
            inArray(
              payIntentOrders.orderId,
              owed.map((o) => o.id),
            ),
            eq(payIntentOrders.live, true),
          ),
        )
    : [];
  const coveredIds = new Set(covered.map((c) => c.orderId));
  const open = covered.find((c) => c.intent.status === "open")?.intent;
  let uncovered: OrderRow[] = owed.filter((o) => !coveredIds.has(o.id));
  if (open && uncovered.length === 0) return open;
  if (uncovered.length === 0) throw new AppError("nothingDue");
  if (open) {
    // dishes were added while an intent was open: one intent over everything unpaid replaces it
    if (await attemptInFlight(tx, open.id, now)) throw new AppError("payInFlight");
    const money = await oneIntentMoney(tx, open.id);
    if (money.paidCents > 0) throw new AppError("payInFlight");
    await cancelIntent(tx, open, now);
    const openOrders = covered.filter((c) => c.intent.id === open.id).map((c) => c.orderId);
    uncovered = owed.filter((o) => !coveredIds.has(o.id) || openOrders.includes(o.id));
  }
  const amounts = uncovered.map((o) => ({ orderId: o.id, amountCents: cents(o.totalPrice) }));
  const amountCents = amounts.reduce((sum, a) => sum + a.amountCents, 0);
  if (amountCents <= 0) throw new AppError("nothingDue");
  const [intent] = await tx
    .insert(payIntents)
    .values({
      restaurantId,
      kind: "order",
      orderId: main.id,
      payerGuid,
      amountCents,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!intent) throw new Error("intent insert returned nothing");
  await tx.insert(payIntentOrders).values(amounts.map((a) => ({ ...a, intentId: intent.id })));
  return intent;
}

/** The live intents of an order group (open or paid, and the cancelled ones that captured money). */
export async function groupIntents(tx: Tx, mainOrderId: number): Promise<IntentRow[]> {
  return tx
    .select()
    .from(payIntents)
    .where(and(eq(payIntents.kind, "order"), eq(payIntents.orderId, mainOrderId)))
    .orderBy(payIntents.id);
}
