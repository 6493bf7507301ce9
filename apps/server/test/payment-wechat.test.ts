import { generateKeyPairSync, randomBytes, sign, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotificationRefused, type RawNotification } from "../src/modules/payment/port.js";
import { PaymentProviderError } from "../src/modules/payment/providers/errors.js";
import { CONFIG_MESSAGES } from "../src/modules/payment/providers/messages.js";
import {
  createWechatProvider,
  validateWechatConfig,
  type WechatConfig,
} from "../src/modules/payment/providers/wechat/index.js";
import { attemptsFor, rejectedWith } from "./support/payment/adapter.js";
import { type AnswerFault, FakeWechatPay } from "./support/payment/fake-wechat.js";
import { privatePem, publicPem, rsa } from "./support/payment/keys.js";
import { selfSignedCertificate } from "./support/payment/x509.js";

/**
 * The WeChat Pay adapter against a local fake of API v3 that checks our signatures as WeChat does and
 * signs its answers and notifications with keys made here. Every refusal below is a forgery that
 * would be believed if a check were skipped.
 */

const MCHID = "1900000109";
const APPID = "wxd678efh567hg6787";
const MERCHANT_SERIAL = "3775B6A45ACD588826D15E583A95F5DD12345678";
const CERT_SERIAL = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
const EXPIRED_SERIAL = "6E1B2C3D4E5F60718293A4B5C6D7E8F901234567";
const PUB_KEY_ID = "PUB_KEY_ID_0119000001092025010100000000000001";

const merchant = rsa();
const platform = rsa();
const wechatPublic = rsa();
const stranger = rsa();
const apiV3Key = randomBytes(16).toString("hex");
const certificate = selfSignedCertificate({ ...platform, serialHex: CERT_SERIAL });
const expiredCertificate = selfSignedCertificate({
  ...platform,
  serialHex: EXPIRED_SERIAL,
  notBefore: new Date(Date.now() - 400 * 86_400_000),
  notAfter: new Date(Date.now() - 86_400_000),
});

let fake: FakeWechatPay;

function configWith(overrides: Partial<WechatConfig> = {}): WechatConfig {
  return {
    mchid: MCHID,
    appid: APPID,
    serialNo: MERCHANT_SERIAL,
    privateKeyPem: privatePem(merchant.privateKey),
    apiV3Key,
    // an old certificate kept in the list past its validity: never believed again
    platformCertificates: [
      { serial: CERT_SERIAL, pem: certificate },
      { serial: EXPIRED_SERIAL, pem: expiredCertificate },
    ],
    publicKey: { id: PUB_KEY_ID, pem: publicPem(wechatPublic.publicKey) },
    baseUrl: fake.url,
    ...overrides,
  };
}

const attempt = attemptsFor("TM", {
  description: "川味小馆-桌号A3 点餐",
  notifyUrl: "https://shop.example.com/pay/notify/wechat",
  returnUrl: "https://shop.example.com/pay/success?rid=1",
  channel: "jsapi",
  payerOpenId: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o",
});
const refusal = (promise: Promise<unknown>) => rejectedWith(promise, NotificationRefused);
const providerError = (promise: Promise<unknown>) => rejectedWith(promise, PaymentProviderError);

beforeAll(async () => {
  fake = await FakeWechatPay.start({
    mchid: MCHID,
    appid: APPID,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicKey,
    apiV3Key,
    signers: [
      { serial: CERT_SERIAL, privateKey: platform.privateKey },
      { serial: EXPIRED_SERIAL, privateKey: platform.privateKey },
      { serial: PUB_KEY_ID, privateKey: wechatPublic.privateKey },
    ],
    defaultSigner: CERT_SERIAL,
  });
});

afterAll(async () => {
  await fake.close();
});

