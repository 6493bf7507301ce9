import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { API, type ConsolePayment, ORDER_STATUS, type PayStart } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempts, orders, payRefunds, staffAccounts } from "../src/db/schema.js";
import { SESSION_COOKIE } from "../src/modules/staff/sessions.js";
import { VISITOR_COOKIE } from "../src/security/visitor.js";
import { BACKENDS } from "./support/databases.js";
import { deliverNotification, FakeProvider } from "./support/fake-provider.js";
import { asVisitor, demoTable, form, json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, menuOf, plainDish, type Seat, tablesOfTheirOwn } from "./support/ordering.js";
import { staffHeaders, testStaff } from "./support/staff.js";

/** The server as phones reach it on the restaurant's LAN, and an attacker's page on another port of it. */
const HOST = "192.168.1.20:3000";
const OWN = { host: HOST, origin: `http://${HOST}`, "sec-fetch-site": "same-origin" };
/** same site (same host), another origin: the browser still sends the cookies (SameSite is by site) */
const OTHER_PORT = { host: HOST, origin: "http://192.168.1.20:4444", "sec-fetch-site": "same-site" };
/** an older browser sends Origin only */
const OTHER_PORT_ORIGIN_ONLY = { host: HOST, origin: "http://192.168.1.20:4444" };
const FORM = "application/x-www-form-urlencoded";

