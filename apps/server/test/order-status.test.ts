import {
  API,
  type Dish,
  MSG,
  ORDER_MOVES,
  ORDER_STATUS,
  ORDER_STATUSES,
  type OrderDetail,
  type StaffOrder,
  startingChoice,
  type TableMessage,
} from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { additionStock, dishes, orderEvents, orders, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  limitedAddition,
  menuOf,
  PLAIN,
  plainDish,
  type DemoRestaurant as Restaurant,
} from "./support/ordering.js";
import { staffActor, staffHeaders } from "./support/staff.js";
import { TableSocket } from "./support/table-socket.js";

/** Every allowed move of core's machine, as [from, to]. */
const MOVES = Object.entries(ORDER_MOVES).flatMap(([from, tos]) =>
  tos.map((to): [number, number] => [Number(from), to]),
);

describe.each(BACKENDS)("order status moves by staff on %s", (backend) => {
  let app: TestApp;
  let dine: Restaurant;
  let prepay: Restaurant;
  let menu: Dish[];
  let socketUrl: (diner: Diner) => string;
  const free = new Map<number, number[]>();
  let guids = 0;
  /** what events name the restaurant's owner (the staff these tests act as) */
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    prepay = find((r) => r.wctPayType === 1 && !r.fastHotel);
    // each test sits at tables of its own
    await app.db
      .insert(tables)
      .values(Array.from({ length: 60 }, (_, i) => ({ restaurantId: dine.id, name: `状态${i + 1}` })));
    for (const t of await app.db.select().from(tables).orderBy(asc(tables.id)))
      free.set(t.restaurantId, [...(free.get(t.restaurantId) ?? []), t.id]);
    menu = await menuOf(app, dine.id);
    const base = await socketBase(app);
    socketUrl = ({ table, guid }) => socketAt(base, table, guid);
    for (const r of [dine, prepay]) staffOf.set(r.id, await staffHeaders(app, r.id));
    owner = await staffActor(app, dine.id);
  });
  afterAll(() => app.close());

  const freeTable = (restaurant: Restaurant) => {
    const id = free.get(restaurant.id)?.shift();
    if (!id) throw new Error("out of demo tables");
    return id;
  };

  function dinerAt(restaurant: Restaurant, tableId = freeTable(restaurant)): Promise<Diner> {
    const guid = `status-${backend}-${String(++guids).padStart(4, "0")}`;
    const table = {
      restaurantId: restaurant.id,
      tableId,
      sid: app.signer.tableToken(restaurant.id, tableId),
    };
    return new Diner(app, guid, table).sit();
  }

  /** A diner places an order through the real submit; its id. */
  async function place(diner: Diner, dishId = plainDish(menu).id, times = 1): Promise<number> {
    await diner.add(dishId, PLAIN, times);
    const answer = json(await diner.submit());
    expect(answer.code).toBe(1000);
    return (answer.data as { orderId: number }).orderId;
  }

  const staffOf = new Map<number, Record<string, string>>();
  const bearer = (restaurantId: number): Record<string, string> => {
    const headers = staffOf.get(restaurantId);
    if (!headers) throw new Error(`no staff signed in at restaurant ${restaurantId}`);
    return headers;
  };

  function move(
    restaurantId: number,
    orderId: number | string,
    status: number | string,
    headers: Record<string, string> = bearer(restaurantId),
    extra: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return app.server.inject({
      method: "POST",
      url: API.staffOrderStatus(restaurantId, orderId),
      headers,
      payload: { status, ...extra },
    });
  }

  function settle(
    restaurantId: number,
    tableId: number,
    headers: Record<string, string> = bearer(restaurantId),
  ): Promise<LightMyRequestResponse> {
    return app.server.inject({
      method: "POST",
      url: API.staffSettleTable(restaurantId, tableId),
      headers,
      payload: {},
    });
  }

  /** The order's row and its events, to compare before and after. */
  async function snapshot(orderId: number) {
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const events = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
    return { order, events };
  }

  const statusOf = async (orderId: number) => (await snapshot(orderId)).order?.status;

  it("makes each allowed move, writing the status and an event with who and when", async () => {
    const tableId = freeTable(dine);
    for (const [from, to] of MOVES) {
      // a diner per order: one diner's submits are rate-limited
      const orderId = await place(await dinerAt(dine, tableId));
      if (from !== ORDER_STATUS.placed) expect(json(await move(dine.id, orderId, from)).code).toBe(1000);
      const before = new Date();
      const answer = json(await move(dine.id, orderId, to));
      const after = new Date();
      expect(answer).toMatchObject({ code: 1000, success: true, data: { orderId, status: to } });
      const { order, events } = await snapshot(orderId);
      expect(order?.status).toBe(to);
      const last = events.at(-1);
      expect(last).toMatchObject({ fromStatus: from, toStatus: to, actor: owner });
      expect(last?.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
      expect(last?.at.getTime()).toBeLessThanOrEqual(after.getTime() + 1);
      expect(events.map((e) => e.toStatus)).toEqual(from === 0 ? [0, to] : [0, from, to]);
    }
  });

  it("sets posTime when the order is first taken, and keeps it after", async () => {
    const diner = await dinerAt(dine);
    const orderId = await place(diner);
    expect((await snapshot(orderId)).order?.posTime).toBeNull();
    await move(dine.id, orderId, ORDER_STATUS.accepted);
    const taken = await snapshot(orderId);
    expect(taken.order?.posTime).toEqual(taken.events.at(-1)?.at);
    await move(dine.id, orderId, ORDER_STATUS.cooking);
    expect((await snapshot(orderId)).order?.posTime).toEqual(taken.order?.posTime);
    const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${dine.id}`)).data as {
      status: number;
      posTime: string | null;
    };
    expect(detail).toMatchObject({ status: 2, posTime: taken.order?.posTime?.toISOString() });
  });

  it("refuses a move the machine does not allow, and changes nothing", async () => {
    const diner = await dinerAt(dine);
    const at = async (path: number[]) => {
      const orderId = await place(diner);
      for (const s of path) expect(json(await move(dine.id, orderId, s)).code).toBe(1000);
      return orderId;
    };
    const refusals: Array<[number, number[]]> = [
      [await at([4]), [1]],
      [await at([7]), [0]],
      [await at([7, 5]), [...ORDER_STATUSES]],
      // a cooking order may be cancelled now, with a manager's approval (floor.test.ts)
      [await at([2]), [2, 1, 0]],
    ];
    for (const [orderId, targets] of refusals) {
      const before = await snapshot(orderId);
      for (const to of targets) {
        const answer = await move(dine.id, orderId, to);
        expect(answer.statusCode).toBe(409);
        expect(json(answer)).toMatchObject({ code: 4091, success: false, message: "订单状态不允许此操作" });
      }
      expect(await snapshot(orderId)).toEqual(before);
    }
  });

  it("answers 400 to bad input and 404 to another restaurant's order, changing nothing", async () => {
    const orderId = await place(await dinerAt(dine));
    const before = await snapshot(orderId);
    for (const status of ["3", "x", "", "7.5", "99"])
      expect((await move(dine.id, orderId, status)).statusCode).toBe(400);
    const noStatus = await app.server.inject({
      method: "POST",
      url: API.staffOrderStatus(dine.id, orderId),
      headers: bearer(dine.id),
      payload: {},
    });
    expect(json(noStatus)).toMatchObject({ code: 400, success: false });
    expect((await move(dine.id, "abc", 7)).statusCode).toBe(400);
    const elsewhere = await move(prepay.id, orderId, 7);
    expect(elsewhere.statusCode).toBe(404);
    expect(await snapshot(orderId)).toEqual(before);
  });

  it("refuses a missing or forged credential (401) and another restaurant's staff (403) on every staff call, changing nothing", async () => {
    const diner = await dinerAt(dine);
    const orderId = await place(diner);
    const before = await snapshot(orderId);
    const signedOut: Array<Record<string, string>> = [
      {},
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
      { authorization: "Bearer not-the-token-0000000" },
      { authorization: "Bearer tmk_not-a-key-000000000000000000000000000" },
      { authorization: `Bearer ${app.signer.tableToken(dine.id, diner.table.tableId)}` },
      { authorization: `Bearer ${app.signer.cartSign(dine.id)}` },
      { cookie: "tm_staff=forged-session-token" },
      { token: app.signer.visitorCredential(diner.guid) },
    ];
    // the three staff calls, each with these headers
    const everyStaffCall = async (headers: Record<string, string>) => [
      await move(dine.id, orderId, 7, headers),
      await settle(dine.id, diner.table.tableId, headers),
      await app.server.inject({ method: "GET", url: API.staffOrders(dine.id), headers }),
    ];
    for (const headers of signedOut) {
      const answers = await everyStaffCall(headers);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(401);
        expect(json(answer)).toMatchObject({ code: 401, success: false, data: null, message: "请先登录" });
      }
    }
    for (const answer of await everyStaffCall(bearer(prepay.id))) {
      expect(answer.statusCode).toBe(403);
      expect(json(answer)).toMatchObject({ code: 403, success: false, message: "没有权限" });
    }
    expect(await snapshot(orderId)).toEqual(before);
  });

  it("returns the stock on a staff cancel, naming who cancelled", async () => {
    const dish = plainDish(menu, 3);
    await app.db.update(dishes).set({ estimate: 5 }).where(eq(dishes.id, dish.id));
    try {
      const orderId = await place(await dinerAt(dine), dish.id, 2);
      const stock = async () =>
        (await app.db.select({ n: dishes.estimate }).from(dishes).where(eq(dishes.id, dish.id)))[0]?.n;
      expect(await stock()).toBe(3);
      const answer = await move(dine.id, orderId, ORDER_STATUS.cancelled);
      expect(json(answer).code).toBe(1000);
      expect(await stock()).toBe(5);
      expect((await snapshot(orderId)).events.at(-1)).toMatchObject({ toStatus: 4, actor: owner });
      // the same order cancelled again gives nothing back twice
      expect((await move(dine.id, orderId, ORDER_STATUS.cancelled)).statusCode).toBe(409);
      expect(await stock()).toBe(5);
    } finally {
      await app.db.update(dishes).set({ estimate: -1 }).where(eq(dishes.id, dish.id));
    }
  });

  it("a cancelled order's detail still shows its lines (marked cancelled), its total, who cancelled and when", async () => {
    const dish = plainDish(menu, 4);
    const a = await dinerAt(dine);
    const b = await dinerAt(dine, a.table.tableId);
    const byDiner = await place(a, dish.id, 2);
    expect(json(await a.post(API.orderCancel(byDiner), { rid: dine.id })).code).toBe(1000);
    const detail = json(await b.get(`${API.orderDetail}/${byDiner}?rid=${dine.id}`)).data as OrderDetail;
    expect(detail.status).toBe(ORDER_STATUS.cancelled);
    expect(detail.dishOrders).toHaveLength(1);
    expect(detail.dishOrders[0]).toMatchObject({ foodId: dish.id, count: "2", cancelled: true });
    // nothing is owed for a cancelled order; what it came to is the cancellation's
    expect([detail.orderTotalPrice, detail.orderNeedMoney, detail.foodCount]).toEqual(["0.00", "0.00", 0]);
    expect(detail.cancelOrders).toEqual([
      {
        orderId: byDiner,
        at: expect.any(String),
        by: "diner",
        actorId: a.guid,
        reason: "",
        total: detail.dishOrders[0]?.total,
      },
    ]);
    expect(Number(detail.cancelOrders[0]?.total)).toBeGreaterThan(0);

    const byStaff = await place(b, dish.id, 1);
    expect(json(await move(dine.id, byStaff, ORDER_STATUS.cancelled)).code).toBe(1000);
    const staffCancelled = json(await b.get(`${API.orderDetail}/${byStaff}?rid=${dine.id}`))
      .data as OrderDetail;
    // the restaurant is named as the restaurant, never by a staff member's name
    expect(staffCancelled.cancelOrders).toEqual([expect.objectContaining({ by: "restaurant", actorId: "" })]);
    expect(JSON.stringify(staffCancelled)).not.toContain("测试owner");
  });

  it("gives a cancelled order's dish and addition units back, and tells the restaurant the stock (type 20)", async () => {
    const { addition: beef, dish } = await limitedAddition(app, dine.id, menu, false);
    const theAddition = eq(additionStock.additionId, beef.additionId);
    const left = async () => ({
      dish: (await app.db.select({ n: dishes.estimate }).from(dishes).where(eq(dishes.id, dish.id)))[0]?.n,
      addition: (await app.db.select({ n: additionStock.estimate }).from(additionStock).where(theAddition))[0]
        ?.n,
    });
    await app.db.update(dishes).set({ estimate: 9 }).where(eq(dishes.id, dish.id));
    await app.db.update(additionStock).set({ estimate: 5 }).where(theAddition);
    const diner = await dinerAt(dine);
    const socket = await TableSocket.open(socketUrl(await dinerAt(dine)));
    try {
      await diner.add(
        dish.id,
        { ...startingChoice(dish), additions: [{ id: beef.additionId, count: 2 }] },
        2,
      );
      const { orderId } = json(await diner.submit()).data as { orderId: number };
      expect(await left()).toEqual({ dish: 7, addition: 1 });
      expect(json(await diner.post(API.orderCancel(orderId), { rid: dine.id })).code).toBe(1000);
      expect(await left()).toEqual({ dish: 9, addition: 5 });
      const stock = await socket.until(
        (m) => m.type === MSG.stock && m.value.some((v) => v.foodId === dish.id && v.sum === 9),
      );
      expect(stock).toMatchObject({ restaurantId: dine.id });
    } finally {
      socket.close();
      await app.db.update(dishes).set({ estimate: -1 }).where(eq(dishes.id, dish.id));
      await app.db.update(additionStock).set({ estimate: beef.estimate }).where(theAddition);
    }
  });

  it("settles every open order of a table, leaves cancelled ones, and tells a tablemate type 12 with 7", async () => {
    const a = await dinerAt(dine);
    const b = await dinerAt(dine, a.table.tableId);
    const ids = [await place(a), await place(b), await place(a), await place(b), await place(a)];
    const [placed, accepted, cooking, served, cancelled] = ids;
    if (!placed || !accepted || !cooking || !served || !cancelled) throw new Error("orders missing");
    await move(dine.id, accepted, 1);
    await move(dine.id, cooking, 2);
    await move(dine.id, served, 8);
    expect(json(await a.post(API.orderCancel(cancelled), { rid: dine.id })).code).toBe(1000);
    const socket = await TableSocket.open(socketUrl(b));
    try {
      const answer = json(await settle(dine.id, a.table.tableId));
      expect(answer).toMatchObject({ code: 1000, data: { tableId: a.table.tableId } });
      const open = [placed, accepted, cooking, served];
      expect((answer.data as { orderIds: number[] }).orderIds.sort()).toEqual([...open].sort());
      for (const id of open) {
        const { order, events } = await snapshot(id);
        expect(order?.status).toBe(7);
        expect(events.at(-1)).toMatchObject({ toStatus: 7, actor: owner });
        const heard = await socket.until(
          (m) => m.type === 12 && "orderId" in m && m.orderId === id && m.status === 7,
        );
        expect(heard).toMatchObject({ code: 1000, cart: { cartId: a.cart.value } });
      }
      expect(await statusOf(cancelled)).toBe(4);
      // the register took the money: the diner's detail shows it paid and nothing left to pay
      const detail = json(await a.get(`${API.orderDetail}/${placed}?rid=${dine.id}`)).data as OrderDetail;
      expect(detail.status).toBe(7);
      expect([detail.totalPaidMoney, detail.orderRecieveMoney, detail.orderNeedMoney]).toEqual([
        detail.orderTotalPrice,
        detail.orderTotalPrice,
        "0.00",
      ]);
      expect(Number(detail.orderTotalPrice)).toBeGreaterThan(0);
      const twelves = socket.broadcasts().filter((m: TableMessage) => m.type === 12 && m.status === 7);
      expect(twelves).toHaveLength(open.length);
    } finally {
      socket.close();
    }
    // nothing left to settle; an unknown table is not found
    const again = await settle(dine.id, a.table.tableId);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 4092, message: "该桌没有待结账的订单" });
    expect((await settle(dine.id, 999999)).statusCode).toBe(404);
  });

  it("answers 6000 to a diner adding to an order the cashier has settled", async () => {
    const diner = await dinerAt(dine);
    const orderId = await place(diner);
    expect(json(await settle(dine.id, diner.table.tableId)).code).toBe(1000);
    await diner.add(plainDish(menu, 1).id);
    expect(json(await diner.submit(diner.order({ mainOrderId: orderId })))).toMatchObject({
      code: 6000,
      data: { orderId },
      message: "该桌已结账，您可以重新点餐",
    });
  });

  it("refuses a diner's cancel of a prepayment order being paid (an attempt in flight) with 2000", async () => {
    const diner = await dinerAt(prepay);
    const orderId = await place(diner, plainDish(await menuOf(app, prepay.id)).id);
    const paying = await app.server.inject({
      method: "POST",
      url: API.prepay,
      headers: { ...asVisitor(diner.guid), "idempotency-key": `paying-${orderId}-key` },
      payload: { rid: prepay.id, orderId },
    });
    expect(json(paying).code).toBe(1000);
    const before = await snapshot(orderId);
    const answer = json(await diner.post(API.orderCancel(orderId), { rid: prepay.id }));
    expect(answer).toMatchObject({ code: 2000, success: false, message: "支付中，不能取消订单" });
    expect(await snapshot(orderId)).toEqual(before);
  });

  it("lists the restaurant's orders newest first with their events, by status", async () => {
    const diner = await dinerAt(dine);
    const first = await place(diner);
    const second = await place(diner);
    await move(dine.id, second, ORDER_STATUS.cooking);
    const list = async (query = "") =>
      json(
        await app.server.inject({
          method: "GET",
          url: `${API.staffOrders(dine.id)}${query}`,
          headers: bearer(dine.id),
        }),
      ).data as StaffOrder[];
    const all = await list();
    const ids = all.map((o) => o.orderId);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(all.find((o) => o.orderId === second)).toMatchObject({
      status: 2,
      tableId: diner.table.tableId,
      events: [
        { fromStatus: null, toStatus: 0, actor: diner.guid },
        { fromStatus: 0, toStatus: 2, actor: owner, at: expect.any(String) },
      ],
    });
    const cooking = await list("?status=2");
    expect(cooking.map((o) => o.orderId)).toContain(second);
    expect(cooking.every((o) => o.status === 2)).toBe(true);
    const bad = await app.server.inject({
      method: "GET",
      url: `${API.staffOrders(dine.id)}?status=3`,
      headers: bearer(dine.id),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("leaves one outcome and one event when two staff moves of the same order race", async () => {
    type Run = (tableId: number, orderId: number) => Promise<LightMyRequestResponse>;
    const settleIt: Run = (tableId) => settle(dine.id, tableId);
    const to =
      (status: number): Run =>
      (_, orderId) =>
        move(dine.id, orderId, status);
    const races: Array<[Run, Run]> = [
      [settleIt, to(ORDER_STATUS.cancelled)],
      [to(ORDER_STATUS.cancelled), settleIt],
      [to(ORDER_STATUS.accepted), to(ORDER_STATUS.accepted)],
      [to(ORDER_STATUS.cancelled), to(ORDER_STATUS.cancelled)],
    ];
    for (const [a, b] of races) {
      const diner = await dinerAt(dine);
      const orderId = await place(diner);
      const answers = await Promise.all([a(diner.table.tableId, orderId), b(diner.table.tableId, orderId)]);
      const codes = answers.map((r) => json(r).code).sort();
      expect(codes[0]).toBe(1000);
      expect([4091, 4092]).toContain(codes[1]);
      const { order, events } = await snapshot(orderId);
      expect(events).toHaveLength(2);
      expect(events[1]).toMatchObject({ fromStatus: 0, toStatus: order?.status, actor: owner });
    }
  });
});
