import { createCipheriv, type KeyObject, randomBytes, randomUUID, sign, verify } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RawNotification } from "../../../src/modules/payment/port.js";
import { type LocalHttp, listenLocally } from "../local-http.js";

/**
 * A local stand-in for WeChat Pay API v3 (node:http on port 0). Like the real one it refuses a
 * request whose Authorization does not verify with the merchant's certificate (401 SIGN_ERROR),
 * signs every answer with a platform key (the one the request's Wechatpay-Serial names, else the
 * default), keeps its own trades and refunds, and writes signed, encrypted notifications.
 * Written from WeChat's published rules, apart from the adapter's code, so a mistake on one side shows.
 */

export interface WechatSigner {
  /** a platform certificate's serial, or the public key's PUB_KEY_ID_… */
  serial: string;
  privateKey: KeyObject;
}

export interface FakeWechatOptions {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
  signers: WechatSigner[];
  /** the serial answers are signed with when the request names none */
  defaultSigner: string;
}

export interface FakeTrade {
  appid: string;
  mchid: string;
  outTradeNo: string;
  description: string;
  total: number;
  notifyUrl: string;
  timeExpire: string;
  tradeType: "JSAPI" | "MWEB";
  openid?: string;
  payerClientIp?: string;
  prepayId: string;
  state: "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND" | "PAYERROR";
  transactionId?: string;
  successTime?: string;
  refunded: number;
}

export interface FakeRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  refund: number;
  total: number;
  reason: string;
  notifyUrl: string;
  status: "PROCESSING" | "SUCCESS" | "CLOSED" | "ABNORMAL";
}

export interface SeenRequest {
  method: string;
  path: string;
  body: string;
  headers: IncomingMessage["headers"];
}

/** What to do to the next answer, to see the adapter refuse it. */
export type AnswerFault = "tamper" | "unsigned" | "unknownSerial" | "wrongKey" | "stale" | "probe";

const WINDOW_SECONDS = 300;

/** An answer's status and JSON payload (undefined: no body), signed when sent. */
type Reply = [number, unknown];
const reply = (status: number, payload: unknown): Reply => [status, payload];

function signWith(key: KeyObject, timestamp: string, nonce: string, body: string | Buffer): string {
  const message = Buffer.concat([
    Buffer.from(`${timestamp}\n${nonce}\n`),
    Buffer.from(body),
    Buffer.from("\n"),
  ]);
  return sign("sha256", message, key).toString("base64");
}

function beijingNow(): string {
  const b = new Date(Date.now() + 8 * 3600_000).toISOString();
  return `${b.slice(0, 19)}+08:00`;
}

export class FakeWechatPay {
  readonly trades = new Map<string, FakeTrade>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: SeenRequest[] = [];
  /** applied to the next answer only */
  nextAnswerFault?: AnswerFault;
  private server!: LocalHttp;
  url = "";

  private constructor(readonly options: FakeWechatOptions) {}