describe.each(BACKENDS)("web security (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let rid = 0;
  let dishId = 0;
  let nextSeat: () => Seat;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    rid = (await demoTable(app, (r) => r.wctPayType === 1 && !r.fastHotel)).restaurantId;
    nextSeat = await tablesOfTheirOwn(app, rid, 10, "安");
    dishId = plainDish(await menuOf(app, rid)).id;
  });
  afterAll(() => app.close());

  async function order(): Promise<{ diner: Diner; orderId: number }> {
    const diner = await new Diner(app, `guid-${randomUUID()}`, nextSeat()).sit();
    await diner.add(dishId);
    const answer = json(await diner.submit());
    expect(answer.code, JSON.stringify(answer)).toBe(1000);
    return { diner, orderId: (answer.data as { orderId: number }).orderId };
  }

  async function paid(): Promise<{ intentId: number; orderId: number }> {
    const { diner, orderId } = await order();
    const start = json(await diner.prepay(orderId)).data as PayStart;
    provider.pay(start.tradeNo);
    // the gateway's callback: no Origin, no Sec-Fetch-Site, verified by its signature
    const notified = await deliverNotification(app, rid, provider.notification(start.tradeNo));
    expect(notified.statusCode).toBe(200);
    const listed = await app.server.inject({
      url: `${API.consolePayments(rid)}?orderId=${orderId}`,
      headers: await staffHeaders(app, rid),
    });
    const [payment] = json(listed).data as ConsolePayment[];
    if (payment?.status !== "paid") throw new Error(`not paid: ${listed.body}`);
    return { intentId: payment.intentId, orderId };
  }

  const send = async (
    url: string,
    headers: Record<string, string>,
    body: { type: string; text: string } | null,
    method: InjectOptions["method"] = "POST",
  ) =>
    app.server.inject({
      method,
      url,
      headers: {
        ...(await staffHeaders(app, rid)),
        ...headers,
        ...(body ? { "content-type": body.type } : {}),
      },
      payload: body?.text,
    });

  const managerFields = (login: string) => ({
    login,
    name: "内鬼",
    role: "manager",
    password: "password-attacker-1",
    pin: "777123",
  });
  const accountNamed = async (login: string) =>
    (await app.db.select().from(staffAccounts).where(eq(staffAccounts.login, login))).length;

  it("a page on another port cannot make the owner's browser create a manager: form, text/plain, no Origin", async () => {
    const login = `csrf-${backend}-${randomUUID().slice(0, 8)}`;
    const fields = managerFields(login);
    const asForm = { type: FORM, text: new URLSearchParams(fields).toString() };
    const asText = { type: "text/plain;charset=UTF-8", text: JSON.stringify(fields) };
    const asJson = { type: "application/json", text: JSON.stringify(fields) };
    const url = API.staffAccounts(rid);
    const refusals = [
      await send(url, OTHER_PORT, asForm),
      await send(url, OTHER_PORT, asText),
      await send(url, OTHER_PORT_ORIGIN_ONLY, asForm),
      // even JSON, were a page allowed to send it (CORS would have to let it): the origin decides
      await send(url, OTHER_PORT, asJson),
      // a browser that sends neither header: a form or text is still no console call
      await send(url, {}, asForm),
      await send(url, {}, asText),
    ];
    expect(refusals.map((r) => [r.statusCode, json(r).code])).toEqual([
      [403, 403],
      [403, 403],
      [403, 403],
      [403, 403],
      [415, 415],
      [415, 415],
    ]);
    expect(refusals.slice(0, 4).map((r) => json(r).message)).toEqual(Array(4).fill("请求来源不符，已拒绝"));
    expect(await accountNamed(login)).toBe(0);
    // the console itself, on the LAN address or on PUBLIC_URL's host: JSON from its own origin
    const created = await send(url, OWN, asJson);
    expect(created.statusCode, created.body).toBe(200);
    expect(await accountNamed(login)).toBe(1);
  });

  it("a page on another port cannot make a cashier's browser refund a payment", async () => {
    const { intentId } = await paid();
    const manager = testStaff(rid, "manager");
    await staffHeaders(app, rid, "manager");
    const fields = { amount: "1.00", reason: "csrf", approval: { login: manager.login, pin: manager.pin } };
    const url = API.consoleRefund(rid, intentId);
    const flat = {
      amount: "1.00",
      reason: "csrf",
      "approval[login]": manager.login,
      "approval[pin]": manager.pin,
    };
    const answers = [
      await send(url, OTHER_PORT, { type: FORM, text: new URLSearchParams(flat).toString() }),
      await send(url, OTHER_PORT, { type: "text/plain", text: JSON.stringify(fields) }),
      await send(url, {}, { type: "text/plain", text: JSON.stringify(fields) }),
      await send(url, {}, { type: "multipart/form-data; boundary=x", text: "--x--\r\n" }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 415, 415]);
    expect(await app.db.select().from(payRefunds).where(eq(payRefunds.intentId, intentId))).toEqual([]);
    // the console's own JSON does refund
    const done = await send(url, OWN, { type: "application/json", text: JSON.stringify(fields) });
    expect(json(done).code, done.body).toBe(1000);
    expect(await app.db.select().from(payRefunds).where(eq(payRefunds.intentId, intentId))).toHaveLength(1);
  });

  it("a diner's change (cancel) from another origin changes nothing; the app's own form post does", async () => {
    const { diner, orderId } = await order();
    const cancel = (headers: Record<string, string>) => {
      const body = form({ rid, guid: diner.guid });
      return app.server.inject({
        method: "POST",
        url: API.orderCancel(orderId),
        headers: { ...body.headers, ...asVisitor(diner.guid), ...headers },
        payload: body.payload,
      });
    };
    const statusOf = async () =>
      (await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
    expect((await cancel(OTHER_PORT)).statusCode).toBe(403);
    expect((await cancel({ host: HOST, origin: "null" })).statusCode).toBe(403);
    expect((await cancel({ host: HOST, origin: "https://evil.example" })).statusCode).toBe(403);
    expect(await statusOf()).toBe(ORDER_STATUS.placed);
    const own = await cancel(OWN);
    expect(json(own).code, own.body).toBe(1000);
    expect(await statusOf()).toBe(ORDER_STATUS.cancelled);
  });

  it("refuses a socket handshake from another origin (the cookie would go along)", async () => {
    const { diner } = await order();
    const handshake = await app.server.inject({
      method: "GET",
      url: `/ws?guid=${diner.guid}`,
      headers: {
        ...asVisitor(diner.guid),
        ...OTHER_PORT_ORIGIN_ONLY,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    expect([handshake.statusCode, json(handshake).code]).toEqual([403, 403]);
  });

  it("answers a 10 MB body with 413 in the envelope over a real connection, never a reset", async () => {
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.server.address() as { port: number };
    const size = 10 * 1024 * 1024;
    // the whole exchange, to the connection's close: a server that stops reading and closes resets the
    // connection (the sender's writes fail, or the close comes with an error) even when its 413 got out
    const exchange = await new Promise<{
      received: string;
      sent: number;
      errors: string[];
      hadError: boolean;
    }>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let received = "";
      let sent = 0;
      const errors: string[] = [];
      socket.setEncoding("utf8");
      socket.on("data", (text: string) => {
        received += text;
      });
      socket.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
      socket.on("close", (hadError) => resolve({ received, sent, errors, hadError }));
      socket.on("connect", async () => {
        socket.write(
          `POST ${API.orderSubmit} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${FORM}\r\nContent-Length: ${size}\r\n\r\n`,
        );
        // sent in pieces, as a phone's upload arrives, still sending after the server has refused it
        const piece = Buffer.alloc(64 * 1024, "a");
        while (sent < size && !socket.destroyed) {
          const flushed = socket.write(piece);
          sent += piece.length;
          if (!flushed)
            await new Promise((drained) => {
              socket.once("drain", drained);
              socket.once("close", drained);
            });
        }
        // all of it sent: the server answered and ends the connection; the client ends its side
        if (!socket.destroyed) socket.end();
      });
    });
    expect({ errors: exchange.errors, hadError: exchange.hadError, sent: exchange.sent }).toEqual({
      errors: [],
      hadError: false,
      sent: size,
    });
    expect(exchange.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(exchange.received.slice(exchange.received.indexOf("\r\n\r\n") + 4))).toEqual({
      code: 413,
      success: false,
      data: null,
      message: "请求内容过大",
    });
  });
});

