import { brotliDecompressSync } from "node:zlib";
import { API, crmTypeAnswer, ERRORS, type PeriodDishInfo, type SellOut } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restaurants, tables } from "../src/db/schema.js";
import { VISITOR_COOKIE } from "../src/security/visitor.js";
import {
  asVisitor,
  type DemoTable,
  demoTable,
  json,
  startTestApp,
  type TestApp,
  visitorToken,
} from "./support/harness.js";
import { Diner, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { fakeWebDist, pageDataOf } from "./support/web-dist.js";

/** A sell-out answer in one order, so two reads of the same stock compare equal. */
function inOrder({ value, additions }: SellOut): SellOut {
  return {
    value: [...value].sort((a, b) => a.foodId - b.foodId),
    additions: [...additions].sort((a, b) => a.additionId - b.additionId),
  };
}

describe("the diner app shell", () => {
  let app: TestApp;
  let dine: DemoTable;

  beforeAll(async () => {
    app = await startTestApp("pglite", { env: { WEB_DIST: fakeWebDist(), ROUTER_PREFIX: "" } });
    dine = await demoTable(app);
  });
  afterAll(() => app.close());

  it("answers a table link with index.html, a new guid cookie and the restaurant injected", async () => {
    const response = await app.server.inject({
      method: "GET",
      url: `/?hotelid=${dine.restaurantId}&tn=${dine.tableId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const cookie = response.cookies.find((c) => c.name === "guid");
    expect(cookie?.value).toMatch(/^[0-9a-f-]{36}$/);
    // the credential that lets this browser act as that guid: httpOnly, out of the page's reach
    const credential = response.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(credential).toMatchObject({ httpOnly: true, value: visitorToken(cookie?.value ?? "") });
    const data = pageDataOf(response.body);
    expect(data.guid).toBe(cookie?.value);
    expect(response.body).not.toContain(credential?.value);
    expect(data.restaurant?.restaurantId).toBe(dine.restaurantId);
    expect(data.config).toMatchObject({ routerMode: "history", routerPrefix: "" });
    const preloads = [...response.body.matchAll(/<link rel="preload" as="image" href="([^"]+)">/g)];
    expect(preloads).toHaveLength(4);
    for (const [, href] of preloads) expect(href).toMatch(/\.webp@200w_200h_1e_1c$/);
  });

  it("carries an order's pay view on /pay?orderId= for its own diner only", async () => {
    const diner = await new Diner(app, "shell-payer-0001", dine).sit();
    await diner.add(plainDish(await menuOf(app, dine.restaurantId)).id, PLAIN);
    const placed = json(await diner.submit());
    expect(placed.code).toBe(1000);
    const orderId = (placed.data as { orderId: number }).orderId;
    const page = (guid: string, path = "/pay") =>
      app.server.inject({
        method: "GET",
        url: `${path}?hotelid=${dine.restaurantId}&tn=${dine.tableId}&orderId=${orderId}`,
        cookies: { guid, [VISITOR_COOKIE]: visitorToken(guid) },
      });
    const own = pageDataOf((await page(diner.guid)).body);
    expect(own.pay).toMatchObject({ orderId, state: "unpaid" });
    expect(Number(own.pay?.due)).toBeGreaterThan(0);
    // a stranger's page, or another page of the same diner, carries none
    expect(pageDataOf((await page("shell-stranger-0001")).body).pay).toBeUndefined();
    expect(pageDataOf((await page(diner.guid, "/order/detail")).body).pay).toBeUndefined();
  });

  it("carries what startup would call for: memos, stock and the register's state, as their calls answer", async () => {
    const rid = dine.restaurantId;
    const answer = async (url: string) =>
      json(await app.server.inject({ method: "GET", url, headers: asVisitor("shell-diner-0001") })).data;
    const page = async () =>
      pageDataOf(
        (await app.server.inject({ method: "GET", url: `/?hotelid=${rid}&tn=${dine.tableId}` })).body,
      );

    const data = await page();
    const menu = data.menu;
    if (!menu || !data.restaurant) throw new Error("no menu in the page");
    expect(menu.memos.length).toBeGreaterThan(0);
    expect(menu.memos).toEqual(await answer(`${API.memos}?rid=${rid}`));
    expect(menu.sellOut.additions.length).toBeGreaterThan(0);
    expect(inOrder(menu.sellOut)).toEqual(inOrder((await answer(`${API.sellOut}/${rid}`)) as SellOut));
    // the foods' stock is the sell-out answer's: both come from one read
    const stock = new Map(menu.sellOut.value.map((entry) => [entry.foodId, entry.sum]));
    for (const dish of menu.foods) expect(stock.get(dish.dishesId)).toBe(dish.estimate);
    const byDish = (infos: PeriodDishInfo[]) => [...infos].sort((a, b) => a.foodId - b.foodId);
    expect(menu.periodDishes.length).toBeGreaterThan(0);
    expect(byDish(menu.periodDishes)).toEqual(
      byDish((await answer(`${API.periodDish}?rid=${rid}`)) as PeriodDishInfo[]),
    );
    expect(data.posOnline).toBe(true);
    expect(data.posOnline).toBe(await answer(`${API.posStatus}?rid=${rid}`));
    expect(crmTypeAnswer(data.restaurant.crmType)).toEqual(await answer(`${API.crmType}?rid=${rid}`));

    await app.db.update(restaurants).set({ posOnline: false }).where(eq(restaurants.id, rid));
    expect((await page()).posOnline).toBe(false);
    await app.db.update(restaurants).set({ posOnline: true }).where(eq(restaurants.id, rid));
    const none = pageDataOf((await app.server.inject({ method: "GET", url: "/prompt/abnormal" })).body);
    expect(none).toMatchObject({ restaurant: null, menu: null, posOnline: null });
  });

  it("carries the diner count of the table the link names, only with the table's own sid", async () => {
    const countOf = async (query: string) =>
      pageDataOf(
        (await app.server.inject({ method: "GET", url: `/?hotelid=${dine.restaurantId}${query}` })).body,
      ).dinerCount;
    const link = `&tn=${dine.tableId}&sid=${dine.sid}`;
    expect(await countOf(link)).toBe(0);
    await app.db.update(tables).set({ personNum: 3 }).where(eq(tables.id, dine.tableId));
    expect(await countOf(link)).toBe(3);
    await app.db.update(tables).set({ personNum: 0 }).where(eq(tables.id, dine.tableId));
    expect(await countOf(`&tn=${dine.tableId}&sid=forged`)).toBeNull();
    expect(await countOf(`&tn=${dine.tableId}`)).toBeNull();
    expect(await countOf("")).toBeNull();
  });

  it("keeps the visitor its credential names and serves every app route", async () => {
    const cookies = { guid: "kept-guid-1234", [VISITOR_COOKIE]: visitorToken("kept-guid-1234") };
    for (const url of ["/main", "/order/detail?orderId=1", "/prompt/abnormal"]) {
      const response = await app.server.inject({ method: "GET", url, cookies });
      expect(response.statusCode).toBe(200);
      expect(response.cookies).toHaveLength(0);
      expect(pageDataOf(response.body)).toMatchObject({ guid: "kept-guid-1234", restaurant: null });
    }
  });

  it("makes a new visitor of a browser that shows a guid cookie without its credential", async () => {
    // a guid is public (tablemates see it): setting it as a cookie must not make anyone its owner
    const response = await app.server.inject({
      method: "GET",
      url: "/main",
      cookies: { guid: "victim-guid-1234" },
    });
    const guid = response.cookies.find((c) => c.name === "guid")?.value;
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(pageDataOf(response.body).guid).toBe(guid);
    const forged = await app.server.inject({
      method: "GET",
      url: "/main",
      cookies: { guid: "victim-guid-1234", [VISITOR_COOKIE]: "victim-guid-1234.AAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(pageDataOf(forged.body).guid).not.toBe("victim-guid-1234");
  });

  it("escapes injected data so no value can close the script", async () => {
    const name = "</script><img src=x onerror=alert(1)>小馆";
    await app.db.update(restaurants).set({ name }).where(eq(restaurants.id, dine.restaurantId));
    const response = await app.server.inject({ method: "GET", url: `/?hotelid=${dine.restaurantId}` });
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
    expect(pageDataOf(response.body).restaurant?.restaurantName).toBe(name);
    const bad = await app.server.inject({ method: "GET", url: "/?hotelid=%3C/script%3E" });
    expect(pageDataOf(bad.body).restaurant).toBeNull();
  });

  it("serves hashed assets for a year and answers unknown API paths with an envelope", async () => {
    const asset = await app.server.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    const menu = await app.server.inject({
      method: "GET",
      url: `/food/getFoodList?restaurantId=${dine.restaurantId}`,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(menu.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toContain("immutable");
    const missing = await app.server.inject({ method: "GET", url: "/cloud/api/v1/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, success: false });
    const post = await app.server.inject({ method: "POST", url: "/main" });
    expect(post.statusCode).toBe(404);
  });

  it("answers a malformed JSON body with a 400 envelope, not a stack trace", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/table/join?rid=1",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    // the table's own entry for a body that is not JSON (code 400, as for any bad input)
    expect(response.json()).toEqual({
      code: 400,
      success: false,
      data: null,
      message: ERRORS.badJson.message,
    });
  });
});

describe("the menu's first screen, rendered on the server", () => {
  /** A server entry that says what it was given, or fails for the restaurant named 坏; /pay it leaves. */
  const ENTRY = `export function renderFirstScreen(path, data) {
    if (data.restaurant?.restaurantName === "坏") throw new Error("render failed");
    if (!data.menu || path.startsWith("/pay")) return null;
    return "<p>" + path + " " + data.restaurant.restaurantName + " " + data.menu.foods.length + "</p>";
  }`;
  let app: TestApp;
  let dine: DemoTable;

  beforeAll(async () => {
    app = await startTestApp("pglite", { env: { WEB_DIST: fakeWebDist(ENTRY), ROUTER_PREFIX: "" } });
    dine = await demoTable(app);
  });
  afterAll(() => app.close());

  it("puts the app's first screen into #root and the restaurant's whole menu into the page data", async () => {
    const url = `/?hotelid=${dine.restaurantId}&tn=${dine.tableId}`;
    const response = await app.server.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    expect(response.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(response.rawPayload).toString();
    const data = pageDataOf(html);
    const foods = data.menu?.foods ?? [];
    expect(foods.length).toBeGreaterThan(80);
    expect(data.menu?.categories.length).toBeGreaterThan(3);
    expect(data.menu?.recommends.every((dish) => dish.isRecommend)).toBe(true);
    expect(html).toContain(
      `<div id="root"><p>${url} ${data.restaurant?.restaurantName} ${foods.length}</p></div>`,
    );
    // the first screen's images come with its HTML, so none is preloaded apart
    expect(html).not.toContain('rel="preload"');
  });

  it("preloads no menu image on a page it does not render (/pay): they would hold back its own", async () => {
    const pay = await app.server.inject({
      method: "GET",
      url: `/pay?hotelid=${dine.restaurantId}&orderId=1`,
    });
    expect(pay.body).toContain('<div id="root"></div>');
    expect(pay.body).not.toContain('rel="preload"');
  });

  it("leaves #root empty for a page without a restaurant, and when rendering fails", async () => {
    const none = await app.server.inject({ method: "GET", url: "/prompt/abnormal" });
    expect(none.body).toContain('<div id="root"></div>');
    await app.db.update(restaurants).set({ name: "坏" }).where(eq(restaurants.id, dine.restaurantId));
    const failed = await app.server.inject({ method: "GET", url: `/?hotelid=${dine.restaurantId}` });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(pageDataOf(failed.body).restaurant?.restaurantName).toBe("坏");
    // the browser draws the menu itself: its first thumbnails are fetched meanwhile
    expect([...failed.body.matchAll(/<link rel="preload" as="image"/g)]).toHaveLength(4);
  });
});
