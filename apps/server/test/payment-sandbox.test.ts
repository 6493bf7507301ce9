import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import fastifyFormbody from "@fastify/formbody";
import { PAY_API, type PayAttempt, type PayStart, type SandboxNotification } from "@tablemate/core";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.js";
import { seedDemo } from "../src/db/demo/seed.js";
import { payEvents, payInbox, restaurants, sandboxTrades } from "../src/db/schema.js";
import { registerErrorHandler } from "../src/http/errors.js";
import {
  type CreateAttemptInput,
  NotificationRefused,
  type PaymentProvider,
  type RawNotification,
} from "../src/modules/payment/port.js";
import {
  createSandboxProvider,
  type SandboxProvider,
} from "../src/modules/payment/providers/sandbox/provider.js";
import { sandboxRoutes } from "../src/modules/payment/providers/sandbox/routes.js";
import { signatureHeader } from "../src/modules/payment/providers/sandbox/signature.js";
import { getSandboxSwitches, setSandboxSwitches } from "../src/modules/payment/providers/sandbox/switches.js";
import { reconcileOnce } from "../src/modules/payment/reconcile.js";
import { BACKENDS, createTestDatabase, type TestDatabase } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { listenLocally } from "./support/local-http.js";
import { Diner, menuOf, plainDish, type Seat, tablesOfTheirOwn } from "./support/ordering.js";

const secret = () => randomBytes(32).toString("hex");
const CHECKOUT_ORIGIN = "http://sandbox.test";
const SWITCHES_OFF = {
  delayMs: 0,
  duplicate: false,
  outOfOrder: false,
  drop: false,
  fail: false,
  amountMismatch: false,
};

interface Delivery {
  headers: IncomingHttpHeaders;
  body: Buffer;
  event: SandboxNotification;
  at: number;
}

/**
 * A merchant's notification endpoint on port 0: keeps what arrives; `answer` chooses the status
 * (default 200) and may hand the delivery on (the payment service, in the end-to-end tests).
 */
async function startReceiver(
  answer: (delivery: Delivery, url: string) => Promise<{ status: number; body: string }> = async () => ({
    status: 200,
    body: '{"received":true}',
  }),
) {
  const deliveries: Delivery[] = [];
  const server = await listenLocally(async (request, body, response) => {
    const delivery = { headers: request.headers, body, event: JSON.parse(body.toString()), at: Date.now() };
    deliveries.push(delivery);
    const answered = await answer(delivery, request.url ?? "/");
    response.writeHead(answered.status, { "content-type": "application/json" }).end(answered.body);
  });
  return { url: server.url, deliveries, close: server.close };
}

/** A delivery as the port hands it to verifyNotification: its raw bytes and lower-case headers. */
function raw(delivery: Pick<Delivery, "headers" | "body">): RawNotification {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(delivery.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { body: delivery.body, headers };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof NotificationRefused ? error.reason : `threw ${String(error)}`),
  );

/** A gateway of its own (as a real one is another host): formbody, the error envelope, the checkout. */
async function startGateway(sandbox: SandboxProvider): Promise<FastifyInstance> {
  const gateway = Fastify();
  registerErrorHandler(gateway);
  await gateway.register(fastifyFormbody);
  sandboxRoutes(gateway, sandbox);
  await gateway.ready();
  return gateway;
}

const press = (gateway: FastifyInstance, tradeNo: string, action: string) =>
  gateway.inject({
    method: "POST",
    url: PAY_API.sandboxCheckout(tradeNo),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `action=${action}`,
  });

