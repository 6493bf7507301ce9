import { AppError, checkRefund, PAY_API, refundableCents } from "@tablemate/core";
import { and, desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { payAttempts, payEvents, payRefunds } from "../../db/schema.js";
import type { PaymentDeps } from "./deps.js";
import { newRefundNo } from "./numbers.js";
import type { RefundState } from "./port.js";

type AttemptRow = typeof payAttempts.$inferSelect;
export type RefundRow = typeof payRefunds.$inferSelect;

/** Why a refund is made and by whom; `concession` for a staff refund (the order then owes that much less). */
export interface RefundInput {
  reason: string;
  actor: string;
  approvedBy?: string | null;
  concession?: boolean;
  now: Date;
}

/**
 * Writes a refund of part of a paid attempt, under the attempt's lock, before the provider is asked
 * (the refund number is the call's idempotency key). More than is refundable is refused.
 */
export async function recordRefund(
  tx: Tx,
  attempt: AttemptRow,
  input: RefundInput & { amountCents: number },
): Promise<RefundRow> {
  const { events, refunds } = await lockedAttemptMoney(tx, attempt.id);
  const check = checkRefund(input.amountCents, events, refunds);
  if (!check.ok) throw new AppError(check.error, check.message);
  const [refund] = await tx
    .insert(payRefunds)
    .values({
      intentId: attempt.intentId,
      attemptId: attempt.id,
      refundNo: newRefundNo(input.now),
      amountCents: input.amountCents,
      reason: input.reason,
      concession: input.concession ?? false,
      actor: input.actor,
      approvedBy: input.approvedBy ?? null,
      createdAt: input.now,
    })
    .returning();
  if (!refund) throw new Error("refund insert returned nothing");
  return refund;
}

/** A paid attempt's events and refunds, under the attempt's lock (the lock order's last but claims). */
async function lockedAttemptMoney(tx: Tx, attemptId: number) {
  await tx
    .select({ id: payAttempts.id })
    .from(payAttempts)
    .where(eq(payAttempts.id, attemptId))
    .for("update");
  const [events, refunds] = await Promise.all([
    tx.select().from(payEvents).where(eq(payEvents.attemptId, attemptId)),
    tx.select().from(payRefunds).where(eq(payRefunds.attemptId, attemptId)),
  ]);
  return { events, refunds };
}

/** What may still be refunded of an attempt (core's refundableCents), under its lock. */
export async function attemptRefundable(tx: Tx, attemptId: number): Promise<number> {
  const { events, refunds } = await lockedAttemptMoney(tx, attemptId);
  return refundableCents(events, refunds);
}

/**
 * Refunds up to `amountCents` of an intent's captured money from its paid attempts, newest first,
 * each giving what it still has to refund (captured less refunded and refunds pending), under each
 * attempt's lock. Answers the refunds recorded and what no attempt could give (stored value, or
 * nothing left): the caller takes that elsewhere or refuses.
 */
export async function refundFromAttempts(
  tx: Tx,
  intentId: number,
  amountCents: number,
  input: RefundInput,
): Promise<{ refunds: RefundRow[]; leftCents: number }> {
  const paid = await tx
    .select()
    .from(payAttempts)
    .where(and(eq(payAttempts.intentId, intentId), eq(payAttempts.status, "paid")))
    .orderBy(desc(payAttempts.id));
  const refunds: RefundRow[] = [];
  let left = amountCents;
  for (const attempt of paid) {
    if (left <= 0) break;
    const take = Math.min(left, await attemptRefundable(tx, attempt.id));
    if (take <= 0) continue;
    refunds.push(await recordRefund(tx, attempt, { ...input, amountCents: take }));
    left -= take;
  }
  return { refunds, leftCents: left };
}

/**
 * Asks the provider for a recorded refund (after commit). A provider that refuses leaves it pending
 * for the reconciliation job to ask again; what the provider answers is applied as its word would be.
 */
export async function sendRefund(deps: PaymentDeps, refund: RefundRow): Promise<void> {
  const [attempt] = await deps.db.select().from(payAttempts).where(eq(payAttempts.id, refund.attemptId));
  if (!attempt) return;
  const provider = await deps.providers.named(attempt.provider, attempt.restaurantId);
  try {
    const state = await provider.refund({
      tradeNo: attempt.tradeNo,
      refundNo: refund.refundNo,
      amountCents: refund.amountCents,
      totalCents: attempt.amountCents,
      reason: refund.reason,
      notifyUrl: `${deps.origin()}${PAY_API.payNotify(provider.name)}?rid=${attempt.restaurantId}`,
      idempotencyKey: refund.refundNo,
    });
    await applyRefundState(deps, refund, state);
  } catch (error) {
    deps.log.warn({ err: error, refundNo: refund.refundNo }, "refund not taken by the provider yet");
  }
}

/** Sends refunds recorded in a committed transaction, one after another. */
export async function sendRefunds(deps: PaymentDeps, refunds: readonly RefundRow[]): Promise<void> {
  for (const refund of refunds) await sendRefund(deps, refund);
}

/** A refund's outcome, once: done adds its event (unique per refund), failed marks it (both CAS). */
export async function applyRefundState(
  deps: Pick<PaymentDeps, "db" | "now">,
  refund: Pick<RefundRow, "id" | "refundNo" | "intentId" | "attemptId" | "amountCents">,
  state: Pick<RefundState, "state" | "amountCents">,
): Promise<"applied" | "duplicate" | "pending"> {
  if (state.state === "pending") return "pending";
  return deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(payRefunds)
      .set({ status: state.state, doneAt: deps.now() })
      .where(and(eq(payRefunds.id, refund.id), eq(payRefunds.status, "pending")))
      .returning({ id: payRefunds.id });
    if (moved.length === 0) return "duplicate";
    if (state.state === "done") {
      const [attempt] = await tx.select().from(payAttempts).where(eq(payAttempts.id, refund.attemptId));
      await tx
        .insert(payEvents)
        .values({
          intentId: refund.intentId,
          attemptId: refund.attemptId,
          provider: attempt?.provider ?? "sandbox",
          eventId: `refunded:${refund.refundNo}`,
          kind: "refunded",
          // what we asked for is what a refund returns: a provider's other figure is not ours to count
          amountCents: refund.amountCents,
          refundId: refund.id,
          at: deps.now(),
        })
        .onConflictDoNothing();
    }
    return "applied";
  });
}
