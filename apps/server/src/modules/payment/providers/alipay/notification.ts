import { NotificationRefused, type RawNotification, type VerifiedNotification } from "../../port.js";
import { parseBeijingText } from "../beijing-time.js";
import { alipayCents } from "./amount.js";
import type { AlipayKeys } from "./config.js";
import { rsa2Verify, signContent } from "./signing.js";

/**
 * An Alipay asynchronous notification (form-encoded POST): the RSA2 signature over the other
 * parameters (URL-decoded, sorted, without sign and sign_type) checked with Alipay's public key, then
 * app_id and seller_id against this configuration. Alipay resends until it reads 'success', for up to
 * a day, so there is no timestamp window; a replay is caught by its notify_id (the event id).
 */
/**
 * A refund's notice: verified, but its refund_fee is the trade's refunded total, so the provider asks
 * the refund query for this refund's own amount before it becomes `refunded`.
 */
export interface RefundNotice {
  kind: "refundNotice";
  eventId: string;
  tradeNo: string;
  refundNo: string;
}

export function verifyAlipayNotification(
  merchant: { appId: string; sellerId: string; keys: AlipayKeys },
  raw: RawNotification,
): VerifiedNotification | RefundNotice {
  const params: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [name, value] of new URLSearchParams(raw.body.toString("utf8"))) {
    if (name in params) repeated.push(name);
    params[name] = value;
  }
  const tradeNo = params.out_trade_no || undefined;
  const refuse = (reason: string) => new NotificationRefused(reason, tradeNo);

  // which of two values was signed is anyone's guess: neither is believed
  if (repeated.length) throw refuse(`parameter ${repeated.join(", ")} repeated`);

  if (params.sign_type !== "RSA2") throw refuse(`sign_type ${params.sign_type ?? "missing"}`);
  if (params.charset && params.charset.toLowerCase() !== "utf-8") throw refuse(`charset ${params.charset}`);
  if (
    !params.sign ||
    !rsa2Verify(merchant.keys.alipayPublicKey, signContent(params, ["sign", "sign_type"]), params.sign)
  )
    throw refuse("bad signature");
  if (params.app_id !== merchant.appId) throw refuse(`another app ${params.app_id}`);
  if (params.seller_id !== merchant.sellerId) throw refuse(`another seller ${params.seller_id}`);
  if (params.notify_type !== "trade_status_sync") throw refuse(`notify_type ${params.notify_type}`);
  const eventId = params.notify_id;
  if (!tradeNo || !eventId) throw refuse("out_trade_no or notify_id missing");

  const status = params.trade_status;
  // a refund comes as the trade's notification with refund_fee and gmt_refund (TRADE_SUCCESS after a
  // part refund, TRADE_CLOSED after a full one); out_biz_no is our refund's out_request_no
  if (params.refund_fee !== undefined || params.gmt_refund !== undefined) {
    if (!params.out_biz_no) throw refuse("refund notification without out_biz_no");
    return { kind: "refundNotice", eventId, tradeNo, refundNo: params.out_biz_no };
  }
  if (status === "TRADE_SUCCESS" || status === "TRADE_FINISHED") {
    const amountCents = alipayCents(params.total_amount);
    const paidAt = parseBeijingText(params.gmt_payment ?? "");
    if (amountCents === undefined || !paidAt || !params.trade_no)
      throw refuse("payment notification malformed");
    return { kind: "paid", eventId, tradeNo, amountCents, providerTradeId: params.trade_no, paidAt };
  }
  if (status === "TRADE_CLOSED") return { kind: "closed", eventId, tradeNo };
  // WAIT_BUYER_PAY (sent only when the app asks for it) and anything else: nothing paid, nothing to count
  throw refuse(`trade_status ${status ?? "missing"}: not paid`);
}
