import {
  API,
  type Bill,
  type Dish,
  type KitchenTicket,
  ORDER_STATUS,
  type Station,
  type StationDisplay,
  type TicketPrint,
} from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  categories,
  dishes,
  kitchenBumps,
  kitchenItems,
  kitchenTickets,
  orders,
  restaurants,
  stationCategories,
  stations,
  tables,
} from "../src/db/schema.js";
import { kitchenIdle } from "../src/modules/kitchen/queue.js";
import { ticketsForOrder } from "../src/modules/kitchen/tickets.js";
import { memoryBackplane } from "../src/realtime/hub.js";
import { staffTopic } from "../src/realtime/staff-topics.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  menuOf,
  PLAIN,
  plainDishes,
  type DemoRestaurant as Restaurant,
} from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

describe.each(BACKENDS)("the kitchen on %s", (backend) => {
  let app: TestApp;
  let dine: Restaurant;
  let other: Restaurant;
  let menu: Dish[];
  const backplane = memoryBackplane();
  const heard: Array<{ topic: string; type: string; ticket?: KitchenTicket }> = [];
  const free: number[] = [];
  let guids = 0;
  /** the demo station of each name at `dine` */
  const station = new Map<string, Station>();
  /** a plain dish of each demo category name at `dine` */
  const dishIn = new Map<string, Dish>();

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" }, backplane });
    const find = await demoRestaurants(app);
    dine = find((r) => r.name === "川味小馆");
    other = find((r) => r.name === "江南食府");
    await app.db
      .insert(tables)
      .values(Array.from({ length: 40 }, (_, i) => ({ restaurantId: dine.id, name: `厨${i + 1}` })));
    const mine = await app.db
      .select()
      .from(tables)
      .where(eq(tables.restaurantId, dine.id))
      .orderBy(asc(tables.id));
    free.push(...mine.map((t) => t.id));
    menu = await menuOf(app, dine.id);
    const rows = await app.db
      .select({ id: dishes.id, category: categories.name })
      .from(dishes)
      .innerJoin(categories, eq(dishes.categoryId, categories.id))
      .where(eq(dishes.restaurantId, dine.id));
    for (const d of plainDishes(menu)) {
      const category = rows.find((r) => r.id === d.id)?.category;
      if (category && !dishIn.has(category)) dishIn.set(category, d);
    }
    const list = json(await call("GET", API.consoleStations(dine.id))).data as Station[];
    for (const s of list) station.set(s.name, s);
    await backplane.subscribe(staffTopic(dine.id, "kitchen"), (m) => heard.push(JSON.parse(m)));
  });
  afterAll(() => app.close());

  async function call(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
    rid = Number(/restaurants\/(\d+)/.exec(url)?.[1]),
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    return app.server.inject({
      method,
      url,
      headers: headers ?? (await staffHeaders(app, rid, "owner")),
      ...(payload && { payload }),
    });
  }

  const dish = (category: string): Dish => {
    const found = dishIn.get(category);
    if (!found) throw new Error(`no plain dish in ${category}`);
    return found;
  };

  async function diner(): Promise<Diner> {
    const tableId = free.shift();
    if (!tableId) throw new Error("out of tables");
    const guid = `kitchen-${backend}-${String(++guids).padStart(4, "0")}`;
    return new Diner(app, guid, {
      restaurantId: dine.id,
      tableId,
      sid: app.signer.tableToken(dine.id, tableId),
    }).sit();
  }

  /** A diner orders these dishes (name → times) through the real submit; the order id, its tickets made. */
  async function order(
    who: Diner,
    lines: Array<[string, number]>,
    extra: Record<string, unknown> = {},
  ): Promise<number> {
    for (const [category, times] of lines) await who.add(dish(category).id, PLAIN, times);
    const answer = json(await who.submit(who.order(extra)));
    expect(answer.code).toBe(1000);
    await kitchenIdle(app.db);
    return (answer.data as { orderId: number }).orderId;
  }

  const ticketsOf = (orderId: number) =>
    app.db
      .select()
      .from(kitchenTickets)
      .where(eq(kitchenTickets.orderId, orderId))
      .orderBy(asc(kitchenTickets.id));

  const allTickets = async () => (await app.db.select().from(kitchenTickets)).length;

  async function display(stationName: string): Promise<StationDisplay> {
    const s = station.get(stationName);
    if (!s) throw new Error(`no station ${stationName}`);
    const answer = json(await call("GET", API.consoleStationDisplay(dine.id, s.id)));
    expect(answer.code).toBe(1000);
    return answer.data as StationDisplay;
  }

  const statusOf = async (orderId: number) =>
    (await app.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.s;

  it("the demo restaurants have 热菜, 凉菜 and 吧台, with their categories", async () => {
    expect([...station.keys()]).toEqual(["热菜", "凉菜", "吧台"]);
    const names = async (s: Station) =>
      (await app.db.select().from(categories).where(inArray(categories.id, s.categoryIds))).map(
        (c) => c.name,
      );
    expect(await names(station.get("凉菜") as Station)).toEqual(["凉菜"]);
    expect((await names(station.get("吧台") as Station)).sort()).toEqual(["酒水", "饮品"].sort());
    const everyDemo = await app.db.select({ id: restaurants.id }).from(restaurants);
    for (const r of everyDemo) {
      const own = await app.db.select().from(stations).where(eq(stations.restaurantId, r.id));
      expect(own.map((s) => s.name)).toEqual(["热菜", "凉菜", "吧台"]);
    }
  });

  it("a submit makes one ticket per station with its routed lines, after the answer; the display shows it live", async () => {
    const heardBefore = heard.length;
    const orderId = await order(await diner(), [
      ["热菜", 2],
      ["凉菜", 1],
      ["饮品", 1],
    ]);
    const tickets = await ticketsOf(orderId);
    expect(tickets.map((t) => [t.stationId, t.kind])).toEqual([
      [station.get("热菜")?.id, "new"],
      [station.get("凉菜")?.id, "new"],
      [station.get("吧台")?.id, "new"],
    ]);
    const hot = (await display("热菜")).tickets.find((t) => t.orderId === orderId);
    expect(hot?.items.map((i) => [i.foodId, i.count, i.state])).toEqual([[dish("热菜").id, "2", "held"]]);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const [table] = await app.db
      .select()
      .from(tables)
      .where(eq(tables.id, row?.tableId ?? 0));
    expect(hot?.tableName).toBe(table?.name);
    const live = heard.slice(heardBefore).filter((m) => m.type === "ticket.created");
    expect(live.map((m) => m.ticket?.stationName).sort()).toEqual(["凉菜", "吧台", "热菜"].sort());
    expect(live.every((m) => m.topic === "kitchen" && m.ticket?.orderId === orderId)).toBe(true);
    // a replayed submit (the same submitId) answers the same order and makes no ticket
    const before = await allTickets();
    expect(await ticketsForOrder(app.db, orderId)).toMatchObject({ created: [], changed: [] });
    expect(await allTickets()).toBe(before);
  });

  it("加菜 makes new tickets with only the added lines; a category two stations cook goes to both", async () => {
    const who = await diner();
    const first = await order(who, [["热菜", 1]]);
    const added = await order(who, [["凉菜", 2]], { mainOrderId: first });
    expect((await ticketsOf(first)).map((t) => t.stationId)).toEqual([station.get("热菜")?.id]);
    const addedTickets = await ticketsOf(added);
    expect(addedTickets.map((t) => t.stationId)).toEqual([station.get("凉菜")?.id]);
    const items = await app.db
      .select()
      .from(kitchenItems)
      .where(eq(kitchenItems.ticketId, addedTickets[0]?.id ?? 0));
    expect(items.map((i) => Number(i.count))).toEqual([2]);

    // a station that also plates 凉菜 (created here: the demo's stay as they are for the other tests)
    const cold = station.get("凉菜") as Station;
    const pass = json(
      await call("POST", API.consoleStations(dine.id), {
        name: "出品",
        sort: 9,
        categoryIds: cold.categoryIds,
      }),
    );
    expect(pass.code).toBe(1000);
    const both = await order(await diner(), [["凉菜", 1]]);
    expect((await ticketsOf(both)).map((t) => t.stationId)).toEqual([cold.id, (pass.data as Station).id]);
    // and back to the demo's routes for the tests after
    const back = await call("PUT", API.consoleStation(dine.id, (pass.data as Station).id), {
      name: "出品",
      categoryIds: [],
    });
    expect(back.statusCode).toBe(200);
  });

  it("a cancel makes a cancel ticket at the stations that got the lines, voids their items, once", async () => {
    const orderId = await order(await diner(), [
      ["热菜", 1],
      ["饮品", 2],
    ]);
    // staff cancel, replayed and raced with direct calls: one cancel ticket per station
    const moves = await Promise.all([
      call("POST", API.staffOrderStatus(dine.id, orderId), { status: ORDER_STATUS.cancelled }),
      call("POST", API.staffOrderStatus(dine.id, orderId), { status: ORDER_STATUS.cancelled }),
      ...Array.from({ length: 4 }, () => ticketsForOrder(app.db, orderId)),
    ]);
    expect(
      moves
        .slice(0, 2)
        .map((m) => (m as LightMyRequestResponse).statusCode)
        .sort(),
    ).toEqual([200, 409]);
    const tickets = await ticketsOf(orderId);
    expect(tickets.map((t) => `${t.stationId}/${t.kind}`).sort()).toEqual(
      [
        `${station.get("热菜")?.id}/new`,
        `${station.get("吧台")?.id}/new`,
        `${station.get("热菜")?.id}/cancel`,
        `${station.get("吧台")?.id}/cancel`,
      ].sort(),
    );
    const bar = await display("吧台");
    expect(bar.tickets.filter((t) => t.orderId === orderId).map((t) => t.kind)).toEqual(["cancel"]);
    const newItems = await app.db
      .select()
      .from(kitchenItems)
      .where(
        and(
          inArray(
            kitchenItems.ticketId,
            tickets.map((t) => t.id),
          ),
          eq(kitchenItems.kind, "new"),
        ),
      );
    expect(newItems.every((i) => i.state === "void")).toBe(true);
  });

  it("the floor's cancel (with its reason) sends the cancel ticket too", async () => {
    const orderId = await order(await diner(), [["凉菜", 1]]);
    const answer = await call("POST", API.consoleOrderAction(dine.id, orderId, "cancel"), {
      reason: "客人不要了",
    });
    expect(answer.statusCode).toBe(200);
    await kitchenIdle(app.db);
    expect((await ticketsOf(orderId)).map((t) => t.kind)).toEqual(["new", "cancel"]);
  });

  it("a diner's own cancel sends the cancel ticket too", async () => {
    const who = await diner();
    const orderId = await order(who, [["凉菜", 1]]);
    const answer = json(await who.post(API.orderCancel(orderId), { rid: dine.id }));
    expect(answer.code).toBe(1000);
    expect((await ticketsOf(orderId)).map((t) => t.kind)).toEqual(["new", "cancel"]);
  });

  it("concurrent creation makes each ticket once (the submit's queue, retries and replays racing)", async () => {
    const who = await diner();
    await who.add(dish("热菜").id, PLAIN, 1);
    await who.add(dish("饮品").id, PLAIN, 1);
    const payload = who.order();
    const answer = json(await who.submit(payload));
    const orderId = (answer.data as { orderId: number }).orderId;
    // while the queue makes them: eight more calls at once, and the submit replayed
    await Promise.all([
      ...Array.from({ length: 8 }, () => ticketsForOrder(app.db, orderId)),
      who.submit(payload),
    ]);
    await kitchenIdle(app.db);
    expect((await ticketsOf(orderId)).length).toBe(2);
    const items = await app.db
      .select()
      .from(kitchenItems)
      .where(
        inArray(
          kitchenItems.ticketId,
          (await ticketsOf(orderId)).map((t) => t.id),
        ),
      );
    expect(items.length).toBe(2);
  });

  it("bumps move items and the order follows (cooking, then served) as the diner's detail shows", async () => {
    const who = await diner();
    const orderId = await order(who, [
      ["热菜", 1],
      ["凉菜", 1],
    ]);
    const hot = (await display("热菜")).tickets.find((t) => t.orderId === orderId) as KitchenTicket;
    const cold = (await display("凉菜")).tickets.find((t) => t.orderId === orderId) as KitchenTicket;
    const bump = (t: KitchenTicket, version: number, to: string) =>
      call("POST", API.consoleTicketBump(dine.id, t.id), { version, to });

    const first = json(await bump(hot, hot.version, "cooking"));
    expect(first.code).toBe(1000);
    expect((first.data as { orderStatus: number }).orderStatus).toBe(ORDER_STATUS.cooking);
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.cooking);
    const detail = json(await who.get(`${API.orderDetail}/${orderId}?rid=${dine.id}`)).data as {
      status: number;
    };
    expect(detail.status).toBe(ORDER_STATUS.cooking);

    expect(json(await bump(hot, hot.version + 1, "served")).code).toBe(1000);
    // one station served, the other not yet: the order stays cooking
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.cooking);
    const last = json(await bump(cold, cold.version, "served"));
    expect((last.data as { orderStatus: number }).orderStatus).toBe(ORDER_STATUS.served);
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.served);
    // served tickets leave the display
    expect((await display("热菜")).tickets.some((t) => t.orderId === orderId)).toBe(false);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "kitchen.bump"),
          inArray(auditLog.target, [`ticket:${hot.id}`, `ticket:${cold.id}`]),
        ),
      );
    expect(audit.length).toBe(3);
  });

  it("bump is compare-and-set: of two bumps from the same version one wins, the other is 409 and changes nothing", async () => {
    const orderId = await order(await diner(), [["热菜", 1]]);
    const t = (await display("热菜")).tickets.find((x) => x.orderId === orderId) as KitchenTicket;
    const answers = await Promise.all(
      (["cooking", "ready", "cooking", "served"] as const).map((to) =>
        call("POST", API.consoleTicketBump(dine.id, t.id), { version: t.version, to }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const bumps = await app.db.select().from(kitchenBumps).where(eq(kitchenBumps.ticketId, t.id));
    expect(bumps.length).toBe(1);
    const [ticket] = await ticketsOf(orderId);
    expect(ticket?.version).toBe(t.version + 1);
    // nothing left to move to served from served
    const now = (await display("热菜")).tickets.find((x) => x.orderId === orderId);
    if (now) {
      expect(
        (await call("POST", API.consoleTicketBump(dine.id, t.id), { version: now.version, to: "cooking" }))
          .statusCode,
      ).toBe(now.items[0]?.state === "held" ? 200 : 409);
    }
  });

  it("recall undoes the station's last bump, once; a stale recall is 409", async () => {
    const orderId = await order(await diner(), [["饮品", 1]]);
    const bar = station.get("吧台") as Station;
    const t = (await display("吧台")).tickets.find((x) => x.orderId === orderId) as KitchenTicket;
    const bumped = json(
      await call("POST", API.consoleTicketBump(dine.id, t.id), { version: t.version, to: "ready" }),
    );
    const bumpId = (bumped.data as { bumpId: number }).bumpId;
    expect((await display("吧台")).lastBump?.id).toBe(bumpId);
    const recalls = await Promise.all(
      [1, 2, 3].map(() => call("POST", API.consoleStationRecall(dine.id, bar.id), { bumpId })),
    );
    expect(recalls.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const after = (await display("吧台")).tickets.find((x) => x.orderId === orderId);
    expect(after?.items.map((i) => i.state)).toEqual(["held"]);
    expect(after?.version).toBe(t.version + 2);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "kitchen.recall"), eq(auditLog.target, `ticket:${t.id}`)));
    expect(audit.length).toBe(1);
    expect(audit[0]?.before).toMatchObject({ items: [{ state: "ready" }] });
  });

  it("a reprint is labelled and makes no ticket, however often; the bill sends nothing to the kitchen", async () => {
    const orderId = await order(await diner(), [["热菜", 1]]);
    const [ticket] = await ticketsOf(orderId);
    const tickets = await allTickets();
    const items = (await app.db.select().from(kitchenItems)).length;
    for (let n = 1; n <= 4; n++) {
      const printed = json(await call("POST", API.consoleTicketReprint(dine.id, ticket?.id ?? 0)));
      expect(printed.data).toMatchObject({ reprint: true, reprintCount: n });
    }
    const first = json(await call("GET", API.consoleTicket(dine.id, ticket?.id ?? 0))).data as TicketPrint;
    expect(first).toMatchObject({ reprint: false, reprintCount: 4, restaurantName: "川味小馆" });
    expect(await allTickets()).toBe(tickets);

    const status = await statusOf(orderId);
    for (let n = 0; n < 3; n++) {
      const bill = json(await call("GET", API.consoleOrderBill(dine.id, orderId)));
      expect(bill.code).toBe(1000);
      const data = bill.data as Bill;
      expect(data.lines.map((l) => l.name)).toEqual([dish("热菜").name]);
      expect(Number(data.total)).toBeGreaterThan(0);
    }
    expect(await allTickets()).toBe(tickets);
    expect((await app.db.select().from(kitchenItems)).length).toBe(items);
    expect(await statusOf(orderId)).toBe(status);
  });

  it("stations: created, renamed and routed by menu.write; another restaurant's category 400; duplicate name 409; a used station stays", async () => {
    // 热菜 has a ticket
    await order(await diner(), [["热菜", 1]]);
    const created = json(await call("POST", API.consoleStations(dine.id), { name: "面点", categoryIds: [] }));
    expect(created.code).toBe(1000);
    const id = (created.data as Station).id;
    const [foreign] = await app.db.select().from(categories).where(eq(categories.restaurantId, other.id));
    const refused = await call("PUT", API.consoleStation(dine.id, id), {
      name: "面点",
      categoryIds: [foreign?.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(await app.db.select().from(stationCategories).where(eq(stationCategories.stationId, id))).toEqual(
      [],
    );
    expect((await call("POST", API.consoleStations(dine.id), { name: "热菜" })).statusCode).toBe(409);
    const choices = json(await call("GET", API.consoleStationCategories(dine.id))).data as Array<{
      id: number;
    }>;
    expect(choices.length).toBeGreaterThan(3);
    expect(choices.some((c) => c.id === foreign?.id)).toBe(false);
    expect((await call("POST", API.consoleStations(dine.id), { name: "" })).statusCode).toBe(400);
    expect((await call("PUT", API.consoleStation(dine.id, id), { name: "面档", sort: 5 })).statusCode).toBe(
      200,
    );
    expect((await call("DELETE", API.consoleStation(dine.id, id))).statusCode).toBe(200);
    expect((await call("DELETE", API.consoleStation(dine.id, station.get("热菜")?.id ?? 0))).statusCode).toBe(
      409,
    );
    const actions = (
      await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `station:${id}`))
    ).map((a) => a.action);
    expect(actions).toEqual(["station.create", "station.update", "station.delete"]);
  });

  it("another restaurant's tickets, stations and orders: 404 through this restaurant, 403 with its credentials, nothing changed", async () => {
    const orderId = await order(await diner(), [["热菜", 1]]);
    const [ticket] = await ticketsOf(orderId);
    const tid = ticket?.id ?? 0;
    const sid = station.get("热菜")?.id ?? 0;
    const audits = (await app.db.select().from(auditLog)).length;
    const otherStations = json(await call("GET", API.consoleStations(other.id))).data as Station[];
    // through the other restaurant's own path, with its own staff: not found
    for (const [method, url, body] of [
      ["POST", API.consoleTicketBump(other.id, tid), { version: 0, to: "cooking" }],
      ["POST", API.consoleTicketReprint(other.id, tid), undefined],
      ["GET", API.consoleTicket(other.id, tid), undefined],
      ["GET", API.consoleOrderBill(other.id, orderId), undefined],
      ["GET", API.consoleStationDisplay(other.id, sid), undefined],
      ["PUT", API.consoleStation(other.id, sid), { name: "夺" }],
      ["DELETE", API.consoleStation(other.id, sid), undefined],
      ["POST", API.consoleStationRecall(other.id, sid), { bumpId: 1 }],
    ] as const) {
      const answer = await call(method, url, body);
      expect([method, url, answer.statusCode]).toEqual([method, url, 404]);
    }
    // this restaurant's path with the other's credentials: refused by the guard
    const foreign = await staffHeaders(app, other.id, "owner");
    const bump = await call(
      "POST",
      API.consoleTicketBump(dine.id, tid),
      { version: 0, to: "cooking" },
      dine.id,
      foreign,
    );
    expect(bump.statusCode).toBe(403);
    expect((await call("GET", API.consoleStations(dine.id), undefined, dine.id, {})).statusCode).toBe(401);
    expect((await ticketsOf(orderId))[0]?.version).toBe(0);
    expect((await app.db.select().from(auditLog)).length).toBe(audits);
    expect(otherStations.every((s) => s.id !== sid)).toBe(true);
    // malformed: 400
    expect(
      (await call("POST", API.consoleTicketBump(dine.id, tid), { version: -1, to: "cooking" })).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", API.consoleTicketBump(dine.id, tid), { version: 0, to: "held" })).statusCode,
    ).toBe(400);
    expect((await call("GET", API.consoleTicket(dine.id, "abc"))).statusCode).toBe(400);
  });

  /** Roles: a waiter cannot bump, the kitchen cannot settle, change stations or read a bill. */
  it("role refusals: 403 and nothing changed", async () => {
    const waiter = await staffHeaders(app, dine.id, "waiter");
    const kitchen = await staffHeaders(app, dine.id, "kitchen");
    const orderId = await order(await diner(), [["热菜", 1]]);
    const [ticket] = await ticketsOf(orderId);
    const bump = await call(
      "POST",
      API.consoleTicketBump(dine.id, ticket?.id ?? 0),
      { version: 0, to: "cooking" },
      dine.id,
      waiter,
    );
    expect(bump.statusCode).toBe(403);
    expect((await ticketsOf(orderId))[0]?.version).toBe(0);
    const settle = await call("POST", API.staffSettleTable(dine.id, free[0] ?? 1), {}, dine.id, kitchen);
    expect(settle.statusCode).toBe(403);
    expect(
      (await call("POST", API.consoleStations(dine.id), { name: "厨房建" }, dine.id, kitchen)).statusCode,
    ).toBe(403);
    expect(
      (await call("GET", API.consoleOrderBill(dine.id, orderId), undefined, dine.id, kitchen)).statusCode,
    ).toBe(403);
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.placed);
  });
});
