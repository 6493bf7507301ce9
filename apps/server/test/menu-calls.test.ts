import { API, type Category, type Dish, type PeriodDishInfo, type SellOut } from "@tablemate/core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshDemoPeriods } from "../src/db/demo/seed.js";
import { BACKENDS } from "./support/databases.js";
import { type DemoTable, demoTable, form, json, startTestApp, type TestApp } from "./support/harness.js";

describe.each(BACKENDS)("menu calls on %s", (backend) => {
  let app: TestApp;
  let dine: DemoTable;
  let foods: Dish[];
  const now = new Date();

  beforeAll(async () => {
    app = await startTestApp(backend, { now: () => now });
    await refreshDemoPeriods(app.db, now);
    dine = await demoTable(app, (r) => !r.fastHotel && r.linkMode === "dine");
    foods = json(await get(`${API.foodList}?restaurantId=${dine.restaurantId}&rid=${dine.restaurantId}`))
      .data as Dish[];
  });
  afterAll(() => app.close());

  const get = (url: string) => app.server.inject({ method: "GET", url });
  const dishByCode = (code: string) => {
    const dish = foods.find((d) => d.code === code);
    if (!dish) throw new Error(`no demo dish ${code}`);
    return dish;
  };

  it("GET /food/getFoodList answers code 1000 with at least 80 dishes in the spec's fields", async () => {
    expect(foods.length).toBeGreaterThanOrEqual(80);
    const dish = foods[0];
    for (const field of [
      "dishesId",
      "dishesName",
      "unit",
      "price",
      "vipPrice",
      "smallImg",
      "Weigh",
      "estimate",
    ]) {
      expect(dish).toHaveProperty(field);
    }
    expect(foods.map((d) => d.index)).toEqual(foods.map((_, i) => i));
    expect(foods.some((d) => d.price === 0.0001)).toBe(true);
    expect(foods.filter((d) => d.minCount !== undefined).every((d) => (d.minCount ?? 0) > 0)).toBe(true);
  });

  it("serves each dish image as WebP at twice the size its '@' suffix asks for, within 15 KB", async () => {
    expect(foods[0]?.smallImg).toMatch(/\/images\/dishes\/[a-z0-9-]+\.webp$/);
    for (const [suffix, width, height] of [
      ["200w_200h_1e_1c", 200, 200],
      ["345w_195h_1e_1c", 345, 195],
    ] as const) {
      const image = await get(`${foods[0]?.smallImg}@${suffix}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(image.rawPayload.length).toBeLessThanOrEqual(15 * 1024);
      const { format, width: decodedWidth, height: decodedHeight } = await sharp(image.rawPayload).metadata();
      expect({ format, width: decodedWidth, height: decodedHeight }).toEqual({
        format: "webp",
        width: 2 * width,
        height: 2 * height,
      });
    }
    expect((await get("/images/dishes/x.webp@99999w_1h")).statusCode).toBe(404);
    expect((await get("/images/dishes/x.svg@200w_200h_1e_1c")).statusCode).toBe(404);
  });

  it("GET /food/getFoodCategory lists categories with second categories and their dishes", async () => {
    const body = json(await get(`${API.foodCategory}?restaurantId=${dine.restaurantId}`));
    const categories = body.data as Category[];
    expect(body.code).toBe(1000);
    expect(categories.length).toBeGreaterThanOrEqual(8);
    const withSecond = categories.find((c) => c.hasSecondCategory);
    expect(withSecond?.secondCategories.map((s) => s.name)).toContain("其它");
    const ids = new Set(foods.map((d) => d.id));
    for (const second of withSecond?.secondCategories ?? [])
      for (const id of second.foods) expect(ids.has(id)).toBe(true);
  });

  it("GET /cloud/api/v1/recommend answers code 200 with the recommended dishes", async () => {
    const body = json(await get(`${API.recommend}?rid=${dine.restaurantId}`));
    expect(body.code).toBe(200);
    expect((body.data as Dish[]).length).toBeGreaterThanOrEqual(6);
    expect((body.data as Dish[]).every((d) => d.isRecommend)).toBe(true);
  });

  it("the sell-out call gives every dish's stock (-1 unlimited) and limited additions", async () => {
    const body = json(await get(`${API.sellOut}/${dine.restaurantId}`));
    const data = body.data as SellOut;
    expect(body.code).toBe(200);
    expect(data.value).toHaveLength(foods.length);
    expect(data.value.some((v) => v.sum === 0)).toBe(true);
    expect(data.value.some((v) => v.sum === -1)).toBe(true);
    expect(data.additions.length).toBeGreaterThan(0);
    expect((await get(`${API.sellOut}/abc`)).statusCode).toBe(400);
    expect((await get(`${API.sellOut}/999999`)).statusCode).toBe(404);
  });

  it("period-dish info names days and times and judges them by the restaurant's clock", async () => {
    const body = json(await get(`${API.periodDish}?rid=${dine.restaurantId}`));
    const infos = body.data as PeriodDishInfo[];
    const closed = infos.find((i) => i.foodId === dishByCode("DEMO-UNSELLABLE-NOW").id);
    const ending = infos.find((i) => i.foodId === dishByCode("DEMO-ENDING-SOON").id);
    // opening later today (2, with the time it opens) or not again today (3), the food list agreeing
    expect([2, 3]).toContain(closed?.availableStatus);
    expect(closed?.availableStatus).toBe(dishByCode("DEMO-UNSELLABLE-NOW").availableStatus);
    // the food list's salablePeriodType says the same of a dish with a period (001 §4), 0 of one without
    expect(dishByCode("DEMO-UNSELLABLE-NOW").salablePeriodType).toBe(closed?.availableStatus);
    expect(dishByCode("DEMO-ENDING-SOON").salablePeriodType).toBe(1);
    expect(foods.filter((d) => d.salablePeriod === null).every((d) => d.salablePeriodType === 0)).toBe(true);
    if (closed?.availableStatus === 2) {
      expect(closed.availableTimeString.startsWith(`${closed.nextTime}-`)).toBe(true);
    } else expect(closed?.nextTime).toBeNull();
    expect(ending).toMatchObject({ availableStatus: 1, nextTime: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(ending?.availableTimeString).toMatch(/\d\d:\d\d-\d\d:\d\d/);
  });

  describe("period checks of cart dishes", () => {
    const check = (path: string, body: Record<string, string | number>) =>
      app.server.inject({ method: "POST", url: path, ...form(body) });

    it("answers 200 when every dish is on sale, 10001 when some are not, 10002 when none are", async () => {
      const closed = dishByCode("DEMO-UNSELLABLE-NOW").id;
      const open = foods.find((d) => d.salablePeriodType === 0)?.id ?? 0;
      for (const path of [API.cartPeriodSale, API.localCartPeriodSale]) {
        expect(json(await check(path, { rid: dine.restaurantId, foodIds: `${open}` }))).toMatchObject({
          code: 200,
          data: { isAll: false, expriedFoodIds: [] },
        });
        expect(
          json(await check(path, { rid: dine.restaurantId, foodIds: `${open},${closed}` })),
        ).toMatchObject({
          code: 10001,
          data: { isAll: false, expriedFoodIds: [closed], unsalableFoods: [{ foodId: closed }] },
        });
        expect(json(await check(path, { rid: dine.restaurantId, foodIds: `${closed}` }))).toMatchObject({
          code: 10002,
          data: { isAll: true, expriedFoodIds: [closed] },
        });
      }
    });

    it("refuses malformed ids and an unknown cart", async () => {
      expect((await check(API.cartPeriodSale, { rid: dine.restaurantId, foodIds: "1,,x" })).statusCode).toBe(
        400,
      );
      expect((await check(API.cartPeriodSale, { rid: dine.restaurantId })).statusCode).toBe(400);
      expect(
        (await check(API.cartPeriodSale, { rid: dine.restaurantId, virTableId: 99999 })).statusCode,
      ).toBe(404);
      expect((await check(API.localCartPeriodSale, { rid: 0, foodIds: "1" })).statusCode).toBe(400);
    });
  });

  it("answers unknown restaurants with 404 and malformed ones with 400 on every menu call", async () => {
    for (const path of [API.foodList, API.foodCategory]) {
      expect((await get(`${path}?restaurantId=999999`)).statusCode).toBe(404);
      expect((await get(`${path}?restaurantId=-1`)).statusCode).toBe(400);
      expect((await get(path)).statusCode).toBe(400);
    }
    for (const path of [API.recommend, API.periodDish, API.memos, API.posStatus, API.crmType]) {
      expect((await get(`${path}?rid=999999`)).statusCode).toBe(404);
      expect((await get(`${path}?rid=x`)).statusCode).toBe(400);
    }
  });
});
