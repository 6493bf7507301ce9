import { randomBytes } from "node:crypto";
import {
  PAY_API,
  type SandboxCheckoutAction,
  type SandboxEventType,
  type SandboxNotification,
  sandboxNotificationSchema,
} from "@tablemate/core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../../db/client.js";
import { findRestaurant } from "../../../restaurant/restaurants.js";
import {
  NotificationRefused,
  type PaymentProvider,
  type RawNotification,
  type RefundState,
  type TradeState,
  type VerifiedNotification,
} from "../../port.js";
import {
  findRefund,
  findTrade,
  openTrade,
  type SandboxRefund,
  SandboxRefusal,
  type SandboxTrade,
  settleTrade,
  takeRefund,
} from "./books.js";
import { type Courier, createCourier } from "./courier.js";
import { SANDBOX_TEXT } from "./messages.js";
import { SIGNATURE_HEADER, verifySignature } from "./signature.js";
import { getSandboxSwitches } from "./switches.js";

export interface SandboxDeps {
  db: Db;
  now: () => Date;
  /** the first signs notifications, any verifies (rotation); see sandboxSecrets */
  secrets: readonly string[];
  /** the origin a payer's browser reaches this server at: the checkout page's absolute URL */
  checkoutOrigin: () => string;
  log: FastifyBaseLogger;
  /** waits before each retry of an unaccepted notification (default 1 s, 5 s, 30 s, 2 min) */
  retryDelaysMs?: readonly number[];
  /** how long the outOfOrder switch holds a notification for a later one of its trade (default 10 s) */
  outOfOrderHoldMs?: number;
}

/** The sandbox as a provider, and what its hosted checkout page does. */
export interface SandboxProvider extends PaymentProvider {
  readonly name: "sandbox";
  /** the trade the checkout page shows and the merchant it pays, null when unknown */
  checkoutView(tradeNo: string): Promise<{ trade: SandboxTrade; merchantName: string } | null>;
  /**
   * The payer's press on the checkout page: pay (fails when the restaurant's fail switch is on), fail,
   * or cancel (it stays pending: the payer may come back). Answers where the browser goes, null for an
   * unknown trade.
   */
  checkout(tradeNo: string, action: SandboxCheckoutAction): Promise<{ returnUrl: string } | null>;
  /** resolves once the notifications under way are delivered or given up (tests, shutdown) */
  drain(): Promise<void>;
  /** gives up notifications under way (the app is closing) */
  stop(): void;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];
const DEFAULT_HOLD_MS = 10_000;

