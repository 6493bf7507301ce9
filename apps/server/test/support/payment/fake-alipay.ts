import { generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RawNotification } from "../../../src/modules/payment/port.js";
import { type LocalHttp, listenLocally } from "../local-http.js";

/**
 * A local stand-in for Alipay's open API gateway (node:http on port 0): it checks each call's RSA2
 * signature with the app's public key, keeps its own trades and refunds, answers
 * {"<method>_response":{…},"sign":"…"} signed with Alipay's key, takes the wap pay form a browser
 * posts, and writes signed asynchronous notifications. Written from Alipay's published rules, apart
 * from the adapter's code.
 */

export interface FakeAlipayOptions {
  appId: string;
  sellerId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
}

export interface FakeAlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  subject: string;
  totalAmount: string;
  notifyUrl: string;
  returnUrl: string;
  quitUrl: string;
  timeExpire: string;
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_FINISHED" | "TRADE_CLOSED";
  gmtPayment?: string;
  refundedCents: number;
}

export interface FakeAlipayRefund {
  outTradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  reason: string;
}

export type AlipayAnswerFault = "tamper" | "unsigned" | "wrongKey";

/** Alipay's sign content: sorted 'k=v' joined by '&', without the names left out and empty values. */
export function alipaySignContent(params: Record<string, string>, leaveOut: string[]): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

const cents = (yuan: string) => Math.round(Number(yuan) * 100); // a fake's bookkeeping, exact for 2 decimals
const yuan = (c: number) => (c / 100).toFixed(2);

function beijingText(date = new Date()): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

export class FakeAlipay {
  readonly trades = new Map<string, FakeAlipayTrade>();
  readonly refunds = new Map<string, FakeAlipayRefund>();
  readonly calls: Record<string, string>[] = [];
  nextAnswerFault?: AlipayAnswerFault;
  private server!: LocalHttp;
  url = "";

  private constructor(readonly options: FakeAlipayOptions) {}

