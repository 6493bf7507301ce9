import { assertCents, centsToMoneyText } from "@tablemate/core";
import {
  type CreateAttemptInput,
  type NotificationAnswer,
  NotificationRefused,
  type PaymentProvider,
  type RefundInput,
  type RefundState,
  type TradeState,
} from "../../port.js";
import { beijingText, parseBeijingText } from "../beijing-time.js";
import { configOrThrow } from "../config-check.js";
import { PaymentProviderError } from "../errors.js";
import { alipayCents } from "./amount.js";
import { type AlipayAnswer, alipayClient, answerFailed } from "./client.js";
import { ALIPAY_GATEWAY_URL, readAlipayKeys, validateAlipayConfig } from "./config.js";
import { verifyAlipayNotification } from "./notification.js";

/**
 * Alipay's mobile web payment (alipay.trade.wap.pay): the browser posts the signed form to the gateway
 * (the spec's pay form); query, close, refund and refund query are server calls. Alipay's own
 * idempotency is on out_trade_no and, for a refund, out_request_no (our refund number), so the
 * port's idempotency keys need no parameter here.
 */

const SUBJECT_MAX_CHARS = 256;
const REASON_MAX_CHARS = 256;

const TRADE_STATES: Record<string, TradeState["state"]> = {
  WAIT_BUYER_PAY: "pending",
  TRADE_SUCCESS: "paid",
  TRADE_FINISHED: "paid",
  TRADE_CLOSED: "closed",
};

/** The trade does not exist at Alipay: the payer never opened the cashier (a wap trade is made there). */
const TRADE_NOT_EXIST = "ACQ.TRADE_NOT_EXIST";

const text = (node: Record<string, unknown>, name: string): string | undefined =>
  typeof node[name] === "string" ? (node[name] as string) : undefined;

/** A provider from a merchant configuration (pay_merchants.config); throws the problems when it is not valid. */
export function createAlipayProvider(input: unknown): PaymentProvider {
  const config = configOrThrow(validateAlipayConfig(input));
  const keys = readAlipayKeys(config);
  const { appId, sellerId } = config;
  const client = alipayClient({ gatewayUrl: config.gatewayUrl ?? ALIPAY_GATEWAY_URL, appId, keys });
  const wrongAnswer = (message: string) => new PaymentProviderError("alipay", "ANSWER_UNEXPECTED", message);
  const checkTrade = (answer: AlipayAnswer, tradeNo: string) => {
    if (text(answer.node, "out_trade_no") !== tradeNo) throw wrongAnswer("answer for another trade");
  };
  const chars = (value: string, max: number) => [...value].slice(0, max).join("");

  async function queryRefund(tradeNo: string, refundNo: string): Promise<RefundState> {
    const answer = await client.call("alipay.trade.fastpay.refund.query", {
      out_trade_no: tradeNo,
      out_request_no: refundNo,
    });
    if (answer.code !== "10000") throw answerFailed(answer);
    // an answer without refund_status (or without the refund's data) means Alipay has not (yet)
    // refunded: pending, and the refund may be sent again with the same out_request_no
    const done = text(answer.node, "refund_status") === "REFUND_SUCCESS";
    if (done) {
      checkTrade(answer, tradeNo);
      if (text(answer.node, "out_request_no") !== refundNo) throw wrongAnswer("answer for another refund");
    }
    const amountCents = alipayCents(text(answer.node, "refund_amount"));
    if (done && amountCents === undefined) throw wrongAnswer("refund without its amount");
    return {
      refundNo,
      state: done ? "done" : "pending",
      amountCents: amountCents ?? 0,
      providerRefundId: text(answer.node, "trade_no"),
    };
  }

  return {
    name: "alipay",
    test: false,

    async createAttempt(input: CreateAttemptInput) {
      if (input.channel === "jsapi") throw new Error("Alipay has no jsapi channel (mobile web only)");
      assertCents(input.amountCents);
      const fields = client.signedParams(
        "alipay.trade.wap.pay",
        {
          out_trade_no: input.tradeNo,
          total_amount: centsToMoneyText(input.amountCents),
          subject: chars(input.description, SUBJECT_MAX_CHARS),
          product_code: "QUICK_WAP_WAY",
          time_expire: beijingText(input.expiresAt),
          quit_url: input.returnUrl,
        },
        { notify_url: input.notifyUrl, return_url: input.returnUrl },
      );
      return { kind: "form", action: client.formAction(), method: "POST", fields };
    },

    async queryAttempt(tradeNo) {
      const answer = await client.call("alipay.trade.query", { out_trade_no: tradeNo });
      if (answer.subCode === TRADE_NOT_EXIST) return { tradeNo, state: "pending" };
      if (answer.code !== "10000") throw answerFailed(answer);
      checkTrade(answer, tradeNo);
      const status = text(answer.node, "trade_status") ?? "";
      const state = TRADE_STATES[status];
      if (!state) throw wrongAnswer(`trade_status ${status}`);
      if (state !== "paid") return { tradeNo, state };
      const amountCents = alipayCents(text(answer.node, "total_amount"));
      const providerTradeId = text(answer.node, "trade_no");
      const paidAt = parseBeijingText(text(answer.node, "send_pay_date") ?? "");
      if (amountCents === undefined || !providerTradeId) throw wrongAnswer("paid trade without its payment");
      return { tradeNo, state, amountCents, providerTradeId, paidAt };
    },

    async closeAttempt(tradeNo) {
      const answer = await client.call("alipay.trade.close", { out_trade_no: tradeNo });
      // nothing was made at Alipay yet: there is nothing to close, and the browser's form has expired
      if (answer.subCode === TRADE_NOT_EXIST) return;
      if (answer.code !== "10000") throw answerFailed(answer);
      checkTrade(answer, tradeNo);
    },

    async refund(input: RefundInput) {
      assertCents(input.amountCents);
      const answer = await client.call("alipay.trade.refund", {
        out_trade_no: input.tradeNo,
        refund_amount: centsToMoneyText(input.amountCents),
        refund_reason: chars(input.reason, REASON_MAX_CHARS),
        out_request_no: input.refundNo,
      });
      if (answer.code !== "10000") throw answerFailed(answer);
      checkTrade(answer, input.tradeNo);
      // fund_change Y: the money moved on this call; N: already refunded by an earlier call with this
      // out_request_no, or not yet: the refund query says which
      const state: RefundState["state"] = text(answer.node, "fund_change") === "Y" ? "done" : "pending";
      return {
        refundNo: input.refundNo,
        state,
        amountCents: input.amountCents,
        providerRefundId: text(answer.node, "trade_no"),
      };
    },

    queryRefund,

    async verifyNotification(raw) {
      const word = verifyAlipayNotification({ appId, sellerId, keys }, raw);
      if (word.kind !== "refundNotice") return word;
      // the notice's refund_fee is the trade's refunded total; this refund's own amount and state are
      // the refund query's (a failed query throws: the notice is answered fail and Alipay sends it again)
      const refund = await queryRefund(word.tradeNo, word.refundNo);
      if (refund.state !== "done") throw new NotificationRefused("refund not done at Alipay", word.tradeNo);
      return {
        kind: "refunded",
        eventId: word.eventId,
        tradeNo: word.tradeNo,
        refundNo: word.refundNo,
        amountCents: refund.amountCents,
        providerRefundId: refund.providerRefundId ?? word.tradeNo,
      };
    },

    answer(ok: boolean): NotificationAnswer {
      return { status: ok ? 200 : 500, contentType: "text/plain", body: ok ? "success" : "fail" };
    },
  };
}
