import type { PayProvider } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { payAttempts, payInbox, payRefunds } from "../../db/schema.js";
import { applyTradeWord, type WordOutcome } from "./apply.js";
import type { PaymentDeps } from "./deps.js";
import { afterPayment, trackEffect } from "./effects.js";
import {
  type NotificationAnswer,
  NotificationRefused,
  type RawNotification,
  type VerifiedNotification,
} from "./port.js";
import { applyRefundState } from "./refunds.js";

/** Header values worth keeping for a person reading a refused notification (never cookies). */
function keptHeaders(headers: RawNotification["headers"]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && name !== "cookie" && name !== "authorization") kept[name] = value;
  }
  return kept;
}

/**
 * A provider's notification, from its raw body: kept in the inbox with what verification found, then
 * applied once. The provider hears success for an applied or duplicate one, failure for one refused
 * (bad signature, stale, a probe, another merchant's, an unknown trade, a wrong amount).
 */
export async function receiveNotification(
  deps: PaymentDeps,
  providerName: PayProvider,
  restaurantId: number,
  raw: RawNotification,
): Promise<NotificationAnswer> {
  const provider = await deps.providers.named(providerName, restaurantId);
  const record = (verified: boolean, outcome: string, tradeNo?: string) =>
    deps.db.insert(payInbox).values({
      provider: providerName,
      receivedAt: deps.now(),
      headers: keptHeaders(raw.headers),
      body: raw.body.toString("utf8"),
      verified,
      outcome,
      tradeNo: tradeNo ?? null,
      restaurantId,
    });
  let word: VerifiedNotification;
  try {
    word = await provider.verifyNotification(raw);
  } catch (error) {
    const reason = error instanceof NotificationRefused ? error.reason : "unreadable";
    if (!(error instanceof NotificationRefused)) deps.log.warn({ err: error }, "notification unreadable");
    await record(
      false,
      `refused: ${reason}`,
      error instanceof NotificationRefused ? error.tradeNo : undefined,
    );
    return provider.answer(false);
  }
  if (word.kind === "paid") {
    // the hot path: checked, applied and kept in the inbox in one statement (apply.ts applyPaid)
    const outcome = await applyTradeWord(deps, word.tradeNo, word, {
      provider: providerName,
      restaurantId,
      inbox: { headers: keptHeaders(raw.headers), body: raw.body.toString("utf8") },
    });
    afterAnswer(deps, outcome);
    return provider.answer(outcome.outcome !== "refused");
  }
  const [attempt] = await deps.db
    .select({ provider: payAttempts.provider, restaurantId: payAttempts.restaurantId })
    .from(payAttempts)
    .where(eq(payAttempts.tradeNo, word.tradeNo));
  if (!attempt || attempt.provider !== providerName || attempt.restaurantId !== restaurantId) {
    await record(true, "refused: unknown trade", word.tradeNo);
    return provider.answer(false);
  }
  const outcome = await applyNotification(deps, word);
  await record(
    true,
    outcome.outcome === "refused" ? `refused: ${outcome.reason}` : outcome.outcome,
    word.tradeNo,
  );
  afterAnswer(deps, outcome);
  return provider.answer(outcome.outcome !== "refused");
}

/**
 * The refunds an applied word recorded go to the provider, and a paid intent is announced, after the
 * provider has its answer: the word is committed, and a slow refund call or broadcast must not hold the
 * answer (a provider that waits too long sends again). Failures are logged, never left unhandled.
 */
function afterAnswer(deps: PaymentDeps, outcome: WordOutcome): void {
  if (outcome.outcome !== "applied") return;
  trackEffect(
    deps,
    afterPayment(deps, outcome).catch((error: unknown) => {
      deps.log.error({ err: error }, "payment effects failed after a notification");
    }),
  );
}

/** The other words (a paid one takes the hot path above): a trade failed or closed, a refund's outcome. */
async function applyNotification(
  deps: PaymentDeps,
  word: Exclude<VerifiedNotification, { kind: "paid" }>,
): Promise<WordOutcome> {
  switch (word.kind) {
    case "failed":
    case "closed": {
      return applyTradeWord(deps, word.tradeNo, word);
    }
    case "refunded":
    case "refundFailed": {
      const [refund] = await deps.db.select().from(payRefunds).where(eq(payRefunds.refundNo, word.refundNo));
      if (!refund) return { outcome: "refused", reason: "unknown refund" };
      if (word.kind === "refunded" && word.amountCents !== refund.amountCents) {
        return {
          outcome: "refused",
          reason: `refund amount mismatch: ${word.amountCents} for ${refund.amountCents}`,
        };
      }
      const state = word.kind === "refunded" ? "done" : "failed";
      const applied = await applyRefundState(deps, refund, { state, amountCents: refund.amountCents });
      return applied === "duplicate"
        ? { outcome: "duplicate" }
        : { outcome: "applied", paidIntent: null, refunds: [] };
    }
  }
}
