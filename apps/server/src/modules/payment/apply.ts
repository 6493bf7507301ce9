import { AppError } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { payAttempts, payIntents, payRefunds } from "../../db/schema.js";
import { rowFromJson, run, type Statement } from "../../db/statements.js";
import type { BaseDeps } from "../../deps.js";
import type { PaidOrder } from "./deps.js";
import { type AttemptRow, closeAttempt, type IntentRow } from "./intents.js";
import { newRefundNo } from "./numbers.js";
import type { RefundRow } from "./refunds.js";

/** The provider's word on a trade, from a verified notification or a query of the provider. */
export type TradeWord =
  | { kind: "paid"; amountCents: number; providerTradeId: string }
  | { kind: "failed" | "closed" };

export type WordOutcome =
  | { outcome: "applied"; paidIntent: IntentRow | null; paidOrder?: PaidOrder | null; refunds: RefundRow[] }
  | { outcome: "duplicate" }
  | { outcome: "refused"; reason: string };

/** Where a paid word came from: a notification's route and its bytes (kept in the inbox), or a query. */
export interface PaidSource {
  provider: string;
  restaurantId: number;
  inbox: { headers: Record<string, string>; body: string };
}

/**
 * Applies the provider's word to one attempt, once. Paid adds the attempt's event (unique per trade:
 * a replay, or a notification after a query said the same, finds it there), moves the attempt to paid
 * (from pending, or failed/closed: the money was captured all the same) and the intent to paid when
 * its events cover it. Money that has nothing left to pay for (a second paid attempt, an intent
 * cancelled meanwhile, orders that can no longer be placed) is refunded: the refunds are recorded here
 * and sent after commit by the caller.
 *
 * A paid word is applied by pay_apply_paid (its live body: migration 0025) in one statement; its decision mirrors core's
 * intentState (covered is paid, beyond it overpaid and refunded). A notification's paid word names its
 * `source`: the attempt must be that provider's and restaurant's, and its inbox row is written in the
 * same statement. Our own queries of the provider (reconcile, the return page) pass none.
 */
export async function applyTradeWord(
  deps: Pick<BaseDeps, "db" | "now">,
  tradeNo: string,
  word: TradeWord,
  source?: PaidSource,
): Promise<WordOutcome> {
  if (word.kind === "paid") return applyPaid(deps, tradeNo, word, source);
  return deps.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(payAttempts)
      .where(eq(payAttempts.tradeNo, tradeNo))
      .for("update");
    if (!attempt) return { outcome: "refused", reason: "unknown trade" };
    return failAttempt(tx, attempt, word.kind, deps.now());
  });
}

/**
 * pay_apply_paid (live body in migration 0025): the visit or orders, the intent and the attempt locked, its event added once, the intent settled and the
 * refund recorded, with the notification's inbox row, in one statement: one round trip and one commit.
 */
const APPLY_PAID: Statement = {
  name: "pay_apply_paid",
  text: "SELECT pay_apply_paid($1, $2, $3, $4, $5, $6, $7, $8) AS result",
};

/** What pay_apply_paid answers: its rows as to_jsonb made them. */
interface AppliedJson {
  outcome: "applied" | "duplicate" | "refused";
  reason: string | null;
  intent: Record<string, unknown> | null;
  order: PaidOrder | null;
  refund: Record<string, unknown> | null;
}

/** Raised by pay_apply_paid when core's checkRefund would refuse the refund it was to record. */
const REFUND_TOO_LARGE = "P0R01";

async function applyPaid(
  deps: Pick<BaseDeps, "db" | "now">,
  tradeNo: string,
  word: Extract<TradeWord, { kind: "paid" }>,
  source: PaidSource | undefined,
): Promise<WordOutcome> {
  const now = deps.now();
  let result: AppliedJson;
  try {
    const [row] = await run<{ result: AppliedJson }>(deps.db, APPLY_PAID, [
      tradeNo,
      source?.provider ?? null,
      source?.restaurantId ?? null,
      word.amountCents,
      word.providerTradeId,
      now,
      newRefundNo(now),
      source ? JSON.stringify(source.inbox) : null,
    ]);
    if (!row) throw new Error("pay_apply_paid answered nothing");
    result = row.result;
  } catch (error) {
    if (typeof error === "object" && error !== null && "code" in error && error.code === REFUND_TOO_LARGE) {
      throw new AppError("refundTooLarge");
    }
    throw error;
  }
  if (result.outcome === "refused") return { outcome: "refused", reason: result.reason ?? "refused" };
  if (result.outcome === "duplicate") return { outcome: "duplicate" };
  return {
    outcome: "applied",
    paidIntent: result.intent ? rowFromJson(payIntents, result.intent) : null,
    paidOrder: result.order,
    refunds: result.refund ? [rowFromJson(payRefunds, result.refund)] : [],
  };
}

async function failAttempt(
  tx: Tx,
  attempt: AttemptRow,
  to: "failed" | "closed",
  now: Date,
): Promise<WordOutcome> {
  if (attempt.status !== "pending") return { outcome: "duplicate" };
  await closeAttempt(tx, attempt, to, now);
  return { outcome: "applied", paidIntent: null, refunds: [] };
}
