import {
  API,
  AppError,
  type Dish,
  ERRORS,
  formatDate,
  ORDER_STATUS,
  type ReportSummary,
  reportSummarySchema,
  zonedDayStart,
} from "@tablemate/core";
import { asc, eq, inArray } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders, tables } from "../src/db/schema.js";
import { registerErrorHandler } from "../src/http/errors.js";
import { reportRoutes } from "../src/modules/reports/routes.js";
import type { StaffGuard } from "../src/modules/staff/guard.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  menuOf,
  PLAIN,
  plainDish,
  type DemoRestaurant as Restaurant,
} from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

const DAY = "2026-03-10";
const DAY_BEFORE = "2026-03-09";

describe.each(BACKENDS)("today's numbers on %s", (backend) => {
  let app: TestApp;
  let here: Restaurant;
  let there: Restaurant;
  let menu: Dish[];
  const free = new Map<number, number[]>();
  let guids = 0;
  /** the orders placed, by name */
  const placed = { lunch: 0, lunchMore: 0, cancelled: 0, evening: 0, yesterday: 0, elsewhere: 0 };

  const freeTable = (restaurant: Restaurant) => {
    const id = free.get(restaurant.id)?.shift();
    if (!id) throw new Error("out of tables");
    return id;
  };

  /** A diner at a table of its own places `times` of a dish; the order's id. */
  async function place(restaurant: Restaurant, dishId: number, times: number): Promise<number> {
    const tableId = freeTable(restaurant);
    const guid = `report-${backend}-${String(++guids).padStart(4, "0")}`;
    const diner = await new Diner(app, guid, {
      restaurantId: restaurant.id,
      tableId,
      sid: app.signer.tableToken(restaurant.id, tableId),
    }).sit();
    await diner.add(dishId, PLAIN, times);
    const answer = json(await diner.submit());
    expect(answer.code).toBe(1000);
    return (answer.data as { orderId: number }).orderId;
  }

  /** Puts an order at a wall-clock time of its restaurant's day, with a diner count. */
  async function setOrder(
    orderId: number,
    restaurant: Restaurant,
    date: string,
    minutes: number,
    personNum: number,
  ) {
    const createdAt = new Date(zonedDayStart(date, restaurant.timezone).getTime() + minutes * 60_000);
    await app.db.update(orders).set({ createdAt, personNum }).where(eq(orders.id, orderId));
  }

  const summary = async (rid: number, query: string, headers?: Record<string, string>) =>
    app.server.inject({
      method: "GET",
      url: `${API.consoleReportsSummary(rid)}${query}`,
      headers: headers ?? (await staffHeaders(app, rid, "owner")),
    });

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    here = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    there = find((r) => r.wctPayType === 1 && !r.fastHotel);
    await app.db
      .insert(tables)
      .values([
        ...Array.from({ length: 6 }, (_, i) => ({ restaurantId: here.id, name: `报表${i + 1}` })),
        ...Array.from({ length: 2 }, (_, i) => ({ restaurantId: there.id, name: `报表${i + 1}` })),
      ]);
    for (const t of await app.db.select().from(tables).orderBy(asc(tables.id)))
      free.set(t.restaurantId, [...(free.get(t.restaurantId) ?? []), t.id]);
    // a table name a spreadsheet must read as one field
    const [comma] = free.get(here.id) ?? [];
    if (comma) await app.db.update(tables).set({ name: 'A,"1"' }).where(eq(tables.id, comma));

    menu = await menuOf(app, here.id);
    const [first, second] = [plainDish(menu, 0), plainDish(menu, 1)];
    placed.lunch = await place(here, first.id, 2);
    placed.lunchMore = await place(here, second.id, 1);
    placed.cancelled = await place(here, second.id, 5);
    placed.evening = await place(here, first.id, 1);
    placed.yesterday = await place(here, second.id, 3);
    placed.elsewhere = await place(there, plainDish(await menuOf(app, there.id)).id, 4);
    await setOrder(placed.lunch, here, DAY, 12 * 60 + 5, 3);
    await setOrder(placed.lunchMore, here, DAY, 12 * 60 + 40, 2);
    await setOrder(placed.cancelled, here, DAY, 13 * 60, 6);
    await setOrder(placed.evening, here, DAY, 23 * 60 + 59, 1);
    await setOrder(placed.yesterday, here, DAY_BEFORE, 23 * 60 + 30, 4);
    // another restaurant's order at the same moment: never in this restaurant's numbers
    await setOrder(placed.elsewhere, there, DAY, 12 * 60 + 10, 8);
    const cancel = await app.server.inject({
      method: "POST",
      url: API.staffOrderStatus(here.id, placed.cancelled),
      headers: await staffHeaders(app, here.id),
      payload: { status: ORDER_STATUS.cancelled },
    });
    expect(cancel.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  /** The orders' totals and lines as the database holds them. */
  async function written(ids: number[]) {
    const rows = await app.db.select().from(orders).where(inArray(orders.id, ids));
    const lines = await app.db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
    return { rows, lines };
  }

  it("sums a day's orders: count, exact revenue, diners, average, top dishes, by hour", async () => {
    const response = await summary(here.id, `?from=${DAY}&to=${DAY}`);
    expect(response.statusCode).toBe(200);
    const data = reportSummarySchema.parse(json(response).data);
    const { rows } = await written([placed.lunch, placed.lunchMore, placed.evening]);
    const cents = rows.reduce((sum, row) => sum + Math.round(Number(row.totalPrice) * 100), 0);
    expect(data).toMatchObject({
      from: DAY,
      to: DAY,
      timezone: here.timezone,
      orders: 3,
      revenue: (cents / 100).toFixed(2),
      diners: 6,
    });
    expect(data.averagePerDiner).toBe((Math.round(cents / 6) / 100).toFixed(2));
    const [first, second] = [plainDish(menu, 0), plainDish(menu, 1)];
    expect(data.topDishes.map((d) => [d.foodId, d.quantity])).toEqual([
      [first.id, "3"],
      [second.id, "1"],
    ]);
    expect(data.byHour[12]?.orders).toBe(2);
    expect(data.byHour[13]?.orders).toBe(0);
    expect(data.byHour[23]?.orders).toBe(1);
  });

  it("reads a range of days, both ends included, and today by default", async () => {
    const two = reportSummarySchema.parse(json(await summary(here.id, `?from=${DAY_BEFORE}&to=${DAY}`)).data);
    expect(two.orders).toBe(4);
    expect(two.diners).toBe(10);
    const before = reportSummarySchema.parse(json(await summary(here.id, `?to=${DAY_BEFORE}`)).data);
    expect([before.from, before.to, before.orders]).toEqual([DAY_BEFORE, DAY_BEFORE, 1]);
    const today: ReportSummary = reportSummarySchema.parse(json(await summary(here.id, "")).data);
    // the restaurant's today (read twice around the call, in case it crossed midnight)
    expect([
      formatDate(new Date(), here.timezone),
      formatDate(new Date(Date.now() - 60_000), here.timezone),
    ]).toContain(today.from);
    expect(today.to).toBe(today.from);
  });

  it("never counts another restaurant's orders", async () => {
    const theirs = reportSummarySchema.parse(json(await summary(there.id, `?from=${DAY}&to=${DAY}`)).data);
    expect(theirs.orders).toBe(1);
    expect(theirs.diners).toBe(8);
    const ours = reportSummarySchema.parse(json(await summary(here.id, `?from=${DAY}&to=${DAY}`)).data);
    expect(ours.topDishes.map((d) => d.foodId)).not.toContain(plainDish(await menuOf(app, there.id)).id);
  });

  it("refuses another restaurant's staff (403), no credential (401) and malformed ranges (400)", async () => {
    const foreign = await summary(there.id, `?from=${DAY}`, await staffHeaders(app, here.id));
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign).success).toBe(false);
    const csvForeign = await app.server.inject({
      method: "GET",
      url: API.consoleReportsCsv(there.id),
      headers: await staffHeaders(app, here.id),
    });
    expect(csvForeign.statusCode).toBe(403);
    expect(csvForeign.body).not.toContain("订单号");
    const none = await app.server.inject({ method: "GET", url: API.consoleReportsSummary(here.id) });
    expect(none.statusCode).toBe(401);
    for (const query of [
      "?from=2026-02-30",
      "?from=2026-3-1",
      `?from=${DAY}&to=${DAY_BEFORE}`,
      "?from=2025-01-01&to=2026-03-01",
      "?from=today",
    ]) {
      const bad = await summary(here.id, query);
      expect(bad.statusCode, query).toBe(400);
      expect(json(bad).code, query).toBe(ERRORS.badRequest.code);
    }
    const badRid = await app.server.inject({
      method: "GET",
      url: "/console/api/v1/restaurants/x/reports/summary",
    });
    expect(badRid.statusCode).toBe(400);
  });

  it("lets the owner, a manager and a cashier read the numbers; a waiter and the kitchen are refused (403)", async () => {
    for (const role of ["owner", "manager", "cashier"] as const) {
      const response = await summary(here.id, `?from=${DAY}`, await staffHeaders(app, here.id, role));
      expect(response.statusCode, role).toBe(200);
      expect(reportSummarySchema.parse(json(response).data).orders, role).toBe(3);
    }
    for (const role of ["waiter", "kitchen"] as const) {
      const headers = await staffHeaders(app, here.id, role);
      const response = await summary(here.id, `?from=${DAY}`, headers);
      expect(response.statusCode, role).toBe(403);
      expect(json(response)).toMatchObject({ success: false, code: ERRORS.staffForbidden.code, data: null });
      const csv = await app.server.inject({ method: "GET", url: API.consoleReportsCsv(here.id), headers });
      expect(csv.statusCode, role).toBe(403);
      expect(csv.body).not.toContain("订单号");
    }
  });

  it("exports the orders as CSV: a UTF-8 BOM, a header, every order of the range quoted as needed", async () => {
    const response = await app.server.inject({
      method: "GET",
      url: `${API.consoleReportsCsv(here.id)}?from=${DAY}&to=${DAY}`,
      headers: await staffHeaders(app, here.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="orders-${here.id}-${DAY}_${DAY}.csv"`,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.rawPayload.toString("utf8").slice(1);
    const rows = text.split("\r\n");
    expect(rows.at(-1)).toBe("");
    expect(rows[0]).toBe("订单号,下单时间,桌台,就餐方式,状态,人数,订单金额,菜品");
    // four orders that day (the cancelled one with its status); not yesterday's, not another restaurant's
    expect(rows.slice(1, -1).map((row) => Number(row.split(",")[0]))).toEqual([
      placed.lunch,
      placed.lunchMore,
      placed.cancelled,
      placed.evening,
    ]);
    const { rows: lunch, lines } = await written([placed.lunch]);
    const first = plainDish(menu, 0);
    expect(rows[1]).toBe(
      `${placed.lunch},${DAY} 12:05,"A,""1""",堂食,已下单,3,${lunch[0]?.totalPrice},${lines[0]?.name}×2`,
    );
    expect(lines[0]?.foodId).toBe(first.id);
    expect(rows[3]).toContain(",已取消,6,");
  });

  it("asks the guard for reports.read before reading anything", async () => {
    const asked: string[] = [];
    const refusing: StaffGuard = {
      async require(_request, _rid, permission) {
        asked.push(permission);
        throw new AppError("staffForbidden");
      },
    };
    const bare = Fastify();
    registerErrorHandler(bare);
    // a database that fails any read: the refusal must come first
    const db = new Proxy({}, { get: () => () => Promise.reject(new Error("read before the guard")) });
    reportRoutes(bare, { db: db as TestApp["db"], now: () => new Date() }, refusing);
    for (const url of [API.consoleReportsSummary(here.id), API.consoleReportsCsv(here.id)]) {
      const response = await bare.inject({ method: "GET", url });
      expect(response.statusCode).toBe(403);
    }
    expect(asked).toEqual(["reports.read", "reports.read"]);
    await bare.close();
  });
});
