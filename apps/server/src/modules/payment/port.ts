import type { PayNext, PayProvider } from "@tablemate/core";

/**
 * The payment port: the one shape every provider (the built-in sandbox, WeChat Pay, Alipay) has.
 * Order code talks to this and never sees a provider's own fields. Amounts are cents.
 */
export interface PaymentProvider {
  readonly name: PayProvider;
  /** sandbox payments are marked 测试 wherever a person sees them */
  readonly test: boolean;
  /** asks the provider for a payment; answers what the browser does next */
  createAttempt(input: CreateAttemptInput): Promise<PayNext>;
  /** the provider's own view of a trade (the reconciliation job and the return page ask) */
  queryAttempt(tradeNo: string): Promise<TradeState>;
  /** closes an unpaid trade at the provider (an expired attempt) */
  closeAttempt(tradeNo: string): Promise<void>;
  /** refunds part or all of a paid trade */
  refund(input: RefundInput): Promise<RefundState>;
  queryRefund(tradeNo: string, refundNo: string): Promise<RefundState>;
  /**
   * Parses and verifies a notification from its raw body and headers (signature, timestamp window,
   * merchant and app ids against this provider's configuration); throws NotificationRefused.
   * The amount is checked by the caller against its own record of the attempt.
   */
  verifyNotification(raw: RawNotification): Promise<VerifiedNotification>;
  /** what the provider expects back: success (applied or a duplicate) or failure (retry later) */
  answer(ok: boolean): NotificationAnswer;
}

export interface CreateAttemptInput {
  restaurantId: number;
  restaurantName: string;
  /** our merchant trade number (unique at the provider) */
  tradeNo: string;
  amountCents: number;
  /** what the payer sees at the provider */
  description: string;
  /** absolute URL of PAY_API.payNotify(provider) */
  notifyUrl: string;
  /** absolute URL the browser comes back to (the diner's /pay/success) */
  returnUrl: string;
  /** WeChat JSAPI needs the payer's openid; H5 and Alipay's mobile web do not */
  channel: "jsapi" | "h5" | "web";
  payerOpenId?: string;
  clientIp: string;
  expiresAt: Date;
  /** stored before the call; a retried call carries the same key */
  idempotencyKey: string;
}

export interface TradeState {
  tradeNo: string;
  state: "pending" | "paid" | "closed" | "failed";
  /** what the provider says was paid (when paid) */
  amountCents?: number;
  providerTradeId?: string;
  paidAt?: Date;
}

export interface RefundInput {
  tradeNo: string;
  refundNo: string;
  amountCents: number;
  /** the trade's whole amount (WeChat asks for it) */
  totalCents: number;
  reason: string;
  notifyUrl: string;
  idempotencyKey: string;
}

export interface RefundState {
  refundNo: string;
  state: "pending" | "done" | "failed";
  amountCents: number;
  providerRefundId?: string;
}

export interface RawNotification {
  /** the body exactly as it arrived (signatures are over these bytes) */
  body: Buffer;
  /** header names in lower case */
  headers: Readonly<Record<string, string | undefined>>;
}

interface NotificationBase {
  /** unique per provider event: a replay finds its event already counted */
  eventId: string;
  tradeNo: string;
}

export type VerifiedNotification =
  | (NotificationBase & { kind: "paid"; amountCents: number; providerTradeId: string; paidAt: Date })
  | (NotificationBase & { kind: "refunded"; refundNo: string; amountCents: number; providerRefundId: string })
  | (NotificationBase & { kind: "refundFailed"; refundNo: string })
  | (NotificationBase & { kind: "failed" | "closed" });

/** A notification that must not count: bad signature, stale, a probe, another merchant's… */
export class NotificationRefused extends Error {
  constructor(
    readonly reason: string,
    /** the trade number, when the body could be read */
    readonly tradeNo?: string,
  ) {
    super(reason);
    this.name = "NotificationRefused";
  }
}

export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}
