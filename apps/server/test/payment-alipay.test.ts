import { generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CreateAttemptInput,
  NotificationRefused,
  type RawNotification,
} from "../src/modules/payment/port.js";
import {
  type AlipayConfig,
  createAlipayProvider,
  validateAlipayConfig,
} from "../src/modules/payment/providers/alipay/index.js";
import { rawMember } from "../src/modules/payment/providers/alipay/response.js";
import { PaymentProviderError } from "../src/modules/payment/providers/errors.js";
import { CONFIG_MESSAGES } from "../src/modules/payment/providers/messages.js";
import { attemptsFor, rejection } from "./support/payment/adapter.js";
import { type AlipayAnswerFault, alipaySignContent, FakeAlipay } from "./support/payment/fake-alipay.js";
import { privatePem, publicPem, rsa } from "./support/payment/keys.js";

/**
 * The Alipay adapter (mobile web) against a local fake of the open API gateway that checks our RSA2
 * signatures as Alipay does and signs its answers and notifications with a key made here. Every
 * refusal below is a forgery that would be believed if a check were skipped.
 */

const APP_ID = "2021004112345678";
const SELLER_ID = "2088102146225135";

const app = rsa();
const alipay = rsa();
const stranger = rsa();

let fake: FakeAlipay;

function configWith(overrides: Partial<AlipayConfig> = {}): AlipayConfig {
  return {
    appId: APP_ID,
    sellerId: SELLER_ID,
    privateKeyPem: privatePem(app.privateKey),
    alipayPublicKeyPem: publicPem(alipay.publicKey),
    gatewayUrl: fake.url,
    ...overrides,
  };
}

const attempt = attemptsFor("TA", {
  description: "川味小馆 点餐 & 加菜",
  notifyUrl: "https://shop.example.com/pay/notify/alipay",
  returnUrl: "https://shop.example.com/pay/success?rid=1&t=2",
  channel: "web",
});

/** What the diner's browser does with the pay form: posts every field to the action. */
async function submitForm(
  next: Awaited<ReturnType<ReturnType<typeof createAlipayProvider>["createAttempt"]>>,
) {
  if (next.kind !== "form") throw new Error("not a form");
  const response = await fetch(next.action, {
    method: next.method,
    headers: { "Content-Type": "application/x-www-form-urlencoded;charset=utf-8" },
    body: new URLSearchParams(next.fields).toString(),
  });
  return response.text();
}

/** An attempt whose cashier was opened (the trade exists at Alipay), optionally paid. */
async function openedTrade(paid: boolean, overrides: Partial<CreateAttemptInput> = {}) {
  const provider = createAlipayProvider(configWith());
  const input = attempt(overrides);
  expect(await submitForm(await provider.createAttempt(input))).toContain("收银台");
  if (paid) fake.pay(input.tradeNo);
  return { provider, input };
}

beforeAll(async () => {
  fake = await FakeAlipay.start({
    appId: APP_ID,
    sellerId: SELLER_ID,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
  });
});

afterAll(async () => {
  await fake.close();
});