describe("WeChat Pay merchant configuration", () => {
  it("takes a configuration whose keys parse, with certificates, the public key, or both", () => {
    expect(validateWechatConfig(configWith())).toMatchObject({ ok: true });
    expect(validateWechatConfig(configWith({ publicKey: undefined }))).toMatchObject({ ok: true });
    expect(validateWechatConfig(configWith({ platformCertificates: undefined }))).toMatchObject({ ok: true });
  });

  it("refuses each wrong part with its own Chinese message, all at once", () => {
    const M = CONFIG_MESSAGES.wechat;
    const weak = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const cases: [Partial<WechatConfig>, string][] = [
      [{ mchid: "abc" }, M.mchid],
      [{ appid: "not-an-appid" }, M.appid],
      [{ serialNo: "xyz" }, M.serialNo],
      [{ privateKeyPem: "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----" }, M.privateKey],
      [{ privateKeyPem: privatePem(weak.privateKey) }, M.privateKey],
      [{ apiV3Key: "too-short" }, M.apiV3Key],
      [{ platformCertificates: [{ serial: CERT_SERIAL, pem: "garbage" }] }, M.certificate],
      [{ platformCertificates: [{ serial: EXPIRED_SERIAL, pem: certificate }] }, M.certificateSerialMismatch],
      [{ publicKey: { id: "KEY_1", pem: publicPem(wechatPublic.publicKey) } }, M.publicKeyId],
      [{ publicKey: { id: PUB_KEY_ID, pem: privatePem(wechatPublic.privateKey) } }, M.publicKey],
      [{ platformCertificates: [], publicKey: undefined }, M.noVerifyingKey],
      [{ baseUrl: "ftp://example.com" }, CONFIG_MESSAGES.baseUrl],
    ];
    for (const [overrides, message] of cases) {
      const check = validateWechatConfig(configWith(overrides));
      expect(check.ok, message).toBe(false);
      if (!check.ok) expect(check.problems).toContain(message);
    }
    const many = validateWechatConfig({
      ...configWith(),
      apiV3Key: "x",
      platformCertificates: [],
      publicKey: undefined,
    });
    expect(many).toEqual({ ok: false, problems: [M.apiV3Key, M.noVerifyingKey] });
    expect(validateWechatConfig("nope")).toEqual({ ok: false, problems: [CONFIG_MESSAGES.notAnObject] });
  });
});

