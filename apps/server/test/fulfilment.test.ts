import {
  API,
  addDays,
  type ConsoleOrder,
  type FulfilmentResult,
  formatDate,
  MSG,
  ORDER_STATUS,
  type OrderDetail,
} from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderEvents, orders, restaurants, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, plainDish } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { TableSocket } from "./support/table-socket.js";

/** Noon today in Shanghai (the demo's zone): every demo restaurant is open. */
const TODAY = formatDate(new Date(), "Asia/Shanghai");
const NOON = new Date(`${TODAY}T12:00:00+08:00`);

/**
 * Each mode's progress beside its status (issue 25): a takeout delivered, a reservation confirmed or
 * declined, a pick-up number called, each moved by staff as core's fulfilment rules allow, audited,
 * and heard by the order's diners (type 12).
 */
describe.each(BACKENDS)("order fulfilment on %s", (backend) => {
  let app: TestApp;
  let takeout: DemoRestaurant;
  let reserve: DemoRestaurant;
  let pickup: DemoRestaurant;
  let dine: DemoRestaurant;
  let wsBase: string;
  const free = new Map<number, number[]>();
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { now: () => NOON, env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    takeout = find((r) => r.linkMode === "takeout");
    reserve = find((r) => r.linkMode === "reserve");
    pickup = find((r) => r.fastHotel && r.foodTakingMode === 1);
    dine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    // the takeout's phone code and minimum are other tests' subjects
    await app.db
      .update(restaurants)
      .set({ verifyPhone: false, startPrice: "0" })
      .where(eq(restaurants.id, takeout.id));
    for (const r of [takeout, reserve, pickup, dine]) {
      await app.db
        .insert(tables)
        .values(Array.from({ length: 12 }, (_, i) => ({ restaurantId: r.id, name: `履约${i + 1}` })));
    }
    for (const t of await app.db.select().from(tables).orderBy(asc(tables.id)))
      free.set(t.restaurantId, [...(free.get(t.restaurantId) ?? []), t.id]);
    wsBase = await socketBase(app);
  });
  afterAll(() => app.close());

  async function dinerAt(restaurant: DemoRestaurant): Promise<Diner> {
    const tableId = free.get(restaurant.id)?.pop();
    if (!tableId) throw new Error("out of tables");
    const guid = `fulfil-${backend}-${String(++guids).padStart(4, "0")}`;
    const table = {
      restaurantId: restaurant.id,
      tableId,
      sid: app.signer.tableToken(restaurant.id, tableId),
    };
    const diner = await new Diner(app, guid, table).sit();
    await diner.add(plainDish(await menuOf(app, restaurant.id)).id);
    return diner;
  }

  const contact = { phone: "13812345678", name: "王先生", sex: "1", num: 2 };
  const FORMS = {
    takeout: { takeout: "1", ...contact, address: "国定路335号", time: "" },
    reserve: { reserve: "1", ...contact, personNum: 2, time: `${addDays(TODAY, 1)} 12:00` },
    pickup: { foodTakingMode: 1, time: "" },
    dine: {},
  };

  async function place(restaurant: DemoRestaurant, kind: keyof typeof FORMS): Promise<[Diner, number]> {
    const diner = await dinerAt(restaurant);
    const answer = json(await diner.submit(diner.order(FORMS[kind])));
    expect(answer).toMatchObject({ code: 1000 });
    return [diner, (answer.data as { orderId: number }).orderId];
  }

  const step = async (
    rid: number,
    orderId: number,
    body: unknown,
    role: "owner" | "waiter" | "kitchen" = "waiter",
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse> =>
    app.server.inject({
      method: "POST",
      url: API.consoleOrderAction(rid, orderId, "fulfilment"),
      headers: headers ?? (await staffHeaders(app, rid, role)),
      payload: body as object,
    });
  const accept = async (rid: number, orderId: number) =>
    expect(
      (
        await app.server.inject({
          method: "POST",
          url: API.consoleOrderAction(rid, orderId, "accept"),
          headers: await staffHeaders(app, rid, "waiter"),
        })
      ).statusCode,
    ).toBe(200);
  const row = async (orderId: number) =>
    (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const detail = async (diner: Diner, orderId: number) =>
    json(await diner.get(`${API.orderDetail}/${orderId}?rid=${diner.table.restaurantId}`))
      .data as OrderDetail;
  const audits = (orderId: number) =>
    app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${orderId}`))
      .orderBy(asc(auditLog.id));

  it("takes a takeout 已接单 → 配送中 → 已送达, the diner hearing each step", async () => {
    const [diner, orderId] = await place(takeout, "takeout");
    const socket = await TableSocket.open(socketAt(wsBase, diner.table, diner.guid));
    // not before the restaurant took it: nothing written
    const early = await step(takeout.id, orderId, { to: "delivering" });
    expect(early.statusCode).toBe(409);
    expect(json(early)).toMatchObject({ code: 4091, message: "订单当前状态不允许此操作" });
    expect(await row(orderId)).toMatchObject({ fulfilment: null, fulfilmentAt: null });

    await accept(takeout.id, orderId);
    expect(json(await step(takeout.id, orderId, { to: "delivered" }))).toMatchObject({
      code: 4091,
      message: "订单已处理过此步骤",
    });
    const leaving = json(await step(takeout.id, orderId, { to: "delivering" }));
    expect(leaving.data as FulfilmentResult).toEqual({
      orderId,
      status: ORDER_STATUS.accepted,
      fulfilment: "delivering",
      calledCount: 0,
    });
    await socket.until((m) => m.type === MSG.orderStatus && m.orderId === orderId);
    expect(await detail(diner, orderId)).toMatchObject({ fulfilment: "delivering", status: 1 });
    expect(json(await step(takeout.id, orderId, { to: "delivered" })).data).toMatchObject({
      fulfilment: "delivered",
    });
    expect(await detail(diner, orderId)).toMatchObject({ fulfilment: "delivered" });
    // never back
    expect((await step(takeout.id, orderId, { to: "delivering" })).statusCode).toBe(409);
    expect(
      (await audits(orderId)).filter((a) => a.action === "order.fulfilment").map((a) => a.after),
    ).toEqual([
      { status: 1, fulfilment: "delivering", calledCount: 0 },
      { status: 1, fulfilment: "delivered", calledCount: 0 },
    ]);
    socket.socket.close();
  });

  it("confirms one reservation and declines another, which cancels it", async () => {
    const [diner, confirmed] = await place(reserve, "reserve");
    expect(await detail(diner, confirmed)).toMatchObject({ fulfilment: null, status: 0 });
    expect(json(await step(reserve.id, confirmed, { to: "confirmed" })).data).toMatchObject({
      status: 0,
      fulfilment: "confirmed",
    });
    expect(await detail(diner, confirmed)).toMatchObject({ fulfilment: "confirmed" });
    // answered once: no decline after a confirm
    expect((await step(reserve.id, confirmed, { to: "declined" })).statusCode).toBe(409);

    const [other, declined] = await place(reserve, "reserve");
    const socket = await TableSocket.open(socketAt(wsBase, other.table, other.guid));
    expect(json(await step(reserve.id, declined, { to: "declined" })).data).toMatchObject({
      status: ORDER_STATUS.cancelled,
      fulfilment: "declined",
    });
    await socket.until((m) => m.type === MSG.orderStatus && m.orderId === declined && m.status === 4);
    const seen = await detail(other, declined);
    expect(seen).toMatchObject({ status: 4, fulfilment: "declined" });
    expect(seen.cancelOrders).toMatchObject([{ orderId: declined, by: "restaurant", reason: "已拒绝" }]);
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, declined));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toContainEqual([0, 4]);
    socket.socket.close();
  });

  it("calls a pick-up number again and again, counting every call", async () => {
    const [diner, orderId] = await place(pickup, "pickup");
    expect(await detail(diner, orderId)).toMatchObject({ fulfilment: null, calledCount: 0 });
    expect((await step(pickup.id, orderId, { to: "called" })).statusCode).toBe(409);
    await accept(pickup.id, orderId);
    // two counters call at once: both calls count, one after the other under the order's lock
    const calls = await Promise.all([
      step(pickup.id, orderId, { to: "called" }),
      step(pickup.id, orderId, { to: "called" }),
    ]);
    expect(calls.map((c) => c.statusCode)).toEqual([200, 200]);
    expect(calls.map((c) => (json(c).data as FulfilmentResult).calledCount).sort()).toEqual([1, 2]);
    expect(await detail(diner, orderId)).toMatchObject({ fulfilment: "called", calledCount: 2 });
    const listed = json(
      await app.server.inject({
        method: "GET",
        url: API.staffOrders(pickup.id),
        headers: await staffHeaders(app, pickup.id, "waiter"),
      }),
    ).data as ConsoleOrder[];
    expect(listed.find((o) => o.orderId === orderId)).toMatchObject({ fulfilment: "called", calledCount: 2 });
  });

  it("lets exactly one of two concurrent equal steps through", async () => {
    const [, orderId] = await place(takeout, "takeout");
    await accept(takeout.id, orderId);
    const both = await Promise.all([
      step(takeout.id, orderId, { to: "delivering" }),
      step(takeout.id, orderId, { to: "delivering" }),
    ]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [reserved] = await Promise.all([place(reserve, "reserve")]);
    const answers = await Promise.all([
      step(reserve.id, reserved[1], { to: "confirmed" }),
      step(reserve.id, reserved[1], { to: "declined" }, "owner"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await row(reserved[1]);
    expect(after?.status).toBe(after?.fulfilment === "declined" ? 4 : 0);
  });

  it("refuses the wrong mode, role, restaurant and body, changing nothing", async () => {
    const [, dineOrder] = await place(dine, "dine");
    await accept(dine.id, dineOrder);
    expect(json(await step(dine.id, dineOrder, { to: "called" }))).toMatchObject({
      code: 4091,
      message: "该订单不适用此操作",
    });
    const [, reservation] = await place(reserve, "reserve");
    // the kitchen neither confirms nor declines
    expect((await step(reserve.id, reservation, { to: "confirmed" }, "kitchen")).statusCode).toBe(403);
    // another restaurant's staff, and its own restaurant's path with another's order
    expect(
      (await step(reserve.id, reservation, { to: "confirmed" }, "owner", await staffHeaders(app, dine.id)))
        .statusCode,
    ).toBe(403);
    expect((await step(dine.id, reservation, { to: "confirmed" }, "owner")).statusCode).toBe(404);
    expect((await step(reserve.id, reservation, { to: "teleported" })).statusCode).toBe(400);
    expect((await step(reserve.id, reservation, { to: "confirmed", status: 7 })).statusCode).toBe(400);
    expect((await step(reserve.id, reservation, {})).statusCode).toBe(400);
    expect(
      (await step(reserve.id, reservation, { to: "confirmed" }, "owner", { cookie: "tm_staff=forged" }))
        .statusCode,
    ).toBe(401);
    expect(await row(reservation)).toMatchObject({ status: 0, fulfilment: null, calledCount: 0 });
    expect((await audits(reservation)).filter((a) => a.action === "order.fulfilment")).toEqual([]);
  });
});
