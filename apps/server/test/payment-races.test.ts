import { randomUUID } from "node:crypto";
import {
  API,
  type BillView,
  type ConsolePayment,
  MEMBER_API,
  type MemberDiscounts,
  ORDER_STATUS,
  type OrderDetail,
  PAY_API,
  type PayStart,
  type PayView,
} from "@tablemate/core";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payAttempts, payIntents, payRefunds } from "../src/db/schema.js";
import { checkMoney } from "../src/modules/settlement/invariants.js";
import { BACKENDS } from "./support/databases.js";
import { deliverNotification, FakeProvider } from "./support/fake-provider.js";
import { asVisitor, json, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  menuOf,
  plainDishes,
  type Seat,
  tablesOfTheirOwn,
} from "./support/ordering.js";
import { RowLock } from "./support/row-lock.js";
import { staffHeaders } from "./support/staff.js";

/**
 * The payment races of issue 24, each with real concurrent requests: a cancel racing the payment, a
 * whole-order pay after (or while) a tablemate pays a bill share, a settle while a share is paid, and
 * a double tap. After every operation the money invariants (settlement/invariants.ts) hold.
 */
describe.each(BACKENDS)("the payment races (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let shiftMs = 0;
  const now = () => new Date(Date.now() + shiftMs);
  let payFirst = 0;
  let payLater = 0;
  let firstDish = 0;
  let laterDishes: number[] = [];
  let firstSeat: () => Seat;
  let laterSeat: () => Seat;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      now,
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    const find = await demoRestaurants(app);
    payFirst = find((r) => r.wctPayType === 1 && !r.fastHotel).id;
    payLater = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0).id;
    firstDish = plainDishes(await menuOf(app, payFirst))[0]?.id ?? 0;
    laterDishes = plainDishes(await menuOf(app, payLater)).map((d) => d.id);
    firstSeat = await tablesOfTheirOwn(app, payFirst, 30, "竞");
    laterSeat = await tablesOfTheirOwn(app, payLater, 20, "赛");
  });
  afterAll(() => app.close());

  /** The invariants, after every operation: nothing kept beyond what is owed without a refund. */
  async function moneyHolds() {
    const check = await checkMoney(app.db, [payFirst, payLater]);
    expect(check.violations).toEqual([]);
  }

  const notify = (rid: number, tradeNo: string) =>
    deliverNotification(app, rid, provider.notification(tradeNo));
  const paid = async (rid: number, tradeNo: string) => {
    provider.pay(tradeNo);
    expect((await notify(rid, tradeNo)).statusCode).toBe(200);
  };
  const cents = (yuan: string) => Math.round(Number(yuan) * 100);
  /** What the order owes: its total less the discounts (满减) the pay view shows. */
  const owed = (view: PayView) => cents(view.total) - view.discounts.reduce((s, d) => s + cents(d.amount), 0);

  async function prepayOrder(): Promise<{ diner: Diner; orderId: number }> {
    const diner = await new Diner(app, `race-${randomUUID()}`, firstSeat()).sit();
    await diner.add(firstDish);
    const answer = json(await diner.submit());
    expect(answer.code, JSON.stringify(answer)).toBe(1000);
    return { diner, orderId: (answer.data as { orderId: number }).orderId };
  }

  /** Two diners at a pay-later table: E orders two dishes, F one, in one order. */
  async function payLaterParty() {
    const seat = laterSeat();
    const e = await new Diner(app, `race-e-${randomUUID()}`, seat).sit();
    const f = await new Diner(app, `race-f-${randomUUID()}`, seat).sit();
    await e.add(laterDishes[0] ?? 0);
    await e.add(laterDishes[1] ?? 0);
    await f.add(laterDishes[2] ?? 0);
    const placed = json(await e.submit());
    expect(placed.code, JSON.stringify(placed)).toBe(1000);
    return { e, f, tableId: seat.tableId, orderId: (placed.data as { orderId: number }).orderId };
  }

  const bill = async (d: Diner) => json(await d.get(`${PAY_API.bill}?rid=${payLater}`)).data as BillView;
  const payView = async (d: Diner, orderId: number) =>
    json(await d.get(`${PAY_API.payOrder(orderId)}?rid=${d.table.restaurantId}`)).data as PayView;
  /** Claims the diner's own lines whole. */
  async function claimOwn(d: Diner) {
    const mine = (await bill(d)).lines.filter((l) => l.mine);
    const claimed = await d.app.server.inject({
      method: "POST",
      url: PAY_API.billClaims,
      headers: asVisitor(d.guid),
      payload: { rid: payLater, claims: mine.map((l) => ({ lineId: l.lineId, shares: 1, take: 1 })) },
    });
    expect(json(claimed).code, claimed.body).toBe(1000);
    return json(claimed).data as BillView;
  }
  const payShare = (d: Diner) =>
    d.app.server.inject({
      method: "POST",
      url: PAY_API.billPay,
      headers: { ...asVisitor(d.guid), "idempotency-key": randomUUID() },
      payload: { rid: payLater, returnPath: "/pay/success" },
    });
  const staff = async (rid: number, url: string, payload: object = {}) =>
    app.server.inject({ method: "POST", url, headers: await staffHeaders(app, rid, "manager"), payload });
  const settle = (tableId: number) => staff(payLater, API.staffSettleTable(payLater, tableId));

  /** What the order group's intents captured and what refunds were recorded for them. */
  async function orderMoney(orderId: number) {
    const intents = await app.db.select().from(payIntents).where(eq(payIntents.orderId, orderId));
    const ids = intents.map((i) => i.id);
    const refunds = ids.length
      ? await app.db.select().from(payRefunds).where(inArray(payRefunds.intentId, ids))
      : [];
    return { intents, refunds };
  }

  describe("4. a double tap opens one trade", () => {
    it("5 concurrent prepays with distinct Idempotency-Keys answer one tradeNo", async () => {
      const { diner, orderId } = await prepayOrder();
      const answers = (await Promise.all([1, 2, 3, 4, 5].map(() => diner.prepay(orderId)))).map(json);
      expect(answers.map((a) => a.code)).toEqual([1000, 1000, 1000, 1000, 1000]);
      const trades = new Set(answers.map((a) => (a.data as PayStart).tradeNo));
      expect(trades.size).toBe(1);
      const [tradeNo] = [...trades];
      expect(provider.calls.filter((c) => c === `create ${tradeNo}`)).toHaveLength(1);
      await paid(payFirst, tradeNo ?? "");
      await moneyHolds();
    });

    it("5 concurrent bill/pays of one diner's share answer one tradeNo", async () => {
      const { e } = await payLaterParty();
      await claimOwn(e);
      const answers = (await Promise.all([1, 2, 3, 4, 5].map(() => payShare(e)))).map(json);
      expect(answers.map((a) => a.code)).toEqual([1000, 1000, 1000, 1000, 1000]);
      expect(new Set(answers.map((a) => (a.data as PayStart).tradeNo)).size).toBe(1);
      await moneyHolds();
    });

    it("the database allows one pending attempt per intent", async () => {
      const { diner, orderId } = await prepayOrder();
      const start = json(await diner.prepay(orderId)).data as PayStart;
      const [attempt] = await app.db.select().from(payAttempts).where(eq(payAttempts.tradeNo, start.tradeNo));
      if (!attempt) throw new Error("no attempt");
      const second = app.db.insert(payAttempts).values({
        intentId: attempt.intentId,
        restaurantId: attempt.restaurantId,
        provider: attempt.provider,
        tradeNo: `${attempt.tradeNo}x`,
        amountCents: attempt.amountCents,
        idempotencyKey: `${attempt.tradeNo}x`,
        expiresAt: attempt.expiresAt,
      });
      await expect(second).rejects.toThrow();
    });
  });

  describe("1. a cancel racing the payment", () => {
    it("diner cancel and the paid word at once, past the attempt's time: cancelled and refunded, or paid and kept", async () => {
      const rounds = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const { diner, orderId } = await prepayOrder();
          const start = json(await diner.prepay(orderId)).data as PayStart;
          provider.pay(start.tradeNo);
          return { diner, orderId, start };
        }),
      );
      shiftMs = 16 * 60_000; // the attempts expired: the diner may cancel, and the money comes all the same
      try {
        await Promise.all(
          rounds.flatMap(({ diner, orderId, start }) => [
            diner.post(API.orderCancel(orderId), { rid: payFirst }),
            notify(payFirst, start.tradeNo),
          ]),
        );
      } finally {
        shiftMs = 0;
      }
      for (const { orderId } of rounds) {
        const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
        const { intents, refunds } = await orderMoney(orderId);
        if (order?.status === ORDER_STATUS.cancelled) {
          // cancelled: every cent captured has its refund recorded (and listed on the money page)
          expect(refunds.reduce((s, r) => s + r.amountCents, 0)).toBe(intents[0]?.amountCents);
        } else {
          expect(intents.map((i) => i.status)).toEqual(["paid"]);
          expect(refunds).toEqual([]);
        }
      }
      await moneyHolds();
    });

    it("a cancel while an attempt is in flight is refused (2000), also when the tap and the cancel race", async () => {
      const { diner, orderId } = await prepayOrder();
      const [tap, cancel] = await Promise.all([
        diner.prepay(orderId),
        diner.post(API.orderCancel(orderId), { rid: payFirst }),
      ]);
      const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      if (json(cancel).code === 1000) {
        // the cancel came first: the tap finds nothing to pay, or its trade is refunded when paid
        expect(order?.status).toBe(ORDER_STATUS.cancelled);
        if (json(tap).code === 1000) await paid(payFirst, (json(tap).data as PayStart).tradeNo);
      } else {
        expect(json(cancel)).toMatchObject({ code: 2000, message: "支付中，不能取消订单" });
        await paid(payFirst, (json(tap).data as PayStart).tradeNo);
      }
      await moneyHolds();
    });

    it("the cashier's cancel racing the paid word: refunded when it cancels, refused or kept otherwise", async () => {
      const rounds = await Promise.all(
        [1, 2, 3].map(async () => {
          const { diner, orderId } = await prepayOrder();
          const start = json(await diner.prepay(orderId)).data as PayStart;
          provider.pay(start.tradeNo);
          return { orderId, start };
        }),
      );
      shiftMs = 16 * 60_000;
      try {
        await Promise.all(
          rounds.flatMap(({ orderId, start }) => [
            staff(payFirst, API.consoleOrderAction(payFirst, orderId, "cancel"), { reason: "客人要求" }),
            notify(payFirst, start.tradeNo),
          ]),
        );
      } finally {
        shiftMs = 0;
      }
      for (const { orderId } of rounds) {
        const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
        const { intents, refunds } = await orderMoney(orderId);
        const refunded = refunds.reduce((s, r) => s + r.amountCents, 0);
        expect(refunded).toBe(order?.status === ORDER_STATUS.cancelled ? intents[0]?.amountCents : 0);
      }
      await moneyHolds();
    });
  });

  describe("the model's counterexample (seed 2400): a cancel of an order whose line was paid as a share", () => {
    it("the cashier's cancel refunds the share; one being paid refuses the cancel (2000)", async () => {
      const { e, orderId } = await payLaterParty();
      const claimed = await claimOwn(e);
      const start = json(await payShare(e)).data as PayStart;
      const cancel = () =>
        staff(payLater, API.consoleOrderAction(payLater, orderId, "cancel"), { reason: "客人要求" });
      expect(json(await cancel())).toMatchObject({ code: 2000 });
      await paid(payLater, start.tradeNo);
      expect(json(await cancel()).code).toBe(1000);
      const [attempt] = await app.db.select().from(payAttempts).where(eq(payAttempts.tradeNo, start.tradeNo));
      const refunds = await app.db
        .select()
        .from(payRefunds)
        .where(eq(payRefunds.attemptId, attempt?.id ?? 0));
      expect(refunds.map((r) => [r.amountCents, r.reason])).toEqual([[cents(claimed.mine), "订单取消退款"]]);
      await moneyHolds();
    });
  });

  describe("2. a whole-order pay after a tablemate's bill share", () => {
    it("E paid his share: F's /pay for the order asks only the rest, and the table pays the order once", async () => {
      const { e, f, orderId } = await payLaterParty();
      const claimed = await claimOwn(e);
      const share = cents(claimed.mine);
      const startE = json(await payShare(e)).data as PayStart;
      await paid(payLater, startE.tradeNo);
      await moneyHolds();
      const view = await payView(f, orderId);
      expect(cents(view.paid)).toBe(share);
      expect(cents(view.due)).toBe(owed(view) - share);
      // /pay's member quote (its 待付 and the 支付 button) asks the same rest, not the whole order
      const quote = json(await f.get(`${MEMBER_API.discounts}?rid=${payLater}&orderId=${orderId}`))
        .data as MemberDiscounts;
      expect([quote.payableCents, quote.gatewayCents]).toEqual([owed(view) - share, owed(view) - share]);
      const startF = json(await f.prepay(orderId)).data as PayStart;
      expect(cents(startF.amount)).toBe(owed(view) - share);
      await paid(payLater, startF.tradeNo);
      const after = await payView(f, orderId);
      expect([after.due, after.state, cents(after.paid)]).toEqual(["0.00", "paid", owed(view)]);
      // the share is money paid, never a discount: /pay and the order page say the same 优惠 as before
      expect(after.discounts).toEqual(view.discounts);
      const discount = view.discounts.reduce((s, d) => s + cents(d.amount), 0);
      for (const diner of [e, f]) {
        const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${payLater}&paymentType=1`))
          .data as OrderDetail;
        expect({
          discount: cents(detail.orderDiscount),
          paid: cents(detail.totalPaidMoney),
          due: cents(detail.orderNeedMoney),
        }).toEqual({ discount, paid: owed(view), due: 0 });
      }
      await moneyHolds();
    });

    it("the same with E's payment still in flight: F pays the rest, E's share lands and is kept", async () => {
      const { e, f, orderId } = await payLaterParty();
      const claimed = await claimOwn(e);
      const startE = json(await payShare(e)).data as PayStart;
      const startF = json(await f.prepay(orderId)).data as PayStart;
      const view = await payView(f, orderId);
      expect(cents(startF.amount)).toBe(owed(view) - cents(claimed.mine));
      expect(view.state).toBe("paying");
      await Promise.all([paid(payLater, startF.tradeNo), paid(payLater, startE.tradeNo)]);
      const { refunds } = await orderMoney(orderId);
      expect(refunds).toEqual([]);
      await moneyHolds();
    });

    it("a share claim and a whole pay at once: each sees the other, never the same cents twice", async () => {
      const { e, f, orderId } = await payLaterParty();
      const mine = (await bill(e)).lines.filter((l) => l.mine);
      const [claim, whole] = await Promise.all([
        e.app.server.inject({
          method: "POST",
          url: PAY_API.billClaims,
          headers: asVisitor(e.guid),
          payload: { rid: payLater, claims: mine.map((l) => ({ lineId: l.lineId, shares: 1, take: 1 })) },
        }),
        f.prepay(orderId),
      ]);
      if (json(whole).code === 1000) await paid(payLater, (json(whole).data as PayStart).tradeNo);
      if (json(claim).code === 1000) {
        const share = json(await payShare(e));
        if (share.code === 1000) await paid(payLater, (share.data as PayStart).tradeNo);
      }
      await moneyHolds();
    });
  });

  describe("3. settling the table while a share is paid", () => {
    it("refused while a share is in flight (4610); after the share lands the table settles", async () => {
      const { e, tableId } = await payLaterParty();
      await claimOwn(e);
      const start = json(await payShare(e)).data as PayStart;
      const refused = await settle(tableId);
      expect(json(refused)).toMatchObject({ code: 4610, message: "有顾客正在支付账单，请稍后再结账" });
      await paid(payLater, start.tradeNo);
      expect(json(await settle(tableId)).code).toBe(1000);
      await moneyHolds();
    });

    it("a share landing after the settle (its attempt past its time) is refunded and listed for the table", async () => {
      const { e, tableId } = await payLaterParty();
      await claimOwn(e);
      const start = json(await payShare(e)).data as PayStart;
      shiftMs = 16 * 60_000;
      try {
        expect(json(await settle(tableId)).code).toBe(1000);
        await paid(payLater, start.tradeNo);
      } finally {
        shiftMs = 0;
      }
      const listed = json(
        await app.server.inject({
          url: `${API.consolePayments(payLater)}?tableId=${tableId}`,
          headers: await staffHeaders(app, payLater, "cashier"),
        }),
      ).data as ConsolePayment[];
      const refunds = listed.flatMap((p) => p.refunds);
      expect(refunds).toEqual([
        expect.objectContaining({ amount: start.amount, reason: "账单已结清，自动退款" }),
      ]);
      await moneyHolds();
    });

    it("a settle and the share's paid word at once: the share is kept by an unsettled table or refunded", async () => {
      const parties = await Promise.all(
        [1, 2, 3].map(async () => {
          const party = await payLaterParty();
          await claimOwn(party.e);
          const start = json(await payShare(party.e)).data as PayStart;
          provider.pay(start.tradeNo);
          return { ...party, start };
        }),
      );
      shiftMs = 16 * 60_000;
      try {
        await Promise.all(
          parties.flatMap(({ tableId, start }) => [settle(tableId), notify(payLater, start.tradeNo)]),
        );
      } finally {
        shiftMs = 0;
      }
      for (const { start } of parties) {
        const [attempt] = await app.db
          .select()
          .from(payAttempts)
          .where(eq(payAttempts.tradeNo, start.tradeNo));
        const [intent] = await app.db
          .select()
          .from(payIntents)
          .where(and(eq(payIntents.id, attempt?.intentId ?? 0)));
        const refunds = await app.db
          .select()
          .from(payRefunds)
          .where(eq(payRefunds.intentId, intent?.id ?? 0));
        // paid before the settle: kept (the table's bill counted it); after: refunded whole
        expect(refunds.length === 0 ? intent?.status : refunds[0]?.reason).toMatch(
          /^(paid|账单已结清，自动退款)$/,
        );
      }
      await moneyHolds();
    });
  });
});

/**
 * Race 1 in lock step (PostgreSQL: a connection of the test's own holds the intent's row): the paid
 * word takes its locks first and waits for the intent, the cancel comes next, then the intent is let
 * go. Before issue 24 the cancel read the intent open without a lock, lost its compare-and-set to the
 * paying statement (which read the order's status unlocked) and passed over it: cancelled, ¥ kept.
 */
describe("a cancel racing the paid word, in lock step (postgres)", () => {
  let app: TestApp;
  const provider = new FakeProvider();
  let shiftMs = 0;
  const now = () => new Date(Date.now() + shiftMs);
  let rid = 0;
  let dish = 0;
  let nextSeat: () => Seat;

  beforeAll(async () => {
    app = await startTestApp("postgres", {
      now,
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    const find = await demoRestaurants(app);
    rid = find((r) => r.wctPayType === 1 && !r.fastHotel).id;
    dish = plainDishes(await menuOf(app, rid))[0]?.id ?? 0;
    nextSeat = await tablesOfTheirOwn(app, rid, 12, "锁");
  });
  afterAll(() => app.close());

  async function startedAndPaidAtTheProvider() {
    const diner = await new Diner(app, `lock-${randomUUID()}`, nextSeat()).sit();
    await diner.add(dish);
    const orderId = (json(await diner.submit()).data as { orderId: number }).orderId;
    const start = json(await diner.prepay(orderId)).data as PayStart;
    provider.pay(start.tradeNo);
    const [attempt] = await app.db.select().from(payAttempts).where(eq(payAttempts.tradeNo, start.tradeNo));
    return { diner, orderId, start, intentId: attempt?.intentId ?? 0 };
  }

  const cancels = {
    diner: (diner: Diner, orderId: number) => diner.post(API.orderCancel(orderId), { rid }),
    cashier: async (_diner: Diner, orderId: number) =>
      app.server.inject({
        method: "POST",
        url: API.consoleOrderAction(rid, orderId, "cancel"),
        headers: await staffHeaders(app, rid, "manager"),
        payload: { reason: "客人要求" },
      }),
  };

  it.each(
    Object.keys(cancels) as Array<keyof typeof cancels>,
  )("the %s's cancel after the paid word took its locks: the order is paid and kept, or cancelled and refunded", async (who) => {
    // three orders at once (six of the pool's ten connections): which of the two waiters gets a
    // released row is PostgreSQL's choice
    const rounds = await Promise.all([1, 2, 3].map(() => startedAndPaidAtTheProvider()));
    shiftMs = 16 * 60_000; // the attempts expired: a cancel is not refused for them
    try {
      const lock = await RowLock.take(
        app.databaseUrl ?? "",
        "pay_intents",
        rounds.map((r) => r.intentId),
      );
      let words: Array<Promise<{ statusCode: number }>> = [];
      let cancelled: Array<Promise<unknown>> = [];
      try {
        words = rounds.map((r) => deliverNotification(app, rid, provider.notification(r.start.tradeNo)));
        await lock.waiters(rounds.length);
        cancelled = rounds.map((r) => cancels[who](r.diner, r.orderId));
        await lock.waiters(2 * rounds.length);
      } finally {
        await lock.release();
      }
      for (const word of await Promise.all(words)) expect(word.statusCode).toBe(200);
      await Promise.all(cancelled);
    } finally {
      shiftMs = 0;
    }
    for (const { orderId, intentId, start } of rounds) {
      const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      const refunds = await app.db.select().from(payRefunds).where(eq(payRefunds.intentId, intentId));
      const refunded = refunds.reduce((s, r) => s + r.amountCents, 0);
      const captured = Math.round(Number(start.amount) * 100);
      expect(refunded).toBe(order?.status === ORDER_STATUS.cancelled ? captured : 0);
    }
    expect((await checkMoney(app.db, [rid])).violations).toEqual([]);
  });
});