describe("WeChat Pay calls", () => {
  it("JSAPI: a signed prepay, then getBrandWCPayRequest's parameters signed by the merchant", async () => {
    const provider = createWechatProvider(configWith());
    expect(provider).toMatchObject({ name: "wechat", test: false });
    const input = attempt();
    const next = await provider.createAttempt(input);
    const trade = fake.trades.get(input.tradeNo);
    expect(trade).toMatchObject({
      total: 1230,
      tradeType: "JSAPI",
      openid: input.payerOpenId,
      state: "NOTPAY",
    });
    expect(trade?.timeExpire).toMatch(/\+08:00$/);
    expect(new Date(trade?.timeExpire as string).getTime()).toBe(
      Math.floor(input.expiresAt.getTime() / 1000) * 1000,
    );
    expect(next.kind).toBe("jsapi");
    if (next.kind !== "jsapi") return;
    const p = next.params;
    expect(p).toMatchObject({ appId: APPID, package: `prepay_id=${trade?.prepayId}`, signType: "RSA" });
    expect(Math.abs(Number(p.timeStamp) - Date.now() / 1000)).toBeLessThan(60);
    const signed = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(
      verify("sha256", Buffer.from(signed), merchant.publicKey, Buffer.from(p.paySign as string, "base64")),
    ).toBe(true);
    const seen = fake.requests.at(-1);
    expect(seen?.headers.authorization).toMatch(
      new RegExp(
        `^WECHATPAY2-SHA256-RSA2048 mchid="${MCHID}",nonce_str="\\w+",signature="[^"]+",timestamp="\\d+",serial_no="${MERCHANT_SERIAL}"$`,
      ),
    );
  });

  it("H5: redirects to h5_url with the return address appended, URL-encoded", async () => {
    const provider = createWechatProvider(configWith());
    const input = attempt({ channel: "h5", payerOpenId: undefined });
    const next = await provider.createAttempt(input);
    const trade = fake.trades.get(input.tradeNo);
    expect(trade).toMatchObject({ tradeType: "MWEB", payerClientIp: "203.0.113.7" });
    expect(next).toEqual({
      kind: "redirect",
      url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade?.prepayId}&package=2746219290&redirect_url=${encodeURIComponent(input.returnUrl)}`,
    });
  });

  it("a description over 127 bytes is cut on a character boundary", async () => {
    const provider = createWechatProvider(configWith());
    const input = attempt({ description: "麻".repeat(60) });
    await provider.createAttempt(input);
    expect(fake.trades.get(input.tradeNo)?.description).toBe("麻".repeat(42));
  });

  it("WeChat refuses a request signed with another key (401), and nothing is made", async () => {
    const provider = createWechatProvider(configWith({ privateKeyPem: privatePem(stranger.privateKey) }));
    const input = attempt();
    const error = await providerError(provider.createAttempt(input));
    expect(error).toMatchObject({ code: "SIGN_ERROR", status: 401 });
    expect(fake.trades.has(input.tradeNo)).toBe(false);
  });

  it("JSAPI without the payer's openid is a caller's mistake; the port's web channel goes as H5", async () => {
    const provider = createWechatProvider(configWith());
    await expect(provider.createAttempt(attempt({ payerOpenId: undefined }))).rejects.toThrow(/openid/);
    const web = attempt({ channel: "web", payerOpenId: undefined });
    expect(await provider.createAttempt(web)).toMatchObject({ kind: "redirect" });
    expect(fake.trades.get(web.tradeNo)?.tradeType).toBe("MWEB");
  });

  it("query: pending, then paid with the amount, WeChat's id and the time", async () => {
    const provider = createWechatProvider(configWith());
    const input = attempt();
    await provider.createAttempt(input);
    expect(await provider.queryAttempt(input.tradeNo)).toEqual({ tradeNo: input.tradeNo, state: "pending" });
    const paid = fake.pay(input.tradeNo);
    const state = await provider.queryAttempt(input.tradeNo);
    expect(state).toMatchObject({
      tradeNo: input.tradeNo,
      state: "paid",
      amountCents: 1230,
      providerTradeId: paid.transactionId,
    });
    expect(Math.abs((state.paidAt as Date).getTime() - Date.now())).toBeLessThan(5_000);
    expect(fake.requests.at(-1)?.path).toBe(
      `/v3/pay/transactions/out-trade-no/${input.tradeNo}?mchid=${MCHID}`,
    );
  });

  it("close: the unpaid trade is closed at WeChat; a paid one is not", async () => {
    const provider = createWechatProvider(configWith());
    const open = attempt();
    await provider.createAttempt(open);
    await provider.closeAttempt(open.tradeNo);
    expect(fake.trades.get(open.tradeNo)?.state).toBe("CLOSED");
    expect(await provider.queryAttempt(open.tradeNo)).toEqual({ tradeNo: open.tradeNo, state: "closed" });

    const done = attempt();
    await provider.createAttempt(done);
    fake.pay(done.tradeNo);
    expect(await providerError(provider.closeAttempt(done.tradeNo))).toMatchObject({ code: "ORDER_PAID" });
    expect(fake.trades.get(done.tradeNo)?.state).toBe("SUCCESS");
  });

  it("refund and refund query: processing, then done; a repeat of the refund number refunds once", async () => {
    const provider = createWechatProvider(configWith());
    const input = attempt();
    await provider.createAttempt(input);
    fake.pay(input.tradeNo);
    const refundInput = {
      tradeNo: input.tradeNo,
      refundNo: `RF${input.tradeNo}`,
      amountCents: 500,
      totalCents: 1230,
      reason: "菜品售罄",
      notifyUrl: "https://shop.example.com/pay/notify/wechat",
      idempotencyKey: "refund-key-1",
    };
    const first = await provider.refund(refundInput);
    expect(first).toMatchObject({ refundNo: refundInput.refundNo, state: "pending", amountCents: 500 });
    const made = fake.refunds.get(refundInput.refundNo);
    expect(made).toMatchObject({ refund: 500, total: 1230, reason: "菜品售罄" });
    expect(first.providerRefundId).toBe(made?.refundId);

    expect(await provider.refund(refundInput)).toEqual(first);
    expect(fake.trades.get(input.tradeNo)?.refunded).toBe(500);

    expect(await provider.queryRefund(input.tradeNo, refundInput.refundNo)).toMatchObject({
      state: "pending",
    });
    fake.settleRefund(refundInput.refundNo, "SUCCESS");
    expect(await provider.queryRefund(input.tradeNo, refundInput.refundNo)).toEqual({
      refundNo: refundInput.refundNo,
      state: "done",
      amountCents: 500,
      providerRefundId: made?.refundId,
    });
    fake.settleRefund(refundInput.refundNo, "ABNORMAL");
    expect(await provider.queryRefund(input.tradeNo, refundInput.refundNo)).toMatchObject({
      state: "failed",
    });
    // a refund number of another trade is not taken as this trade's
    await expect(provider.queryRefund("TM-other", refundInput.refundNo)).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it.each<AnswerFault>([
    "tamper",
    "unsigned",
    "unknownSerial",
    "wrongKey",
    "stale",
    "probe",
  ])("an answer that does not verify (%s) is not believed", async (fault) => {
    const provider = createWechatProvider(configWith());
    const input = attempt();
    await provider.createAttempt(input);
    fake.nextAnswerFault = fault;
    expect(await providerError(provider.queryAttempt(input.tradeNo))).toMatchObject({
      code: "ANSWER_NOT_VERIFIED",
    });
    expect(await provider.queryAttempt(input.tradeNo)).toMatchObject({ state: "pending" });
  });

  it("with the public key configured, calls name it (Wechatpay-Serial) and its signed answers verify; without, the certificate's do", async () => {
    const both = createWechatProvider(configWith());
    const input = attempt();
    await both.createAttempt(input);
    expect(fake.requests.at(-1)?.headers["wechatpay-serial"]).toBe(PUB_KEY_ID);

    const certificateOnly = createWechatProvider(configWith({ publicKey: undefined }));
    expect(await certificateOnly.queryAttempt(input.tradeNo)).toMatchObject({ state: "pending" });
    expect(fake.requests.at(-1)?.headers["wechatpay-serial"]).toBeUndefined();
  });

  it("a provider cannot be made from a stored configuration that no longer validates", () => {
    expect(() =>
      createWechatProvider(configWith({ platformCertificates: [], publicKey: undefined })),
    ).toThrow(CONFIG_MESSAGES.wechat.noVerifyingKey);
    expect(() => createWechatProvider({ ...configWith(), apiV3Key: "short" })).toThrow(
      CONFIG_MESSAGES.wechat.apiV3Key,
    );
  });

  it("an amount that is not whole cents is a caller's mistake, never sent", async () => {
    const provider = createWechatProvider(configWith());
    const input = attempt({ amountCents: 12.5 });
    await expect(provider.createAttempt(input)).rejects.toThrow(RangeError);
    expect(fake.trades.has(input.tradeNo)).toBe(false);
  });
});

describe("WeChat Pay notifications", () => {
  let paidTradeNo = "";
  let refundNo = "";

  beforeAll(async () => {
    const provider = createWechatProvider(configWith());
    const input = attempt();
    await provider.createAttempt(input);
    fake.pay(input.tradeNo);
    paidTradeNo = input.tradeNo;
    refundNo = `RF${input.tradeNo}`;
    await provider.refund({
      tradeNo: paidTradeNo,
      refundNo,
      amountCents: 230,
      totalCents: 1230,
      reason: "少上一道菜",
      notifyUrl: "https://shop.example.com/pay/notify/wechat",
      idempotencyKey: "refund-key-2",
    });
  });

  const paidNotice = (options: Parameters<FakeWechatPay["notification"]>[2] = {}) =>
    fake.notification("TRANSACTION.SUCCESS", fake.transactionResource(paidTradeNo), options);

  it("a genuine payment notification: paid, the notification id as event id, the amount from amount.total", async () => {
    const provider = createWechatProvider(configWith());
    const trade = fake.trades.get(paidTradeNo);
    const verified = await provider.verifyNotification(paidNotice({ id: "EV-2018022511223320873" }));
    expect(verified).toEqual({
      kind: "paid",
      eventId: "EV-2018022511223320873",
      tradeNo: paidTradeNo,
      amountCents: 1230,
      providerTradeId: trade?.transactionId,
      paidAt: new Date(trade?.successTime as string),
    });
  });

  const forgeries: [string, () => RawNotification, string][] = [
    ["signed by another key", () => paidNotice({ signature: () => forge("x") }), "bad signature"],
    [
      "a body changed after signing",
      () => {
        const raw = paidNotice();
        return { ...raw, body: Buffer.from(raw.body.toString().replace('"id":"', '"id":"X')) };
      },
      "bad signature",
    ],
    [
      "a stale timestamp (6 minutes old)",
      () => paidNotice({ skewSeconds: -360 }),
      "timestamp outside the window",
    ],
    [
      "a timestamp from the future (6 minutes ahead)",
      () => paidNotice({ skewSeconds: 360 }),
      "timestamp outside the window",
    ],
    [
      "a signature probe (WECHATPAY/SIGNTEST/)",
      () => paidNotice({ signature: (g) => `WECHATPAY/SIGNTEST/${g}` }),
      "signature probe",
    ],
    [
      "an unknown serial",
      () => paidNotice({ serialHeader: "0123456789ABCDEF0123456789ABCDEF01234567" }),
      "unknown serial",
    ],
    [
      "a serial naming the other configured key",
      () => paidNotice({ serialHeader: PUB_KEY_ID }),
      "bad signature",
    ],
    ["a certificate past its validity", () => paidNotice({ signer: EXPIRED_SERIAL }), "not valid now"],
    [
      "no signature headers",
      () => {
        const raw = paidNotice();
        return { body: raw.body, headers: { "content-type": "application/json" } };
      },
      "signature headers missing",
    ],
    [
      "a tampered ciphertext (signed after the change)",
      () => paidNotice({ tamperCiphertext: true }),
      "does not decrypt",
    ],
    [
      "a resource encrypted with another APIv3 key",
      () => paidNotice({ apiV3Key: randomBytes(16).toString("hex") }),
      "does not decrypt",
    ],
    [
      "another merchant's payment",
      () =>
        fake.notification("TRANSACTION.SUCCESS", {
          ...fake.transactionResource(paidTradeNo),
          mchid: "1900000110",
        }),
      "another merchant",
    ],
    [
      "another app's payment",
      () =>
        fake.notification("TRANSACTION.SUCCESS", {
          ...fake.transactionResource(paidTradeNo),
          appid: "wx0000000000000000",
        }),
      "another app",
    ],
    [
      "TRANSACTION.SUCCESS with a trade that is not paid",
      () =>
        fake.notification("TRANSACTION.SUCCESS", {
          ...fake.transactionResource(paidTradeNo),
          trade_state: "NOTPAY",
        }),
      "trade_state NOTPAY",
    ],
    [
      "an event type this adapter does not apply",
      () => fake.notification("TRANSACTION.FOO", fake.transactionResource(paidTradeNo)),
      "event type TRANSACTION.FOO",
    ],
    [
      "REFUND.SUCCESS whose refund says otherwise",
      () =>
        fake.notification("REFUND.SUCCESS", { ...fake.refundResource(refundNo), refund_status: "ABNORMAL" }),
      "refund_status ABNORMAL",
    ],
    [
      "another merchant's refund",
      () =>
        fake.notification("REFUND.SUCCESS", {
          ...fake.refundResource(refundNo),
          mchid: "1900000110",
          refund_status: "SUCCESS",
        }),
      "another merchant",
    ],
  ];

  /** a signature over nothing the notification says, by a key WeChat does not have */
  function forge(text: string): string {
    return sign("sha256", Buffer.from(text), stranger.privateKey).toString("base64");
  }

  it.each(forgeries)("refuses %s", async (_, make, reason) => {
    const provider = createWechatProvider(configWith());
    expect((await refusal(provider.verifyNotification(make()))).reason).toContain(reason);
  });

  it("names the trade in a refusal once the body could be read", async () => {
    const provider = createWechatProvider(configWith());
    const refused = await refusal(
      provider.verifyNotification(
        fake.notification("TRANSACTION.SUCCESS", {
          ...fake.transactionResource(paidTradeNo),
          appid: "wx0000000000000000",
        }),
      ),
    );
    expect(refused.tradeNo).toBe(paidTradeNo);
  });

  it("key rotation: signed by the platform certificate or by the public key, both taken while both are configured", async () => {
    const both = createWechatProvider(configWith());
    expect(await both.verifyNotification(paidNotice({ signer: CERT_SERIAL }))).toMatchObject({
      kind: "paid",
    });
    expect(await both.verifyNotification(paidNotice({ signer: PUB_KEY_ID }))).toMatchObject({ kind: "paid" });

    const publicKeyOnly = createWechatProvider(configWith({ platformCertificates: undefined }));
    expect(await publicKeyOnly.verifyNotification(paidNotice({ signer: PUB_KEY_ID }))).toMatchObject({
      kind: "paid",
    });
    await refusal(publicKeyOnly.verifyNotification(paidNotice({ signer: CERT_SERIAL })));

    const certificateOnly = createWechatProvider(configWith({ publicKey: undefined }));
    expect(await certificateOnly.verifyNotification(paidNotice({ signer: CERT_SERIAL }))).toMatchObject({
      kind: "paid",
    });
    await refusal(certificateOnly.verifyNotification(paidNotice({ signer: PUB_KEY_ID })));
  });

  it("refund notifications: REFUND.SUCCESS refunded; REFUND.ABNORMAL and REFUND.CLOSED failed", async () => {
    const provider = createWechatProvider(configWith());
    const made = fake.settleRefund(refundNo, "SUCCESS");
    expect(
      await provider.verifyNotification(
        fake.notification("REFUND.SUCCESS", fake.refundResource(refundNo), { id: "EV-R1" }),
      ),
    ).toEqual({
      kind: "refunded",
      eventId: "EV-R1",
      tradeNo: paidTradeNo,
      refundNo,
      amountCents: 230,
      providerRefundId: made.refundId,
    });
    for (const status of ["ABNORMAL", "CLOSED"] as const) {
      fake.settleRefund(refundNo, status);
      expect(
        await provider.verifyNotification(
          fake.notification(`REFUND.${status}`, fake.refundResource(refundNo), { id: `EV-${status}` }),
        ),
      ).toEqual({ kind: "refundFailed", eventId: `EV-${status}`, tradeNo: paidTradeNo, refundNo });
    }
  });

  it("answers WeChat: 200 {code: SUCCESS}, or a 5xx with FAIL so it sends again", () => {
    const provider = createWechatProvider(configWith());
    expect(provider.answer(true)).toEqual({
      status: 200,
      contentType: "application/json",
      body: '{"code":"SUCCESS"}',
    });
    const failed = provider.answer(false);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(failed.body)).toMatchObject({ code: "FAIL" });
  });
});
