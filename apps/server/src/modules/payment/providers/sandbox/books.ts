import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.js";
import { sandboxRefunds, sandboxTrades } from "../../../../db/schema.js";
import { rowFromJson, run, type Statement } from "../../../../db/statements.js";
import type { CreateAttemptInput, RefundInput } from "../../port.js";

/**
 * The sandbox gateway's own books (sandbox_trades, sandbox_refunds): what it was asked for and what
 * its payers did. Our payment tables never stand in for them, as they could not for a real gateway.
 */
export type SandboxTrade = typeof sandboxTrades.$inferSelect;
export type SandboxRefund = typeof sandboxRefunds.$inferSelect;
export type TradeOutcome = "paid" | "failed" | "closed";

/** The gateway's ids, as a real one has its own (transaction_id, refund_id). */
const gatewayId = (prefix: string, now: Date) =>
  `${prefix}${now.getTime().toString(36).toUpperCase()}${randomBytes(8).toString("hex").toUpperCase()}`;

/** A request the gateway refuses (a real one answers an error code): the caller's call fails. */
export class SandboxRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SandboxRefusal";
  }
}

/**
 * Opens a trade, once per trade number: the same call again (a retry) finds it; the same number with
 * another amount is refused, as a gateway refuses a reused out_trade_no.
 */
export async function openTrade(db: Db, input: CreateAttemptInput, now: Date): Promise<SandboxTrade> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new SandboxRefusal(`amount must be a positive number of cents: ${input.amountCents}`);
  }
  await db
    .insert(sandboxTrades)
    .values({
      tradeNo: input.tradeNo,
      restaurantId: input.restaurantId,
      transactionId: gatewayId("SBX", now),
      amountCents: input.amountCents,
      description: input.description,
      notifyUrl: input.notifyUrl,
      returnUrl: input.returnUrl,
      createdAt: now,
    })
    .onConflictDoNothing({ target: sandboxTrades.tradeNo });
  const trade = await findTrade(db, input.tradeNo);
  if (!trade) throw new Error(`sandbox trade ${input.tradeNo} vanished`);
  if (trade.amountCents !== input.amountCents || trade.restaurantId !== input.restaurantId) {
    throw new SandboxRefusal(`trade ${input.tradeNo} exists with other terms`);
  }
  return trade;
}

/** A trade by number, hand-written: every notification's verification reads it (the notify hot path). */
const FIND_TRADE: Statement = {
  name: "sandbox_find_trade",
  text: "SELECT to_jsonb(t) AS trade FROM sandbox_trades t WHERE t.trade_no = $1",
};

export async function findTrade(db: Db, tradeNo: string): Promise<SandboxTrade | null> {
  const [row] = await run<{ trade: Record<string, unknown> }>(db, FIND_TRADE, [tradeNo]);
  return row ? rowFromJson(sandboxTrades, row.trade) : null;
}

/**
 * Moves a pending trade to its outcome, compare-and-set: a trade is paid (or failed, or closed) once,
 * however many presses or calls race. Answers the trade when this call moved it, else null.
 */
export async function settleTrade(
  db: Db,
  tradeNo: string,
  to: TradeOutcome,
  now: Date,
): Promise<SandboxTrade | null> {
  const [moved] = await db
    .update(sandboxTrades)
    .set({ state: to, paidAt: to === "paid" ? now : null })
    .where(and(eq(sandboxTrades.tradeNo, tradeNo), eq(sandboxTrades.state, "pending")))
    .returning();
  return moved ?? null;
}

/**
 * Takes a refund of a paid trade, once per refund number (a retry answers the one taken), under the
 * trade's lock: more than was paid less what other refunds took is refused. The sandbox settles it
 * at once (done).
 */
export async function takeRefund(
  db: Db,
  input: RefundInput,
  now: Date,
): Promise<{ refund: SandboxRefund; trade: SandboxTrade; fresh: boolean }> {
  return db.transaction(async (tx) => {
    const [trade] = await tx
      .select()
      .from(sandboxTrades)
      .where(eq(sandboxTrades.tradeNo, input.tradeNo))
      .for("update");
    if (!trade) throw new SandboxRefusal(`unknown trade ${input.tradeNo}`);
    const [existing] = await tx
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.refundNo, input.refundNo));
    if (existing) {
      if (existing.tradeNo !== input.tradeNo || existing.amountCents !== input.amountCents) {
        throw new SandboxRefusal(`refund ${input.refundNo} exists with other terms`);
      }
      return { refund: existing, trade, fresh: false };
    }
    if (trade.state !== "paid")
      throw new SandboxRefusal(`trade ${input.tradeNo} is ${trade.state}, not paid`);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new SandboxRefusal(`refund must be a positive number of cents: ${input.amountCents}`);
    }
    const [taken] = await tx
      .select({ cents: sql<string>`coalesce(sum(${sandboxRefunds.amountCents}), 0)` })
      .from(sandboxRefunds)
      .where(and(eq(sandboxRefunds.tradeNo, input.tradeNo), ne(sandboxRefunds.state, "failed")));
    const left = trade.amountCents - Number(taken?.cents ?? 0);
    if (input.amountCents > left) {
      throw new SandboxRefusal(`refund of ${input.amountCents} above the ${left} left of ${input.tradeNo}`);
    }
    const [refund] = await tx
      .insert(sandboxRefunds)
      .values({
        refundNo: input.refundNo,
        tradeNo: input.tradeNo,
        refundId: gatewayId("SBR", now),
        amountCents: input.amountCents,
        state: "done",
        createdAt: now,
      })
      .returning();
    if (!refund) throw new Error("sandbox refund insert returned nothing");
    return { refund, trade, fresh: true };
  });
}

export async function findRefund(db: Db, tradeNo: string, refundNo: string): Promise<SandboxRefund | null> {
  const [refund] = await db
    .select()
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.refundNo, refundNo), eq(sandboxRefunds.tradeNo, tradeNo)));
  return refund ?? null;
}