describe("Alipay merchant configuration", () => {
  it("takes PEM keys, and the bare base64 Alipay's key tool hands out", () => {
    expect(validateAlipayConfig(configWith())).toMatchObject({ ok: true });
    const bare = (k: KeyObject, type: "pkcs8" | "spki" | "pkcs1") =>
      (k.export({ type, format: "der" } as never) as Buffer).toString("base64");
    expect(
      validateAlipayConfig(
        configWith({
          privateKeyPem: bare(app.privateKey, "pkcs8"),
          alipayPublicKeyPem: bare(alipay.publicKey, "spki"),
        }),
      ),
    ).toMatchObject({ ok: true });
    expect(validateAlipayConfig(configWith({ privateKeyPem: bare(app.privateKey, "pkcs1") }))).toMatchObject({
      ok: true,
    });
  });

  it("refuses each wrong part with its own Chinese message", () => {
    const M = CONFIG_MESSAGES.alipay;
    const cases: [Partial<AlipayConfig>, string][] = [
      [{ appId: "app-1" }, M.appId],
      [{ sellerId: "1234" }, M.sellerId],
      [{ privateKeyPem: "MIIBnotakey" }, M.privateKey],
      [
        { privateKeyPem: privatePem(generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey) },
        M.privateKey,
      ],
      [
        { alipayPublicKeyPem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----" },
        M.alipayPublicKey,
      ],
      // the app's own private key pasted where Alipay's public key goes
      [{ alipayPublicKeyPem: privatePem(app.privateKey) }, M.alipayPublicKey],
      [{ gatewayUrl: "javascript:alert(1)" }, CONFIG_MESSAGES.baseUrl],
    ];
    for (const [overrides, message] of cases) {
      const check = validateAlipayConfig(configWith(overrides));
      expect(check, message).toEqual({ ok: false, problems: [message] });
    }
    expect(() => createAlipayProvider(configWith({ sellerId: "1234" }))).toThrow(M.sellerId);
    expect(validateAlipayConfig({})).toEqual({
      ok: false,
      problems: [M.appId, M.sellerId, M.privateKey, M.alipayPublicKey],
    });
  });
});

describe("Alipay calls", () => {
  it("the signed response node is cut from the answer's text as sent (spacing, escapes, nesting kept)", () => {
    const node = '{"msg":"a \\"}{\\" b","list":[1,{"x":"]"}],"code":"10000"}';
    const answer = `{ "alipay_cert_sn":"1", "alipay_trade_query_response" :  ${node} ,"sign":"c2ln"}`;
    expect(rawMember(answer, "alipay_trade_query_response")).toBe(node);
    expect(rawMember(answer, "sign")).toBe('"c2ln"');
    expect(rawMember(answer, "error_response")).toBeUndefined();
    expect(rawMember("not json", "sign")).toBeUndefined();
  });

  it("the pay form: the gateway with charset, every field signed RSA2 by the app, taken by Alipay", async () => {
    const provider = createAlipayProvider(configWith());
    expect(provider).toMatchObject({ name: "alipay", test: false });
    const input = attempt();
    const next = await provider.createAttempt(input);
    expect(next).toMatchObject({ kind: "form", action: `${fake.url}?charset=utf-8`, method: "POST" });
    if (next.kind !== "form") return;
    const f = next.fields;
    expect(f).toMatchObject({
      app_id: APP_ID,
      method: "alipay.trade.wap.pay",
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      version: "1.0",
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
    });
    expect(f.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.parse(f.biz_content as string)).toMatchObject({
      out_trade_no: input.tradeNo,
      total_amount: "12.30",
      subject: input.description,
      product_code: "QUICK_WAP_WAY",
      quit_url: input.returnUrl,
    });
    const content = alipaySignContent(f, ["sign"]);
    expect(
      verify("sha256", Buffer.from(content), app.publicKey, Buffer.from(f.sign as string, "base64")),
    ).toBe(true);

    expect(await submitForm(next)).toContain("收银台");
    expect(fake.trades.get(input.tradeNo)).toMatchObject({ totalAmount: "12.30", status: "WAIT_BUYER_PAY" });
  });

  it("amounts go as exact yuan text", async () => {
    const provider = createAlipayProvider(configWith());
    for (const [amountCents, text] of [
      [1, "0.01"],
      [10, "0.10"],
      [100_000_07, "100000.07"],
    ] as const) {
      const next = await provider.createAttempt(attempt({ amountCents }));
      if (next.kind !== "form") throw new Error("not a form");
      expect(JSON.parse(next.fields.biz_content as string).total_amount).toBe(text);
    }
  });

  it("Alipay refuses a form or a call signed with another key, and nothing is made", async () => {
    const provider = createAlipayProvider(configWith({ privateKeyPem: privatePem(stranger.privateKey) }));
    const input = attempt();
    expect(await submitForm(await provider.createAttempt(input))).toContain("isv.invalid-signature");
    expect(fake.trades.has(input.tradeNo)).toBe(false);
    const error = await rejection(provider.queryAttempt(input.tradeNo));
    expect(error).toBeInstanceOf(PaymentProviderError);
  });

  it("query: not at Alipay yet and waiting are pending; paid with the amount, Alipay's trade number and time", async () => {
    const provider = createAlipayProvider(configWith());
    expect(await provider.queryAttempt("TA-never-opened")).toEqual({
      tradeNo: "TA-never-opened",
      state: "pending",
    });
    const { input } = await openedTrade(false);
    expect(await provider.queryAttempt(input.tradeNo)).toEqual({ tradeNo: input.tradeNo, state: "pending" });
    const trade = fake.pay(input.tradeNo);
    const state = await provider.queryAttempt(input.tradeNo);
    expect(state).toMatchObject({
      tradeNo: input.tradeNo,
      state: "paid",
      amountCents: 1230,
      providerTradeId: trade.tradeNo,
    });
    expect(Math.abs((state.paidAt as Date).getTime() - Date.now())).toBeLessThan(5_000);
    trade.status = "TRADE_FINISHED";
    expect(await provider.queryAttempt(input.tradeNo)).toMatchObject({ state: "paid" });
  });

  it.each<AlipayAnswerFault>([
    "tamper",
    "unsigned",
    "wrongKey",
  ])("an answer that does not verify (%s) is not believed", async (fault) => {
    const { provider, input } = await openedTrade(false);
    fake.nextAnswerFault = fault;
    expect(await rejection(provider.queryAttempt(input.tradeNo))).toMatchObject({
      code: "ANSWER_NOT_VERIFIED",
    });
    expect(await provider.queryAttempt(input.tradeNo)).toMatchObject({ state: "pending" });
  });

  it("a changed Alipay key: answers signed by the old one are refused", async () => {
    const { input } = await openedTrade(false);
    const stale = createAlipayProvider(configWith({ alipayPublicKeyPem: publicPem(stranger.publicKey) }));
    expect(await rejection(stale.queryAttempt(input.tradeNo))).toMatchObject({ code: "ANSWER_NOT_VERIFIED" });
  });

  it("close: the waiting trade is closed; one never opened needs nothing; a paid one is not closed", async () => {
    const { provider, input } = await openedTrade(false);
    await provider.closeAttempt(input.tradeNo);
    expect(fake.trades.get(input.tradeNo)?.status).toBe("TRADE_CLOSED");
    expect(await provider.queryAttempt(input.tradeNo)).toEqual({ tradeNo: input.tradeNo, state: "closed" });
    await provider.closeAttempt("TA-never-opened");
    const paid = await openedTrade(true);
    expect(await rejection(provider.closeAttempt(paid.input.tradeNo))).toMatchObject({
      code: "ACQ.TRADE_STATUS_ERROR",
    });
    expect(fake.trades.get(paid.input.tradeNo)?.status).toBe("TRADE_SUCCESS");
  });

  it("refund with our refund number as out_request_no; a repeat moves no money; the query says done", async () => {
    const { provider, input } = await openedTrade(true);
    const refundInput = {
      tradeNo: input.tradeNo,
      refundNo: `RF${input.tradeNo}`,
      amountCents: 230,
      totalCents: 1230,
      reason: "少上一道菜",
      notifyUrl: "https://shop.example.com/pay/notify/alipay",
      idempotencyKey: "refund-key-1",
    };
    const trade = fake.trades.get(input.tradeNo);
    expect(await provider.refund(refundInput)).toEqual({
      refundNo: refundInput.refundNo,
      state: "done",
      amountCents: 230,
      providerRefundId: trade?.tradeNo,
    });
    expect(fake.refunds.get(`${input.tradeNo}/${refundInput.refundNo}`)).toMatchObject({
      refundAmount: "2.30",
      reason: "少上一道菜",
    });
    expect(await provider.refund(refundInput)).toMatchObject({ state: "pending" });
    expect(trade?.refundedCents).toBe(230);
    expect(await provider.queryRefund(input.tradeNo, refundInput.refundNo)).toEqual({
      refundNo: refundInput.refundNo,
      state: "done",
      amountCents: 230,
      providerRefundId: trade?.tradeNo,
    });
    expect(await provider.queryRefund(input.tradeNo, "RF-unknown")).toMatchObject({ state: "pending" });
  });
});

describe("Alipay notifications", () => {
  let paidTradeNo = "";

  beforeAll(async () => {
    paidTradeNo = (await openedTrade(true)).input.tradeNo;
  });

  const paidParams = () => fake.tradeParams(paidTradeNo);

  it("a genuine TRADE_SUCCESS: paid, notify_id as event id, the amount in exact cents", async () => {
    const provider = createAlipayProvider(configWith());
    const params = paidParams();
    const trade = fake.trades.get(paidTradeNo);
    const verified = await provider.verifyNotification(fake.notification(params));
    expect(verified).toMatchObject({
      kind: "paid",
      eventId: params.notify_id,
      tradeNo: paidTradeNo,
      amountCents: 1230,
      providerTradeId: trade?.tradeNo,
    });
    if (verified.kind !== "paid") return;
    expect(Math.abs(verified.paidAt.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("TRADE_FINISHED is paid too; TRADE_CLOSED is closed; WAIT_BUYER_PAY is not paid (refused, nothing counted)", async () => {
    const provider = createAlipayProvider(configWith());
    expect(
      await provider.verifyNotification(
        fake.notification({ ...paidParams(), trade_status: "TRADE_FINISHED" }),
      ),
    ).toMatchObject({ kind: "paid", amountCents: 1230 });
    const closed: Record<string, string> = { ...paidParams(), trade_status: "TRADE_CLOSED" };
    expect(await provider.verifyNotification(fake.notification(closed))).toEqual({
      kind: "closed",
      eventId: closed.notify_id,
      tradeNo: paidTradeNo,
    });
    const waiting = fake.notification({ ...paidParams(), trade_status: "WAIT_BUYER_PAY", gmt_payment: "" });
    const error = await rejection(provider.verifyNotification(waiting));
    expect(error).toBeInstanceOf(NotificationRefused);
    expect((error as NotificationRefused).reason).toBe("trade_status WAIT_BUYER_PAY: not paid");
  });

  it("amounts are read exactly (0.1 + 0.2 is 30 cents, 1234.5 is 123450)", async () => {
    const provider = createAlipayProvider(configWith());
    for (const [text, amountCents] of [
      ["0.30", 30],
      ["1234.5", 123450],
      ["0.01", 1],
    ] as const) {
      expect(
        await provider.verifyNotification(fake.notification({ ...paidParams(), total_amount: text })),
      ).toMatchObject({ kind: "paid", amountCents });
    }
  });

  it("a refund's notification: refunded, our refund number from out_biz_no, this refund's own amount from the refund query", async () => {
    const { provider, input } = await openedTrade(true);
    const refund = (refundNo: string, amountCents: number) =>
      provider.refund({
        tradeNo: input.tradeNo,
        refundNo,
        amountCents,
        totalCents: 1230,
        reason: "退菜",
        notifyUrl: "https://shop.example.com/pay/notify/alipay",
        idempotencyKey: `key-${refundNo}`,
      });
    const tradeId = fake.trades.get(input.tradeNo)?.tradeNo;
    for (const [refundNo, amountCents, refundFee] of [
      [`RF1${input.tradeNo}`, 230, "2.30"],
      [`RF2${input.tradeNo}`, 1000, "12.30"],
    ] as const) {
      await refund(refundNo, amountCents);
      const params = fake.refundParams(input.tradeNo, refundNo);
      // refund_fee is the trade's refunded total: 12.30 on the second, whose own amount is 10.00
      expect(params.refund_fee).toBe(refundFee);
      expect(await provider.verifyNotification(fake.notification(params))).toEqual({
        kind: "refunded",
        eventId: params.notify_id,
        tradeNo: input.tradeNo,
        refundNo,
        amountCents,
        providerRefundId: tradeId,
      });
    }
    expect(fake.refundParams(input.tradeNo, "x").trade_status).toBe("TRADE_CLOSED");

    // a refund notice Alipay's refund query does not confirm is not counted
    const unknown = await rejection(
      provider.verifyNotification(fake.notification(fake.refundParams(input.tradeNo, "RF-not-made"))),
    );
    expect(unknown).toBeInstanceOf(NotificationRefused);
    // nor one whose confirmation does not verify: an error, answered fail, sent again later
    fake.nextAnswerFault = "wrongKey";
    const unverified = await rejection(
      provider.verifyNotification(fake.notification(fake.refundParams(input.tradeNo, `RF1${input.tradeNo}`))),
    );
    expect(unverified).toMatchObject({ code: "ANSWER_NOT_VERIFIED" });
  });

  const forgeries: [string, () => RawNotification, string][] = [
    [
      "another app's notification",
      () => fake.notification({ ...paidParams(), app_id: "2021009999999999" }),
      "another app",
    ],
    [
      "another seller's",
      () => fake.notification({ ...paidParams(), seller_id: "2088000000000001" }),
      "another seller",
    ],
    [
      "an amount changed after signing",
      () => fake.notification(paidParams(), { after: (p) => Object.assign(p, { total_amount: "0.01" }) }),
      "bad signature",
    ],
    [
      "a status changed after signing",
      () =>
        fake.notification(
          { ...paidParams(), trade_status: "WAIT_BUYER_PAY" },
          { after: (p) => Object.assign(p, { trade_status: "TRADE_SUCCESS" }) },
        ),
      "bad signature",
    ],
    [
      "signed by a key Alipay does not have (a changed key)",
      () => fake.notification(paidParams(), { key: stranger.privateKey }),
      "bad signature",
    ],
    [
      "without a signature",
      () => fake.notification(paidParams(), { after: (p) => delete p.sign }),
      "bad signature",
    ],
    ["sign_type RSA (SHA1)", () => fake.notification({ ...paidParams(), sign_type: "RSA" }), "sign_type"],
    [
      "a parameter sent twice",
      () => {
        const raw = fake.notification(paidParams());
        return { ...raw, body: Buffer.from(`${raw.body.toString()}&total_amount=0.01`) };
      },
      "repeated",
    ],
    [
      "an amount that is not money",
      () => fake.notification({ ...paidParams(), total_amount: "12.345" }),
      "malformed",
    ],
    ["a negative amount", () => fake.notification({ ...paidParams(), total_amount: "-12.30" }), "malformed"],
  ];

  it.each(forgeries)("refuses %s", async (_, make, reason) => {
    const provider = createAlipayProvider(configWith());
    const error = await rejection(provider.verifyNotification(make()));
    expect(error).toBeInstanceOf(NotificationRefused);
    expect((error as NotificationRefused).reason).toContain(reason);
    expect((error as NotificationRefused).tradeNo).toBe(paidTradeNo);
  });

  it("answers Alipay: 'success' as plain text, or 'fail' so it sends again", () => {
    const provider = createAlipayProvider(configWith());
    expect(provider.answer(true)).toEqual({ status: 200, contentType: "text/plain", body: "success" });
    expect(provider.answer(false)).toMatchObject({ contentType: "text/plain", body: "fail" });
  });
});
