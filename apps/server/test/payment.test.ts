import { randomUUID } from "node:crypto";
import {
  API,
  type ConsolePayment,
  type MoneyIssue,
  type OrderDetail,
  PAY_API,
  type PayAttempt,
  type PayStart,
  type PayView,
  type StaffRole,
  type Station,
} from "@tablemate/core";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  jobClaims,
  kitchenTickets,
  orderLines,
  payEvents,
  payInbox,
  payRefunds,
} from "../src/db/schema.js";
import { kitchenIdle } from "../src/modules/kitchen/queue.js";
import { reconcileOnce } from "../src/modules/payment/reconcile.js";
import { BACKENDS } from "./support/databases.js";
import { deliverNotification, FakeProvider } from "./support/fake-provider.js";
import { demoTable, json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, menuOf, plainDish, type Seat, tablesOfTheirOwn } from "./support/ordering.js";
import { staffHeaders, testStaff } from "./support/staff.js";

describe.each(BACKENDS)("payment through the port (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let shiftMs = 0;
  const now = () => new Date(Date.now() + shiftMs);
  let rid = 0;
  let dishId = 0;
  let table: Awaited<ReturnType<typeof demoTable>>;
  let nextSeat: () => Seat;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      now,
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    table = await demoTable(app, (r) => r.wctPayType === 1 && !r.fastHotel);
    rid = table.restaurantId;
    // each test's party sits at a table of its own (a second order at one table would be an addition)
    nextSeat = await tablesOfTheirOwn(app, rid, 40, "付");
    dishId = plainDish(await menuOf(app, rid)).id;
  });
  afterAll(() => app.close());

  /** A diner alone at a prepayment table of their own with a fresh order of one dish. */
  async function orderAtTable(): Promise<{ diner: Diner; orderId: number }> {
    const diner = await new Diner(app, `guid-${randomUUID()}`, nextSeat()).sit();
    await diner.add(dishId);
    const answer = json(await diner.submit());
    expect(answer.code, JSON.stringify(answer)).toBe(1000);
    return { diner, orderId: (answer.data as { orderId: number }).orderId };
  }

  const notify = (message: { body: string; headers: Record<string, string> }) =>
    deliverNotification(app, rid, message);

  const detail = async (diner: Diner, orderId: number) =>
    json(await diner.get(`${API.orderDetail}/${orderId}?rid=${rid}`)).data as OrderDetail;
  const attempt = async (diner: Diner, tradeNo: string) =>
    json(await diner.get(`${PAY_API.payAttempt(tradeNo)}?rid=${rid}`)).data as PayAttempt;
  const events = (tradeNo: string) =>
    app.db
      .select()
      .from(payEvents)
      .where(eq(payEvents.eventId, `paid:${tradeNo}`));

  it("starts an attempt once per Idempotency-Key: the same body answers the same, another body 409", async () => {
    const { diner, orderId } = await orderAtTable();
    const key = randomUUID();
    const first = json(await diner.prepay(orderId, key));
    expect(first.code).toBe(1000);
    const start = first.data as PayStart;
    expect(start.next).toEqual({ kind: "redirect", url: `https://fake.pay.test/checkout/${start.tradeNo}` });
    expect(start.test).toBe(true);
    expect(json(await diner.prepay(orderId, key)).data).toEqual(start);
    const other = await diner.prepay(orderId, key, { returnPath: "/pay/success?other=1" });
    expect(other.statusCode).toBe(409);
    expect(json(other).code).toBe(4601);
    // a second tap with a new key does not open a second charge: the attempt in flight again
    expect((json(await diner.prepay(orderId)).data as PayStart).tradeNo).toBe(start.tradeNo);
    expect(provider.calls.filter((c) => c === `create ${start.tradeNo}`)).toHaveLength(1);
  });

  it("sends a prepayment order to the kitchen only once it is paid", async () => {
    const { diner, orderId } = await orderAtTable();
    await kitchenIdle(app.db);
    const ticketsOf = () => app.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, orderId));
    expect(await ticketsOf()).toEqual([]);
    // a station's display catching up on orders without tickets does not send it either
    const kitchen = await staffHeaders(app, rid, "kitchen");
    const stationList = await app.server.inject({ url: API.consoleStations(rid), headers: kitchen });
    const [station] = json(stationList).data as Station[];
    if (!station) throw new Error("no station");
    const display = await app.server.inject({
      url: API.consoleStationDisplay(rid, station.id),
      headers: kitchen,
    });
    expect(display.statusCode).toBe(200);
    // nor does starting to pay
    const start = json(await diner.prepay(orderId)).data as PayStart;
    expect(await ticketsOf()).toEqual([]);
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    await kitchenIdle(app.db);
    expect((await ticketsOf()).map((t) => t.kind)).toEqual(["new"]);
  });

  it("refuses to void (退菜) a dish of an order whose money is in: cancel and refund instead (4197)", async () => {
    const diner = await new Diner(app, `guid-${randomUUID()}`, nextSeat()).sit();
    const other = (await menuOf(app, rid)).find(
      (d) => d.id !== dishId && d.foodproperty === 0 && d.norms.length <= 1 && !d.Weigh && d.estimate !== 0,
    );
    if (!other) throw new Error("no second plain dish");
    await diner.add(dishId);
    await diner.add(other.id);
    const placed = json(await diner.submit());
    expect(placed.code, JSON.stringify(placed)).toBe(1000);
    const orderId = (placed.data as { orderId: number }).orderId;
    const start = json(await diner.prepay(orderId)).data as PayStart;
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    const [line] = await app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    if (!line) throw new Error("no line");
    const voided = await app.server.inject({
      method: "POST",
      url: API.consoleLineVoid(rid, line.id),
      headers: await staffHeaders(app, rid),
      payload: { reason: "客人不要了" },
    });
    expect(json(voided).code).toBe(4197);
    const [after] = await app.db.select().from(orderLines).where(eq(orderLines.id, line.id));
    expect(after?.voidedAt).toBeNull();
  });

  it("is paid only on the provider's word: the return page asks the provider, and a later notification counts nothing twice", async () => {
    const { diner, orderId } = await orderAtTable();
    const start = json(await diner.prepay(orderId)).data as PayStart;
    // back from the pay page without paying: still pending, whatever the browser says
    expect((await attempt(diner, start.tradeNo)).status).toBe("pending");
    expect((json(await diner.get(`${PAY_API.payOrder(orderId)}?rid=${rid}`)).data as PayView).state).toBe(
      "paying",
    );
    provider.pay(start.tradeNo);
    // the return page before the notification: the provider's query says paid
    expect((await attempt(diner, start.tradeNo)).status).toBe("paid");
    const paidDetail = await detail(diner, orderId);
    expect(paidDetail.pays).toEqual([
      expect.objectContaining({ paid: true, payType: "测试支付", mine: true }),
    ]);
    // a tablemate sees the same payment as a companion's (the prepayment notice tells them apart)
    const tablemate = await new Diner(app, `guid-${randomUUID()}`, diner.table).sit();
    expect((await detail(tablemate, orderId)).pays).toEqual([
      expect.objectContaining({ paid: true, mine: false }),
    ]);
    expect(paidDetail.totalPaidMoney).toBe(paidDetail.orderTotalPrice);
    expect(paidDetail.orderNeedMoney).toBe("0.00");
    // the notification after: acknowledged, counted once
    const late = await notify(provider.notification(start.tradeNo));
    expect(late.statusCode).toBe(200);
    const replay = provider.notification(start.tradeNo);
    await Promise.all([notify(replay), notify(replay), notify(replay)]);
    expect(await events(start.tradeNo)).toHaveLength(1);
    expect((await detail(diner, orderId)).totalPaidMoney).toBe(paidDetail.orderTotalPrice);
    const view = json(await diner.get(`${PAY_API.payOrder(orderId)}?rid=${rid}`)).data as PayView;
    expect(view).toMatchObject({ state: "paid", due: "0.00", paid: paidDetail.orderTotalPrice });
  });

  // PGlite has one connection and no pool to count statements on: a PostgreSQL-only measure
  if (backend === "postgres") {
    it("a paid notification is applied in one round trip, and a duplicate answered in one", async () => {
      const { diner, orderId } = await orderAtTable();
      const start = json(await diner.prepay(orderId)).data as PayStart;
      provider.pay(start.tradeNo);
      const message = provider.notification(start.tradeNo);
      // every statement any connection of the pool sends (Pool.query goes through Client.query)
      const sent = vi.spyOn(pg.Client.prototype, "query");
      // less the background jobs' periodic claims and the print queue's look for due jobs (every
      // 250 ms), which can fall inside the window on a slow machine
      const background = /"job_claims"|^select .* from "print_jobs" inner join "printers"/;
      const texts = () =>
        sent.mock.calls
          .map(([query]) => (typeof query === "string" ? query : (query as { text: string }).text))
          .filter((text) => !background.test(text));
      try {
        expect((await notify(message)).statusCode).toBe(200);
        // the word, its checks, the intent and the inbox row in one; then the announcement's reads
        // (the cart, the group for the kitchen) write no money
        expect(texts()[0]).toMatch(/^SELECT pay_apply_paid\(/);
        expect(
          texts()
            .slice(1)
            .filter((t) => /^(insert|update|delete)[^;]*"pay_/i.test(t)),
        ).toEqual([]);
        // the kitchen's queued look at the paid order is no part of the next answer
        await kitchenIdle(app.db);
        sent.mockClear();
        expect((await notify(message)).statusCode).toBe(200);
        expect(texts()).toEqual([expect.stringMatching(/^SELECT pay_apply_paid\(/)]);
      } finally {
        sent.mockRestore();
      }
      expect(await events(start.tradeNo)).toHaveLength(1);
      const inbox = await app.db.select().from(payInbox).where(eq(payInbox.tradeNo, start.tradeNo));
      expect(inbox.map((r) => r.outcome)).toEqual(["applied", "duplicate"]);
      expect((await detail(diner, orderId)).orderNeedMoney).toBe("0.00");
    });
  }

  it("a notification before the return page (the tab closed) pays the order", async () => {
    const { diner, orderId } = await orderAtTable();
    const start = json(await diner.prepay(orderId)).data as PayStart;
    provider.pay(start.tradeNo);
    expect((await notify(provider.notification(start.tradeNo))).statusCode).toBe(200);
    expect((await detail(diner, orderId)).orderNeedMoney).toBe("0.00");
    expect((await attempt(diner, start.tradeNo)).status).toBe("paid");
  });

  it("refuses and records forged, stale, mismatched and unknown notifications, counting nothing", async () => {
    const { diner, orderId } = await orderAtTable();
    const start = json(await diner.prepay(orderId)).data as PayStart;
    provider.pay(start.tradeNo);
    const genuine = provider.notification(start.tradeNo);
    const forged = { ...genuine, body: genuine.body.replace(/"amountCents":\d+/, '"amountCents":1') };
    const stale = provider.notification(start.tradeNo, { at: Math.floor(Date.now() / 1000) - 3600 });
    const wrongAmount = provider.notification(start.tradeNo, { amountCents: 1 });
    const unverified = async () =>
      (await app.db.select().from(payInbox)).filter(
        (r) => !r.verified && r.outcome === "refused: bad signature",
      );
    const forgedBefore = (await unverified()).length;
    for (const message of [forged, stale, wrongAmount]) {
      expect((await notify(message)).statusCode).toBe(400);
    }
    expect(await events(start.tradeNo)).toHaveLength(0);
    const refused = await app.db.select().from(payInbox).where(eq(payInbox.tradeNo, start.tradeNo));
    // the forged and the stale fail verification; the wrong amount is verified but refused
    expect((await unverified()).length).toBe(forgedBefore + 1);
    expect(refused.map((r) => r.outcome)).toEqual([expect.stringMatching(/^refused: amount mismatch/)]);
    const outcomes = (await app.db.select().from(payInbox)).map((r) => r.outcome);
    expect(outcomes).toContain("refused: stale timestamp");
  });

  it("cancel while paying answers 2000 支付中，不能取消订单; a paid order's cancel refunds it", async () => {
    const { diner, orderId } = await orderAtTable();
    const start = json(await diner.prepay(orderId)).data as PayStart;
    const paying = json(await diner.post(API.orderCancel(orderId), { rid }));
    expect(paying).toMatchObject({ code: 2000, message: "支付中，不能取消订单" });
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    expect(json(await diner.post(API.orderCancel(orderId), { rid })).code).toBe(1000);
    const refunds = await app.db
      .select()
      .from(payRefunds)
      .where(eq(payRefunds.attemptId, (await events(start.tradeNo))[0]?.attemptId ?? 0));
    expect(refunds).toEqual([expect.objectContaining({ status: "done", reason: "订单取消退款" })]);
    const after = await detail(diner, orderId);
    expect(after.orderRefundMoney).toBe(start.amount);
  });

  it("a dropped notification is found by the reconciliation job, which runs in one process at a time", async () => {
    const { diner, orderId } = await orderAtTable();
    const start = json(await diner.prepay(orderId)).data as PayStart;
    provider.pay(start.tradeNo);
    shiftMs = 60_000;
    try {
      const [one, two] = await Promise.all([
        reconcileOnce(paymentDepsOf(app)),
        reconcileOnce(paymentDepsOf(app)),
      ]);
      expect([one.ran, two.ran].filter(Boolean).length).toBeGreaterThanOrEqual(1);
      // whichever held the claim first found it; one that ran after it (the claim released) finds nothing
      expect(one.paid + two.paid).toBeGreaterThanOrEqual(1);
      // the reconciliation's claim is released (the print queue's own job may hold its claim meanwhile)
      expect(await app.db.select().from(jobClaims).where(eq(jobClaims.name, "pay-reconcile"))).toEqual([]);
    } finally {
      shiftMs = 0;
    }
    expect((await attempt(diner, start.tradeNo)).status).toBe("paid");
  });

  it("two attempts both paid: the second is refunded, the intent counted once", async () => {
    const { diner, orderId } = await orderAtTable();
    const first = json(await diner.prepay(orderId)).data as PayStart;
    // the first attempt expires unpaid (closed by the job), the diner pays again
    shiftMs = 16 * 60_000;
    try {
      await reconcileOnce(paymentDepsOf(app));
      const second = json(await diner.prepay(orderId)).data as PayStart;
      expect(second.tradeNo).not.toBe(first.tradeNo);
      provider.pay(second.tradeNo);
      await notify(provider.notification(second.tradeNo));
      // the first was paid after all (the payer's bank was slow): its money goes back
      provider.pay(first.tradeNo);
      expect((await notify(provider.notification(first.tradeNo))).statusCode).toBe(200);
    } finally {
      shiftMs = 0;
    }
    const view = json(await diner.get(`${PAY_API.payOrder(orderId)}?rid=${rid}`)).data as PayView;
    expect(view.due).toBe("0.00");
    expect(view.refunded).toBe(view.total);
    expect(Number(view.paid)).toBe(Number(view.total) * 2);
  });

  it("paid after the order was cancelled: refunded automatically", async () => {
    const { diner, orderId } = await orderAtTable();
    const start = json(await diner.prepay(orderId)).data as PayStart;
    shiftMs = 16 * 60_000; // the attempt expired: the diner may cancel
    try {
      expect(json(await diner.post(API.orderCancel(orderId), { rid })).code).toBe(1000);
      provider.pay(start.tradeNo);
      expect((await notify(provider.notification(start.tradeNo))).statusCode).toBe(200);
    } finally {
      shiftMs = 0;
    }
    const after = await detail(diner, orderId);
    expect(after.orderRefundMoney).not.toBe("0.00");
    expect(provider.calls.some((c) => c.startsWith("refund "))).toBe(true);
  });

  describe("the console's money", () => {
    const staff = async (method: "GET" | "POST", url: string, role: StaffRole, payload?: object) =>
      app.server.inject({ method, url, headers: await staffHeaders(app, rid, role), payload });
    const manager = async () => {
      await staffHeaders(app, rid, "manager");
      const { login, pin } = testStaff(rid, "manager");
      return { login, pin };
    };

    async function paidOrder() {
      const { diner, orderId } = await orderAtTable();
      const start = json(await diner.prepay(orderId)).data as PayStart;
      provider.pay(start.tradeNo);
      await notify(provider.notification(start.tradeNo));
      const [payment] = json(await staff("GET", `${API.consolePayments(rid)}?orderId=${orderId}`, "cashier"))
        .data as ConsolePayment[];
      if (!payment) throw new Error("no payment");
      return { diner, orderId, start, payment };
    }

    it("shows an order's payment with its attempts; a waiter may not read it", async () => {
      const { start, payment, orderId } = await paidOrder();
      expect(payment).toMatchObject({ status: "paid", paid: start.amount, refunded: "0.00", test: true });
      expect(payment.attempts).toEqual([expect.objectContaining({ tradeNo: start.tradeNo, status: "paid" })]);
      const waiter = await staff("GET", `${API.consolePayments(rid)}?orderId=${orderId}`, "waiter");
      expect(waiter.statusCode).toBe(403);
    });

    it("refunds with a manager's approval only, never more than was captured, and partial refunds sum exactly and are not owed again", async () => {
      const { payment, diner, orderId } = await paidOrder();
      const url = API.consoleRefund(rid, payment.intentId);
      const alone = await staff("POST", url, "cashier", { amount: "1.00", reason: "菜品问题" });
      expect(json(alone).code).toBe(4031);
      const tooMuch = await staff("POST", url, "cashier", {
        amount: (Number(payment.paid) + 0.01).toFixed(2),
        reason: "多退",
        approval: await manager(),
      });
      expect(json(tooMuch).code).toBe(4605);
      for (const amount of ["1.00", "0.33", "0.34"]) {
        const done = await staff("POST", url, "cashier", {
          amount,
          reason: "部分退款",
          approval: await manager(),
        });
        expect(json(done).code, JSON.stringify(json(done))).toBe(1000);
      }
      expect((await detail(diner, orderId)).orderRefundMoney).toBe("1.67");
      // money given back for good: the order owes that much less and is not asked for it again
      const pay = json(await diner.get(`${PAY_API.payOrder(orderId)}?rid=${rid}`)).data as PayView;
      expect(pay).toMatchObject({ refunded: "1.67", due: "0.00", state: "paid" });
      expect(Number(pay.paid) - Number(pay.refunded)).toBeCloseTo(Number(payment.paid) - 1.67, 2);
      expect(json(await diner.prepay(orderId)).code).not.toBe(1000);
      const [after] = json(await staff("GET", `${API.consolePayments(rid)}?orderId=${orderId}`, "cashier"))
        .data as ConsolePayment[];
      expect(after?.refunds.map((r) => [r.amount, r.status, r.approvedBy !== null])).toEqual([
        ["1.00", "done", true],
        ["0.33", "done", true],
        ["0.34", "done", true],
      ]);
      const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, "payment.refund"));
      expect(audit.length).toBeGreaterThanOrEqual(3);
    });

    it("lists refused notifications as money that needs a person, and asks the provider again", async () => {
      const { diner, orderId } = await orderAtTable();
      const start = json(await diner.prepay(orderId)).data as PayStart;
      provider.pay(start.tradeNo);
      await notify(provider.notification(start.tradeNo, { amountCents: 1 }));
      const issues = json(await staff("GET", API.consoleMoneyIssues(rid), "cashier")).data as MoneyIssue[];
      expect(issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: "unapplied", tradeNo: start.tradeNo })]),
      );
      expect(issues.find((i) => i.tradeNo === start.tradeNo)).toMatchObject({
        amount: start.amount,
        detail: expect.stringMatching(/^沙箱：通知金额 ¥0\.01 与应收 ¥[\d.]+ 不符，未入账$/),
      });
      const again = await staff("POST", API.consoleRequery(rid, start.tradeNo), "cashier");
      expect(json(again).data).toEqual({ status: "paid" });
      // applied since: no longer money that needs a person
      const after = json(await staff("GET", API.consoleMoneyIssues(rid), "cashier")).data as MoneyIssue[];
      expect(after.some((i) => i.tradeNo === start.tradeNo)).toBe(false);
      const other = await app.server.inject({
        method: "POST",
        url: API.consoleRequery(rid + 1, start.tradeNo),
        headers: await staffHeaders(app, rid + 1, "cashier"),
      });
      expect(other.statusCode).toBe(404);
    });
  });

  it("another diner cannot read or pay someone else's order", async () => {
    const { orderId } = await orderAtTable();
    const stranger = new Diner(app, `guid-${randomUUID()}`, table);
    expect((await stranger.prepay(orderId)).statusCode).toBe(404);
    expect((await stranger.get(`${PAY_API.payOrder(orderId)}?rid=${rid}`)).statusCode).toBe(404);
  });
});

function paymentDepsOf(app: TestApp) {
  return app.payments as NonNullable<TestApp["payments"]>;
}