  static async start(options: FakeWechatOptions): Promise<FakeWechatPay> {
    const fake = new FakeWechatPay(options);
    fake.server = await listenLocally((req, body, res) => {
      const [status, payload] = fake.route(req, body.toString("utf8"));
      fake.answer(req, res, status, payload);
    });
    fake.url = fake.server.url;
    return fake;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  signer(serial: string): WechatSigner {
    const found = this.options.signers.find((s) => s.serial === serial);
    if (!found) throw new Error(`no signer ${serial}`);
    return found;
  }

  /** The payer pays (what WeChat's cashier does). */
  pay(outTradeNo: string): FakeTrade {
    const trade = this.trades.get(outTradeNo);
    if (trade?.state !== "NOTPAY") throw new Error(`cannot pay ${outTradeNo}`);
    trade.state = "SUCCESS";
    trade.transactionId = `42000${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    trade.successTime = beijingNow();
    return trade;
  }

  settleRefund(outRefundNo: string, status: FakeRefund["status"] = "SUCCESS"): FakeRefund {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`no refund ${outRefundNo}`);
    refund.status = status;
    return refund;
  }

  // ── the API ────────────────────────────────────────────────────────────────────────────────────

  private route(req: IncomingMessage, body: string): Reply {
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    this.requests.push({ method, path, body, headers: req.headers });
    const refusal = this.checkAuthorization(req, method, path, body);
    if (refusal) return reply(401, { code: "SIGN_ERROR", message: refusal });
    if (!req.headers["user-agent"]) return reply(400, { code: "PARAM_ERROR", message: "User-Agent" });

    const url = new URL(path, "http://fake");
    let json: Record<string, unknown> = {};
    if (body) {
      try {
        json = JSON.parse(body);
      } catch {
        return reply(400, { code: "PARAM_ERROR", message: "body is not JSON" });
      }
    }
    const tradeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    const refundMatch = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);

    if (method === "POST" && url.pathname === "/v3/pay/transactions/jsapi") return this.prepay(json, "JSAPI");
    if (method === "POST" && url.pathname === "/v3/pay/transactions/h5") return this.prepay(json, "MWEB");
    if (tradeMatch && method === "GET" && !tradeMatch[2]) {
      if (url.searchParams.get("mchid") !== this.options.mchid)
        return reply(400, { code: "PARAM_ERROR", message: "mchid" });
      const trade = this.trades.get(decodeURIComponent(tradeMatch[1] as string));
      if (!trade) return reply(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
      return reply(200, this.tradeView(trade));
    }
    if (tradeMatch && method === "POST" && tradeMatch[2]) {
      if (json.mchid !== this.options.mchid) return reply(400, { code: "PARAM_ERROR", message: "mchid" });
      const trade = this.trades.get(decodeURIComponent(tradeMatch[1] as string));
      if (!trade) return reply(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
      if (trade.state === "SUCCESS" || trade.state === "REFUND")
        return reply(400, { code: "ORDER_PAID", message: "订单已支付" });
      trade.state = "CLOSED";
      return reply(204, undefined);
    }
    if (method === "POST" && url.pathname === "/v3/refund/domestic/refunds") return this.refund(json);
    if (refundMatch && method === "GET") {
      const refund = this.refunds.get(decodeURIComponent(refundMatch[1] as string));
      if (!refund) return reply(404, { code: "RESOURCE_NOT_EXISTS", message: "退款单不存在" });
      return reply(200, this.refundView(refund));
    }
    return reply(404, { code: "NOT_FOUND", message: "no such API" });
  }

  /** WeChat's check of the merchant's signature (the reason it refuses, or undefined). */
  private checkAuthorization(
    req: IncomingMessage,
    method: string,
    path: string,
    body: string,
  ): string | undefined {
    const header = req.headers.authorization ?? "";
    const prefix = "WECHATPAY2-SHA256-RSA2048 ";
    if (!header.startsWith(prefix)) return "Authorization scheme";
    const fields: Record<string, string> = {};
    for (const m of header.slice(prefix.length).matchAll(/(\w+)="([^"]*)"/g))
      fields[m[1] as string] = m[2] as string;
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (mchid !== this.options.mchid) return "mchid";
    if (serial !== this.options.merchantSerial) return "serial_no";
    if (!nonce || !signature || !timestamp) return "fields missing";
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WINDOW_SECONDS) return "timestamp";
    const message = `${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`;
    const good = verify(
      "sha256",
      Buffer.from(message),
      this.options.merchantPublicKey,
      Buffer.from(signature, "base64"),
    );
    return good ? undefined : "signature";
  }

  private prepay(json: Record<string, unknown>, tradeType: "JSAPI" | "MWEB"): Reply {
    const amount = json.amount as { total?: unknown; currency?: unknown } | undefined;
    const payer = json.payer as { openid?: unknown } | undefined;
    const scene = json.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
    const problems = [
      json.appid !== this.options.appid && "appid",
      json.mchid !== this.options.mchid && "mchid",
      (typeof json.description !== "string" || Buffer.byteLength(json.description) > 127) && "description",
      typeof json.out_trade_no !== "string" && "out_trade_no",
      (typeof json.time_expire !== "string" ||
        !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(json.time_expire)) &&
        "time_expire",
      typeof json.notify_url !== "string" && "notify_url",
      (!Number.isInteger(amount?.total) || (amount?.total as number) < 1 || amount?.currency !== "CNY") &&
        "amount",
      tradeType === "JSAPI" && typeof payer?.openid !== "string" && "payer.openid",
      tradeType === "MWEB" &&
        (typeof scene?.payer_client_ip !== "string" || scene.h5_info?.type !== "Wap") &&
        "scene_info",
    ].filter(Boolean);
    if (problems.length) return reply(400, { code: "PARAM_ERROR", message: problems.join(",") });
    const outTradeNo = json.out_trade_no as string;
    let trade = this.trades.get(outTradeNo);
    if (!trade) {
      trade = {
        appid: this.options.appid,
        mchid: this.options.mchid,
        outTradeNo,
        description: json.description as string,
        total: amount?.total as number,
        notifyUrl: json.notify_url as string,
        timeExpire: json.time_expire as string,
        tradeType,
        openid: payer?.openid as string | undefined,
        payerClientIp: scene?.payer_client_ip as string | undefined,
        prepayId: `wx${Date.now()}${randomBytes(6).toString("hex")}`,
        state: "NOTPAY",
        refunded: 0,
      };
      this.trades.set(outTradeNo, trade);
    }
    if (tradeType === "JSAPI") return reply(200, { prepay_id: trade.prepayId });
    return reply(200, {
      h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepayId}&package=2746219290`,
    });
  }

