import { AppError, centsToMoneyText, PAY_API, type PayStart } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import { payAttempts, payIntents, restaurants } from "../../db/schema.js";
import { ATTEMPT_TTL_MS, type PaymentDeps } from "./deps.js";
import { type AttemptRow, closeAttempt, type IntentRow, pendingAttempt } from "./intents.js";
import { oneIntentMoney } from "./ledger.js";
import { newTradeNo } from "./numbers.js";

export interface StartInput {
  restaurantId: number;
  guid: string;
  /** the diner app's page the provider sends the browser back to; the trade number is added */
  returnPath: string;
  /** the origin the diner's browser used (the way back to us) */
  browserOrigin: string;
  clientIp: string;
  description: string;
}

/**
 * Starts paying an intent: the attempt in flight is answered again (one trade at a time per intent, so
 * a second tap never opens a second charge); else a new attempt for what is due, written before the
 * provider is called (its trade number is the call's idempotency key), then the provider's next step.
 */
export async function startAttempt(
  deps: PaymentDeps,
  intent: IntentRow,
  input: StartInput,
): Promise<PayStart> {
  const { db } = deps;
  const now = deps.now();
  const provider = await deps.providers.forRestaurant(input.restaurantId);
  const ready = await db.transaction(async (tx) => {
    // the intent's lock: concurrent taps take turns, and every one after the first finds its attempt
    // (the database allows one pending attempt per intent: pay_attempts_one_pending, 0025)
    const [locked] = await tx.select().from(payIntents).where(eq(payIntents.id, intent.id)).for("update");
    if (locked?.status !== "open") throw new AppError("nothingDue");
    const pending = await pendingAttempt(tx, locked.id);
    if (pending && pending.expiresAt > now) return { attempt: pending, fresh: false };
    // past its time: closed here (a late paid word still applies to it, and is refunded if not owed)
    if (pending) await closeAttempt(tx, pending, "closed", now);
    const money = await oneIntentMoney(tx, locked.id);
    const due = locked.amountCents - (money.paidCents - money.refundedCents);
    if (due <= 0) throw new AppError("nothingDue");
    const tradeNo = newTradeNo(now);
    const [attempt] = await tx
      .insert(payAttempts)
      .values({
        intentId: locked.id,
        restaurantId: input.restaurantId,
        provider: provider.name,
        tradeNo,
        amountCents: due,
        idempotencyKey: tradeNo,
        test: provider.test,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
      })
      .returning();
    if (!attempt) throw new Error("attempt insert returned nothing");
    return { attempt, fresh: true };
  });
  if (!ready.fresh) return payStart(await answeredAttempt(deps, ready.attempt), provider.name, provider.test);
  const { attempt } = ready;
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, input.restaurantId));
  const origin = deps.origin();
  const back = new URL(input.returnPath, input.browserOrigin);
  back.searchParams.set("tradeNo", attempt.tradeNo);
  try {
    const next = await provider.createAttempt({
      restaurantId: input.restaurantId,
      restaurantName: restaurant?.name ?? "",
      tradeNo: attempt.tradeNo,
      amountCents: attempt.amountCents,
      description: input.description,
      notifyUrl: `${origin}${PAY_API.payNotify(provider.name)}?rid=${input.restaurantId}`,
      returnUrl: back.toString(),
      channel: "web",
      clientIp: input.clientIp,
      expiresAt: attempt.expiresAt,
      idempotencyKey: attempt.idempotencyKey,
    });
    await db
      .update(payAttempts)
      .set({ next })
      .where(and(eq(payAttempts.id, attempt.id), eq(payAttempts.status, "pending")));
    return payStart({ ...attempt, next }, provider.name, provider.test);
  } catch (error) {
    deps.log.warn({ err: error, tradeNo: attempt.tradeNo }, "payment provider refused the attempt");
    await closeAttempt(db, attempt, "failed", deps.now());
    throw new AppError("providerFailed");
  }
}

/** How long a second tap waits for the first tap's provider call to answer its attempt's next step. */
const NEXT_WAIT_MS = 10_000;
const NEXT_POLL_MS = 50;

/**
 * The attempt a concurrent tap opened, once its provider call answered: every tap gets the same trade.
 * Its call failed: so does this tap's; it never answered in time: 支付处理中.
 */
async function answeredAttempt(deps: PaymentDeps, first: AttemptRow): Promise<AttemptRow> {
  const until = Date.now() + NEXT_WAIT_MS;
  let attempt: AttemptRow | undefined = first;
  while (attempt && attempt.next === null && attempt.status === "pending" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, NEXT_POLL_MS));
    [attempt] = await deps.db.select().from(payAttempts).where(eq(payAttempts.id, first.id));
  }
  if (attempt?.status === "failed") throw new AppError("providerFailed");
  if (!attempt || attempt.next === null) throw new AppError("payInFlight");
  return attempt;
}

function payStart(attempt: AttemptRow, provider: PayStart["provider"], test: boolean): PayStart {
  return {
    tradeNo: attempt.tradeNo,
    amount: centsToMoneyText(attempt.amountCents),
    provider,
    test,
    next: attempt.next as PayStart["next"],
  };
}
