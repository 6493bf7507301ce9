import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PAY_API } from "@tablemate/core";
import type { LightMyRequestResponse } from "fastify";
import { effectsSettled } from "../../src/modules/payment/effects.js";
import type {
  CreateAttemptInput,
  NotificationAnswer,
  PaymentProvider,
  RawNotification,
  RefundInput,
  RefundState,
  TradeState,
  VerifiedNotification,
} from "../../src/modules/payment/port.js";
import { NotificationRefused } from "../../src/modules/payment/port.js";
import type { TestApp } from "./harness.js";

interface FakeTrade {
  input: CreateAttemptInput;
  state: TradeState["state"];
  refunds: Map<string, RefundState>;
}

/**
 * A payment provider for service tests: keeps its trades in memory and signs its notifications with a
 * key made for the test (HMAC over timestamp and body, a 5-minute window), like a real gateway would.
 * Tests play the payer (pay, fail) and the provider's delivery (notification(), then POST it).
 */
export class FakeProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly test = true;
  readonly trades = new Map<string, FakeTrade>();
  private readonly key = randomBytes(32);
  /** refunds answer pending (a notification says done later) when set */
  refundsPending = false;
  /** the provider's API is down when set */
  down = false;
  calls: string[] = [];

  async createAttempt(input: CreateAttemptInput) {
    this.calls.push(`create ${input.tradeNo}`);
    if (this.down) throw new Error("provider down");
    this.trades.set(input.tradeNo, { input, state: "pending", refunds: new Map() });
    return { kind: "redirect" as const, url: `https://fake.pay.test/checkout/${input.tradeNo}` };
  }

  async queryAttempt(tradeNo: string): Promise<TradeState> {
    this.calls.push(`query ${tradeNo}`);
    const trade = this.trade(tradeNo);
    return {
      tradeNo,
      state: trade.state,
      amountCents: trade.state === "paid" ? trade.input.amountCents : undefined,
      providerTradeId: `FX${tradeNo}`,
    };
  }

  async closeAttempt(tradeNo: string) {
    this.calls.push(`close ${tradeNo}`);
    const trade = this.trade(tradeNo);
    if (trade.state === "pending") trade.state = "closed";
  }

  async refund(input: RefundInput): Promise<RefundState> {
    this.calls.push(`refund ${input.refundNo} ${input.amountCents}`);
    if (this.down) throw new Error("provider down");
    const trade = this.trade(input.tradeNo);
    const refunded = [...trade.refunds.values()].reduce((s, r) => s + r.amountCents, 0);
    if (trade.state !== "paid" || refunded + input.amountCents > trade.input.amountCents) {
      throw new Error("refund above the paid amount");
    }
    const state: RefundState = {
      refundNo: input.refundNo,
      state: this.refundsPending ? "pending" : "done",
      amountCents: input.amountCents,
    };
    trade.refunds.set(input.refundNo, state);
    return state;
  }

  async queryRefund(tradeNo: string, refundNo: string): Promise<RefundState> {
    const refund = this.trade(tradeNo).refunds.get(refundNo);
    if (!refund) throw new Error("unknown refund");
    return refund;
  }

  async verifyNotification(raw: RawNotification): Promise<VerifiedNotification> {
    const header = raw.headers["x-fake-signature"] ?? "";
    const [t, signature] = header.split(",");
    if (!t || !signature) throw new NotificationRefused("missing signature");
    const expected = this.sign(t, raw.body);
    const given = Buffer.from(signature, "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NotificationRefused("bad signature");
    }
    if (Math.abs(Date.now() / 1000 - Number(t)) > 300) throw new NotificationRefused("stale timestamp");
    return JSON.parse(raw.body.toString("utf8"), (key, value) =>
      key === "paidAt" ? new Date(value) : value,
    ) as VerifiedNotification;
  }

  answer(ok: boolean): NotificationAnswer {
    return { status: ok ? 200 : 400, contentType: "application/json", body: JSON.stringify({ ok }) };
  }

  /** The payer pays at the provider (its books only: nothing is told to us yet). */
  pay(tradeNo: string): void {
    this.trade(tradeNo).state = "paid";
  }

  fail(tradeNo: string): void {
    this.trade(tradeNo).state = "failed";
  }

  /** A signed notification of what the provider holds for the trade (`amountCents` to forge a wrong one). */
  notification(
    tradeNo: string,
    opts: { amountCents?: number; eventId?: string; at?: number; refundNo?: string } = {},
  ): { body: string; headers: Record<string, string> } {
    const trade = this.trade(tradeNo);
    const word: VerifiedNotification = opts.refundNo
      ? {
          kind: "refunded",
          eventId: opts.eventId ?? `ev-${randomBytes(4).toString("hex")}`,
          tradeNo,
          refundNo: opts.refundNo,
          amountCents: opts.amountCents ?? trade.refunds.get(opts.refundNo)?.amountCents ?? 0,
          providerRefundId: `FR${opts.refundNo}`,
        }
      : trade.state === "paid"
        ? {
            kind: "paid",
            eventId: opts.eventId ?? `ev-${randomBytes(4).toString("hex")}`,
            tradeNo,
            amountCents: opts.amountCents ?? trade.input.amountCents,
            providerTradeId: `FX${tradeNo}`,
            paidAt: new Date(),
          }
        : { kind: trade.state === "failed" ? "failed" : "closed", eventId: `ev-${tradeNo}`, tradeNo };
    const body = JSON.stringify(word);
    const t = String(opts.at ?? Math.floor(Date.now() / 1000));
    const signature = this.sign(t, Buffer.from(body)).toString("hex");
    return { body, headers: { "content-type": "application/json", "x-fake-signature": `${t},${signature}` } };
  }

  private sign(t: string, body: Buffer): Buffer {
    return createHmac("sha256", this.key).update(`${t}.`).update(body).digest();
  }

  private trade(tradeNo: string): FakeTrade {
    const trade = this.trades.get(tradeNo);
    if (!trade) throw new Error(`unknown trade ${tradeNo}`);
    return trade;
  }
}

/**
 * Delivers a notification (as FakeProvider.notification makes it) to the app's sandbox notify route
 * for restaurant `rid`, as the provider does. The provider is answered first and what the
 * notification sets off (refunds, announcements) follows: this resolves with the answer once that
 * has run too.
 */
export async function deliverNotification(
  app: TestApp,
  rid: number,
  message: { body: string; headers: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const answer = await app.server.inject({
    method: "POST",
    url: `${PAY_API.payNotify("sandbox")}?rid=${rid}`,
    headers: message.headers,
    payload: message.body,
  });
  await effectsSettled(app);
  return answer;
}
