/**
 * The pay-notify bench's paid trades, made as diners and payers make them: prepayment restaurants (the
 * console bench's restaurants, switched to payment type 1), a diner seated at each table with its cart
 * filled (submit/prefill.ts), the cart submitted, then POST PAY_API.prepay for the order, which writes
 * the attempt and opens its sandbox trade. Then the payers pay in the sandbox's books (each trade moved
 * to paid, as the checkout page's 支付 does) without the notifications its courier would send: the
 * bench sends those, signed as the sandbox signs them.
 */
import { randomUUID } from "node:crypto";
import { PAY_API, type PayStart, type SandboxNotification } from "@tablemate/core";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../apps/server/src/db/client.js";
import { restaurants, sandboxTrades } from "../../apps/server/src/db/schema.js";
import { signatureHeader } from "../../apps/server/src/modules/payment/providers/sandbox/signature.js";
import type { Signer } from "../../apps/server/src/security/signer.js";
import { addBenchRestaurants } from "../console/restaurants.js";
import type { HttpClient } from "../submit/http.js";
import { submitCart } from "../submit/load.js";
import { planCarts, prefill } from "../submit/prefill.js";

/** A trade the payer has paid in the sandbox, its notification not yet sent. */
export interface PaidTrade {
  rid: number;
  tradeNo: string;
  transactionId: string;
  amountCents: number;
}

export interface TradesSetup {
  trades: PaidTrade[];
  seconds: number;
  /** submits or prepays that did not answer 1000, by step and code */
  refused: Record<string, number>;
}

/** Makes `count` paid sandbox trades over `restaurantCount` prepayment restaurants. */
export async function preparePaidTrades(
  db: Db,
  http: HttpClient,
  signer: Signer,
  input: { count: number; restaurantCount: number; concurrency: number; log: (text: string) => void },
): Promise<TradesSetup> {
  const start = performance.now();
  const made = await addBenchRestaurants(db, signer, {
    count: input.restaurantCount,
    dishCount: 5,
    tablesEach: Math.ceil(input.count / input.restaurantCount),
  });
  await db
    .update(restaurants)
    .set({ wctPayType: 1 })
    .where(
      inArray(
        restaurants.id,
        made.map((r) => r.rid),
      ),
    );
  const plans = made
    .flatMap((r) =>
      planCarts(r.seats, { popular: [], others: r.dishIds, popularShare: 0, firstPopularCarts: 0 }),
    )
    .slice(0, input.count);
  input.log(`setup: ${plans.length} tables in ${made.length} prepayment restaurants`);
  const { tables } = await prefill(http, plans, { concurrency: input.concurrency, log: input.log });

  const refused: Record<string, number> = {};
  const refuse = (step: string, code: number) => {
    refused[`${step} ${code}`] = (refused[`${step} ${code}`] ?? 0) + 1;
  };
  const tradeNos: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tables.length) {
      const table = tables[next++];
      if (!table) return;
      const submitted = await submitCart(http, table, randomUUID());
      if (submitted.body.code !== 1000) {
        refuse("submit", submitted.body.code);
        continue;
      }
      const { orderId } = submitted.body.data as { orderId: number };
      const rid = table.seat.rid;
      const started = await http.json(PAY_API.prepay, { rid, orderId }, table.cookie, {
        "Idempotency-Key": randomUUID(),
      });
      if (started.body.code !== 1000) refuse("prepay", started.body.code);
      else tradeNos.push((started.body.data as PayStart).tradeNo);
    }
  };
  await Promise.all(Array.from({ length: input.concurrency }, worker));
  input.log(`setup: ${tradeNos.length} attempts pending, refused ${JSON.stringify(refused)}`);

  const paid = await db
    .update(sandboxTrades)
    .set({ state: "paid", paidAt: new Date() })
    .where(and(inArray(sandboxTrades.tradeNo, tradeNos), eq(sandboxTrades.state, "pending")))
    .returning();
  return {
    trades: paid.map((t) => ({
      rid: t.restaurantId,
      tradeNo: t.tradeNo,
      transactionId: t.transactionId,
      amountCents: t.amountCents,
    })),
    seconds: Math.round((performance.now() - start) / 100) / 10,
    refused,
  };
}

/** A trade's trade.paid notification as the sandbox's courier sends it: the body and its signature header. */
export function signedPaidNotice(
  trade: PaidTrade,
  secrets: readonly string[],
  now: Date,
): { body: string; signature: string } {
  const event: SandboxNotification = {
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    type: "trade.paid",
    tradeNo: trade.tradeNo,
    transactionId: trade.transactionId,
    amountCents: trade.amountCents,
    at: now.toISOString(),
  };
  const body = JSON.stringify(event);
  return { body, signature: signatureHeader(secrets, body, now) };
}
