import { randomUUID } from "node:crypto";
import { API, type Dish, type OrderDetail, type TableJoinResult } from "@tablemate/core";
import { and, eq, isNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, orders, tables, tableUsers, visits } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { TableSocket } from "./support/table-socket.js";

/**
 * A table's visits, attacked as the next party or the last one would: after the table is settled or
 * cleared, the earlier party acts on nothing of it and reads nothing of the next party's, and the
 * next party sees nothing of theirs. Each attack would have got through before visits existed.
 */
describe.each(BACKENDS)("table visits on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let menu: Dish[];
  let base: string;
  const free: number[] = [];
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    const added = await app.db
      .insert(tables)
      .values(Array.from({ length: 12 }, (_, i) => ({ restaurantId: dine.id, name: `访${i + 1}` })))
      .returning({ id: tables.id });
    free.push(...added.map((t) => t.id));
    menu = await menuOf(app, dine.id);
    base = await socketBase(app);
  });
  afterAll(() => app.close());

  const table = (tableId: number) => ({
    restaurantId: dine.id,
    tableId,
    sid: app.signer.tableToken(dine.id, tableId),
  });
  const freeTable = () => {
    const id = free.shift();
    if (!id) throw new Error("out of tables");
    return id;
  };
  const diner = (tableId: number) =>
    new Diner(app, `visit-${backend}-${String(++guids).padStart(4, "0")}`, table(tableId)).sit();

  async function place(d: Diner): Promise<number> {
    await d.add(plainDish(menu).id);
    const answer = json(await d.submit());
    expect(answer.code).toBe(1000);
    return (answer.data as { orderId: number }).orderId;
  }

  const staff = async (path: string): Promise<LightMyRequestResponse> =>
    app.server.inject({
      method: "POST",
      url: path,
      headers: await staffHeaders(app, dine.id),
      payload: {},
    });
  const settle = (tableId: number) => staff(API.staffSettleTable(dine.id, tableId));
  const clear = (tableId: number) => staff(API.staffClearTable(dine.id, tableId));

  const orderIds = async (d: Diner) =>
    (json(await d.get(`${API.orderList}?rid=${dine.id}`)).data as Array<{ orderId: number }>).map(
      (o) => o.orderId,
    );
  const joinAnswer = async (d: Diner) =>
    json(
      await app.server.inject({
        method: "POST",
        url: `${API.tableJoin}?rid=${dine.id}`,
        headers: { token: app.signer.visitorCredential(d.guid) },
        payload: { accessType: "realTable", guid: d.guid, ...d.table },
      }),
    ).data as TableJoinResult;
  const openVisits = (tableId: number) =>
    app.db
      .select()
      .from(visits)
      .where(and(eq(visits.tableId, tableId), isNull(visits.endedAt)));

  it("opens one visit at the first scan, however many scan at once", async () => {
    const tableId = freeTable();
    await Promise.all(Array.from({ length: 6 }, () => diner(tableId)));
    expect(await openVisits(tableId)).toHaveLength(1);
    const seats = await app.db.select().from(tableUsers).where(eq(tableUsers.tableId, tableId));
    expect(new Set(seats.map((s) => s.visitId)).size).toBe(1);
  });

  it("after a settle, the last party reads only its own orders and acts on nothing; the next sees none of theirs", async () => {
    const tableId = freeTable();
    const first = await diner(tableId);
    const firstOrder = await place(first);
    expect(json(await settle(tableId)).code).toBe(1000);
    expect(await openVisits(tableId)).toHaveLength(0);
    const [row] = await app.db.select().from(tables).where(eq(tables.id, tableId));
    expect(row?.personNum).toBe(0);

    const next = await diner(tableId);
    expect(next.cart.value).not.toBe(first.cart.value);
    // the next party is told only of itself
    expect((await joinAnswer(next)).users.map((u) => u.userId)).toEqual([next.guid]);
    const nextOrder = await place(next);

    // the earlier party: its own order still readable; the next party's order, list and cart not
    expect(json(await first.get(`${API.orderDetail}/${firstOrder}?rid=${dine.id}`)).code).toBe(200);
    const peek = await first.get(`${API.orderDetail}/${nextOrder}?rid=${dine.id}`);
    expect([peek.statusCode, json(peek).success]).toEqual([404, false]);
    expect(await orderIds(first)).toEqual([firstOrder]);
    expect(await orderIds(next)).toEqual([nextOrder]);
    const nextCart = await first.get(
      `${API.cartInfo}?rid=${dine.id}&cartId=${next.cart.value}&cartIdSign=${next.cart.sign}`,
    );
    expect(nextCart.statusCode).toBe(403);
    const nextDetail = json(await next.get(`${API.orderDetail}/${firstOrder}?rid=${dine.id}`));
    expect(nextDetail.success).toBe(false);

    // the earlier party's cart is closed: an operation, a submit and a cancel change nothing
    const before = await app.db.select().from(orders).where(eq(orders.tableId, tableId));
    const late = await first.post(API.cartOps, {
      rid: dine.id,
      cartId: first.cart.value,
      cartIdSign: first.cart.sign,
      guid: first.guid,
      opId: randomUUID(),
      op: JSON.stringify({ kind: "clear" }),
    });
    expect([late.statusCode, json(late).code]).toEqual([409, 6000]);
    expect(json(await first.submit()).code).toBe(6000);
    const cancel = await first.post(API.orderCancel(nextOrder), { rid: dine.id });
    expect(cancel.statusCode).toBe(404);
    expect(await app.db.select().from(orders).where(eq(orders.tableId, tableId))).toEqual(before);
  });

  it("refuses the earlier party's socket operations once the visit ends, with a verdict", async () => {
    const tableId = freeTable();
    const first = await diner(tableId);
    const socket = await TableSocket.open(socketAt(base, first.table, first.guid));
    try {
      expect((await socket.op({ kind: "add", foodId: plainDish(menu).id, choice: PLAIN })).ok).toBe(true);
      expect(json(await clear(tableId)).code).toBe(1000);
      const verdict = await socket.op({ kind: "add", foodId: plainDish(menu).id, choice: PLAIN });
      expect(verdict).toMatchObject({ ok: false, message: "本次用餐已结束，请重新扫码点餐" });
    } finally {
      socket.close();
    }
    const [cart] = await app.db.select().from(carts).where(eq(carts.id, first.cart.value));
    expect(cart?.version).toBe(2); // the add, then the end of the visit; nothing after it
  });

  it("clears a table whose party left without ordering, and refuses to clear one with orders to pay", async () => {
    const tableId = freeTable();
    const first = await diner(tableId);
    await first.add(plainDish(menu).id);
    expect(json(await clear(tableId)).code).toBe(1000);
    expect(json(await clear(tableId))).toMatchObject({ code: 4094, success: false });
    const next = await diner(tableId);
    expect(next.cart.value).not.toBe(first.cart.value);
    expect(
      json(
        await next.get(
          `${API.cartInfo}?rid=${dine.id}&cartId=${next.cart.value}&cartIdSign=${next.cart.sign}`,
        ),
      ).data,
    ).toMatchObject({ lines: [] });
    await place(next);
    const refused = await clear(tableId);
    expect([refused.statusCode, json(refused).code]).toEqual([409, 4093]);
    expect(await openVisits(tableId)).toHaveLength(1);
  });

  it("lets no operation land in a visit after it ended, with operations and the clear racing", async () => {
    const tableId = freeTable();
    const party = await Promise.all([diner(tableId), diner(tableId)]);
    const dish = plainDish(menu);
    const [cleared, ...answers] = await Promise.all([
      clear(tableId),
      ...Array.from({ length: 16 }, (_, i) =>
        (party[i % 2] as Diner).post(API.cartOps, {
          rid: dine.id,
          cartId: party[0]?.cart.value ?? 0,
          cartIdSign: party[0]?.cart.sign ?? "",
          guid: (party[i % 2] as Diner).guid,
          opId: randomUUID(),
          op: JSON.stringify({ kind: "add", foodId: dish.id, choice: PLAIN }),
        }),
      ),
    ]);
    expect(json(cleared as LightMyRequestResponse).code).toBe(1000);
    const applied = answers.filter((a) => a.statusCode === 200 && json(a).data !== null);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(applied.length + refused.length).toBe(16);
    for (const r of refused) expect(json(r).code).toBe(6000);
    const [cart] = await app.db
      .select()
      .from(carts)
      .where(eq(carts.id, party[0]?.cart.value ?? 0));
    // every applied add bumped the version once, and the end of the visit once more after them all
    expect(cart?.version).toBe(applied.length + 1);
  });

  it("shows a settled party's orders to nobody who scans afterwards, though they sit at the same table", async () => {
    const tableId = freeTable();
    const first = await diner(tableId);
    const firstOrder = await place(first);
    const mate = await diner(tableId);
    expect(json(await settle(tableId)).code).toBe(1000);
    const later = await diner(tableId);
    expect(await orderIds(later)).toEqual([]);
    // a tablemate of the earlier party keeps reading it: it was their visit
    const detail = json(await mate.get(`${API.orderDetail}/${firstOrder}?rid=${dine.id}`))
      .data as OrderDetail;
    expect(detail.orderId).toBe(firstOrder);
  });
});
