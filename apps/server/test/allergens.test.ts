import { randomUUID } from "node:crypto";
import {
  ALLERGEN_API,
  ALLERGENS,
  API,
  DIETS,
  type Dish,
  type Station,
  type StationDisplay,
  type TableAllergens,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dishes, tables } from "../src/db/schema.js";
import { kitchenIdle } from "../src/modules/kitchen/queue.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, demoRestaurants, menuOf, type DemoRestaurant as Restaurant } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

const KNOWN = new Set<string>(ALLERGENS);

describe.each(BACKENDS)("allergens and diets on %s", (backend) => {
  let app: TestApp;
  let dine: Restaurant;
  let menu: Dish[];
  const free: number[] = [];

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.name === "川味小馆");
    const made = await app.db
      .insert(tables)
      .values(Array.from({ length: 6 }, (_, i) => ({ restaurantId: dine.id, name: `敏${i + 1}` })))
      .returning({ id: tables.id });
    free.push(...made.map((t) => t.id));
    menu = await menuOf(app, dine.id);
  });
  afterAll(() => app.close());

  const named = (name: string): Dish => {
    const dish = menu.find((d) => d.name === name);
    if (!dish) throw new Error(`no demo dish ${name}`);
    return dish;
  };
  const seatAt = (tableId: number, guid = `guid-${randomUUID()}`) =>
    new Diner(app, guid, {
      restaurantId: dine.id,
      tableId,
      sid: app.signer.tableToken(dine.id, tableId),
    }).sit();
  const nextTable = () => {
    const id = free.shift();
    if (id === undefined) throw new Error("out of tables");
    return id;
  };

  it("the food list gives every dish and option of every demo restaurant its declaration", async () => {
    const all = await demoRestaurants(app);
    for (const restaurant of [dine, all((r) => r.name === "江南食府")]) {
      const foods = await menuOf(app, restaurant.id);
      for (const dish of foods) {
        expect(dish.allergenInfo, dish.name).toBe("declared");
        for (const code of dish.allergens) expect(KNOWN.has(code), `${dish.name}: ${code}`).toBe(true);
        for (const diet of dish.diets) expect(DIETS).toContain(diet);
        const options = [
          ...dish.norms,
          ...dish.methodCategories.flatMap((c) => c.methodList),
          ...dish.additionCategories.flatMap((c) => c.additions),
          ...dish.combosList,
        ];
        for (const option of options)
          for (const code of option.allergens ?? []) expect(KNOWN.has(code)).toBe(true);
      }
    }
    expect(named("宫保鸡丁").allergens).toContain("peanuts");
    expect(named("老醋花生").allergens).toEqual(["peanuts"]);
    expect(named("米饭")).toMatchObject({
      allergens: [],
      allergenInfo: "declared",
      diets: ["vegetarian", "vegan"],
    });
    const egg = named("番茄炒蛋").additionCategories[0]?.additions.find((a) => a.name === "加蛋");
    expect(egg?.allergens).toEqual(["eggs"]);
    // a combo's part carries its own dish's allergens
    const part = named("双人商务套餐").combosList.find((p) => p.name === "宫保鸡丁");
    expect(part?.allergens).toContain("peanuts");
  });

  it("keeps 'not declared' apart from 'declares none'", async () => {
    const rice = named("米饭");
    await app.db.update(dishes).set({ allergens: null }).where(eq(dishes.id, rice.id));
    try {
      const again = (await menuOf(app, dine.id)).find((d) => d.id === rice.id);
      expect(again).toMatchObject({ allergens: [], allergenInfo: "unknown" });
    } finally {
      await app.db.update(dishes).set({ allergens: [] }).where(eq(dishes.id, rice.id));
    }
  });

  it("a diner shares what they avoid with the table; only the union is answered, only to the seated", async () => {
    const tableId = nextTable();
    const ann = await seatAt(tableId);
    const bo = await seatAt(tableId);
    const shareAs = (diner: Diner, avoid: unknown, guid = diner.guid) =>
      app.server.inject({
        method: "POST",
        url: `${ALLERGEN_API.tableAllergens}?rid=${dine.id}`,
        headers: asVisitor(diner.guid),
        payload: { guid, tableId, avoid },
      });
    const read = (diner: Diner) =>
      diner.get(`${ALLERGEN_API.tableAllergens}?rid=${dine.id}&tableId=${tableId}`);

    expect(json(await read(bo)).data).toEqual({ avoid: [], sharers: 0 });
    expect(json(await shareAs(ann, ["sesame", "peanuts"])).data).toEqual({
      avoid: ["peanuts", "sesame"],
      sharers: 1,
    });
    await shareAs(bo, ["peanuts", "milk"]);
    expect(json(await read(ann)).data).toEqual({ avoid: ["peanuts", "milk", "sesame"], sharers: 2 });

    // not a code of the list, another diner's guid, a diner of another table: refused, nothing changed
    expect((await shareAs(ann, ["chocolate"])).statusCode).toBe(400);
    expect((await shareAs(ann, ["eggs"], bo.guid)).statusCode).toBeGreaterThanOrEqual(400);
    const stranger = await seatAt(nextTable());
    const peek = await stranger.get(`${ALLERGEN_API.tableAllergens}?rid=${dine.id}&tableId=${tableId}`);
    expect(peek.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(json(peek).data ?? null)).not.toContain("peanuts");
    const noCredential = await app.server.inject({
      method: "GET",
      url: `${ALLERGEN_API.tableAllergens}?rid=${dine.id}&tableId=${tableId}`,
    });
    expect(noCredential.statusCode).toBe(401);

    // stopping: an empty list
    await shareAs(bo, []);
    expect((json(await read(ann)).data as TableAllergens).sharers).toBe(1);
  });

  it("a table that told the kitchen gets the 过敏 line on every station's ticket, 加菜 included, with lines marked", async () => {
    const owner = await staffHeaders(app, dine.id);
    const stationList = json(
      await app.server.inject({ method: "GET", url: API.consoleStations(dine.id), headers: owner }),
    ).data as Station[];
    const tableId = nextTable();
    const ann = await seatAt(tableId);
    const kungPao = named("宫保鸡丁");
    const drink = named("酸梅汤");
    await ann.add(kungPao.id, {
      normId: null,
      methodIds: [kungPao.methodCategories[0]?.methodList[0]?.id ?? 0],
      additions: [],
      parts: [],
    });
    await ann.add(drink.id, {
      normId: null,
      methodIds: [drink.methodCategories[0]?.methodList[0]?.id ?? 0],
      additions: [],
      parts: [],
    });
    const placed = json(await ann.submit(ann.order({ kitchenAllergens: ["peanuts"] })));
    expect(placed.code).toBe(1000);
    const orderId = (placed.data as { orderId: number }).orderId;
    // 加菜 later in the visit, telling nothing new
    await ann.add(named("老醋花生").id);
    const added = json(await ann.submit(ann.order({ mainOrderId: orderId })));
    expect(added.code).toBe(1000);
    await kitchenIdle(app.db);

    const tickets = [];
    for (const s of stationList) {
      const display = json(
        await app.server.inject({
          method: "GET",
          url: API.consoleStationDisplay(dine.id, s.id),
          headers: owner,
        }),
      ).data as StationDisplay;
      tickets.push(...display.tickets.filter((t) => t.tableName.startsWith("敏") && t.orderId >= orderId));
    }
    expect(new Set(tickets.map((t) => t.stationId)).size).toBeGreaterThanOrEqual(2);
    expect(tickets.some((t) => t.mainOrderId === orderId)).toBe(true);
    for (const ticket of tickets) expect(ticket.allergies).toEqual(["peanuts"]);
    const items = tickets.flatMap((t) => t.items);
    expect(items.find((i) => i.name === "宫保鸡丁")?.allergens).toContain("peanuts");
    expect(items.find((i) => i.name === "老醋花生")?.allergens).toEqual(["peanuts"]);
    expect(items.find((i) => i.name === "酸梅汤")?.allergens).toEqual([]);

    // a malformed allergy in the order is refused whole, and places nothing
    await ann.add(drink.id, {
      normId: null,
      methodIds: [drink.methodCategories[0]?.methodList[0]?.id ?? 0],
      additions: [],
      parts: [],
    });
    const refused = await ann.submit(
      ann.order({ mainOrderId: orderId, kitchenAllergens: ["peanut butter"] }),
    );
    expect(json(refused).code).not.toBe(1000);
    const stillOpen = await app.db
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.restaurantId, dine.id)));
    expect(stillOpen).toHaveLength(1);
  });
});