  static async start(options: FakeAlipayOptions): Promise<FakeAlipay> {
    const fake = new FakeAlipay(options);
    fake.server = await listenLocally((req, received, res) => {
      const { status, type, body } = fake.handle(req, received.toString("utf8"));
      res.writeHead(status, { "Content-Type": `${type};charset=utf-8` });
      res.end(body);
    });
    fake.url = `${fake.server.url}/gateway.do`;
    return fake;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** The payer pays in Alipay's cashier. */
  pay(outTradeNo: string): FakeAlipayTrade {
    const trade = this.trades.get(outTradeNo);
    if (trade?.status !== "WAIT_BUYER_PAY") throw new Error(`cannot pay ${outTradeNo}`);
    trade.status = "TRADE_SUCCESS";
    trade.gmtPayment = beijingText();
    return trade;
  }

  private handle(req: IncomingMessage, body: string): { status: number; type: string; body: string } {
    const url = new URL(req.url ?? "/", "http://fake");
    const params = Object.fromEntries(new URLSearchParams(body));
    this.calls.push(params);
    const method = params.method ?? "";
    const nodeName = `${method.replaceAll(".", "_")}_response`;
    const refusal = this.checkRequest(url, params);
    if (refusal) {
      const node = { code: "40002", msg: "Invalid Arguments", sub_code: refusal, sub_msg: "参数无效" };
      if (method === "alipay.trade.wap.pay")
        return { status: 200, type: "text/html", body: `<html>错误 ${refusal}</html>` };
      return { status: 200, type: "application/json", body: JSON.stringify({ [nodeName]: node }) };
    }
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? "");
    } catch {
      return {
        status: 200,
        type: "application/json",
        body: JSON.stringify({ [nodeName]: { code: "40002", msg: "biz_content" } }),
      };
    }
    if (method === "alipay.trade.wap.pay") return this.cashier(params, biz);
    const node = this.call(method, biz);
    return { status: 200, type: "application/json", body: this.signedAnswer(nodeName, node) };
  }

  /** What Alipay checks on every call (the sub_code of its refusal, or undefined). */
  private checkRequest(url: URL, params: Record<string, string>): string | undefined {
    if (url.searchParams.get("charset") !== "utf-8" || params.charset !== "utf-8")
      return "isv.invalid-charset";
    if (params.app_id !== this.options.appId) return "isv.invalid-app-id";
    if (params.sign_type !== "RSA2") return "isv.invalid-signature-type";
    if (params.format !== "JSON" || params.version !== "1.0") return "isv.invalid-parameter";
    if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.timestamp ?? "")) return "isv.invalid-timestamp";
    const good = verify(
      "sha256",
      Buffer.from(alipaySignContent(params, ["sign"])),
      this.options.appPublicKey,
      Buffer.from(params.sign ?? "", "base64"),
    );
    return good ? undefined : "isv.invalid-signature";
  }

  /** The browser's wap pay form: the trade is made when the cashier opens. */
  private cashier(params: Record<string, string>, biz: Record<string, string>) {
    const amount = biz.total_amount ?? "";
    if (
      biz.product_code !== "QUICK_WAP_WAY" ||
      !biz.out_trade_no ||
      !biz.subject ||
      !/^\d+\.\d{2}$/.test(amount) ||
      !params.notify_url ||
      !params.return_url
    )
      return { status: 200, type: "text/html", body: "<html>参数错误</html>" };
    if (!this.trades.has(biz.out_trade_no))
      this.trades.set(biz.out_trade_no, {
        outTradeNo: biz.out_trade_no,
        tradeNo: `2025${Date.now()}${randomBytes(4).toString("hex")}`,
        subject: biz.subject,
        totalAmount: amount,
        notifyUrl: params.notify_url,
        returnUrl: params.return_url,
        quitUrl: biz.quit_url ?? "",
        timeExpire: biz.time_expire ?? "",
        status: "WAIT_BUYER_PAY",
        refundedCents: 0,
      });
    return { status: 200, type: "text/html", body: "<html>支付宝收银台</html>" };
  }

  private call(method: string, biz: Record<string, string>): Record<string, unknown> {
    const notExist = {
      code: "40004",
      msg: "Business Failed",
      sub_code: "ACQ.TRADE_NOT_EXIST",
      sub_msg: "交易不存在",
    };
    const trade = this.trades.get(biz.out_trade_no ?? "");
    const ids = trade ? { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo } : {};
    const paid = trade?.status === "TRADE_SUCCESS" || trade?.status === "TRADE_FINISHED";
    switch (method) {
      case "alipay.trade.query":
        if (!trade) return notExist;
        return {
          code: "10000",
          msg: "Success",
          ...ids,
          buyer_logon_id: "159****5620",
          trade_status: trade.status,
          total_amount: trade.totalAmount,
          ...(paid ? { buyer_pay_amount: trade.totalAmount, send_pay_date: trade.gmtPayment } : {}),
        };
      case "alipay.trade.close":
        if (!trade) return notExist;
        if (trade.status !== "WAIT_BUYER_PAY")
          return {
            code: "40004",
            msg: "Business Failed",
            sub_code: "ACQ.TRADE_STATUS_ERROR",
            sub_msg: "交易状态不合法",
          };
        trade.status = "TRADE_CLOSED";
        return { code: "10000", msg: "Success", ...ids };
      case "alipay.trade.refund": {
        if (!trade) return notExist;
        if (!paid)
          return {
            code: "40004",
            msg: "Business Failed",
            sub_code: "ACQ.TRADE_STATUS_ERROR",
            sub_msg: "交易状态不合法",
          };
        const requestNo = biz.out_request_no ?? biz.out_trade_no ?? "";
        const key = `${trade.outTradeNo}/${requestNo}`;
        const repeat = this.refunds.has(key);
        if (!repeat) {
          const amount = cents(biz.refund_amount ?? "0");
          if (amount < 1 || amount > cents(trade.totalAmount) - trade.refundedCents)
            return {
              code: "40004",
              msg: "Business Failed",
              sub_code: "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL",
              sub_msg: "退款金额超限",
            };
          trade.refundedCents += amount;
          this.refunds.set(key, {
            outTradeNo: trade.outTradeNo,
            outRequestNo: requestNo,
            refundAmount: biz.refund_amount ?? "",
            reason: biz.refund_reason ?? "",
          });
        }
        return {
          code: "10000",
          msg: "Success",
          ...ids,
          buyer_logon_id: "159****5620",
          fund_change: repeat ? "N" : "Y",
          refund_fee: yuan(trade.refundedCents),
          gmt_refund_pay: beijingText(),
        };
      }
      case "alipay.trade.fastpay.refund.query": {
        const refund = this.refunds.get(`${biz.out_trade_no}/${biz.out_request_no}`);
        if (!trade || !refund) return { code: "10000", msg: "Success" };
        return {
          code: "10000",
          msg: "Success",
          ...ids,
          out_request_no: refund.outRequestNo,
          total_amount: trade.totalAmount,
          refund_amount: refund.refundAmount,
          refund_status: "REFUND_SUCCESS",
        };
      }
      default:
        return {
          code: "40004",
          msg: "Business Failed",
          sub_code: "isv.invalid-method",
          sub_msg: "不存在的方法名",
        };
    }
  }

  /** {"<name>":{…},"sign":"…"}: the node's exact text signed with Alipay's key (or spoiled, once). */
  private signedAnswer(nodeName: string, node: Record<string, unknown>): string {
    let nodeText = JSON.stringify(node);
    const fault = this.nextAnswerFault;
    this.nextAnswerFault = undefined;
    const key = fault === "wrongKey" ? wrongKey() : this.options.alipayPrivateKey;
    const signature = sign("sha256", Buffer.from(nodeText), key).toString("base64");
    if (fault === "tamper") nodeText = nodeText.replace("WAIT_BUYER_PAY", "TRADE_SUCCESS");
    if (fault === "unsigned") return `{"${nodeName}":${nodeText}}`;
    return `{"${nodeName}":${nodeText},"sign":"${signature}"}`;
  }

  // ── notifications ──────────────────────────────────────────────────────────────────────────────

  /** The parameters Alipay posts for a trade's state (as its asynchronous notification lists them). */
  tradeParams(outTradeNo: string): Record<string, string> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    return {
      gmt_create: beijingText(new Date(Date.now() - 60_000)),
      charset: "utf-8",
      seller_email: "shop@example.com",
      subject: trade.subject,
      buyer_id: "2088102177846880",
      invoice_amount: trade.totalAmount,
      notify_id: `2025${randomBytes(12).toString("hex")}`,
      fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: "ALIPAYACCOUNT" }]),
      notify_type: "trade_status_sync",
      trade_status: trade.status,
      receipt_amount: trade.totalAmount,
      app_id: this.options.appId,
      buyer_pay_amount: trade.totalAmount,
      seller_id: this.options.sellerId,
      gmt_payment: trade.gmtPayment ?? "",
      notify_time: beijingText(),
      version: "1.0",
      out_trade_no: trade.outTradeNo,
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: this.options.appId,
      buyer_logon_id: "159****5620",
      point_amount: "0.00",
      sign_type: "RSA2",
    };
  }

  /** The notification a refund makes: the trade's, with refund_fee (its refunded total), gmt_refund, out_biz_no. */
  refundParams(outTradeNo: string, outRequestNo: string): Record<string, string> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const full = trade.refundedCents === cents(trade.totalAmount);
    return {
      ...this.tradeParams(outTradeNo),
      trade_status: full ? "TRADE_CLOSED" : "TRADE_SUCCESS",
      refund_fee: yuan(trade.refundedCents),
      gmt_refund: `${beijingText()}.123`,
      out_biz_no: outRequestNo,
    };
  }

  /** Signs the parameters as Alipay does (without sign and sign_type) and form-encodes them. */
  notification(
    params: Record<string, string>,
    options: { key?: KeyObject; after?: (signed: Record<string, string>) => void } = {},
  ): RawNotification {
    const signed = { ...params };
    signed.sign = sign(
      "sha256",
      Buffer.from(alipaySignContent(signed, ["sign", "sign_type"])),
      options.key ?? this.options.alipayPrivateKey,
    ).toString("base64");
    options.after?.(signed);
    return {
      body: Buffer.from(new URLSearchParams(signed).toString()),
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    };
  }
}

let otherKey: KeyObject | undefined;
/** A key Alipay does not have (made once, on first use). */
function wrongKey(): KeyObject {
  otherKey ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  return otherKey;
}