describe.each(BACKENDS)("the sandbox gateway (%s)", (backend) => {
  let testDb: TestDatabase;
  let db: Db;
  let sandbox: SandboxProvider;
  let gateway: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** the receiver's status for the next deliveries (a merchant that is down answers 500) */
  let statuses: number[] = [];
  const secrets = [secret()];
  let demoRid = 0;
  let nextRid = 10_000;

  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
    db = testDb.database.db;
    await seedDemo(db, new Date(), { passwordCost: 10 });
    const [restaurant] = await db.select().from(restaurants);
    demoRid = restaurant?.id ?? 0;
    receiver = await startReceiver(async () => ({ status: statuses.shift() ?? 200, body: "{}" }));
    const log = Fastify().log;
    sandbox = createSandboxProvider({
      db,
      now: () => new Date(),
      secrets,
      checkoutOrigin: () => CHECKOUT_ORIGIN,
      log,
      retryDelaysMs: [20, 40],
      outOfOrderHoldMs: 300,
    });
    gateway = await startGateway(sandbox);
  });
  afterAll(async () => {
    sandbox.stop();
    await gateway.close();
    await receiver.close();
    await testDb.drop();
  });
  beforeEach(async () => {
    // what an earlier test left under way is delivered before this one starts counting
    await sandbox.drain();
    statuses = [];
    receiver.deliveries.length = 0;
  });

  /** A fresh trade at the provider; each test's own restaurant id keeps its switches its own. */
  async function trade(over: Partial<CreateAttemptInput> = {}) {
    const input: CreateAttemptInput = {
      restaurantId: nextRid++,
      restaurantName: "测试餐厅",
      tradeNo: `TM${randomBytes(8).toString("hex")}`,
      amountCents: 1230,
      description: "测试餐厅 点餐",
      notifyUrl: `${receiver.url}${PAY_API.payNotify("sandbox")}?rid=1`,
      returnUrl: "http://shop.test/pay/success?tradeNo=x",
      channel: "web",
      clientIp: "127.0.0.1",
      expiresAt: new Date(Date.now() + 15 * 60_000),
      idempotencyKey: "k",
      ...over,
    };
    const next = await sandbox.createAttempt(input);
    return { input, next, tradeNo: input.tradeNo, rid: input.restaurantId };
  }

  const paid = async (over: Partial<CreateAttemptInput> = {}) => {
    const made = await trade(over);
    expect((await press(gateway, made.tradeNo, "pay")).statusCode).toBe(303);
    await sandbox.drain();
    return made;
  };
  const types = () => receiver.deliveries.map((d) => d.event.type);

  it("opens a trade once per trade number and answers its checkout page's absolute URL", async () => {
    const made = await trade();
    expect(made.next).toEqual({
      kind: "redirect",
      url: `${CHECKOUT_ORIGIN}${PAY_API.sandboxCheckout(made.tradeNo)}`,
    });
    const [first] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, made.tradeNo));
    // the same call again (a retry) finds the same trade
    expect(await sandbox.createAttempt(made.input)).toEqual(made.next);
    const again = await db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, made.tradeNo));
    expect(again).toEqual([first]);
    expect(first).toMatchObject({ state: "pending", amountCents: 1230, notifyUrl: made.input.notifyUrl });
    // the number reused for another amount is refused, the trade unchanged
    await expect(sandbox.createAttempt({ ...made.input, amountCents: 1 })).rejects.toThrow(/other terms/);
    await expect(trade({ amountCents: 0 })).rejects.toThrow(/positive/);
    expect(await sandbox.queryAttempt(made.tradeNo)).toEqual({
      tradeNo: made.tradeNo,
      state: "pending",
      providerTradeId: first?.transactionId,
    });
  });

  it("shows the checkout page: restaurant, amount, the 测试 marker and three buttons, all text escaped", async () => {
    await db
      .update(restaurants)
      .set({ name: `<script>alert("店")</script>` })
      .where(eq(restaurants.id, demoRid));
    const made = await trade({ restaurantId: demoRid, description: `<img src=x onerror="alert(1)"> & 粥` });
    const page = await gateway.inject({ method: "GET", url: PAY_API.sandboxCheckout(made.tradeNo) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-store");
    const html = page.body;
    expect(html).toContain('<meta name="viewport" content="width=device-width');
    expect(html).toContain("测试");
    expect(html).toContain("沙箱测试支付，不会真实扣款");
    expect(html).toContain("¥12.30");
    expect(html).toContain("&#60;script&#62;alert(&#34;店&#34;)&#60;/script&#62;");
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62; &#38; 粥");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain(`action="${PAY_API.sandboxCheckout(made.tradeNo)}"`);
    for (const [value, label] of [
      ["pay", "支付"],
      ["fail", "失败"],
      ["cancel", "取消"],
    ]) {
      expect(html).toMatch(new RegExp(`name="action" value="${value}">${label}`));
    }
    // self-contained: no script, no stylesheet or image from anywhere
    expect(html).not.toMatch(/<(script|link|img|iframe|object)\b/);

    const unknown = await gateway.inject({ method: "GET", url: PAY_API.sandboxCheckout("TMnothing") });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("找不到这笔交易");
    expect((await press(gateway, "TMnothing", "pay")).statusCode).toBe(404);
    expect((await press(gateway, made.tradeNo, "refund")).statusCode).toBe(400);
    expect((await sandbox.queryAttempt(made.tradeNo)).state).toBe("pending");
  });

  it("pay: back to the return URL (303), the trade paid, a signed notification the verifier accepts", async () => {
    const made = await trade();
    const pressed = await press(gateway, made.tradeNo, "pay");
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(made.input.returnUrl);
    await sandbox.drain();
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    if (!delivery) throw new Error("no delivery");
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["tablemate-sandbox-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const state = await sandbox.queryAttempt(made.tradeNo);
    expect(state).toMatchObject({ state: "paid", amountCents: 1230 });
    expect(delivery.event).toMatchObject({
      type: "trade.paid",
      tradeNo: made.tradeNo,
      transactionId: state.providerTradeId,
      amountCents: 1230,
    });
    expect(await sandbox.verifyNotification(raw(delivery))).toEqual({
      kind: "paid",
      eventId: delivery.event.id,
      tradeNo: made.tradeNo,
      amountCents: 1230,
      providerTradeId: state.providerTradeId,
      paidAt: new Date(delivery.event.at),
    });
    // the page now says so, with no buttons; a later press changes nothing and tells nothing
    const page = (await gateway.inject({ method: "GET", url: PAY_API.sandboxCheckout(made.tradeNo) })).body;
    expect(page).toContain("已支付");
    expect(page).not.toContain('name="action"');
    expect((await press(gateway, made.tradeNo, "fail")).statusCode).toBe(303);
    await sandbox.drain();
    expect(receiver.deliveries).toHaveLength(1);
    expect((await sandbox.queryAttempt(made.tradeNo)).state).toBe("paid");
  });

  it("refuses forged, unsigned, stale, altered, unknown and malformed notifications", async () => {
    const made = await paid();
    const [delivery] = receiver.deliveries;
    if (!delivery) throw new Error("no delivery");
    const genuine = raw(delivery);
    const signed = (body: string, at = new Date(), with_ = secrets) => ({
      body: Buffer.from(body),
      headers: { "tablemate-sandbox-signature": signatureHeader(with_, body, at) },
    });
    const t = Math.floor(Date.now() / 1000);
    const forged = { ...genuine, headers: { "tablemate-sandbox-signature": `t=${t},v1=${"ab".repeat(32)}` } };
    const otherKey = signed(delivery.body.toString(), new Date(), [secret()]);
    const altered = {
      ...genuine,
      body: Buffer.from(delivery.body.toString().replace('"amountCents":1230', '"amountCents":1')),
    };
    const stale = signed(delivery.body.toString(), new Date(Date.now() - 6 * 60_000));
    const ahead = signed(delivery.body.toString(), new Date(Date.now() + 6 * 60_000));
    const unknownTrade = signed(JSON.stringify({ ...delivery.event, tradeNo: "TMnobody" }));
    const otherTransaction = signed(JSON.stringify({ ...delivery.event, transactionId: "SBXforged" }));
    const unknownRefund = signed(
      JSON.stringify({ ...delivery.event, type: "refund.succeeded", refundNo: "RFx", refundId: "SBRx" }),
    );
    const malformed = signed('{"type":"trade.paid"}');
    const cases: Array<[RawNotification, string]> = [
      [{ ...genuine, headers: {} }, "missing signature"],
      [{ ...genuine, headers: { "tablemate-sandbox-signature": "v1=abc" } }, "malformed signature"],
      [forged, "bad signature"],
      [otherKey, "bad signature"],
      [altered, "bad signature"],
      [stale, "stale timestamp"],
      [ahead, "stale timestamp"],
      [unknownTrade, "unknown trade"],
      [otherTransaction, "unknown trade"],
      [unknownRefund, "unknown refund"],
      [malformed, "malformed body"],
    ];
    for (const [notification, reason] of cases) {
      expect(await refusal(sandbox.verifyNotification(notification)), reason).toBe(reason);
    }
    // the genuine one still passes (within the window), as does a fresh signature of the same bytes
    expect(await refusal(sandbox.verifyNotification(genuine))).toBe("accepted");
    expect((await sandbox.verifyNotification(signed(delivery.body.toString()))).tradeNo).toBe(made.tradeNo);
    expect(sandbox.answer(true)).toEqual({
      status: 200,
      contentType: "application/json",
      body: '{"received":true}',
    });
    expect(sandbox.answer(false).status).toBe(400);
  });

  it("rotates secrets: the first signs, any verifies; the old one refused once dropped", async () => {
    const [oldSecret] = secrets;
    if (!oldSecret) throw new Error("no secret");
    const newSecret = secret();
    const settings = { db, now: () => new Date(), checkoutOrigin: () => CHECKOUT_ORIGIN, log: gateway.log };
    const both = createSandboxProvider({ ...settings, secrets: [newSecret, oldSecret] });
    const onlyNew = createSandboxProvider({ ...settings, secrets: [newSecret] });
    await paid();
    const [byOld] = receiver.deliveries;
    if (!byOld) throw new Error("no delivery");
    // a process still on the old secret signed it: accepted while both are configured
    expect(await refusal(both.verifyNotification(raw(byOld)))).toBe("accepted");
    expect(await refusal(onlyNew.verifyNotification(raw(byOld)))).toBe("bad signature");
    // the rotated process signs with the new one, which every process configured with it accepts
    const body = byOld.body.toString();
    const byNew = {
      body: byOld.body,
      headers: { "tablemate-sandbox-signature": signatureHeader([newSecret, oldSecret], body, new Date()) },
    };
    expect(await refusal(onlyNew.verifyNotification(byNew))).toBe("accepted");
    expect(await refusal(sandbox.verifyNotification(byNew))).toBe("bad signature");
    // a header with several v1 entries: one that matches is enough
    const oldOnly = signatureHeader([oldSecret], body, new Date());
    const several = `${byNew.headers["tablemate-sandbox-signature"]},${oldOnly.split(",")[1]}`;
    const withSeveral = { body: byOld.body, headers: { "tablemate-sandbox-signature": several } };
    expect(await refusal(sandbox.verifyNotification(withSeveral))).toBe("accepted");
    expect(await refusal(onlyNew.verifyNotification(withSeveral))).toBe("accepted");
    both.stop();
    onlyNew.stop();
  });

  it("pays a trade once however many presses race", async () => {
    const made = await trade();
    const presses = await Promise.all(Array.from({ length: 5 }, () => press(gateway, made.tradeNo, "pay")));
    expect(presses.map((p) => p.statusCode)).toEqual([303, 303, 303, 303, 303]);
    await Promise.all([press(gateway, made.tradeNo, "fail"), press(gateway, made.tradeNo, "pay")]);
    await sandbox.drain();
    expect(types()).toEqual(["trade.paid"]);
    expect((await sandbox.queryAttempt(made.tradeNo)).state).toBe("paid");
  });

  it("fail and cancel: failed is told; cancelled stays pending and may still be paid", async () => {
    const failed = await trade();
    expect((await press(gateway, failed.tradeNo, "fail")).headers.location).toBe(failed.input.returnUrl);
    const cancelled = await trade();
    const back = await press(gateway, cancelled.tradeNo, "cancel");
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(cancelled.input.returnUrl);
    await sandbox.drain();
    expect(receiver.deliveries.map((d) => [d.event.type, d.event.tradeNo])).toEqual([
      ["trade.failed", failed.tradeNo],
    ]);
    expect(await sandbox.verifyNotification(raw(receiver.deliveries[0] as Delivery))).toMatchObject({
      kind: "failed",
    });
    expect((await sandbox.queryAttempt(failed.tradeNo)).state).toBe("failed");
    expect((await sandbox.queryAttempt(cancelled.tradeNo)).state).toBe("pending");
    await press(gateway, cancelled.tradeNo, "pay");
    expect((await sandbox.queryAttempt(cancelled.tradeNo)).state).toBe("paid");
  });

  it("retries a notification the merchant did not accept, signed afresh, then gives up", async () => {
    statuses = [500];
    await paid();
    expect(receiver.deliveries).toHaveLength(2);
    const [first, second] = receiver.deliveries;
    expect(second?.event.id).toBe(first?.event.id);
    expect(await refusal(sandbox.verifyNotification(raw(second as Delivery)))).toBe("accepted");
    receiver.deliveries.length = 0;
    // down for every try: three tries (the first and two retries), then it is left to queries
    statuses = [503, 503, 503, 503];
    await paid();
    expect(receiver.deliveries).toHaveLength(3);
  });

  it("refunds up to what was paid, once per refund number, each told as refund.succeeded", async () => {
    const made = await paid();
    receiver.deliveries.length = 0;
    const refund = (refundNo: string, amountCents: number) =>
      sandbox.refund({
        tradeNo: made.tradeNo,
        refundNo,
        amountCents,
        totalCents: 1230,
        reason: "退菜",
        notifyUrl: made.input.notifyUrl,
        idempotencyKey: refundNo,
      });
    await expect(refund("RF1", 1231)).rejects.toThrow(/above/);
    const first = await refund("RF1", 1000);
    expect(first).toMatchObject({ refundNo: "RF1", state: "done", amountCents: 1000 });
    // the same refund again (a retry) answers the one taken, and takes nothing more
    expect(await refund("RF1", 1000)).toEqual(first);
    await expect(refund("RF1", 500)).rejects.toThrow(/other terms/);
    await expect(refund("RF2", 231)).rejects.toThrow(/above the 230 left/);
    await expect(Promise.all([refund("RF3", 200), refund("RF4", 200)])).rejects.toThrow(/above/);
    expect(await sandbox.queryRefund(made.tradeNo, "RF1")).toEqual(first);
    await expect(sandbox.queryRefund(made.tradeNo, "RF9")).rejects.toThrow(/unknown refund/);
    await expect(sandbox.queryRefund("TMother", "RF1")).rejects.toThrow(/unknown refund/);
    await sandbox.drain();
    expect(types()).toEqual(["refund.succeeded", "refund.succeeded"]);
    const told = await sandbox.verifyNotification(raw(receiver.deliveries[0] as Delivery));
    expect(told).toMatchObject({
      kind: "refunded",
      refundNo: "RF1",
      amountCents: 1000,
      providerRefundId: first.providerRefundId,
    });
    // an unpaid trade has nothing to refund
    const unpaid = await trade();
    await expect(
      sandbox.refund({
        ...made.input,
        tradeNo: unpaid.tradeNo,
        refundNo: "RF5",
        amountCents: 1,
        totalCents: 1230,
        reason: "x",
        idempotencyKey: "RF5",
      }),
    ).rejects.toThrow(/not paid/);
  });

  it("query and close: a pending trade closes once (told), a paid one refuses, an unknown one is nothing", async () => {
    const made = await trade();
    await sandbox.closeAttempt(made.tradeNo);
    await sandbox.closeAttempt(made.tradeNo);
    expect((await sandbox.queryAttempt(made.tradeNo)).state).toBe("closed");
    // the payer comes back to the page: closed, and 支付 pays nothing
    const page = (await gateway.inject({ method: "GET", url: PAY_API.sandboxCheckout(made.tradeNo) })).body;
    expect(page).toContain("交易已关闭");
    await press(gateway, made.tradeNo, "pay");
    expect((await sandbox.queryAttempt(made.tradeNo)).state).toBe("closed");
    await sandbox.drain();
    expect(types()).toEqual(["trade.closed"]);
    expect(await sandbox.verifyNotification(raw(receiver.deliveries[0] as Delivery))).toMatchObject({
      kind: "closed",
    });
    const settled = await paid();
    await expect(sandbox.closeAttempt(settled.tradeNo)).rejects.toThrow(/paid/);
    expect((await sandbox.queryAttempt(settled.tradeNo)).state).toBe("paid");
    await sandbox.closeAttempt("TMnobody");
    await expect(sandbox.queryAttempt("TMnobody")).rejects.toThrow(/unknown trade/);
  });

  describe("switches", () => {
    it("are all off until set, and are kept per restaurant", async () => {
      expect(await getSandboxSwitches(db, 424242)).toEqual(SWITCHES_OFF);
      const on = { ...SWITCHES_OFF, duplicate: true, delayMs: 50 };
      expect(await setSandboxSwitches(db, 424242, on)).toEqual(on);
      expect(await getSandboxSwitches(db, 424242)).toEqual(on);
      expect(await getSandboxSwitches(db, 424243)).toEqual(SWITCHES_OFF);
      await setSandboxSwitches(db, 424242, SWITCHES_OFF);
      expect(await getSandboxSwitches(db, 424242)).toEqual(SWITCHES_OFF);
    });

    const withSwitches = async (switches: Partial<typeof SWITCHES_OFF>) => {
      const rid = nextRid++;
      await setSandboxSwitches(db, rid, { ...SWITCHES_OFF, ...switches });
      return rid;
    };

    it("delayMs: the notification waits", async () => {
      const rid = await withSwitches({ delayMs: 300 });
      const made = await trade({ restaurantId: rid });
      const pressedAt = Date.now();
      await press(gateway, made.tradeNo, "pay");
      await sandbox.drain();
      expect(receiver.deliveries).toHaveLength(1);
      expect((receiver.deliveries[0]?.at ?? 0) - pressedAt).toBeGreaterThanOrEqual(290);
    });

    it("duplicate: each notification is sent twice, the same event", async () => {
      await paid({ restaurantId: await withSwitches({ duplicate: true }) });
      expect(types()).toEqual(["trade.paid", "trade.paid"]);
      expect(receiver.deliveries[1]?.body.toString()).toBe(receiver.deliveries[0]?.body.toString());
    });

    it("outOfOrder: a refund is told before the payment it refunds; a lone one comes after a while", async () => {
      const made = await trade({ restaurantId: await withSwitches({ outOfOrder: true }) });
      await press(gateway, made.tradeNo, "pay");
      await sandbox.refund({
        tradeNo: made.tradeNo,
        refundNo: `RF${randomUUID().slice(0, 8)}`,
        amountCents: 230,
        totalCents: 1230,
        reason: "退菜",
        notifyUrl: made.input.notifyUrl,
        idempotencyKey: "r",
      });
      await sandbox.drain();
      expect(types()).toEqual(["refund.succeeded", "trade.paid"]);
      receiver.deliveries.length = 0;
      const lone = await trade({ restaurantId: made.rid });
      const pressedAt = Date.now();
      await press(gateway, lone.tradeNo, "pay");
      await sandbox.drain();
      expect(types()).toEqual(["trade.paid"]);
      expect((receiver.deliveries[0]?.at ?? 0) - pressedAt).toBeGreaterThanOrEqual(290);
    });

    it("drop: nothing is told; a query finds the trade paid", async () => {
      const made = await paid({ restaurantId: await withSwitches({ drop: true }) });
      expect(receiver.deliveries).toEqual([]);
      expect(await sandbox.queryAttempt(made.tradeNo)).toMatchObject({ state: "paid", amountCents: 1230 });
    });

    it("fail: the checkout's 支付 fails", async () => {
      const made = await paid({ restaurantId: await withSwitches({ fail: true }) });
      expect(types()).toEqual(["trade.failed"]);
      expect((await sandbox.queryAttempt(made.tradeNo)).state).toBe("failed");
    });

    it("amountMismatch: the notification says another amount; the query tells the truth", async () => {
      const made = await paid({ restaurantId: await withSwitches({ amountMismatch: true }) });
      const [delivery] = receiver.deliveries;
      expect(delivery?.event.amountCents).toBe(1231);
      // correctly signed: the caller's own record of the attempt refuses the amount
      expect(await sandbox.verifyNotification(raw(delivery as Delivery))).toMatchObject({
        kind: "paid",
        amountCents: 1231,
      });
      expect(await sandbox.queryAttempt(made.tradeNo)).toMatchObject({ state: "paid", amountCents: 1230 });
    });
  });
});

describe.each(BACKENDS)("the sandbox behind the payment service (%s)", (backend) => {
  let app: TestApp;
  let sandbox: SandboxProvider;
  let gateway: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let shiftMs = 0;
  let rid = 0;
  let dishId = 0;
  let nextSeat: () => Seat;

  beforeAll(async () => {
    // the merchant's notify URL: the receiver (PUBLIC_URL), which hands each delivery to the app
    receiver = await startReceiver(async (delivery, url) => {
      const answer = await app.server.inject({
        method: "POST",
        url,
        headers: {
          "content-type": "application/json",
          "tablemate-sandbox-signature": String(delivery.headers["tablemate-sandbox-signature"]),
        },
        payload: delivery.body,
      });
      return { status: answer.statusCode, body: answer.body };
    });
    // the app is built with the sandbox, which needs the app's database: it is made just after
    const late = new Proxy({} as PaymentProvider, { get: (_target, key) => Reflect.get(sandbox, key) });
    app = await startTestApp(backend, {
      now: () => new Date(Date.now() + shiftMs),
      paymentProviders: { sandbox: late },
      env: { PAY_RECONCILE_MS: "0", PUBLIC_URL: receiver.url },
    });
    sandbox = createSandboxProvider({
      db: app.db,
      now: () => new Date(),
      secrets: [secret()],
      checkoutOrigin: () => CHECKOUT_ORIGIN,
      log: app.server.log,
      retryDelaysMs: [20],
    });
    gateway = await startGateway(sandbox);
    const [restaurant] = (await app.db.select().from(restaurants)).filter(
      (r) => r.wctPayType === 1 && !r.fastHotel,
    );
    rid = restaurant?.id ?? 0;
    dishId = plainDish(await menuOf(app, rid)).id;
    nextSeat = await tablesOfTheirOwn(app, rid, 10, "沙");
  });
  afterAll(async () => {
    sandbox.stop();
    await gateway.close();
    await app.close();
    await receiver.close();
  });

  async function startPaying(): Promise<{ diner: Diner; start: PayStart }> {
    const diner = await new Diner(app, `guid-${randomUUID()}`, nextSeat()).sit();
    await diner.add(dishId);
    const orderId = (json(await diner.submit()).data as { orderId: number }).orderId;
    const start = json(await diner.prepay(orderId)).data as PayStart;
    return { diner, start };
  }

  const status = async (diner: Diner, tradeNo: string) =>
    (json(await diner.get(`${PAY_API.payAttempt(tradeNo)}?rid=${rid}`)).data as PayAttempt).status;
  const inbox = (tradeNo: string) => app.db.select().from(payInbox).where(eq(payInbox.tradeNo, tradeNo));
  const paidEvents = (tradeNo: string) =>
    app.db
      .select()
      .from(payEvents)
      .where(eq(payEvents.eventId, `paid:${tradeNo}`));

  it("a diner pays at the checkout page: the notification pays the order, counted once", async () => {
    await setSandboxSwitches(app.db, rid, { ...SWITCHES_OFF, duplicate: true });
    const { diner, start } = await startPaying();
    expect(start).toMatchObject({ provider: "sandbox", test: true });
    if (start.next.kind !== "redirect") throw new Error("not a redirect");
    const checkout = new URL(start.next.url);
    expect(checkout.origin).toBe(CHECKOUT_ORIGIN);
    const page = await gateway.inject({ method: "GET", url: checkout.pathname });
    expect(page.body).toContain(`¥${start.amount}`);
    const back = await press(gateway, start.tradeNo, "pay");
    expect(new URL(back.headers.location as string).searchParams.get("tradeNo")).toBe(start.tradeNo);
    await sandbox.drain();
    expect((await inbox(start.tradeNo)).map((r) => [r.verified, r.outcome])).toEqual([
      [true, "applied"],
      [true, "duplicate"],
    ]);
    expect(await paidEvents(start.tradeNo)).toHaveLength(1);
    expect(await status(diner, start.tradeNo)).toBe("paid");
    await setSandboxSwitches(app.db, rid, SWITCHES_OFF);
  });

  it("a notification with another amount is refused; the reconciliation job's query pays it", async () => {
    await setSandboxSwitches(app.db, rid, { ...SWITCHES_OFF, amountMismatch: true });
    const { start } = await startPaying();
    await press(gateway, start.tradeNo, "pay");
    await sandbox.drain();
    const refused = await inbox(start.tradeNo);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.every((r) => r.verified && /^refused: amount mismatch/.test(r.outcome))).toBe(true);
    expect(await paidEvents(start.tradeNo)).toEqual([]);
    shiftMs = 60_000;
    try {
      expect(
        (await reconcileOnce(app.payments as NonNullable<TestApp["payments"]>)).paid,
      ).toBeGreaterThanOrEqual(1);
    } finally {
      shiftMs = 0;
    }
    expect(await paidEvents(start.tradeNo)).toEqual([
      expect.objectContaining({ amountCents: Number(start.amount.replace(".", "")) }),
    ]);
    await setSandboxSwitches(app.db, rid, SWITCHES_OFF);
  });

  it("a dropped notification: nothing arrives, the job finds the trade paid by querying", async () => {
    await setSandboxSwitches(app.db, rid, { ...SWITCHES_OFF, drop: true });
    const { diner, start } = await startPaying();
    await press(gateway, start.tradeNo, "pay");
    await sandbox.drain();
    expect(await inbox(start.tradeNo)).toEqual([]);
    shiftMs = 60_000;
    try {
      await reconcileOnce(app.payments as NonNullable<TestApp["payments"]>);
    } finally {
      shiftMs = 0;
    }
    expect(await paidEvents(start.tradeNo)).toHaveLength(1);
    expect(await status(diner, start.tradeNo)).toBe("paid");
    await setSandboxSwitches(app.db, rid, SWITCHES_OFF);
  });
});
