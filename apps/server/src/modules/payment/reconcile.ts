import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { claimJob, releaseJob, repeatEvery, type StopJob } from "../../db/jobs.js";
import { payAttempts, payRefunds } from "../../db/schema.js";
import { applyTradeWord } from "./apply.js";
import type { HookedRounds, PaymentDeps } from "./deps.js";
import { afterPayment } from "./effects.js";
import { applyRefundState, sendRefund } from "./refunds.js";

const JOB = "pay-reconcile";
/** a pending attempt is asked about once it is this old (the notification should have come by then) */
export const QUERY_AFTER_MS = 30_000;
/** and not more often than this */
const REQUERY_EVERY_MS = 30_000;
/** a refund still pending this long is asked about (or sent again) */
const REFUND_QUERY_AFTER_MS = 60_000;
const BATCH = 50;
const CLAIM_MS = 60_000;

export interface ReconcileSummary extends HookedRounds {
  ran: boolean;
  queried: number;
  paid: number;
  closed: number;
  refundsChecked: number;
}

/**
 * One pass of reconciliation: pending attempts past QUERY_AFTER_MS are asked of their provider (a
 * dropped notification is found so), expired ones closed; refunds pending too long are asked about or
 * sent again; then the hook's rounds: recharges paid but not posted are posted, expired ones closed. Paid
 * money nothing needs is refunded as the word is applied (applyTradeWord). Member money: an unpaid
 * intent's hold and coupon go back once its payment expired, a paid one's effects a stop left undone
 * are done (settlement/hooks.ts).
 */
export async function reconcileOnce(deps: PaymentDeps): Promise<ReconcileSummary> {
  const holder = randomUUID();
  const summary: ReconcileSummary = {
    ran: false,
    queried: 0,
    paid: 0,
    closed: 0,
    refundsChecked: 0,
    recharges: { posted: 0, closed: 0 },
    memberExpired: 0,
    memberSettled: 0,
  };
  if (!(await claimJob(deps.db, { name: JOB, holder, now: deps.now(), claimMs: CLAIM_MS }))) return summary;
  summary.ran = true;
  try {
    const now = deps.now();
    const due = await deps.db
      .select()
      .from(payAttempts)
      .where(
        and(
          eq(payAttempts.status, "pending"),
          lt(payAttempts.createdAt, new Date(now.getTime() - QUERY_AFTER_MS)),
          or(
            isNull(payAttempts.checkedAt),
            lt(payAttempts.checkedAt, new Date(now.getTime() - REQUERY_EVERY_MS)),
          ),
        ),
      )
      .orderBy(asc(payAttempts.createdAt))
      .limit(BATCH);
    for (const attempt of due) {
      summary.queried += 1;
      const outcome = await requery(deps, attempt.tradeNo);
      if (outcome === "paid") summary.paid += 1;
      if (outcome === "closed") summary.closed += 1;
    }
    const refunds = await deps.db
      .select()
      .from(payRefunds)
      .where(
        and(
          eq(payRefunds.status, "pending"),
          lt(payRefunds.createdAt, new Date(now.getTime() - REFUND_QUERY_AFTER_MS)),
        ),
      )
      .limit(BATCH);
    for (const refund of refunds) {
      summary.refundsChecked += 1;
      await requeryRefund(deps, refund);
    }
    // after the attempts' words: recharges and member money (settlement/hooks.ts)
    Object.assign(summary, await deps.hooks.reconcile(deps, now, BATCH));
  } finally {
    await releaseJob(deps.db, { name: JOB, holder });
  }
  return summary;
}

/**
 * Asks the provider about one attempt and applies its word; an attempt past its expiry that is still
 * unpaid is closed at the provider and here. Answers what became of it.
 */
export async function requery(
  deps: PaymentDeps,
  tradeNo: string,
): Promise<"paid" | "closed" | "failed" | "pending"> {
  const [attempt] = await deps.db.select().from(payAttempts).where(eq(payAttempts.tradeNo, tradeNo));
  if (!attempt) return "pending";
  const provider = await deps.providers.named(attempt.provider, attempt.restaurantId);
  await deps.db.update(payAttempts).set({ checkedAt: deps.now() }).where(eq(payAttempts.id, attempt.id));
  const state = await provider.queryAttempt(tradeNo);
  if (state.state === "paid") {
    const outcome = await applyTradeWord(deps, tradeNo, {
      kind: "paid",
      amountCents: state.amountCents ?? -1,
      providerTradeId: state.providerTradeId ?? "",
    });
    if (outcome.outcome === "refused")
      deps.log.error({ tradeNo, reason: outcome.reason }, "provider says paid, but refused");
    await afterPayment(deps, outcome);
    return "paid";
  }
  if (state.state === "pending" && attempt.expiresAt.getTime() > deps.now().getTime()) return "pending";
  if (state.state === "pending") await provider.closeAttempt(tradeNo);
  const to = state.state === "failed" ? "failed" : "closed";
  await afterPayment(deps, await applyTradeWord(deps, tradeNo, { kind: to }));
  return to;
}

async function requeryRefund(deps: PaymentDeps, refund: typeof payRefunds.$inferSelect): Promise<void> {
  const [attempt] = await deps.db.select().from(payAttempts).where(eq(payAttempts.id, refund.attemptId));
  if (!attempt) return;
  const provider = await deps.providers.named(attempt.provider, attempt.restaurantId);
  try {
    const state = await provider.queryRefund(attempt.tradeNo, refund.refundNo);
    await applyRefundState(deps, refund, state);
  } catch {
    // the provider does not know it: it was never taken, so it is sent again (same refund number)
    await sendRefund(deps, refund);
  }
}

/** Runs reconcileOnce every `everyMs` in this process (the claim keeps it to one process at a time). */
export function startReconciler(deps: PaymentDeps, everyMs: number): StopJob {
  return repeatEvery(
    everyMs,
    () => reconcileOnce(deps),
    (error) => deps.log.error({ err: error }, "payment reconciliation failed"),
  );
}
