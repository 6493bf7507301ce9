import { randomUUID } from "node:crypto";
import {
  API,
  type ConsoleOrder,
  type Dish,
  type Floor,
  MSG,
  ORDER_STATUS,
  type OrderDetail,
  type TableDetail,
} from "@tablemate/core";
import { and, asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  dishes,
  kitchenItems,
  kitchenTickets,
  orderEvents,
  orderLines,
  orders,
  restaurants,
  tables,
  visits,
  waiterCalls,
} from "../src/db/schema.js";
import { kitchenIdle } from "../src/modules/kitchen/queue.js";
import { ConsoleSocket } from "./support/console-socket.js";
import { BACKENDS } from "./support/databases.js";
import { json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { staffHeaders, testStaff } from "./support/staff.js";
import { TableSocket } from "./support/table-socket.js";

describe.each(BACKENDS)("the floor on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let other: DemoRestaurant;
  let prepay: DemoRestaurant;
  let menu: Dish[];
  let httpBase: string;
  let wsBase: string;
  const free = new Map<number, number[]>();
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0 && r.wctCallService);
    other = find((r) => r.id !== dine.id && r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    prepay = find((r) => r.wctPayType === 1 && !r.fastHotel);
    for (const r of [dine, other, prepay]) {
      await app.db
        .insert(tables)
        .values(Array.from({ length: 30 }, (_, i) => ({ restaurantId: r.id, name: `楼面${i + 1}` })));
    }
    for (const t of await app.db.select().from(tables).orderBy(asc(tables.id)))
      free.set(t.restaurantId, [...(free.get(t.restaurantId) ?? []), t.id]);
    menu = await menuOf(app, dine.id);
    wsBase = await socketBase(app);
    httpBase = wsBase.replace(/^ws/, "http").replace(API.socket, "");
  });
  afterAll(() => app.close());

  const freeTable = (restaurant: DemoRestaurant) => {
    const id = free.get(restaurant.id)?.shift();
    if (!id) throw new Error("out of tables");
    return id;
  };

  function dinerAt(restaurant: DemoRestaurant, tableId = freeTable(restaurant)): Promise<Diner> {
    const guid = `floor-${backend}-${String(++guids).padStart(4, "0")}`;
    const table = {
      restaurantId: restaurant.id,
      tableId,
      sid: app.signer.tableToken(restaurant.id, tableId),
    };
    return new Diner(app, guid, table).sit();
  }

  async function place(diner: Diner, dishId = plainDish(menu).id): Promise<number> {
    await diner.add(dishId, PLAIN);
    const answer = json(await diner.submit());
    expect(answer.code).toBe(1000);
    return (answer.data as { orderId: number }).orderId;
  }

  async function staff(
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const rid = Number(/restaurants\/(\d+)/.exec(url)?.[1]);
    return app.server.inject({ method, url, headers: headers ?? (await staffHeaders(app, rid)), payload });
  }

  const floorOf = async (rid: number) => json(await staff("GET", API.consoleFloor(rid))).data as Floor;
  const detailOf = async (rid: number, tableId: number) =>
    json(await staff("GET", API.consoleTable(rid, tableId))).data as TableDetail;
  const cardOf = async (rid: number, tableId: number) =>
    (await floorOf(rid)).tables.find((t) => t.tableId === tableId);
  const callWaiter = (diner: Diner) =>
    diner.post(`${API.callWaiter}`, { rid: diner.table.restaurantId, tableNo: diner.table.tableId });
  const auditOf = (target: string) =>
    app.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));
  const orderRow = async (orderId: number) =>
    (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0];

  it("shows each table's live state: free, seated, ordering, ordered, called, settled", async () => {
    const tableId = freeTable(dine);
    expect(await cardOf(dine.id, tableId)).toMatchObject({ state: "free", visitId: null, diners: 0 });
    const diner = await dinerAt(dine, tableId);
    expect(await cardOf(dine.id, tableId)).toMatchObject({ state: "seated", diners: 1, minutesSeated: 0 });
    await diner.add(plainDish(menu).id, PLAIN);
    expect(await cardOf(dine.id, tableId)).toMatchObject({ state: "ordering", cartLines: 1 });
    const submitted = json(await diner.submit());
    expect(submitted.code).toBe(1000);
    expect(await cardOf(dine.id, tableId)).toMatchObject({ state: "ordered", openOrders: 1, newOrders: 1 });
    expect(json(await callWaiter(diner)).code).toBe(200);
    const called = await cardOf(dine.id, tableId);
    expect(called).toMatchObject({ state: "called", calls: [{ kind: "call", tableId }] });
    expect(json(await staff("POST", API.staffSettleTable(dine.id, tableId))).code).toBe(1000);
    expect(await cardOf(dine.id, tableId)).toMatchObject({ state: "settled", visitId: null, calls: [] });
    expect((await auditOf(`table:${tableId}`)).map((a) => a.action)).toEqual(["table.settle"]);
  });

  it("details a table: every line with its parts and who added it, totals, and the cart", async () => {
    const tableId = freeTable(dine);
    const a = await dinerAt(dine, tableId);
    const b = await dinerAt(dine, tableId);
    const dish = menu.find((d) => d.norms.length > 1 && d.foodproperty === 0 && d.estimate === -1);
    if (!dish) throw new Error("no dish with norms");
    const norm = dish.norms[1];
    await a.add(dish.id, { ...PLAIN, normId: norm?.id ?? null });
    await b.add(plainDish(menu).id, PLAIN);
    expect(json(await a.submit()).code).toBe(1000);
    await b.add(plainDish(menu).id, PLAIN);
    const detail = await detailOf(dine.id, tableId);
    expect(detail.table).toMatchObject({ state: "ordered", diners: 2 });
    const [order] = detail.orders;
    expect(order?.lines).toHaveLength(2);
    const byDish = (id: number) => order?.lines.find((l) => l.foodId === id);
    expect(byDish(dish.id)).toMatchObject({ normName: norm?.name, addedBy: { kind: "diner", id: a.guid } });
    expect(byDish(plainDish(menu).id)).toMatchObject({
      addedBy: { kind: "diner", id: b.guid },
      comped: null,
    });
    expect(order?.placedBy).toMatchObject({ kind: "diner", id: a.guid });
    // due is what the diners' order page says is left (its 满减 taken off)
    const seen = json(await a.get(`${API.orderDetail}/${order?.orderId}?rid=${dine.id}`)).data as OrderDetail;
    expect(detail.totals).toEqual({ ordered: order?.total, comped: "0.00", due: seen.orderNeedMoney });
    expect(detail.cart?.lines).toEqual([
      expect.objectContaining({
        foodId: plainDish(menu).id,
        addedBy: expect.objectContaining({ id: b.guid }),
      }),
    ]);
  });

  it("lists orders with their lines, by status and from a time", async () => {
    const orderId = await place(await dinerAt(dine));
    const list = async (query: string) =>
      json(await staff("GET", `${API.staffOrders(dine.id)}${query}`)).data as ConsoleOrder[];
    const all = await list("");
    expect(all.find((o) => o.orderId === orderId)?.lines[0]).toMatchObject({ foodId: plainDish(menu).id });
    expect((await list("?status=1")).some((o) => o.orderId === orderId)).toBe(false);
    expect((await list("?status=0")).some((o) => o.orderId === orderId)).toBe(true);
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect(await list(`?from=${encodeURIComponent(later)}`)).toEqual([]);
    expect(json(await staff("GET", `${API.staffOrders(dine.id)}?from=yesterday`)).code).toBe(400);
  });

  it("accepts, serves and cancels with a reason (stock back), each audited with before and after", async () => {
    const limited = menu.find((d) => d.estimate > 5 && d.foodproperty === 0 && d.norms.length === 0);
    const diner = await dinerAt(dine);
    const accepted = await place(diner);
    const accept = json(await staff("POST", API.consoleOrderAction(dine.id, accepted, "accept")));
    expect(accept).toMatchObject({ code: 1000, data: { orderId: accepted, status: 1 } });
    expect(json(await staff("POST", API.consoleOrderAction(dine.id, accepted, "accept"))).code).toBe(4091);
    expect(json(await staff("POST", API.consoleOrderAction(dine.id, accepted, "serve"))).data).toMatchObject({
      status: 8,
    });
    const [audit] = await auditOf(`order:${accepted}`);
    expect(audit).toMatchObject({
      action: "order.accept",
      before: { status: 0, held: false },
      after: { status: 1 },
    });

    if (!limited) return;
    const [before] = await app.db.select().from(dishes).where(eq(dishes.id, limited.id));
    const cancelled = await place(await dinerAt(dine), limited.id);
    expect(json(await staff("POST", API.consoleOrderAction(dine.id, cancelled, "cancel"), {})).code).toBe(
      400,
    );
    const cancel = json(
      await staff("POST", API.consoleOrderAction(dine.id, cancelled, "cancel"), { reason: "客人不要了" }),
    );
    expect(cancel).toMatchObject({ code: 1000, data: { status: 4 } });
    const [after] = await app.db.select().from(dishes).where(eq(dishes.id, limited.id));
    expect(after?.estimate).toBe(before?.estimate);
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, cancelled));
    expect(events.at(-1)).toMatchObject({ toStatus: 4, note: "客人不要了" });
    expect((await auditOf(`order:${cancelled}`))[0]).toMatchObject({
      action: "order.cancel",
      after: { status: 4, reason: "客人不要了" },
    });
  });

  it("lets one of a concurrent accept and cancel win, and writes only the winner", async () => {
    for (let round = 0; round < 4; round++) {
      const orderId = await place(await dinerAt(dine));
      const [accept, cancel] = await Promise.all([
        staff("POST", API.consoleOrderAction(dine.id, orderId, "accept")),
        staff("POST", API.consoleOrderAction(dine.id, orderId, "cancel"), { reason: "并发" }),
      ]);
      const codes = [json(accept).code, json(cancel).code];
      const status = (await orderRow(orderId))?.status;
      const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      const audits = await auditOf(`order:${orderId}`);
      if (codes[0] === 1000 && codes[1] === 1000) {
        // accepted first: a cancel of an accepted (not started) order is allowed too
        expect(status).toBe(ORDER_STATUS.cancelled);
        expect(events.map((e) => e.toStatus)).toEqual([0, 1, 4]);
      } else {
        expect(codes.filter((c) => c === 1000)).toHaveLength(1);
        expect(events).toHaveLength(2);
        expect(audits).toHaveLength(1);
      }
    }
  });

  it("comps a line once (the owner approves their own), and the table's due drops by it", async () => {
    const diner = await dinerAt(dine);
    const orderId = await place(diner);
    const [line] = await app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    if (!line) throw new Error("no line");
    const comp = json(await staff("POST", API.consoleLineComp(dine.id, line.id), { reason: "上菜太慢" }));
    expect(comp).toMatchObject({ code: 1000, data: { lineId: line.id, orderId } });
    expect(json(await staff("POST", API.consoleLineComp(dine.id, line.id), { reason: "再送" })).code).toBe(
      4192,
    );
    const detail = await detailOf(dine.id, diner.table.tableId);
    expect(detail.orders[0]?.lines[0]?.comped).toMatchObject({ reason: "上菜太慢" });
    expect(detail.totals.due).toBe("0.00");
    expect((await auditOf(`orderLine:${line.id}`))[0]).toMatchObject({ action: "line.comp" });
  });

  describe("voiding a line (退菜)", () => {
    /** An order of two plain dishes (the first limited to 50 in stock), with its lines. */
    async function twoLineOrder(diner: Diner) {
      const [first, second] = menu.filter(
        (d) => d.foodproperty === 0 && d.norms.length <= 1 && !d.Weigh && d.estimate === -1,
      );
      if (!first || !second) throw new Error("no two plain dishes");
      await app.db.update(dishes).set({ estimate: 50 }).where(eq(dishes.id, first.id));
      await diner.add(first.id, PLAIN);
      await diner.add(second.id, PLAIN);
      const answer = json(await diner.submit());
      expect(answer.code).toBe(1000);
      const orderId = (answer.data as { orderId: number }).orderId;
      const lines = await app.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id));
      const voided = lines.find((l) => l.foodId === first.id);
      const kept = lines.find((l) => l.foodId === second.id);
      if (!voided || !kept) throw new Error("lines missing");
      return { orderId, voided, kept, dishId: first.id };
    }
    const stockOf = async (dishId: number) =>
      (await app.db.select({ estimate: dishes.estimate }).from(dishes).where(eq(dishes.id, dishId)))[0]
        ?.estimate;
    const voidIt = (
      lineId: number,
      payload: object = { reason: "客人不要了" },
      headers?: Record<string, string>,
    ) => staff("POST", API.consoleLineVoid(dine.id, lineId), payload, headers);

    it("voids once: the total drops by the line, its stock goes back, the diner sees it struck, the kitchen gets a cancel", async () => {
      const diner = await dinerAt(dine);
      const { orderId, voided, kept, dishId } = await twoLineOrder(diner);
      await kitchenIdle(app.db);
      expect(await stockOf(dishId)).toBe(49);
      const before = (await orderRow(orderId))?.totalPrice;
      // two taps at once: one voids, the other is told it is done
      const answers = await Promise.all([voidIt(voided.id), voidIt(voided.id)]);
      expect(answers.map((a) => json(a).code).sort()).toEqual([1000, 4195]);
      await kitchenIdle(app.db);
      expect(Number((await orderRow(orderId))?.totalPrice)).toBeCloseTo(
        Number(before) - Number(voided.total),
        2,
      );
      expect(await stockOf(dishId)).toBe(50);
      const seen = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${dine.id}`)).data as OrderDetail;
      expect(seen.dishOrders.find((l) => l.id === voided.id)?.cancelled).toBe(true);
      expect(seen.dishOrders.find((l) => l.id === kept.id)?.cancelled).toBe(false);
      expect(seen.orderTotalPrice).toBe(Number(kept.total).toFixed(2));
      const detail = await detailOf(dine.id, diner.table.tableId);
      expect(detail.orders[0]?.lines.find((l) => l.lineId === voided.id)?.voided).toMatchObject({
        reason: "客人不要了",
      });
      // the station that got the line: a cancel ticket for it alone; the kept line stays on its ticket
      const tickets = await app.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, orderId));
      expect(tickets.filter((t) => t.kind === "cancel")).toHaveLength(1);
      const cancelled = await app.db
        .select()
        .from(kitchenItems)
        .where(and(eq(kitchenItems.kind, "cancel"), eq(kitchenItems.orderLineId, voided.id)));
      expect(cancelled).toHaveLength(1);
      expect((await auditOf(`orderLine:${voided.id}`))[0]).toMatchObject({ action: "line.void" });
      // the last dish is cancelled with its order, not voided
      expect(json(await voidIt(kept.id)).code).toBe(4196);
      // then the order is cancelled: a cancel ticket of its own for the kept line, the voided stock not returned twice
      const cancel = await staff("POST", API.consoleOrderAction(dine.id, orderId, "cancel"), {
        reason: "走了",
      });
      expect(json(cancel).code).toBe(1000);
      await kitchenIdle(app.db);
      expect(await stockOf(dishId)).toBe(50);
      const after = await app.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, orderId));
      const keptCancel = await app.db
        .select()
        .from(kitchenItems)
        .where(and(eq(kitchenItems.kind, "cancel"), eq(kitchenItems.orderLineId, kept.id)));
      expect(keptCancel).toHaveLength(1);
      expect(after.filter((t) => t.kind === "cancel").length).toBeGreaterThanOrEqual(2);
      // a cancelled order's line: refused
      expect(json(await voidIt(kept.id)).code).toBe(4091);
    });

    it("lets a waiter void on a new order alone, but once the kitchen started only with a manager's approval", async () => {
      const waiter = await staffHeaders(app, dine.id, "waiter");
      const fresh = await twoLineOrder(await dinerAt(dine));
      expect(json(await voidIt(fresh.voided.id, { reason: "点错了" }, waiter)).code).toBe(1000);
      const cooking = await twoLineOrder(await dinerAt(dine));
      expect(
        json(await staff("POST", API.staffOrderStatus(dine.id, cooking.orderId), { status: 2 })).code,
      ).toBe(1000);
      expect(json(await voidIt(cooking.voided.id, { reason: "做慢了" }, waiter)).code).toBe(4031);
      const [untouched] = await app.db.select().from(orderLines).where(eq(orderLines.id, cooking.voided.id));
      expect(untouched?.voidedAt).toBeNull();
      await staffHeaders(app, dine.id, "manager");
      const { login, pin } = testStaff(dine.id, "manager");
      const approved = await voidIt(
        cooking.voided.id,
        { reason: "做慢了", approval: { login, pin } },
        waiter,
      );
      expect(json(approved).code).toBe(1000);
      const [entry] = (await auditOf(`orderLine:${cooking.voided.id}`)).filter(
        (r) => r.action === "line.void",
      );
      expect(entry).toMatchObject({ approverName: "测试manager" });
    });

    it("refuses another restaurant's line (404), a kitchen role (403), and a comped line, changing nothing", async () => {
      const diner = await dinerAt(dine);
      const { orderId, voided } = await twoLineOrder(diner);
      const foreign = await app.server.inject({
        method: "POST",
        url: API.consoleLineVoid(other.id, voided.id),
        headers: await staffHeaders(app, other.id),
        payload: { reason: "x" },
      });
      expect(foreign.statusCode).toBe(404);
      const kitchen = await voidIt(voided.id, { reason: "x" }, await staffHeaders(app, dine.id, "kitchen"));
      expect(kitchen.statusCode).toBe(403);
      expect(json(await voidIt(voided.id, { reason: "" })).code).toBe(400);
      expect(json(await staff("POST", API.consoleLineComp(dine.id, voided.id), { reason: "送" })).code).toBe(
        1000,
      );
      expect(json(await voidIt(voided.id)).code).toBe(4192);
      const [line] = await app.db.select().from(orderLines).where(eq(orderLines.id, voided.id));
      expect(line?.voidedAt).toBeNull();
      expect((await orderRow(orderId))?.status).toBe(0);
    });
  });

  describe("approvals (a manager's login and PIN)", () => {
    const waiterPost = async (url: string, payload: object) =>
      staff("POST", url, payload, await staffHeaders(app, dine.id, "waiter"));
    const cashierPost = async (url: string, payload: object) =>
      staff("POST", url, payload, await staffHeaders(app, dine.id, "cashier"));
    const manager = async () => {
      await staffHeaders(app, dine.id, "manager");
      const { login, pin } = testStaff(dine.id, "manager");
      return { login, pin };
    };

    it("lets a waiter cancel a new order alone, but one the kitchen started only with a manager's approval", async () => {
      const fresh = await place(await dinerAt(dine));
      expect(
        json(await waiterPost(API.consoleOrderAction(dine.id, fresh, "cancel"), { reason: "点错了" })).code,
      ).toBe(1000);
      const cooking = await place(await dinerAt(dine));
      expect(json(await staff("POST", API.staffOrderStatus(dine.id, cooking), { status: 2 })).code).toBe(
        1000,
      );
      const refused = await waiterPost(API.consoleOrderAction(dine.id, cooking, "cancel"), {
        reason: "做慢了",
      });
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ code: 4031 });
      // the old move call cannot get round it
      const moved = await staff(
        "POST",
        API.staffOrderStatus(dine.id, cooking),
        { status: 4 },
        await staffHeaders(app, dine.id, "waiter"),
      );
      expect(json(moved)).toMatchObject({ code: 4031 });
      const wrongPin = await waiterPost(API.consoleOrderAction(dine.id, cooking, "cancel"), {
        reason: "做慢了",
        approval: { login: (await manager()).login, pin: "0000" },
      });
      expect(wrongPin.statusCode).toBe(403);
      expect((await orderRow(cooking))?.status).toBe(2);
      const approved = await waiterPost(API.consoleOrderAction(dine.id, cooking, "cancel"), {
        reason: "做慢了",
        approval: await manager(),
      });
      expect(json(approved)).toMatchObject({ code: 1000, data: { status: 4 } });
      const [entry] = await auditOf(`order:${cooking}`).then((rows) =>
        rows.filter((r) => r.action === "order.cancel"),
      );
      expect(entry).toMatchObject({ approverName: "测试manager", before: { status: 2 } });
      expect(entry?.approver).toMatch(/^staff:\d+$/);
    });

    it("comps and reverses a settle only with an approval when a cashier asks", async () => {
      const diner = await dinerAt(dine);
      const orderId = await place(diner);
      const [line] = await app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      const comp = (payload: object) => cashierPost(API.consoleLineComp(dine.id, line?.id ?? 0), payload);
      expect(json(await comp({ reason: "庆生" }))).toMatchObject({ code: 4031 });
      expect(json(await comp({ reason: "庆生", approval: await manager() })).code).toBe(1000);
      const tableId = diner.table.tableId;
      expect(json(await cashierPost(API.staffSettleTable(dine.id, tableId), {})).code).toBe(1000);
      const reverse = (payload: object) =>
        cashierPost(API.consoleTableAction(dine.id, tableId, "reverse-settle"), payload);
      expect(json(await reverse({ reason: "结错" }))).toMatchObject({ code: 4031 });
      expect((await orderRow(orderId))?.status).toBe(7);
      expect(json(await reverse({ reason: "结错", approval: await manager() })).code).toBe(1000);
      expect((await orderRow(orderId))?.status).toBe(0);
    });

    it("gives a kitchen socket no floor message, and refuses a waiter the gate's settings", async () => {
      const kitchen = await ConsoleSocket.open(
        httpBase,
        dine.id,
        await staffHeaders(app, dine.id, "kitchen"),
      );
      const floor = await ConsoleSocket.open(httpBase, dine.id, await staffHeaders(app, dine.id, "waiter"));
      expect(kitchen.messages[0]).toMatchObject({ topics: ["kitchen"] });
      const orderId = await place(await dinerAt(dine));
      await floor.until((m) => m.type === "orderPlaced" && "orderId" in m && m.orderId === orderId);
      expect(kitchen.messages.some((m) => m.topic === "floor")).toBe(false);
      expect(
        (await staff("PUT", API.consoleGate(dine.id), {}, await staffHeaders(app, dine.id, "waiter")))
          .statusCode,
      ).toBe(403);
      kitchen.close();
      floor.close();
    });
  });

  it("reverses a settle: the visit reopens and each order gets its status back; not twice, not over a new party", async () => {
    const tableId = freeTable(dine);
    const diner = await dinerAt(dine, tableId);
    const first = await place(diner);
    expect(json(await staff("POST", API.consoleOrderAction(dine.id, first, "accept"))).code).toBe(1000);
    const settle = () => staff("POST", API.staffSettleTable(dine.id, tableId));
    expect(json(await settle()).code).toBe(1000);
    // nobody signed in settles nothing
    expect(
      (await app.server.inject({ method: "POST", url: API.staffSettleTable(dine.id, tableId) })).statusCode,
    ).toBe(401);
    const reverse = () =>
      staff("POST", API.consoleTableAction(dine.id, tableId, "reverse-settle"), { reason: "结错桌了" });
    expect(json(await reverse())).toMatchObject({ code: 1000, data: { orderIds: [first] } });
    expect((await orderRow(first))?.status).toBe(ORDER_STATUS.accepted);
    expect(await cardOf(dine.id, tableId)).toMatchObject({ state: "ordered" });
    expect(json(await reverse()).code).toBe(4193);
    // settled again, and a new party sits down: the old visit is theirs no more
    expect(json(await settle()).code).toBe(1000);
    await dinerAt(dine, tableId);
    expect(json(await reverse()).code).toBe(4193);
  });

  it("acknowledges a call once: the floor hears it and the table's diners get type 40", async () => {
    const diner = await dinerAt(dine);
    const tableSocket = await TableSocket.open(socketAt(wsBase, diner.table, diner.guid));
    const consoleSocket = await ConsoleSocket.open(httpBase, dine.id, await staffHeaders(app, dine.id));
    expect(json(await callWaiter(diner)).code).toBe(200);
    const call = await consoleSocket.until((m) => m.topic === "floor" && m.type === "waiterCall");
    const callId = (call as { callId: number }).callId;
    expect((await cardOf(dine.id, diner.table.tableId))?.calls.map((c) => c.callId)).toEqual([callId]);
    const [first, second] = await Promise.all([
      staff("POST", API.consoleCallAck(dine.id, callId)),
      staff("POST", API.consoleCallAck(dine.id, callId)),
    ]);
    expect([json(first).code, json(second).code].sort()).toEqual([1000, 4191]);
    await consoleSocket.until((m) => m.type === "callAcked");
    expect(await tableSocket.until((m) => m.type === MSG.waiterAnswered)).toMatchObject({
      tableId: diner.table.tableId,
      callId,
    });
    expect((await cardOf(dine.id, diner.table.tableId))?.calls).toEqual([]);
    const [row] = await app.db.select().from(waiterCalls).where(eq(waiterCalls.id, callId));
    expect(row?.handledAt).not.toBeNull();
    tableSocket.socket.close();
    consoleSocket.close();
  });

  it("refuses another restaurant's ids (404) and another restaurant's staff (403), changing nothing", async () => {
    const theirs = await dinerAt(other);
    const theirOrder = await place(
      theirs,
      (await menuOf(app, other.id)).find(
        (d) => d.foodproperty === 0 && d.norms.length === 0 && d.estimate === -1 && !d.minCount,
      )?.id,
    );
    expect(json(await callWaiter(theirs)).code).toBeDefined();
    const [theirCall] = await app.db.select().from(waiterCalls).where(eq(waiterCalls.restaurantId, other.id));
    const [theirLine] = await app.db.select().from(orderLines).where(eq(orderLines.orderId, theirOrder));
    const before = await orderRow(theirOrder);
    // our staff, our restaurant's path, their ids
    const ours = [
      await staff("POST", API.consoleOrderAction(dine.id, theirOrder, "accept")),
      await staff("POST", API.consoleOrderAction(dine.id, theirOrder, "cancel"), { reason: "x" }),
      await staff("POST", API.consoleLineComp(dine.id, theirLine?.id ?? 0), { reason: "x" }),
      await staff("GET", API.consoleTable(dine.id, theirs.table.tableId)),
      await staff("POST", API.consoleTableAction(dine.id, theirs.table.tableId, "reverse-settle"), {
        reason: "x",
      }),
      await staff("POST", API.consoleTableAction(dine.id, theirs.table.tableId, "seat")),
    ];
    if (theirCall) ours.push(await staff("POST", API.consoleCallAck(dine.id, theirCall.id)));
    for (const answer of ours) expect(answer.statusCode).toBe(404);
    // our staff on their restaurant's path
    const mine = await staffHeaders(app, dine.id);
    const foreign = [
      await staff("GET", API.consoleFloor(other.id), undefined, mine),
      await staff("POST", API.consoleOrderAction(other.id, theirOrder, "accept"), undefined, mine),
      await staff("PUT", API.consoleGate(other.id), { cancelledToday: true }, mine),
    ];
    for (const answer of foreign) expect(answer.statusCode).toBe(403);
    expect(await orderRow(theirOrder)).toEqual(before);
    const [otherRestaurant] = await app.db.select().from(restaurants).where(eq(restaurants.id, other.id));
    expect(otherRestaurant?.gateRules).toEqual({});
  });

  it("refuses malformed input with 400", async () => {
    const orderId = await place(await dinerAt(dine));
    const bad = [
      await staff("GET", `/console/api/v1/restaurants/${dine.id}/tables/abc`),
      await staff("POST", API.consoleOrderAction(dine.id, orderId, "accept"), { extra: 1 }),
      await staff("POST", API.consoleOrderAction(dine.id, orderId, "cancel"), { reason: "x".repeat(61) }),
      await staff("POST", API.consoleOrderAction(dine.id, orderId, "cancel"), {
        reason: "x",
        approval: { login: "m", pin: "12" },
      }),
      await staff("PUT", API.consoleGate(dine.id), { overAmount: "abc" }),
      await staff("PUT", API.consoleGate(dine.id), { unseatedPayLater: "yes" }),
      await staff("POST", API.consoleTableAction(dine.id, freeTable(dine), "cart-ops"), {
        opId: "x",
        op: {},
      }),
    ];
    for (const answer of bad) expect(answer.statusCode).toBe(400);
    expect((await orderRow(orderId))?.status).toBe(0);
  });

  describe("the console socket", () => {
    it("refuses an upgrade without a session (401) or for another restaurant (403)", async () => {
      expect(await ConsoleSocket.refusal(httpBase, dine.id, {})).toBe(401);
      expect(await ConsoleSocket.refusal(httpBase, other.id, await staffHeaders(app, dine.id))).toBe(403);
      expect(await ConsoleSocket.refusal(httpBase, "abc", await staffHeaders(app, dine.id))).toBe(400);
    });

    it("brings a diner's submit to the restaurant's consoles, and not to another restaurant's", async () => {
      const ours = await ConsoleSocket.open(httpBase, dine.id, await staffHeaders(app, dine.id));
      const theirs = await ConsoleSocket.open(httpBase, other.id, await staffHeaders(app, other.id));
      expect(ours.messages[0]).toEqual({ topic: "console", type: "hello", topics: ["floor", "kitchen"] });
      const diner = await dinerAt(dine);
      const orderId = await place(diner);
      expect(await ours.until((m) => m.type === "orderPlaced")).toMatchObject({
        topic: "floor",
        orderId,
        tableId: diner.table.tableId,
        held: false,
      });
      await ours.until((m) => m.type === "table" && "change" in m && m.change === "cart");
      // a move after it reaches the same console; the other restaurant's has heard nothing of ours
      expect(json(await staff("POST", API.consoleOrderAction(dine.id, orderId, "accept"))).code).toBe(1000);
      await ours.until((m) => m.type === "orderStatus" && "orderId" in m && m.orderId === orderId);
      await place(
        await dinerAt(other),
        (await menuOf(app, other.id)).find(
          (d) => d.foodproperty === 0 && d.norms.length === 0 && d.estimate === -1 && !d.minCount,
        )?.id,
      );
      await theirs.until((m) => m.type === "orderPlaced");
      expect(theirs.messages.some((m) => "orderId" in m && m.orderId === orderId)).toBe(false);
      ours.close();
      theirs.close();
    });
  });

  describe("the gate before the kitchen", () => {
    const setGate = async (rid: number, rules: object) =>
      expect(json(await staff("PUT", API.consoleGate(rid), rules)).code).toBe(1000);

    it("holds pay-later orders from a table no waiter seated, until a waiter accepts; a seated table passes", async () => {
      await setGate(dine.id, { unseatedPayLater: true });
      expect(json(await staff("GET", API.consoleGate(dine.id))).data).toEqual({
        unseatedPayLater: true,
        overAmount: null,
        cancelledToday: false,
      });
      const diner = await dinerAt(dine);
      const held = await place(diner);
      expect(await orderRow(held)).toMatchObject({
        status: 0,
        held: true,
        gateReasons: ["unseatedPayLater"],
      });
      const detail = json(await diner.get(`${API.orderDetail}/${held}?rid=${dine.id}`)).data as {
        status: number;
        held: boolean;
      };
      expect(detail).toMatchObject({ status: 0, held: true });
      expect((await cardOf(dine.id, diner.table.tableId))?.heldOrders).toBe(1);
      expect(json(await staff("POST", API.consoleOrderAction(dine.id, held, "accept"))).code).toBe(1000);
      expect(await orderRow(held)).toMatchObject({ status: 1, held: false });
      // the accept was a waiter's action on the visit: the table's next order passes
      const next = await place(diner);
      expect(await orderRow(next)).toMatchObject({ held: false });
      // a table a waiter seated first passes from its first order
      const tableId = freeTable(dine);
      expect(
        json(await staff("POST", API.consoleTableAction(dine.id, tableId, "seat"), { personNum: 2 })).code,
      ).toBe(1000);
      const seated = await place(await dinerAt(dine, tableId));
      expect(await orderRow(seated)).toMatchObject({ held: false, gateReasons: [] });
      await setGate(dine.id, {});
    });

    it("holds orders over an amount, and orders from a visitor who cancelled today", async () => {
      await setGate(dine.id, { overAmount: "0.01", cancelledToday: false });
      const over = await place(await dinerAt(dine));
      expect(await orderRow(over)).toMatchObject({ held: true, gateReasons: ["overAmount"] });
      await setGate(dine.id, { overAmount: "99999" });
      expect(await orderRow(await place(await dinerAt(dine)))).toMatchObject({ held: false });

      await setGate(dine.id, { cancelledToday: true });
      const diner = await dinerAt(dine);
      const first = await place(diner);
      expect(await orderRow(first)).toMatchObject({ held: false });
      expect(json(await diner.post(API.orderCancel(first), { rid: dine.id })).code).toBe(1000);
      const second = await place(diner);
      expect(await orderRow(second)).toMatchObject({ held: true, gateReasons: ["cancelledToday"] });
      // another diner at another table is not held for it
      expect(await orderRow(await place(await dinerAt(dine)))).toMatchObject({ held: false });
      await setGate(dine.id, {});
    });

    it("lets prepaid orders straight through whatever the rules", async () => {
      await setGate(prepay.id, { unseatedPayLater: true, overAmount: "0.01", cancelledToday: true });
      const prepayMenu = await menuOf(app, prepay.id);
      const diner = await dinerAt(prepay);
      const orderId = await place(diner, plainDish(prepayMenu).id);
      expect(await orderRow(orderId)).toMatchObject({ held: false, paymentType: 1, gateReasons: [] });
      await setGate(prepay.id, {});
    });
  });

  describe("waiters ordering for a table", () => {
    it("adds through the diners' cart path and submits; the lines say the waiter added them", async () => {
      const tableId = freeTable(dine);
      const diner = await dinerAt(dine, tableId);
      const op = (foodId: number) =>
        staff("POST", API.consoleTableAction(dine.id, tableId, "cart-ops"), {
          opId: randomUUID(),
          op: { kind: "add", foodId, choice: PLAIN },
        });
      const added = json(await op(plainDish(menu).id));
      expect(added).toMatchObject({ code: 1000, data: { verdict: { ok: true } } });
      expect((await detailOf(dine.id, tableId)).cart?.lines[0]?.addedBy.kind).toBe("staff");
      // the diners do not count the waiter as a tablemate
      expect((await cardOf(dine.id, tableId))?.diners).toBe(1);
      const submitted = json(
        await staff("POST", API.consoleTableAction(dine.id, tableId, "submit"), {
          submitId: randomUUID(),
          personNum: 2,
        }),
      );
      expect(submitted).toMatchObject({ code: 1000 });
      const { orderId } = submitted.data as { orderId: number };
      const detail = await detailOf(dine.id, tableId);
      expect(detail.orders.find((o) => o.orderId === orderId)?.lines[0]?.addedBy.kind).toBe("staff");
      expect(diner.guid).toBeTruthy();
    });

    it("loses no line when two waiters and a diner add to one table at once (real concurrent requests)", async () => {
      const tableId = freeTable(dine);
      const diner = await dinerAt(dine, tableId);
      const plainDishes = menu
        .filter(
          (d) =>
            d.foodproperty === 0 &&
            d.norms.length === 0 &&
            d.estimate === -1 &&
            !d.minCount &&
            d.availableStatus === 1 &&
            d.methodCategories.length === 0 &&
            d.additionCategories.length === 0,
        )
        .slice(0, 12);
      expect(plainDishes.length).toBeGreaterThanOrEqual(9);
      const [w1, w2] = [
        await staffHeaders(app, dine.id, "waiter"),
        await staffHeaders(app, dine.id, "waiter"),
      ];
      const waiterAdd = (headers: Record<string, string>, foodId: number) =>
        fetch(`${httpBase}${API.consoleTableAction(dine.id, tableId, "cart-ops")}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ opId: randomUUID(), op: { kind: "add", foodId, choice: PLAIN } }),
        }).then((r) => r.json() as Promise<{ code: number; data: { verdict: { ok: boolean } } }>);
      const dinerAdd = (foodId: number) => diner.op({ kind: "add", foodId, choice: PLAIN });
      const ids = plainDishes.map((d) => d.id);
      const verdicts = await Promise.all([
        ...ids.slice(0, 3).map((id) => waiterAdd(w1, id).then((a) => a.data.verdict)),
        ...ids.slice(3, 6).map((id) => waiterAdd(w2, id).then((a) => a.data.verdict)),
        ...ids.slice(6, 9).map((id) => dinerAdd(id).then((a) => a.verdict)),
      ]);
      for (const verdict of verdicts) expect(verdict).toMatchObject({ ok: true });
      const cart = (await detailOf(dine.id, tableId)).cart;
      expect(cart?.lines.map((l) => l.foodId).sort()).toEqual(ids.slice(0, 9).sort());
    });
  });

  it("keeps visits and audit rows consistent: a seat opens the visit once", async () => {
    const tableId = freeTable(dine);
    await Promise.all([
      staff("POST", API.consoleTableAction(dine.id, tableId, "seat")),
      staff("POST", API.consoleTableAction(dine.id, tableId, "seat")),
    ]);
    const open = await app.db
      .select()
      .from(visits)
      .where(and(eq(visits.tableId, tableId)));
    expect(open).toHaveLength(1);
  });
});
