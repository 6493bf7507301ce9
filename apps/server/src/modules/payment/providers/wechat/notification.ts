import { z } from "zod";
import { NotificationRefused, type RawNotification, type VerifiedNotification } from "../../port.js";
import type { WechatKeys } from "./config.js";
import { decryptResource } from "./decryption.js";
import { SignatureRefused, signedMessage, verifyWechatSignature } from "./verification.js";

/**
 * A WeChat Pay notification: the signature over the raw body first (headers Wechatpay-*), then the
 * resource decrypted with the APIv3 key, then the merchant (and, for a payment, the app) checked
 * against this configuration. Only then is anything in it believed.
 */

const envelopeSchema = z.object({
  id: z.string().min(1),
  event_type: z.string(),
  resource_type: z.literal("encrypt-resource"),
  resource: z.object({
    algorithm: z.literal("AEAD_AES_256_GCM"),
    ciphertext: z.string().min(1),
    nonce: z.string().min(1),
    associated_data: z.string().optional(),
  }),
});

/** The decrypted resource of TRANSACTION.SUCCESS. */
const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().min(1),
  trade_state: z.string(),
  success_time: z.string(),
  amount: z.object({ total: z.number().int().nonnegative() }),
});

/** The decrypted resource of REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED (it carries no appid). */
const refundSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string().min(1),
  out_refund_no: z.string().min(1),
  refund_id: z.string().min(1),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int().nonnegative() }),
});

export function verifyWechatNotification(
  merchant: { mchid: string; appid: string; keys: WechatKeys },
  raw: RawNotification,
  nowMs = Date.now(),
): VerifiedNotification {
  try {
    verifyWechatSignature(merchant.keys.verifying, signedMessage(raw.headers, raw.body), nowMs);
  } catch (error) {
    if (error instanceof SignatureRefused) throw new NotificationRefused(error.message);
    throw error;
  }
  const envelope = envelopeSchema.safeParse(parseJson(raw.body));
  if (!envelope.success) throw new NotificationRefused("notification malformed");
  const { id: eventId, event_type: eventType, resource } = envelope.data;
  const plaintext = decryptResource(merchant.keys.apiV3Key, resource);
  if (plaintext === undefined) throw new NotificationRefused("resource does not decrypt");
  const content = parseJson(Buffer.from(plaintext, "utf8"));

  if (eventType === "TRANSACTION.SUCCESS") {
    const tx = transactionSchema.safeParse(content);
    if (!tx.success) throw new NotificationRefused("transaction malformed");
    const t = tx.data;
    const tradeNo = t.out_trade_no;
    if (t.mchid !== merchant.mchid) throw new NotificationRefused(`another merchant ${t.mchid}`, tradeNo);
    if (t.appid !== merchant.appid) throw new NotificationRefused(`another app ${t.appid}`, tradeNo);
    if (t.trade_state !== "SUCCESS") throw new NotificationRefused(`trade_state ${t.trade_state}`, tradeNo);
    const paidAt = new Date(t.success_time);
    if (Number.isNaN(paidAt.getTime())) throw new NotificationRefused("success_time malformed", tradeNo);
    return {
      kind: "paid",
      eventId,
      tradeNo,
      amountCents: t.amount.total,
      providerTradeId: t.transaction_id,
      paidAt,
    };
  }

  if (eventType === "REFUND.SUCCESS" || eventType === "REFUND.ABNORMAL" || eventType === "REFUND.CLOSED") {
    const rf = refundSchema.safeParse(content);
    if (!rf.success) throw new NotificationRefused("refund malformed");
    const r = rf.data;
    const tradeNo = r.out_trade_no;
    if (r.mchid !== merchant.mchid) throw new NotificationRefused(`another merchant ${r.mchid}`, tradeNo);
    if (`REFUND.${r.refund_status}` !== eventType)
      throw new NotificationRefused(`refund_status ${r.refund_status} under ${eventType}`, tradeNo);
    if (eventType === "REFUND.SUCCESS")
      return {
        kind: "refunded",
        eventId,
        tradeNo,
        refundNo: r.out_refund_no,
        amountCents: r.amount.refund,
        providerRefundId: r.refund_id,
      };
    return { kind: "refundFailed", eventId, tradeNo, refundNo: r.out_refund_no };
  }

  throw new NotificationRefused(`event type ${eventType} not handled`);
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
}
