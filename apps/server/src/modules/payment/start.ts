import { AppError, centsToMoneyText, type MemberPayChoice, PAY_API, type PayStart } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import { payAttempts, restaurants } from "../../db/schema.js";
import { visibleOrder } from "../order/orders.js";

import { ATTEMPT_TTL_MS, type PaymentDeps } from "./deps.js";
import { afterPayment } from "./effects.js";
import { attemptInFlight, type IntentRow } from "./intents.js";
import { oneIntentMoney } from "./ledger.js";
import { newTradeNo } from "./numbers.js";
import { NO_MEMBER_MONEY, orderGroupIntent } from "./order-intent.js";

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
    const pending = await attemptInFlight(tx, intent.id, now);
    if (pending?.next) return { attempt: pending, fresh: false };
    if (pending) throw new AppError("payInFlight");
    const money = await oneIntentMoney(tx, intent.id);
    const due = intent.amountCents - (money.paidCents - money.refundedCents);
    if (due <= 0) throw new AppError("nothingDue");
    const tradeNo = newTradeNo(now);
    const [attempt] = await tx
      .insert(payAttempts)
      .values({
        intentId: intent.id,
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
  const { attempt } = ready;
  if (!ready.fresh && attempt.next) return payStart(attempt, provider.name, provider.test);
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
    await db
      .update(payAttempts)
      .set({ status: "failed", settledAt: deps.now(), version: attempt.version + 1 })
      .where(and(eq(payAttempts.id, attempt.id), eq(payAttempts.version, attempt.version)));
    throw new AppError("providerFailed");
  }
}

function payStart(
  attempt: typeof payAttempts.$inferSelect,
  provider: PayStart["provider"],
  test: boolean,
): PayStart {
  return {
    tradeNo: attempt.tradeNo,
    amount: centsToMoneyText(attempt.amountCents),
    provider,
    test,
    next: attempt.next as PayStart["next"],
  };
}

/**
 * POST prepay: pay an order group the diner may see (their own, or their visit's), with the member
 * money they chose (a coupon, points, stored value): the gateway is asked only for the rest, and not at
 * all when stored value pays everything (the answer's next is then `paid`, after the paid word's effects).
 */
export async function startOrderPayment(
  deps: PaymentDeps,
  orderId: number,
  input: StartInput,
  choice: MemberPayChoice = NO_MEMBER_MONEY,
): Promise<PayStart> {
  // the order's diners may pay it (the orderer, a tablemate at its visit); to anyone else it does not exist
  await visibleOrder(deps.db, orderId, input.restaurantId, input.guid);
  const [restaurant] = await deps.db
    .select({ id: restaurants.id, serverVersion: restaurants.serverVersion, timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, input.restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  const { intent, paidOrder } = await deps.db.transaction((tx) =>
    orderGroupIntent(tx, restaurant, orderId, input.guid, choice, deps.now()),
  );
  if (intent.status !== "paid") return startAttempt(deps, intent, input);
  await afterPayment(deps, { outcome: "applied", paidIntent: intent, paidOrder, refunds: [] });
  const provider = await deps.providers.forRestaurant(input.restaurantId);
  return {
    tradeNo: "",
    amount: centsToMoneyText(0),
    provider: provider.name,
    test: provider.test,
    next: { kind: "paid" },
  };
}