  tradeView(trade: FakeTrade): Record<string, unknown> {
    const paid = trade.state === "SUCCESS" || trade.state === "REFUND";
    return {
      appid: trade.appid,
      mchid: trade.mchid,
      out_trade_no: trade.outTradeNo,
      trade_type: trade.tradeType,
      trade_state: trade.state,
      trade_state_desc: paid ? "支付成功" : "未支付",
      ...(paid
        ? {
            transaction_id: trade.transactionId,
            bank_type: "OTHERS",
            attach: "",
            success_time: trade.successTime,
            payer: { openid: trade.openid ?? "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
            amount: { total: trade.total, payer_total: trade.total, currency: "CNY", payer_currency: "CNY" },
          }
        : {}),
    };
  }

  private refund(json: Record<string, unknown>): Reply {
    const amount = json.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const trade = this.trades.get(String(json.out_trade_no));
    if (!trade) return reply(404, { code: "RESOURCE_NOT_EXISTS", message: "订单不存在" });
    if (typeof json.out_refund_no !== "string")
      return reply(400, { code: "PARAM_ERROR", message: "out_refund_no" });
    const existing = this.refunds.get(json.out_refund_no);
    if (existing) return reply(200, this.refundView(existing));
    if (trade.state !== "SUCCESS" && trade.state !== "REFUND")
      return reply(400, { code: "INVALID_REQUEST", message: "订单未支付" });
    if (amount?.total !== trade.total) return reply(400, { code: "PARAM_ERROR", message: "amount.total" });
    const refund = amount?.refund;
    if (
      !Number.isInteger(refund) ||
      (refund as number) < 1 ||
      (refund as number) > trade.total - trade.refunded
    )
      return reply(400, { code: "INVALID_REQUEST", message: "退款金额超过可退金额" });
    trade.refunded += refund as number;
    trade.state = "REFUND";
    const made: FakeRefund = {
      refundId: `50000${Date.now()}${randomBytes(3).toString("hex")}`,
      outRefundNo: json.out_refund_no,
      outTradeNo: trade.outTradeNo,
      refund: refund as number,
      total: trade.total,
      reason: String(json.reason ?? ""),
      notifyUrl: String(json.notify_url ?? ""),
      status: "PROCESSING",
    };
    this.refunds.set(made.outRefundNo, made);
    return reply(200, this.refundView(made));
  }

  refundView(refund: FakeRefund): Record<string, unknown> {
    const trade = this.trades.get(refund.outTradeNo);
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: trade?.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: "ORIGINAL",
      user_received_account: "支付用户零钱",
      create_time: beijingNow(),
      status: refund.status,
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
        settlement_refund: refund.refund,
        settlement_total: refund.total,
        discount_refund: 0,
        currency: "CNY",
      },
    };
  }

  /** Signs the answer like WeChat (or spoils it, once, as nextAnswerFault says). */
  private answer(req: IncomingMessage, res: ServerResponse, status: number, payload: unknown): void {
    let body = payload === undefined ? "" : JSON.stringify(payload);
    const asked = req.headers["wechatpay-serial"];
    const known = typeof asked === "string" && this.options.signers.some((s) => s.serial === asked);
    let serial = known ? (asked as string) : this.options.defaultSigner;
    let timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString("hex");
    const fault = this.nextAnswerFault;
    this.nextAnswerFault = undefined;
    if (fault === "stale") timestamp = String(Math.floor(Date.now() / 1000) - WINDOW_SECONDS - 60);
    let signature = signWith(this.signer(serial).privateKey, timestamp, nonce, body);
    if (fault === "tamper")
      body = body.replace(/"total":(\d+)/, (_, n) => `"total":${Number(n) + 1}`).replace("NOTPAY", "SUCCESS");
    if (fault === "unknownSerial") serial = "0123456789ABCDEF0123456789ABCDEF01234567";
    if (fault === "wrongKey") {
      const other = this.options.signers.find((s) => s.serial !== serial) as WechatSigner;
      signature = signWith(other.privateKey, timestamp, nonce, body);
    }
    if (fault === "probe") signature = `WECHATPAY/SIGNTEST/${signature}`;
    const headers: Record<string, string> = { "Request-ID": randomUUID() };
    if (body) headers["Content-Type"] = "application/json; charset=utf-8";
    if (fault !== "unsigned")
      Object.assign(headers, {
        "Wechatpay-Timestamp": timestamp,
        "Wechatpay-Nonce": nonce,
        "Wechatpay-Serial": serial,
        "Wechatpay-Signature": signature,
      });
    res.writeHead(status, headers);
    res.end(body);
  }

  // ── notifications ──────────────────────────────────────────────────────────────────────────────

  /** The decrypted resource of TRANSACTION.SUCCESS for a paid trade (fields as WeChat sends them). */
  transactionResource(outTradeNo: string): Record<string, unknown> {
    const trade = this.trades.get(outTradeNo);
    if (!trade?.transactionId) throw new Error(`${outTradeNo} is not paid`);
    // the payment's event: what the trade was when paid, whatever happened since
    return { ...this.tradeView(trade), trade_state: "SUCCESS", trade_state_desc: "支付成功" };
  }

  refundResource(outRefundNo: string): Record<string, unknown> {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`no refund ${outRefundNo}`);
    return {
      mchid: this.options.mchid,
      out_trade_no: refund.outTradeNo,
      transaction_id: this.trades.get(refund.outTradeNo)?.transactionId,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: refund.status,
      success_time: refund.status === "SUCCESS" ? beijingNow() : undefined,
      user_received_account: "支付用户零钱",
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
      },
    };
  }

  /**
   * A notification as WeChat posts it: the resource encrypted (AEAD_AES_256_GCM with the APIv3 key),
   * the body signed by a platform key; the options make the forgeries the tests need.
   */
  notification(
    eventType: string,
    resource: Record<string, unknown>,
    options: {
      signer?: string;
      /** seconds to add to now (negative: in the past) */
      skewSeconds?: number;
      signature?: (genuine: string) => string;
      serialHeader?: string;
      tamperCiphertext?: boolean;
      apiV3Key?: string;
      id?: string;
    } = {},
  ): RawNotification {
    const nonce = randomBytes(6).toString("hex"); // 12 characters
    const associatedData = eventType.startsWith("REFUND") ? "refund" : "transaction";
    const cipher = createCipheriv(
      "aes-256-gcm",
      Buffer.from(options.apiV3Key ?? this.options.apiV3Key),
      Buffer.from(nonce),
    );
    cipher.setAAD(Buffer.from(associatedData));
    const sealed = Buffer.concat([
      cipher.update(JSON.stringify(resource), "utf8"),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    if (options.tamperCiphertext) sealed[3] = (sealed[3] as number) ^ 0x01;
    const body = JSON.stringify({
      id: options.id ?? randomUUID(),
      create_time: beijingNow(),
      resource_type: "encrypt-resource",
      event_type: eventType,
      summary: eventType.startsWith("REFUND") ? "退款成功" : "支付成功",
      resource: {
        original_type: associatedData,
        algorithm: "AEAD_AES_256_GCM",
        ciphertext: sealed.toString("base64"),
        associated_data: associatedData,
        nonce,
      },
    });
    const serial = options.signer ?? this.options.defaultSigner;
    const timestamp = String(Math.floor(Date.now() / 1000) + (options.skewSeconds ?? 0));
    const headerNonce = randomBytes(16).toString("hex");
    const genuine = signWith(this.signer(serial).privateKey, timestamp, headerNonce, body);
    return {
      body: Buffer.from(body),
      headers: {
        "content-type": "application/json",
        "wechatpay-timestamp": timestamp,
        "wechatpay-nonce": headerNonce,
        "wechatpay-serial": options.serialHeader ?? serial,
        "wechatpay-signature": options.signature ? options.signature(genuine) : genuine,
      },
    };
  }
}
