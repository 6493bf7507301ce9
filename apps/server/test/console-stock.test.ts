import {
  API,
  type Dish,
  MSG,
  type SellOut,
  type StockDish,
  type StockOverview,
  snoozeUntilClose,
  startingChoice,
} from "@tablemate/core";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { additionStock, auditLog, dishes, restaurants, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import {
  type DemoRestaurant,
  Diner,
  demoRestaurants,
  limitedAddition,
  menuOf,
  PLAIN,
  plainDish,
} from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { TableSocket } from "./support/table-socket.js";
import { fakeWebDist, pageDataOf } from "./support/web-dist.js";

const HOUR = 3_600_000;

describe.each(BACKENDS)("console stock on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let other: DemoRestaurant;
  let menu: Dish[];
  let base: string;
  let owner: Record<string, string>;
  let offset = 0;
  const free: number[] = [];
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      now: () => new Date(Date.now() + offset),
      env: {
        RATE_LIMIT_PER_MINUTE: "100000",
        SNOOZE_POLL_MS: "0",
        WEB_DIST: fakeWebDist(),
        ROUTER_PREFIX: "",
      },
    });
    const find = await demoRestaurants(app);
    dine = find((r) => r.name === "川味小馆");
    other = find((r) => r.name === "江南食府");
    await app.db
      .insert(tables)
      .values(Array.from({ length: 30 }, (_, i) => ({ restaurantId: dine.id, name: `库存${i + 1}` })));
    for (const t of await app.db.select().from(tables).where(eq(tables.restaurantId, dine.id)))
      free.push(t.id);
    menu = await menuOf(app, dine.id);
    base = await socketBase(app);
    owner = await staffHeaders(app, dine.id, "owner");
  });
  afterAll(() => app.close());

  async function diner(): Promise<Diner> {
    const tableId = free.shift();
    if (!tableId) throw new Error("out of tables");
    const guid = `stock-${String(++guids).padStart(4, "0")}-x`;
    return new Diner(app, guid, {
      restaurantId: dine.id,
      tableId,
      sid: app.signer.tableToken(dine.id, tableId),
    }).sit();
  }

  const put = (url: string, payload: unknown, headers = owner) =>
    app.server.inject({ method: "PUT", url, headers, payload: payload as object });
  const dishUrl = (id: number, rid = dine.id) => API.consoleDishStock(rid, id);
  const stored = async (id: number) =>
    (
      await app.db
        .select({ e: dishes.estimate, s: dishes.snoozedUntil })
        .from(dishes)
        .where(eq(dishes.id, id))
    )[0];
  const sellOutOf = async (rid = dine.id) =>
    json(await app.server.inject({ method: "GET", url: `${API.sellOut}/${rid}` })).data as SellOut;
  const sumOf = (sellOut: SellOut, id: number) => sellOut.value.find((v) => v.foodId === id)?.sum;
  const auditCount = async (target: string) =>
    (await app.db.select().from(auditLog).where(eq(auditLog.target, target))).length;
  const reset = (id: number) =>
    app.db.update(dishes).set({ estimate: -1, snoozedUntil: null }).where(eq(dishes.id, id));

  it("reads the menu by category with each dish's and addition's state, and the POS switch", async () => {
    const answer = json(
      await app.server.inject({ method: "GET", url: API.consoleStock(dine.id), headers: owner }),
    );
    const overview = answer.data as StockOverview;
    expect(answer.code).toBe(1000);
    expect(overview.categories.length).toBeGreaterThan(0);
    expect(overview.dishes.length).toBe(
      (await app.db.select().from(dishes).where(eq(dishes.restaurantId, dine.id))).length,
    );
    expect(overview.additions.length).toBeGreaterThan(0);
    expect(overview.posOnline).toBe(true);
    // 401 without a credential; 403 with another restaurant's
    expect((await app.server.inject({ method: "GET", url: API.consoleStock(dine.id) })).statusCode).toBe(401);
    const foreign = await staffHeaders(app, other.id, "owner");
    expect(
      (await app.server.inject({ method: "GET", url: API.consoleStock(dine.id), headers: foreign }))
        .statusCode,
    ).toBe(403);
  });

  it("sold out reaches every diner at once (type 20) and every new read; restore brings it back; both audited", async () => {
    const dish = plainDish(menu, 0);
    const watcher = await diner();
    const socket = await TableSocket.open(socketAt(base, watcher.table, watcher.guid));
    try {
      const answer = json(await put(dishUrl(dish.id), { action: "soldOut" }));
      expect(answer.data).toMatchObject({ id: dish.id, estimate: 0, state: "soldOut", available: 0 });
      await socket.until(
        (m) => m.type === MSG.stock && m.value.some((v) => v.foodId === dish.id && v.sum === 0),
      );
      expect(sumOf(await sellOutOf(), dish.id)).toBe(0);
      expect((await menuOf(app, dine.id)).find((d) => d.id === dish.id)?.estimate).toBe(0);
      expect(json(await put(dishUrl(dish.id), { action: "restore" })).data).toMatchObject({
        estimate: -1,
        state: "onSale",
      });
      await socket.until(
        (m) => m.type === MSG.stock && m.value.some((v) => v.foodId === dish.id && v.sum === -1),
      );
      const entries = await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `dish:${dish.id}`));
      expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
        ["dish.stock.soldOut", { estimate: -1, snoozedUntil: null }, { estimate: 0, snoozedUntil: null }],
        ["dish.stock.restore", { estimate: 0, snoozedUntil: null }, { estimate: -1, snoozedUntil: null }],
      ]);
    } finally {
      socket.close();
      await reset(dish.id);
    }
  });

  it("refuses malformed changes (400) and changes nothing", async () => {
    const dish = plainDish(menu, 1);
    const bad = [
      { action: "count", estimate: -1, expected: -1 },
      { action: "count", estimate: 1.5, expected: -1 },
      { action: "count", estimate: 1e9, expected: -1 },
      { action: "count", estimate: "5", expected: -1 },
      { action: "count", estimate: 5 },
      { action: "add", delta: 0 },
      { action: "snooze", hours: 0 },
      { action: "snooze", hours: 100 },
      { action: "melt" },
      null,
    ];
    for (const payload of bad) {
      const response = await put(dishUrl(dish.id), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await put(API.consoleDishStock(dine.id, "abc"), { action: "soldOut" })).statusCode).toBe(400);
    expect(await stored(dish.id)).toEqual({ e: -1, s: null });
    expect(await auditCount(`dish:${dish.id}`)).toBe(0);
  });

  it("another restaurant's dish or addition is not found, and stays as it was", async () => {
    const [foreignDish] = await app.db.select().from(dishes).where(eq(dishes.restaurantId, other.id));
    if (!foreignDish) throw new Error("no dish");
    expect((await put(dishUrl(foreignDish.id), { action: "soldOut" })).statusCode).toBe(404);
    expect((await stored(foreignDish.id))?.e).toBe(foreignDish.estimate);
    // with the other restaurant's id in the path, this restaurant's credential is refused first
    expect((await put(dishUrl(foreignDish.id, other.id), { action: "soldOut" })).statusCode).toBe(403);
    const foreignAddition = (await menuOf(app, other.id)).flatMap((d) =>
      d.additionCategories.flatMap((c) => c.additions),
    )[0];
    if (foreignAddition) {
      const own = new Set(
        menu.flatMap((d) => d.additionCategories.flatMap((c) => c.additions.map((a) => a.id))),
      );
      if (!own.has(foreignAddition.id))
        expect(
          (await put(API.consoleAdditionStock(dine.id, foreignAddition.id), { action: "soldOut" }))
            .statusCode,
        ).toBe(404);
    }
    expect(await auditCount(`dish:${foreignDish.id}`)).toBe(0);
  });

  it("a role without stock.write gets 403 and nothing changes", async () => {
    const waiter = await staffHeaders(app, dine.id, "waiter");
    const dish = plainDish(menu, 2);
    expect((await put(dishUrl(dish.id), { action: "soldOut" }, waiter)).statusCode).toBe(403);
    expect((await put(API.consolePos(dine.id), { online: false }, waiter)).statusCode).toBe(403);
    expect(await stored(dish.id)).toEqual({ e: -1, s: null });
    expect(await auditCount(`dish:${dish.id}`)).toBe(0);
    const kitchen = await staffHeaders(app, dine.id, "kitchen");
    expect((await put(dishUrl(dish.id), { action: "soldOut" }, kitchen)).statusCode).toBe(200);
    await reset(dish.id);
  });

  it("sets a count only over the count the console saw (409 with the count now); restocks on top", async () => {
    const dish = plainDish(menu, 3);
    try {
      expect(
        json(await put(dishUrl(dish.id), { action: "count", estimate: 5, expected: -1 })).data,
      ).toMatchObject({
        estimate: 5,
        state: "counted",
      });
      const stale = await put(dishUrl(dish.id), { action: "count", estimate: 9, expected: 4 });
      expect(stale.statusCode).toBe(409);
      expect(json(stale)).toMatchObject({ code: 4181, data: { id: dish.id, estimate: 5 } });
      expect(json(await put(dishUrl(dish.id), { action: "add", delta: 3 })).data).toMatchObject({
        estimate: 8,
      });
      expect((await put(dishUrl(dish.id), { action: "add", delta: -9 })).statusCode).toBe(409);
      expect((await stored(dish.id))?.e).toBe(8);
    } finally {
      await reset(dish.id);
    }
  });

  it("a count set and restocks racing submits lose no unit and oversell none", async () => {
    const dish = plainDish(menu, 4);
    try {
      await app.db.update(dishes).set({ estimate: 6 }).where(eq(dishes.id, dish.id));
      const diners = await Promise.all(Array.from({ length: 8 }, () => diner()));
      for (const d of diners) await d.add(dish.id, PLAIN);
      const codeOf = async (r: Promise<{ json(): unknown; statusCode: number }>) => {
        const response = await r;
        return { status: response.statusCode, code: (response.json() as { code: number }).code };
      };
      const [setAnswer, addA, addB, ...orders] = await Promise.all([
        codeOf(put(dishUrl(dish.id), { action: "count", estimate: 12, expected: 6 })),
        codeOf(put(dishUrl(dish.id), { action: "add", delta: 2 })),
        codeOf(put(dishUrl(dish.id), { action: "add", delta: 1 })),
        ...diners.map((d) => codeOf(d.submit())),
      ]);
      const placed = orders.filter((o) => o.code === 1000).length;
      expect(orders.every((o) => o.code === 1000 || o.code === 2000)).toBe(true);
      expect(addA?.status).toBe(200);
      expect(addB?.status).toBe(200);
      const left = (await stored(dish.id))?.e ?? Number.NaN;
      expect(left).toBeGreaterThanOrEqual(0);
      if (setAnswer?.status === 200) {
        // the set applied before any order took a unit (else its expected 6 had failed); the
        // restocks may have come before it (then it failed) — so only after it: 12 + 3 - placed
        expect(left).toBe(12 + 3 - placed);
      } else {
        expect(setAnswer?.status).toBe(409);
        expect(left).toBe(6 + 3 - placed);
      }
      // (an order refused for stock before a restock landed leaves units after it: that is no loss)
    } finally {
      await reset(dish.id);
    }
  });

  it("a snooze sells out until its time, lifts by itself on read, and its lift is announced once", async () => {
    const dish = plainDish(menu, 5);
    const eater = await diner();
    await eater.add(dish.id, PLAIN);
    const watcher = await diner();
    const socket = await TableSocket.open(socketAt(base, watcher.table, watcher.guid));
    try {
      const snoozed = json(await put(dishUrl(dish.id), { action: "snooze", hours: 1 })).data as StockDish;
      expect(snoozed).toMatchObject({ state: "snoozed", estimate: -1, available: 0 });
      await socket.until(
        (m) => m.type === MSG.stock && m.value.some((v) => v.foodId === dish.id && v.sum === 0),
      );
      expect(sumOf(await sellOutOf(), dish.id)).toBe(0);
      // the stored count is unlimited, yet the submit refuses the snoozed dish (2000)
      expect(json(await eater.submit())).toMatchObject({ code: 2000, data: [{ foodId: dish.id, left: 0 }] });
      // nothing due yet
      expect(await app.liftSnoozes()).toBe(0);
      offset = HOUR + 1000;
      // on read, lifted already: no poll needed
      expect(sumOf(await sellOutOf(), dish.id)).toBe(-1);
      expect(json(await eater.submit()).code).toBe(1000);
      const before = socket.messages.length;
      expect(await app.liftSnoozes()).toBe(1);
      await socket.until(
        (m) =>
          m.type === MSG.stock &&
          m.value.some((v) => v.foodId === dish.id && v.sum === -1) &&
          socket.messages.indexOf(m) >= before,
      );
      // claimed once: a second poll (this process or another) finds nothing to announce
      expect(await app.liftSnoozes()).toBe(0);
      expect((await stored(dish.id))?.s).toBeNull();
    } finally {
      offset = 0;
      socket.close();
      await reset(dish.id);
    }
  });

  it("polls at once (as several processes poll) announce a lift once", async () => {
    const dish = plainDish(menu, 6);
    const watcher = await diner();
    const socket = await TableSocket.open(socketAt(base, watcher.table, watcher.guid));
    try {
      await app.db
        .update(dishes)
        .set({ snoozedUntil: new Date(Date.now() - 1000) })
        .where(eq(dishes.id, dish.id));
      // on PostgreSQL these are three transactions on three connections, racing for the one row
      const lifts = await Promise.all([app.liftSnoozes(), app.liftSnoozes(), app.liftSnoozes()]);
      expect(lifts.reduce((a, b) => a + b, 0)).toBe(1);
      await socket.until((m) => m.type === MSG.stock && m.value.some((v) => v.foodId === dish.id));
      const announced = () =>
        socket.messages.filter((m) => m.type === MSG.stock && m.value.some((v) => v.foodId === dish.id))
          .length;
      // a later message on the same socket proves the lift's was not followed by another
      await put(dishUrl(plainDish(menu, 9).id), { action: "restore" });
      await socket.until(
        (m) => m.type === MSG.stock && m.value.some((v) => v.foodId === plainDish(menu, 9).id),
      );
      expect(announced()).toBe(1);
    } finally {
      socket.close();
      await reset(dish.id);
    }
  });

  it("snoozes until the restaurant's closing by its own clock", async () => {
    const dish = plainDish(menu, 7);
    try {
      const before = snoozeUntilClose(new Date(), dine).toISOString();
      const answer = json(await put(dishUrl(dish.id), { action: "snoozeUntilClose" })).data as StockDish;
      const after = snoozeUntilClose(new Date(), dine).toISOString();
      // 川味小馆 is open round the clock: its day ends at midnight in Shanghai
      expect([before, after]).toContain(answer.snoozedUntil);
      expect(new Date(answer.snoozedUntil ?? 0).getUTCHours()).toBe(16);
      expect(json(await put(dishUrl(dish.id), { action: "unsnooze" })).data).toMatchObject({
        state: "onSale",
        snoozedUntil: null,
      });
    } finally {
      await reset(dish.id);
    }
  });

  it("a combo with a sold-out part reads sold out and its submit is refused with 2000", async () => {
    // one on sale at this hour (the business combo has a lunch period)
    const combo = menu.find(
      (d) => d.foodproperty === 1 && d.combosList.length > 0 && d.estimate === -1 && d.availableStatus === 1,
    );
    if (!combo) throw new Error("no fixed combo in the demo");
    const partId = combo.combosList[0]?.itemId ?? 0;
    const eater = await diner();
    await eater.add(combo.id, startingChoice(combo));
    const watcher = await diner();
    const socket = await TableSocket.open(socketAt(base, watcher.table, watcher.guid));
    try {
      expect((await put(dishUrl(partId), { action: "soldOut" })).statusCode).toBe(200);
      // the news names the combo too
      await socket.until(
        (m) => m.type === MSG.stock && m.value.some((v) => v.foodId === combo.id && v.sum === 0),
      );
      expect(sumOf(await sellOutOf(), combo.id)).toBe(0);
      expect((await menuOf(app, dine.id)).find((d) => d.id === combo.id)?.estimate).toBe(0);
      expect(json(await eater.submit())).toMatchObject({
        code: 2000,
        data: [{ foodId: combo.id, isCombo: true }],
      });
    } finally {
      socket.close();
      await reset(partId);
    }
  });

  it("an addition's sold out and snooze reach the sell-out answer, and a snoozed addition refuses the submit (3000)", async () => {
    const { addition, dish } = await limitedAddition(app, dine.id, menu, false);
    const theAddition = eq(additionStock.additionId, addition.additionId);
    const eater = await diner();
    await eater.add(dish.id, { ...startingChoice(dish), additions: [{ id: addition.additionId, count: 1 }] });
    const additionSum = (s: SellOut) => s.additions.find((a) => a.additionId === addition.additionId)?.sum;
    try {
      const url = API.consoleAdditionStock(dine.id, addition.additionId);
      expect(json(await put(url, { action: "snooze", hours: 2 })).data).toMatchObject({
        state: "snoozed",
        available: 0,
      });
      expect(additionSum(await sellOutOf())).toBe(0);
      expect(json(await eater.submit()).code).toBe(3000);
      expect(json(await put(url, { action: "restore" })).data).toMatchObject({
        estimate: -1,
        state: "onSale",
      });
      // unlimited additions are not listed; a -1 row no longer counts as short (migration 0014)
      expect(additionSum(await sellOutOf())).toBeUndefined();
      expect(json(await eater.submit()).code).toBe(1000);
      expect(await auditCount(`addition:${addition.additionId}`)).toBe(2);
    } finally {
      await app.db
        .update(additionStock)
        .set({ estimate: addition.estimate, snoozedUntil: null })
        .where(theAddition);
    }
  });

  it("a new scan's page carries the stock and the POS state as they are now (nothing cached)", async () => {
    const dish = plainDish(menu, 10);
    const page = async () =>
      pageDataOf(
        (await app.server.inject({ method: "GET", url: `/?hotelid=${dine.id}&tn=${free[0]}` })).body,
      );
    try {
      await put(dishUrl(dish.id), { action: "snooze", hours: 1 });
      await put(API.consolePos(dine.id), { online: false });
      const data = await page();
      expect(data.posOnline).toBe(false);
      expect(data.menu?.foods.find((d) => d.id === dish.id)?.estimate).toBe(0);
      expect(data.menu && sumOf(data.menu.sellOut, dish.id)).toBe(0);
      offset = HOUR + 1000;
      expect((await page()).menu?.foods.find((d) => d.id === dish.id)?.estimate).toBe(-1);
    } finally {
      offset = 0;
      await put(API.consolePos(dine.id), { online: true });
      await reset(dish.id);
    }
  });

  it("the POS switch: audited, and the next startup answer (pos-status and the submit) follows it", async () => {
    const posStatus = async () =>
      json(await app.server.inject({ method: "GET", url: `${API.posStatus}?rid=${dine.id}` })).data;
    const eater = await diner();
    await eater.add(plainDish(menu, 8).id, PLAIN);
    try {
      expect(json(await put(API.consolePos(dine.id), { online: false })).data).toEqual({ online: false });
      expect(await posStatus()).toBe(false);
      expect(json(await eater.submit()).code).toBe(4000);
      expect((await put(API.consolePos(dine.id), { online: "no" })).statusCode).toBe(400);
      expect(json(await put(API.consolePos(dine.id), { online: true })).data).toEqual({ online: true });
      expect(await posStatus()).toBe(true);
      const entries = await app.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.target, `restaurant:${dine.id}`), inArray(auditLog.action, ["restaurant.pos"])),
        );
      expect(entries.slice(-2).map((e) => e.after)).toEqual([{ posOnline: false }, { posOnline: true }]);
    } finally {
      await app.db.update(restaurants).set({ posOnline: true }).where(eq(restaurants.id, dine.id));
    }
  });
});
