import { assertCents } from "@tablemate/core";
import { z } from "zod";
import type {
  CreateAttemptInput,
  NotificationAnswer,
  PaymentProvider,
  RefundInput,
  RefundState,
  TradeState,
} from "../../port.js";
import { beijingRfc3339 } from "../beijing-time.js";
import { configOrThrow } from "../config-check.js";
import { PaymentProviderError } from "../errors.js";
import { wechatClient } from "./client.js";
import { readWechatKeys, validateWechatConfig, WECHAT_BASE_URL } from "./config.js";
import { verifyWechatNotification } from "./notification.js";
import { jsapiPayParams } from "./signing.js";

/**
 * WeChat Pay API v3 for a direct merchant: JSAPI (inside WeChat, with the payer's openid) and H5 (a
 * phone's browser). Our trade number is out_trade_no, and WeChat's own idempotency is on it (a repeated
 * prepay for the same out_trade_no and the same content answers the same prepay), as it is on
 * out_refund_no for a refund; so the port's idempotency keys need no header here.
 */

/** WeChat's limits: description up to 127 bytes, refund reason up to 80 characters. */
const DESCRIPTION_MAX_BYTES = 127;
const REASON_MAX_CHARS = 80;

const TRADE_STATES: Record<string, TradeState["state"]> = {
  SUCCESS: "paid",
  /** paid, then (part) refunded: it was paid */
  REFUND: "paid",
  NOTPAY: "pending",
  USERPAYING: "pending",
  CLOSED: "closed",
  REVOKED: "closed",
  PAYERROR: "failed",
};

const REFUND_STATES: Record<string, RefundState["state"]> = {
  SUCCESS: "done",
  PROCESSING: "pending",
  CLOSED: "failed",
  ABNORMAL: "failed",
};

const prepaySchema = z.object({ prepay_id: z.string().min(1) });
const h5Schema = z.object({ h5_url: z.url() });
const tradeSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string(),
  trade_state: z.string(),
  transaction_id: z.string().optional(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative() }).optional(),
});
const refundSchema = z.object({
  refund_id: z.string().min(1),
  out_refund_no: z.string(),
  out_trade_no: z.string(),
  status: z.string(),
  amount: z.object({ refund: z.number().int().nonnegative() }),
});

/** A provider from a merchant configuration (pay_merchants.config); throws the problems when it is not valid. */
export function createWechatProvider(input: unknown): PaymentProvider {
  const config = configOrThrow(validateWechatConfig(input));
  const keys = readWechatKeys(config);
  const { mchid, appid } = config;
  const client = wechatClient({
    baseUrl: config.baseUrl ?? WECHAT_BASE_URL,
    mchid,
    serialNo: config.serialNo,
    keys,
    publicKeyId: config.publicKey?.id,
  });
  const wrongAnswer = (message: string) => new PaymentProviderError("wechat", "ANSWER_UNEXPECTED", message);
  const parse = <T>(schema: z.ZodType<T>, answer: unknown, what: string): T => {
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw wrongAnswer(`${what} answer malformed`);
    return parsed.data;
  };
  const tradePath = (tradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}`;

  const refundState = (answer: unknown, tradeNo: string, refundNo: string): RefundState => {
    const r = parse(refundSchema, answer, "refund");
    if (r.out_refund_no !== refundNo || r.out_trade_no !== tradeNo)
      throw wrongAnswer("refund answer for another refund");
    const state = REFUND_STATES[r.status];
    if (!state) throw wrongAnswer(`refund status ${r.status}`);
    return { refundNo, state, amountCents: r.amount.refund, providerRefundId: r.refund_id };
  };

  return {
    name: "wechat",
    test: false,

    async createAttempt(input: CreateAttemptInput) {
      assertCents(input.amountCents);
      const common = {
        appid,
        mchid,
        description: truncateBytes(input.description, DESCRIPTION_MAX_BYTES),
        out_trade_no: input.tradeNo,
        time_expire: beijingRfc3339(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountCents, currency: "CNY" },
      };
      if (input.channel === "jsapi") {
        if (!input.payerOpenId) throw new Error("WeChat JSAPI needs the payer's openid");
        const answer = await client.call("POST", "/v3/pay/transactions/jsapi", {
          ...common,
          payer: { openid: input.payerOpenId },
        });
        const { prepay_id } = parse(prepaySchema, answer, "jsapi");
        return { kind: "jsapi", params: jsapiPayParams(appid, prepay_id, keys.privateKey) };
      }
      // a phone's browser outside WeChat: H5 (the port's "web" is the same browser)
      const answer = await client.call("POST", "/v3/pay/transactions/h5", {
        ...common,
        scene_info: { payer_client_ip: input.clientIp, h5_info: { type: "Wap" } },
      });
      const { h5_url } = parse(h5Schema, answer, "h5");
      const joiner = h5_url.includes("?") ? "&" : "?";
      return {
        kind: "redirect",
        url: `${h5_url}${joiner}redirect_url=${encodeURIComponent(input.returnUrl)}`,
      };
    },

    async queryAttempt(tradeNo) {
      const answer = await client.call("GET", `${tradePath(tradeNo)}?mchid=${encodeURIComponent(mchid)}`);
      const t = parse(tradeSchema, answer, "query");
      if (t.out_trade_no !== tradeNo || t.mchid !== mchid || t.appid !== appid)
        throw wrongAnswer("query answer for another trade or merchant");
      const state = TRADE_STATES[t.trade_state];
      if (!state) throw wrongAnswer(`trade_state ${t.trade_state}`);
      if (state !== "paid") return { tradeNo, state };
      if (!t.amount || !t.transaction_id || !t.success_time)
        throw wrongAnswer("paid trade without its payment");
      return {
        tradeNo,
        state,
        amountCents: t.amount.total,
        providerTradeId: t.transaction_id,
        paidAt: new Date(t.success_time),
      };
    },

    async closeAttempt(tradeNo) {
      await client.call("POST", `${tradePath(tradeNo)}/close`, { mchid });
    },

    async refund(input: RefundInput) {
      assertCents(input.amountCents);
      assertCents(input.totalCents);
      const answer = await client.call("POST", "/v3/refund/domestic/refunds", {
        out_trade_no: input.tradeNo,
        out_refund_no: input.refundNo,
        reason: [...input.reason].slice(0, REASON_MAX_CHARS).join(""),
        notify_url: input.notifyUrl,
        amount: { refund: input.amountCents, total: input.totalCents, currency: "CNY" },
      });
      return refundState(answer, input.tradeNo, input.refundNo);
    },

    async queryRefund(tradeNo, refundNo) {
      const answer = await client.call("GET", `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
      return refundState(answer, tradeNo, refundNo);
    },

    async verifyNotification(raw) {
      return verifyWechatNotification({ mchid, appid, keys }, raw);
    },

    answer(ok: boolean): NotificationAnswer {
      return ok
        ? { status: 200, contentType: "application/json", body: JSON.stringify({ code: "SUCCESS" }) }
        : {
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ code: "FAIL", message: "失败" }),
          };
    },
  };
}

/** Cuts text to at most `max` UTF-8 bytes without splitting a character. */
function truncateBytes(text: string, max: number): string {
  let out = "";
  let bytes = 0;
  for (const ch of text) {
    bytes += Buffer.byteLength(ch, "utf8");
    if (bytes > max) break;
    out += ch;
  }
  return out;
}
