import { MODULE_VIEW_API } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, moduleViews } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, demoRestaurants } from "./support/ordering.js";

/**
 * Module-view tracking (001 §9): a diner's batch of the menu's modules seen is kept once per visitor,
 * module and restaurant day, on our server, and only for modules of that restaurant's menu.
 */
describe.each(BACKENDS)("module views on %s", (backend) => {
  let app: TestApp;
  let shop: DemoRestaurant;
  let other: DemoRestaurant;
  // 23:30 on the 28th in Shanghai; an hour later it is the 29th there, still the 28th in UTC
  let clock = new Date("2026-11-28T15:30:00Z");

  beforeAll(async () => {
    app = await startTestApp(backend, { now: () => clock });
    const find = await demoRestaurants(app);
    shop = find((r) => r.name === "川味小馆");
    other = find((r) => r.name === "阿婆粥铺");
  });
  afterAll(() => app.close());

  const send = (guid: string, rid: number, modules: unknown, as: string = guid) =>
    app.server.inject({
      method: "POST",
      url: `${MODULE_VIEW_API.moduleViews}?rid=${rid}`,
      headers: asVisitor(as),
      payload: { guid, modules },
    });
  const categoryOf = async (restaurant: DemoRestaurant, second: boolean) => {
    const rows = await app.db.select().from(categories).where(eq(categories.restaurantId, restaurant.id));
    const row = rows.find((c) => (c.parentId !== null) === second && !c.hidden);
    if (!row) throw new Error("no such category in the demo");
    return row.id;
  };
  const viewsOf = (guid: string) =>
    app.db
      .select({ day: moduleViews.day, module: moduleViews.module })
      .from(moduleViews)
      .where(and(eq(moduleViews.guid, guid), eq(moduleViews.restaurantId, shop.id)));

  it("keeps each module once a restaurant day, and only the restaurant's own", async () => {
    const guid = "views-aaaa-0001";
    const own = await categoryOf(shop, false);
    const second = await categoryOf(shop, true).catch(() => null);
    const foreign = await categoryOf(other, false);
    const modules = ["header", "recommend", `c${own}`, `c${own}`, `c${foreign}`, "c999999"];
    if (second) modules.push(`s${second}`, `c${second}`);
    const first = await send(guid, shop.id, modules);
    expect(first.statusCode).toBe(200);
    const kept = ["header", "recommend", `c${own}`, ...(second ? [`s${second}`] : [])];
    expect(json(first).data).toEqual({ recorded: kept.length });
    expect((await viewsOf(guid)).map((v) => v.module).sort()).toEqual(kept.sort());
    expect(new Set((await viewsOf(guid)).map((v) => v.day))).toEqual(new Set(["2026-11-28"]));

    // the same again that day: nothing new; the next day (Shanghai) counts again
    expect(json(await send(guid, shop.id, ["header", `c${own}`])).data).toEqual({ recorded: 0 });
    clock = new Date("2026-11-28T16:30:00Z");
    expect(json(await send(guid, shop.id, ["header"])).data).toEqual({ recorded: 1 });
    expect((await viewsOf(guid)).filter((v) => v.day === "2026-11-29").map((v) => v.module)).toEqual([
      "header",
    ]);
  });

  it("refuses a malformed batch, another visitor's guid, no credential and an unknown restaurant, keeping nothing", async () => {
    const guid = "views-bbbb-0002";
    for (const modules of [[], ["<script>"], ["c0"], ["c12345678901"], "header", Array(101).fill("header")]) {
      const refused = await send(guid, shop.id, modules);
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ success: false });
    }
    expect((await send(guid, shop.id, ["header"], "views-cccc-0003")).statusCode).toBe(403);
    const anonymous = await app.server.inject({
      method: "POST",
      url: `${MODULE_VIEW_API.moduleViews}?rid=${shop.id}`,
      payload: { guid, modules: ["header"] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await send(guid, 987654, ["header"])).statusCode).toBe(404);
    expect(await viewsOf(guid)).toEqual([]);
  });
});
