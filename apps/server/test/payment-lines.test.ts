import { randomUUID } from "node:crypto";
import {
  API,
  type BillView,
  type ConsolePayment,
  type OrderDetail,
  PAY_API,
  type PayStart,
  type PayView,
  type StaffRole,
  type TableDetail,
} from "@tablemate/core";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  billClaims,
  discountOffers,
  kitchenTickets,
  orderEvents,
  orderLines,
  orders,
  payRefunds,
} from "../src/db/schema.js";
import { kitchenIdle } from "../src/modules/kitchen/queue.js";
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
import { staffHeaders, testStaff } from "./support/staff.js";

/**
 * Issue 24, lines and amounts: a comped line holds no money (a paid one is refunded, a held bill share
 * of it is priced anew), the split bill keeps the order's promotions in proportion (its shares sum to
 * the order page's 待付), and a console refund's amount is bounded (400, not 500).
 */
describe.each(BACKENDS)("money per line (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let prepay = 0;
  let later = 0;
  let prepayDishes: number[] = [];
  let laterDishes: number[] = [];
  let prepaySeat: () => Seat;
  let laterSeat: () => Seat;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    const find = await demoRestaurants(app);
    prepay = find((r) => r.wctPayType === 1 && !r.fastHotel).id;
    later = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0).id;
    prepayDishes = plainDishes(await menuOf(app, prepay)).map((d) => d.id);
    laterDishes = plainDishes(await menuOf(app, later)).map((d) => d.id);
    prepaySeat = await tablesOfTheirOwn(app, prepay, 12, "赠");
    laterSeat = await tablesOfTheirOwn(app, later, 12, "拆");
    // a promotion every order here reaches: the bill must keep it
    await app.db
      .insert(discountOffers)
      .values({ restaurantId: later, thresholdCents: 1000, reductionCents: 700 });
  });
  afterAll(() => app.close());

  const staff = async (
    rid: number,
    method: "GET" | "POST",
    url: string,
    payload?: object,
    role?: StaffRole,
  ) => app.server.inject({ method, url, headers: await staffHeaders(app, rid, role ?? "cashier"), payload });
  const approval = async (rid: number) => {
    await staffHeaders(app, rid, "manager");
    const { login, pin } = testStaff(rid, "manager");
    return { login, pin };
  };
  const comp = async (rid: number, lineId: number, role: StaffRole = "manager") =>
    staff(rid, "POST", API.consoleLineComp(rid, lineId), { reason: "上菜太慢" }, role);
  const payments = async (rid: number, orderId: number) =>
    json(await staff(rid, "GET", `${API.consolePayments(rid)}?orderId=${orderId}`)).data as ConsolePayment[];
  const detail = async (diner: Diner, orderId: number) =>
    json(await diner.get(`${API.orderDetail}/${orderId}?rid=${diner.table.restaurantId}`))
      .data as OrderDetail;
  const tableDetail = async (rid: number, tableId: number) =>
    json(await staff(rid, "GET", API.consoleTable(rid, tableId))).data as TableDetail;
  const linesOf = (orderId: number) =>
    app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const cents = (yuan: string) => Math.round(Number(yuan) * 100);
  const notify = (rid: number, tradeNo: string) =>
    deliverNotification(app, rid, provider.notification(tradeNo));

  /** A diner alone at a prepayment table with an order of `count` dishes. */
  async function prepayOrder(count: number) {
    const diner = await new Diner(app, `comp-${randomUUID()}`, prepaySeat()).sit();
    for (const dish of prepayDishes.slice(0, count)) await diner.add(dish);
    const placed = json(await diner.submit());
    expect(placed.code, JSON.stringify(placed)).toBe(1000);
    return { diner, orderId: (placed.data as { orderId: number }).orderId };
  }

  async function paidOrder(count: number) {
    const { diner, orderId } = await prepayOrder(count);
    const start = json(await diner.prepay(orderId)).data as PayStart;
    provider.pay(start.tradeNo);
    expect((await notify(prepay, start.tradeNo)).statusCode).toBe(200);
    return { diner, orderId, start };
  }

  describe("comp (赠送)", () => {
    it("of a line of a paid order refunds the line's money: the money page shows it, nothing is due anywhere", async () => {
      const { diner, orderId, start } = await paidOrder(2);
      const [first, second] = await linesOf(orderId);
      if (!first || !second) throw new Error("two lines");
      const answer = json(await comp(prepay, second.id));
      expect(answer.code, JSON.stringify(answer)).toBe(1000);

      const [payment] = await payments(prepay, orderId);
      const refunded = payment?.refunds.map((r) => [r.amount, r.status]);
      const lineCents = cents(second.total);
      // the order had no discount: the line's part is what the line came to
      expect(refunded).toEqual([[(lineCents / 100).toFixed(2), "done"]]);
      expect(cents(payment?.paid ?? "0") - cents(payment?.refunded ?? "0")).toBe(
        cents(start.amount) - lineCents,
      );

      const order = await detail(diner, orderId);
      expect(order.orderNeedMoney).toBe("0.00");
      expect(order.orderTotalPrice).toBe(((cents(start.amount) - lineCents) / 100).toFixed(2));
      const view = json(await diner.get(`${PAY_API.payOrder(orderId)}?rid=${prepay}`)).data as PayView;
      expect(view.due).toBe("0.00");
      const floor = await tableDetail(prepay, diner.table.tableId);
      expect(floor.totals).toEqual({
        ordered: start.amount,
        comped: (lineCents / 100).toFixed(2),
        due: "0.00",
      });
      const [audit] = await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `orderLine:${second.id}`));
      expect(audit).toMatchObject({ action: "line.comp" });

      // comping it again, or voiding it now, changes nothing and refunds nothing more
      expect(json(await comp(prepay, second.id)).code).toBe(4192);
      expect(
        json(await staff(prepay, "POST", API.consoleLineVoid(prepay, second.id), { reason: "退" })).code,
      ).not.toBe(1000);
      expect(
        await app.db
          .select()
          .from(payRefunds)
          .where(eq(payRefunds.intentId, payment?.intentId ?? 0)),
      ).toHaveLength(1);

      // the last line comped too: all of the order's money is back, to the cent
      expect(json(await comp(prepay, first.id)).code).toBe(1000);
      const [after] = await payments(prepay, orderId);
      expect(after?.refunded).toBe(start.amount);
      expect((await detail(diner, orderId)).orderNeedMoney).toBe("0.00");
    });

    it("two comps of one paid line at once: one is done, one refund", async () => {
      const { orderId } = await paidOrder(2);
      const [line] = await linesOf(orderId);
      if (!line) throw new Error("line");
      const codes = (await Promise.all([comp(prepay, line.id), comp(prepay, line.id)])).map(
        (r) => json(r).code,
      );
      expect(codes.sort()).toEqual([1000, 4192]);
      const [payment] = await payments(prepay, orderId);
      expect(payment?.refunds.map((r) => r.amount)).toEqual([(cents(line.total) / 100).toFixed(2)]);
    });

    it("is refused while the order's payment is in flight, changing nothing", async () => {
      const { diner, orderId } = await prepayOrder(2);
      const start = json(await diner.prepay(orderId)).data as PayStart;
      const [line] = await linesOf(orderId);
      if (!line) throw new Error("line");
      expect(json(await comp(prepay, line.id)).code).toBe(4604);
      const [unchanged] = await linesOf(orderId);
      expect(unchanged?.compedAt).toBeNull();
      const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      expect(cents(order?.totalPrice ?? "0")).toBe(cents(start.amount));
    });

    it("refuses another restaurant's line (404), a waiter, and a cashier without approval, changing nothing", async () => {
      const { orderId } = await paidOrder(1);
      const [line] = await linesOf(orderId);
      if (!line) throw new Error("line");
      expect((await comp(later, line.id)).statusCode).toBe(404);
      expect((await comp(prepay, line.id, "waiter")).statusCode).toBe(403);
      expect((await comp(prepay, line.id, "kitchen")).statusCode).toBe(403);
      expect(json(await comp(prepay, line.id, "cashier")).code).toBe(4031);
      expect((await linesOf(orderId))[0]?.compedAt).toBeNull();
      expect((await payments(prepay, orderId))[0]?.refunds).toEqual([]);
      // with a manager's approval a cashier may
      const approved = await staff(prepay, "POST", API.consoleLineComp(prepay, line.id), {
        reason: "庆生",
        approval: await approval(prepay),
      });
      expect(json(approved).code).toBe(1000);
    });
  });

  /** Three diners at a pay-later table, each adding a dish, one order with the restaurant's 满减. */
  async function laterParty() {
    const seat = laterSeat();
    const diners = await Promise.all(
      ["a", "b", "c"].map((n) => new Diner(app, `split-${n}-${randomUUID()}`, seat).sit()),
    );
    for (const [i, diner] of diners.entries()) await diner.add(laterDishes[i] ?? 0);
    const [a] = diners;
    if (!a) throw new Error("diners");
    const placed = json(await a.submit());
    expect(placed.code, JSON.stringify(placed)).toBe(1000);
    return { diners, orderId: (placed.data as { orderId: number }).orderId, tableId: seat.tableId };
  }
  const bill = async (d: Diner) => json(await d.get(`${PAY_API.bill}?rid=${later}`)).data as BillView;
  const claim = (d: Diner, claims: Array<{ lineId: number; shares: number; take: number }>) =>
    app.server.inject({
      method: "POST",
      url: PAY_API.billClaims,
      headers: asVisitor(d.guid),
      payload: { rid: later, claims },
    });
  const payBill = (d: Diner) =>
    app.server.inject({
      method: "POST",
      url: PAY_API.billPay,
      headers: { ...asVisitor(d.guid), "idempotency-key": randomUUID() },
      payload: { rid: later, returnPath: "/pay/success" },
    });

  describe("the split bill", () => {
    it("keeps the order's promotion: its lines and shares sum exactly to the order page's 待付", async () => {
      const { diners, orderId, tableId } = await laterParty();
      const [a, b, c] = diners;
      if (!a || !b || !c) throw new Error("diners");
      const order = await detail(a, orderId);
      expect(cents(order.orderDiscount)).toBeGreaterThan(0);
      const seen = await bill(a);
      expect(seen.total).toBe(order.orderNeedMoney);
      expect(seen.lines.reduce((s, l) => s + cents(l.total), 0)).toBe(cents(order.orderNeedMoney));
      // a shared dish split three ways, each diner their own dish and one share of it
      const shared = seen.lines[2];
      if (!shared) throw new Error("lines");
      for (const diner of diners) {
        const mine = (await bill(diner)).lines.find((l) => l.mine && l.lineId !== shared.lineId);
        const answer = json(
          await claim(diner, [
            ...(mine ? [{ lineId: mine.lineId, shares: 1, take: 1 }] : []),
            { lineId: shared.lineId, shares: 3, take: 1 },
          ]),
        );
        expect(answer.code, JSON.stringify(answer)).toBe(1000);
      }
      const mines = await Promise.all(diners.map(async (d) => cents((await bill(d)).mine)));
      expect(mines.reduce((s, m) => s + m, 0)).toBe(cents(order.orderNeedMoney));
      // each pays what the bill says, no more: the table pays the order's due exactly
      let paid = 0;
      for (const [i, diner] of diners.entries()) {
        const start = json(await payBill(diner)).data as PayStart;
        expect(cents(start.amount)).toBe(mines[i]);
        provider.pay(start.tradeNo);
        expect((await notify(later, start.tradeNo)).statusCode).toBe(200);
        paid += cents(start.amount);
      }
      expect(paid).toBe(cents(order.orderNeedMoney));
      expect((await bill(a)).settled).toBe(true);
      expect((await tableDetail(later, tableId)).orders.every((o) => o.status === 7)).toBe(true);
    });

    it("comping a dish a diner holds prices the held share anew: paying charges nothing for it", async () => {
      const { diners, orderId } = await laterParty();
      const [a] = diners;
      if (!a) throw new Error("diners");
      const seen = await bill(a);
      const [first, second] = seen.lines;
      if (!first || !second) throw new Error("lines");
      expect(
        json(
          await claim(a, [
            { lineId: first.lineId, shares: 1, take: 1 },
            { lineId: second.lineId, shares: 1, take: 1 },
          ]),
        ).code,
      ).toBe(1000);
      expect(json(await comp(later, first.lineId)).code).toBe(1000);
      const claims = await app.db
        .select()
        .from(billClaims)
        .where(and(eq(billClaims.orderLineId, first.lineId), ne(billClaims.status, "released")));
      expect(claims).toEqual([]);
      const now = await bill(a);
      expect(now.lines.some((l) => l.lineId === first.lineId)).toBe(false);
      const order = await detail(a, orderId);
      expect(now.total).toBe(order.orderNeedMoney);
      const start = json(await payBill(a)).data as PayStart;
      expect(start.amount).toBe(now.lines.find((l) => l.lineId === second.lineId)?.total);
      expect(start.amount).toBe(now.mine);
    });

    it("a share whose payment is in flight keeps its line: the comp waits (4604)", async () => {
      const { diners } = await laterParty();
      const [a] = diners;
      if (!a) throw new Error("diners");
      const [line] = (await bill(a)).lines;
      if (!line) throw new Error("line");
      expect(json(await claim(a, [{ lineId: line.lineId, shares: 1, take: 1 }])).code).toBe(1000);
      expect(json(await payBill(a)).code).toBe(1000);
      expect(json(await comp(later, line.lineId)).code).toBe(4604);
      expect(
        (await app.db.select().from(orderLines).where(eq(orderLines.id, line.lineId)))[0]?.compedAt,
      ).toBeNull();
    });

    it("a comp of a paid share refunds it", async () => {
      const { diners } = await laterParty();
      const [a] = diners;
      if (!a) throw new Error("diners");
      const [line] = (await bill(a)).lines;
      if (!line) throw new Error("line");
      expect(json(await claim(a, [{ lineId: line.lineId, shares: 2, take: 1 }])).code).toBe(1000);
      const start = json(await payBill(a)).data as PayStart;
      provider.pay(start.tradeNo);
      await notify(later, start.tradeNo);
      expect(json(await comp(later, line.lineId)).code).toBe(1000);
      const refunds = await app.db.select().from(payRefunds).where(eq(payRefunds.reason, "赠送退款"));
      expect(refunds.some((r) => r.amountCents === cents(start.amount))).toBe(true);
      // every phone's bill shows what came back
      for (const diner of diners) expect((await bill(diner)).refunded).toBe(start.amount);
    });
  });

  describe("a full refund", () => {
    const refund = async (intentId: number, amount: string, rid = prepay) =>
      staff(rid, "POST", API.consoleRefund(rid, intentId), {
        amount,
        reason: "全部退款",
        approval: await approval(rid),
      });

    it("closes the order: cancelled with the kitchen told, the diner sees 已退款 and nothing to pay", async () => {
      const { diner, orderId, start } = await paidOrder(2);
      await kitchenIdle(app.db);
      const [payment] = await payments(prepay, orderId);
      if (!payment) throw new Error("payment");
      // a part refunded leaves it open and paid
      expect(json(await refund(payment.intentId, "0.01")).code).toBe(1000);
      expect((await detail(diner, orderId)).status).toBe(0);
      const rest = ((cents(start.amount) - 1) / 100).toFixed(2);
      expect(json(await refund(payment.intentId, rest)).code).toBe(1000);
      const order = await detail(diner, orderId);
      expect(order).toMatchObject({ status: 4, orderNeedMoney: "0.00", orderRefundMoney: start.amount });
      const [event] = await app.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 4)));
      expect(event?.note).toBe("全额退款");
      await kitchenIdle(app.db);
      const tickets = await app.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, orderId));
      // each station that got the order gets its cancel ticket
      const kinds = tickets.map((t) => t.kind);
      expect(kinds.filter((k) => k === "new").length).toBeGreaterThan(0);
      expect(kinds.filter((k) => k === "cancel")).toHaveLength(kinds.filter((k) => k === "new").length);
      // the staff cannot take it any more, and the table is not shown paid
      expect(json(await staff(prepay, "POST", API.consoleOrderAction(prepay, orderId, "accept"))).code).toBe(
        4091,
      );
      const floor = await tableDetail(prepay, diner.table.tableId);
      expect(floor.table.paid).toBe(false);
      expect(floor.totals.due).toBe("0.00");
      const view = json(await diner.get(`${PAY_API.payOrder(orderId)}?rid=${prepay}`)).data as PayView;
      expect(view).toMatchObject({ due: "0.00", refunded: start.amount });
    });

    it("two full refunds at once: one is done, the other refused, the order closed once", async () => {
      const { orderId, start } = await paidOrder(1);
      const [payment] = await payments(prepay, orderId);
      if (!payment) throw new Error("payment");
      const codes = (
        await Promise.all([refund(payment.intentId, start.amount), refund(payment.intentId, start.amount)])
      ).map((r) => json(r).code);
      expect(codes.sort()).toEqual([1000, 4605]);
      const closes = await app.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 4)));
      expect(closes).toHaveLength(1);
    });

    it("of another restaurant's payment is not found, and closes nothing", async () => {
      const { orderId, start } = await paidOrder(1);
      const [payment] = await payments(prepay, orderId);
      expect((await refund(payment?.intentId ?? 0, start.amount, later)).statusCode).toBe(404);
      expect((await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe(0);
    });
  });

  describe("a console refund's amount", () => {
    it.each([
      "99999999999999999999.00",
      "1e30",
      "-5.00",
      "12.345",
      "100000000.00",
    ])("%s answers 400 in the envelope and refunds nothing", async (amount) => {
      const { orderId } = await paidOrder(1);
      const [payment] = await payments(prepay, orderId);
      const answer = await staff(prepay, "POST", API.consoleRefund(prepay, payment?.intentId ?? 0), {
        amount,
        reason: "多退",
        approval: await approval(prepay),
      });
      expect(answer.statusCode).toBe(400);
      expect(json(answer)).toMatchObject({ code: 400, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
      expect(
        await app.db
          .select()
          .from(payRefunds)
          .where(eq(payRefunds.intentId, payment?.intentId ?? 0)),
      ).toEqual([]);
    });
  });
});