/** The built-in sandbox gateway: the default provider, a real gateway's behaviour with no real money. */
export function createSandboxProvider(deps: SandboxDeps): SandboxProvider {
  if (deps.secrets.length === 0) throw new Error("the sandbox needs at least one secret");
  const courier: Courier = createCourier({
    db: deps.db,
    secrets: deps.secrets,
    now: deps.now,
    log: deps.log,
    retryDelaysMs: deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    holdMs: deps.outOfOrderHoldMs ?? DEFAULT_HOLD_MS,
  });

  function notify(trade: SandboxTrade, type: SandboxEventType, refund?: SandboxRefund): void {
    const event: SandboxNotification = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      type,
      tradeNo: trade.tradeNo,
      transactionId: trade.transactionId,
      amountCents: refund?.amountCents ?? trade.amountCents,
      ...(refund ? { refundNo: refund.refundNo, refundId: refund.refundId } : {}),
      at: deps.now().toISOString(),
    };
    courier.send({ restaurantId: trade.restaurantId, notifyUrl: trade.notifyUrl, event });
  }

  const refundState = (refund: SandboxRefund): RefundState => ({
    refundNo: refund.refundNo,
    state: refund.state,
    amountCents: refund.amountCents,
    providerRefundId: refund.refundId,
  });

  return {
    name: "sandbox",
    test: true,

    async createAttempt(input) {
      await openTrade(deps.db, input, deps.now());
      return { kind: "redirect", url: `${deps.checkoutOrigin()}${PAY_API.sandboxCheckout(input.tradeNo)}` };
    },

    async queryAttempt(tradeNo): Promise<TradeState> {
      const trade = await findTrade(deps.db, tradeNo);
      if (!trade) throw new SandboxRefusal(`unknown trade ${tradeNo}`);
      return {
        tradeNo,
        state: trade.state,
        providerTradeId: trade.transactionId,
        ...(trade.state === "paid"
          ? { amountCents: trade.amountCents, paidAt: trade.paidAt ?? undefined }
          : {}),
      };
    },

    async closeAttempt(tradeNo) {
      const closed = await settleTrade(deps.db, tradeNo, "closed", deps.now());
      if (closed) return notify(closed, "trade.closed");
      const trade = await findTrade(deps.db, tradeNo);
      // a trade the payer paid meanwhile cannot be closed (the caller's query will find it paid)
      if (trade?.state === "paid") throw new SandboxRefusal(`trade ${tradeNo} is paid`);
    },

    async refund(input) {
      const { refund, trade, fresh } = await takeRefund(deps.db, input, deps.now());
      if (fresh) notify(trade, "refund.succeeded", refund);
      return refundState(refund);
    },

    async queryRefund(tradeNo, refundNo) {
      const refund = await findRefund(deps.db, tradeNo, refundNo);
      if (!refund) throw new SandboxRefusal(`unknown refund ${refundNo} of ${tradeNo}`);
      return refundState(refund);
    },

    async verifyNotification(raw: RawNotification): Promise<VerifiedNotification> {
      verifySignature(raw.headers[SIGNATURE_HEADER], raw.body, deps.secrets, deps.now());
      let event: SandboxNotification;
      try {
        event = sandboxNotificationSchema.parse(JSON.parse(raw.body.toString("utf8")));
      } catch {
        throw new NotificationRefused("malformed body");
      }
      const trade = await findTrade(deps.db, event.tradeNo);
      if (!trade || trade.transactionId !== event.transactionId) {
        throw new NotificationRefused("unknown trade", event.tradeNo);
      }
      return verified(event, await eventRefund(deps.db, event));
    },

    answer(ok) {
      return {
        status: ok ? 200 : 400,
        contentType: "application/json",
        body: JSON.stringify({ received: ok }),
      };
    },

    async checkoutView(tradeNo) {
      const trade = await findTrade(deps.db, tradeNo);
      if (!trade) return null;
      const merchant = await findRestaurant(deps.db, trade.restaurantId);
      return { trade, merchantName: merchant?.name ?? SANDBOX_TEXT.unknownMerchant };
    },

    async checkout(tradeNo, action) {
      const trade = await findTrade(deps.db, tradeNo);
      if (!trade) return null;
      if (action === "cancel") return { returnUrl: trade.returnUrl };
      const refused = action === "fail" || (await getSandboxSwitches(deps.db, trade.restaurantId)).fail;
      const moved = await settleTrade(deps.db, tradeNo, refused ? "failed" : "paid", deps.now());
      // a second press (or a racing one) finds it settled: nothing is paid or told twice
      if (moved) notify(moved, moved.state === "paid" ? "trade.paid" : "trade.failed");
      return { returnUrl: trade.returnUrl };
    },

    drain: () => courier.drain(),
    stop: () => courier.stop(),
  };
}

/** A refund event's refund in the books (an event naming one the sandbox never took is refused). */
async function eventRefund(db: Db, event: SandboxNotification): Promise<SandboxRefund | null> {
  if (!event.refundNo) return null;
  const refund = await findRefund(db, event.tradeNo, event.refundNo);
  if (!refund || refund.refundId !== event.refundId) {
    throw new NotificationRefused("unknown refund", event.tradeNo);
  }
  return refund;
}

/** The port's word for a verified event; the amount is the notification's (the caller checks it). */
function verified(event: SandboxNotification, refund: SandboxRefund | null): VerifiedNotification {
  const base = { eventId: event.id, tradeNo: event.tradeNo };
  switch (event.type) {
    case "trade.paid":
      return {
        ...base,
        kind: "paid",
        amountCents: event.amountCents,
        providerTradeId: event.transactionId,
        paidAt: new Date(event.at),
      };
    case "trade.failed":
      return { ...base, kind: "failed" };
    case "trade.closed":
      return { ...base, kind: "closed" };
  }
  // a refund event's refund was found by eventRefund (the schema makes one name its refund)
  if (!refund) throw new NotificationRefused("malformed body", event.tradeNo);
  return event.type === "refund.succeeded"
    ? {
        ...base,
        kind: "refunded",
        refundNo: refund.refundNo,
        amountCents: event.amountCents,
        providerRefundId: refund.refundId,
      }
    : { ...base, kind: "refundFailed", refundNo: refund.refundNo };
}
