import { randomUUID } from "node:crypto";
import {
  API,
  type BillView,
  type ConsoleOrderDetail,
  centsToMoneyText,
  type Floor,
  MSG,
  ORDER_STATUS,
  type OrderDetail,
  PAY_API,
  type PayStart,
  type PayView,
  type TableDetail,
} from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, visits } from "../src/db/schema.js";
import { applyTradeWord } from "../src/modules/payment/apply.js";
import { BACKENDS } from "./support/databases.js";
import { deliverNotification, FakeProvider } from "./support/fake-provider.js";
import { asVisitor, json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  menuOf,
  plainDishes,
  type Seat,
  tablesOfTheirOwn,
} from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { TableSocket } from "./support/table-socket.js";

/** The table's bill paid from phones, split by item (issue 18, pay later). */
describe.each(BACKENDS)("the table's bill split by item (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let rid = 0;
  let dishes: number[] = [];
  let nextSeat: () => Seat;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    const find = await demoRestaurants(app);
    rid = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0).id;
    dishes = plainDishes(await menuOf(app, rid)).map((d) => d.id);
    nextSeat = await tablesOfTheirOwn(app, rid, 10, "账");
  });
  afterAll(() => app.close());

  /** Two diners at a table of their own, each ordering one dish, then a dish they share. */
  async function party() {
    const seat = nextSeat();
    const a = await new Diner(app, `bill-a-${randomUUID()}`, seat).sit();
    const b = await new Diner(app, `bill-b-${randomUUID()}`, seat).sit();
    await a.add(dishes[0] ?? 0);
    await b.add(dishes[1] ?? 0);
    await a.add(dishes[2] ?? 0);
    const placed = json(await a.submit());
    expect(placed.code, JSON.stringify(placed)).toBe(1000);
    return { a, b, tableId: seat.tableId };
  }

  const bill = async (d: Diner) => json(await d.get(`${PAY_API.bill}?rid=${rid}`)).data as BillView;
  const claim = (d: Diner, claims: Array<{ lineId: number; shares: number; take: number }>) =>
    d.app.server.inject({
      method: "POST",
      url: PAY_API.billClaims,
      headers: asVisitor(d.guid),
      payload: { rid, claims },
    });
  const pay = (d: Diner) =>
    d.app.server.inject({
      method: "POST",
      url: PAY_API.billPay,
      headers: { ...asVisitor(d.guid), "idempotency-key": randomUUID() },
      payload: { rid, returnPath: "/pay/success" },
    });
  const notify = (tradeNo: string) => deliverNotification(app, rid, provider.notification(tradeNo));

  it("each diner pays their own lines and a shared dish split between them; the table settles when all is paid", async () => {
    const { a, b, tableId } = await party();
    const first = await bill(a);
    expect(first.lines).toHaveLength(3);
    const [own, theirs, shared] = first.lines;
    if (!own || !theirs || !shared) throw new Error("lines");
    expect([own.mine, theirs.mine]).toEqual([true, false]);
    // B cannot take A's line while A holds it
    expect(json(await claim(a, [{ lineId: own.lineId, shares: 1, take: 1 }])).code).toBe(1000);
    expect(json(await claim(b, [{ lineId: own.lineId, shares: 1, take: 1 }])).code).toBe(4606);
    // the shared dish split in two: one share each, the remainder cent on the last
    expect(json(await claim(a, [{ lineId: shared.lineId, shares: 2, take: 1 }])).code).toBe(1000);
    const claimedB = json(
      await claim(b, [
        { lineId: theirs.lineId, shares: 1, take: 1 },
        { lineId: shared.lineId, shares: 2, take: 1 },
      ]),
    );
    expect(claimedB.code, JSON.stringify(claimedB)).toBe(1000);
    const seenByB = claimedB.data as BillView;
    const sharedLine = seenByB.lines.find((l) => l.lineId === shared.lineId);
    const parts = (sharedLine?.claims ?? []).map((c) => Math.round(Number(c.amount) * 100));
    expect(parts.reduce((s, p) => s + p, 0)).toBe(Math.round(Number(shared.total) * 100));
    expect(Math.round(Number(seenByB.mine) * 100) + Math.round(Number((await bill(a)).mine) * 100)).toBe(
      Math.round(Number(first.total) * 100),
    );

    // B's phone listens at the table: A's share paid is heard (type 12, the order's status as it is)
    const socket = await TableSocket.open(socketAt(await socketBase(app), b.table, b.guid));
    try {
      const startA = json(await pay(a)).data as PayStart;
      provider.pay(startA.tradeNo);
      expect((await notify(startA.tradeNo)).statusCode).toBe(200);
      const half = await bill(b);
      expect(half.paid).toBe(startA.amount);
      expect(half.left).toBe(seenByB.mine);
      const placed = await app.db.select().from(orders).where(eq(orders.tableId, tableId));
      const heard = await socket.until(
        (m) => m.type === MSG.orderStatus && "orderId" in m && m.orderId === placed[0]?.id,
      );
      expect(heard).toMatchObject({ status: placed[0]?.status });

      const startB = json(await pay(b)).data as PayStart;
      provider.pay(startB.tradeNo);
      expect((await notify(startB.tradeNo)).statusCode).toBe(200);
      const [visit] = await app.db.select().from(visits).where(eq(visits.tableId, tableId));
      expect(visit?.endedAt).not.toBeNull();
      const settled = await app.db.select().from(orders).where(eq(orders.tableId, tableId));
      expect(settled.every((o) => o.status === ORDER_STATUS.settled)).toBe(true);
      await socket.until(
        (m) => m.type === MSG.orderStatus && "status" in m && m.status === ORDER_STATUS.settled,
      );

      // a phone still on the bill asks again: settled, all of it paid, nothing to claim
      for (const diner of [a, b]) {
        expect(await bill(diner)).toMatchObject({
          visitId: first.visitId,
          settled: true,
          total: first.total,
          paid: first.total,
          left: "0.00",
          mine: "0.00",
          lines: [],
        });
      }
      // claiming or paying a settled bill is refused: the diner is seated nowhere now
      expect((await claim(a, [{ lineId: own.lineId, shares: 1, take: 1 }])).statusCode).toBe(403);
      expect((await pay(a)).statusCode).toBe(403);
    } finally {
      socket.close();
    }
  });

  it("after a share is paid the order page, /pay, the floor and the console's order read the same money", async () => {
    const { a, b, tableId } = await party();
    const first = await bill(a);
    const orderId = first.lines[0]?.orderId ?? 0;
    const own = first.lines.filter((l) => l.mine);
    const claimed = json(
      await claim(
        a,
        own.map((l) => ({ lineId: l.lineId, shares: 1, take: 1 })),
      ),
    );
    expect(claimed.code, JSON.stringify(claimed)).toBe(1000);
    const start = json(await pay(a)).data as PayStart;
    provider.pay(start.tradeNo);
    expect((await notify(start.tradeNo)).statusCode).toBe(200);
    const left = (await bill(b)).left;
    expect(left).not.toBe("0.00");
    for (const diner of [a, b]) {
      const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${rid}`)).data as OrderDetail;
      expect(detail).toMatchObject({ totalPaidMoney: start.amount, orderNeedMoney: left });
      const view = json(await diner.get(`${PAY_API.payOrder(orderId)}?rid=${rid}`)).data as PayView;
      expect(view).toMatchObject({ paid: start.amount, due: left, state: "unpaid" });
    }
    const cashier = await staffHeaders(app, rid, "cashier");
    const table = json(await app.server.inject({ url: API.consoleTable(rid, tableId), headers: cashier }))
      .data as TableDetail;
    expect(table.totals.due).toBe(left);
    const order = json(await app.server.inject({ url: API.consoleOrder(rid, orderId), headers: cashier }))
      .data as ConsoleOrderDetail;
    expect(order.money).toEqual({
      owed: first.total,
      deliveryFee: "0.00",
      paid: start.amount,
      refunded: "0.00",
      left,
    });
  });

  it("a table paid entirely by two shares shows as paid with due 0.00 on the floor, a part paid one as owing", async () => {
    const { a, b, tableId } = await party();
    const [own, theirs, shared] = (await bill(a)).lines;
    if (!own || !theirs || !shared) throw new Error("lines");
    expect(
      json(
        await claim(a, [
          { lineId: own.lineId, shares: 1, take: 1 },
          { lineId: shared.lineId, shares: 1, take: 1 },
        ]),
      ).code,
    ).toBe(1000);
    expect(json(await claim(b, [{ lineId: theirs.lineId, shares: 1, take: 1 }])).code).toBe(1000);
    const cashier = await staffHeaders(app, rid, "cashier");
    const floorTable = async () => {
      const floor = json(await app.server.inject({ url: API.consoleFloor(rid), headers: cashier }))
        .data as Floor;
      const detail = json(await app.server.inject({ url: API.consoleTable(rid, tableId), headers: cashier }))
        .data as TableDetail;
      const card = floor.tables.find((t) => t.tableId === tableId);
      return {
        state: card?.state,
        paid: card?.paid,
        paidTotal: card?.paidTotal,
        detailPaid: detail.table.paid,
        due: detail.totals.due,
      };
    };

    // A's share paid: the table still owes B's, and is not paid
    const startA = json(await pay(a)).data as PayStart;
    provider.pay(startA.tradeNo);
    expect((await notify(startA.tradeNo)).statusCode).toBe(200);
    const left = (await bill(b)).left;
    expect(left).toBe(theirs.total);
    expect(await floorTable()).toEqual({
      state: "ordered",
      paid: false,
      paidTotal: startA.amount,
      detailPaid: false,
      due: left,
    });

    // B's share paid, its word committed, and the settle that follows never ran (the process stopped
    // in between): every screen reads the table as paid, nothing due
    const startB = json(await pay(b)).data as PayStart;
    provider.pay(startB.tradeNo);
    const applied = await applyTradeWord({ db: app.db, now: () => new Date() }, startB.tradeNo, {
      kind: "paid",
      amountCents: Math.round(Number(startB.amount) * 100),
      providerTradeId: `fake-${startB.tradeNo}`,
    });
    expect(applied.outcome).toBe("applied");
    const [visit] = await app.db.select().from(visits).where(eq(visits.tableId, tableId));
    expect(visit?.endedAt).toBeNull();
    expect((await bill(a)).left).toBe("0.00");
    expect(await floorTable()).toEqual({
      state: "paid",
      paid: true,
      // the card says what the two shares paid
      paidTotal: centsToMoneyText(Math.round((Number(startA.amount) + Number(startB.amount)) * 100)),
      detailPaid: true,
      due: "0.00",
    });
  });

  it("a dish split three ways sums exactly", async () => {
    const { a, b } = await party();
    const shared = (await bill(a)).lines[2];
    if (!shared) throw new Error("line");
    expect(json(await claim(a, [{ lineId: shared.lineId, shares: 3, take: 2 }])).code).toBe(1000);
    const seen = json(await claim(b, [{ lineId: shared.lineId, shares: 3, take: 1 }])).data as BillView;
    const line = seen.lines.find((l) => l.lineId === shared.lineId);
    const amounts = (line?.claims ?? []).map((c) => Math.round(Number(c.amount) * 100));
    expect(amounts).toHaveLength(3);
    expect(amounts.reduce((s, c) => s + c, 0)).toBe(Math.round(Number(shared.total) * 100));
    // another split of a line tablemates hold is refused
    expect(json(await claim(b, [{ lineId: shared.lineId, shares: 2, take: 1 }])).code).toBe(4608);
  });

  it("two phones claiming one line at once: exactly one holds it", async () => {
    const { a, b } = await party();
    const line = (await bill(a)).lines[2];
    if (!line) throw new Error("line");
    const answers = await Promise.all([
      claim(a, [{ lineId: line.lineId, shares: 1, take: 1 }]),
      claim(b, [{ lineId: line.lineId, shares: 1, take: 1 }]),
    ]);
    expect(answers.map((r) => json(r).code).sort()).toEqual([1000, 4606]);
    const after = await bill(a);
    expect(after.lines.find((l) => l.lineId === line.lineId)?.claims).toHaveLength(1);
  });

  it("refuses a diner who is not seated at the table, and paying with nothing claimed", async () => {
    const { a } = await party();
    const stranger = new Diner(app, `bill-x-${randomUUID()}`, a.table);
    expect((await stranger.get(`${PAY_API.bill}?rid=${rid}`)).statusCode).toBe(403);
    expect(json(await pay(a)).code).toBe(4607);
    // an order of another table is nobody's line here
    expect(json(await claim(a, [{ lineId: 999999, shares: 1, take: 1 }])).code).toBe(404);
    expect(API.orderSubmit).toBeTruthy();
  });
});