describe("TRUST_PROXY", () => {
  const signInFailing = (app: TestApp, headers: Record<string, string>) =>
    app.server.inject({
      method: "POST",
      url: API.consoleSession,
      headers,
      payload: { login: `nobody-${randomUUID()}`, password: "wrong-password-1" },
    });
  const addressesCounted = async (app: TestApp) =>
    (await app.db.select().from(loginAttempts)).map((a) => a.key).filter((k) => k.startsWith("address:"));
  const proxied = {
    "x-forwarded-for": "203.0.113.7",
    "x-forwarded-proto": "https",
    host: "order.example.com",
  };

  it("set: the client's address from X-Forwarded-For, and cookies Secure behind the https proxy", async () => {
    const app = await startTestApp("pglite", { env: { TRUST_PROXY: "127.0.0.1" } });
    try {
      await signInFailing(app, proxied);
      expect(await addressesCounted(app)).toEqual(["address:203.0.113.7"]);
      const { restaurantId } = await demoTable(app);
      const owner = testStaff(restaurantId, "owner");
      await staffHeaders(app, restaurantId);
      const signedIn = await app.server.inject({
        method: "POST",
        url: API.consoleSession,
        headers: { ...proxied, origin: "https://order.example.com" },
        payload: { login: owner.login, password: owner.password },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true });
      const visitor = await app.server.inject({
        url: `${API.userInfo}?rid=${restaurantId}`,
        headers: proxied,
      });
      expect(visitor.cookies.find((c) => c.name === VISITOR_COOKIE)).toMatchObject({ secure: true });
    } finally {
      await app.close();
    }
  });

  it("unset: forwarded headers are anybody's words, ignored", async () => {
    const app = await startTestApp("pglite");
    try {
      await signInFailing(app, proxied);
      expect(await addressesCounted(app)).toEqual(["address:127.0.0.1"]);
      const { restaurantId } = await demoTable(app);
      const visitor = await app.server.inject({
        url: `${API.userInfo}?rid=${restaurantId}`,
        headers: proxied,
      });
      expect(visitor.cookies.find((c) => c.name === VISITOR_COOKIE)?.secure).toBeFalsy();
    } finally {
      await app.close();
    }
  });
});
