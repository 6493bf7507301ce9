import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  API,
  type ConsoleCategory,
  type ConsoleDish,
  type ConsoleMenu,
  consoleMenuSchema,
  consoleSettingsSchema,
  type Dish,
  type MenuSnapshot,
  type PageData,
  type StaffRole,
} from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, dishes, memos, orders, restaurants, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { fakeWebDist, pageDataOf } from "./support/web-dist.js";

/** A server entry that draws the first screen as the dishes' names and prices (what the real one shows). */
const ENTRY = `export function renderFirstScreen(url, data) {
  return (data.menu?.foods ?? []).map((f) => \`<p>\${f.name} ¥\${f.price}</p>\`).join("");
}`;

/** The roles that may not change the menu: the guard refuses them (403) and nothing changes. */
const NOT_MENU: StaffRole[] = ["cashier", "waiter", "kitchen"];

describe.each(BACKENDS)("menu management on %s", (backend) => {
  let app: TestApp;
  let dataDir: string;
  let mine: DemoRestaurant;
  let other: DemoRestaurant;
  let owner: Record<string, string>;
  let guids = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tablemate-menu-admin-"));
    app = await startTestApp(backend, {
      env: {
        RATE_LIMIT_PER_MINUTE: "100000",
        DATA_DIR: dataDir,
        WEB_DIST: fakeWebDist(ENTRY),
        ROUTER_PREFIX: "",
      },
    });
    const find = await demoRestaurants(app);
    mine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    other = find((r) => r.id !== mine.id);
    owner = await staffHeaders(app, mine.id, "owner");
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = owner,
  ): Promise<LightMyRequestResponse> =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function consoleMenu(rid = mine.id): Promise<ConsoleMenu> {
    const answer = await call("GET", API.consoleMenu(rid), undefined, await staffHeaders(app, rid));
    expect(answer.statusCode).toBe(200);
    // the answer is what core's response schema says
    return consoleMenuSchema.parse(json(answer).data);
  }

  /** A console dish as the editor would send it back (its own fields, without what the server adds). */
  function asInput(dish: ConsoleDish) {
    const { id, sort, recommendSort, estimate, imageUrl, ...input } = dish;
    return {
      ...input,
      combos: input.combos.map(({ name, ...part }) => part),
    };
  }

  async function plainConsoleDish(skip = 0): Promise<ConsoleDish> {
    const menu = await consoleMenu();
    const plainId = plainDish(await menuOf(app, mine.id), skip).id;
    const dish = menu.dishes.find((d) => d.id === plainId);
    if (!dish) throw new Error("plain dish missing from the console menu");
    return dish;
  }

  async function pageData(rid = mine.id): Promise<PageData> {
    const page = await app.server.inject({ method: "GET", url: `/?hotelid=${rid}` });
    return pageDataOf(page.body);
  }

  it("edits a dish's name and price: the page data, the food list and a submit's price follow", async () => {
    const dish = await plainConsoleDish();
    const answer = await call("PUT", API.consoleDish(mine.id, dish.id), {
      ...asInput(dish),
      name: "改名后的菜",
      price: "23.45",
    });
    expect(answer.statusCode).toBe(200);
    const saved = json(answer).data as ConsoleDish;
    expect([saved.name, saved.price, saved.version]).toEqual(["改名后的菜", "23.45", dish.version + 1]);

    const page = await pageData();
    const onPage = (page.menu as MenuSnapshot).foods.find((d) => d.id === dish.id);
    expect([onPage?.name, onPage?.price]).toEqual(["改名后的菜", 23.45]);
    const listed = (await menuOf(app, mine.id)).find((d) => d.id === dish.id);
    expect([listed?.name, listed?.price]).toEqual(["改名后的菜", 23.45]);
    const html = (await app.server.inject({ method: "GET", url: `/?hotelid=${mine.id}` })).body;
    // the first screen the server renders into #root shows it too
    expect(html).toContain("<p>改名后的菜 ¥23.45</p>");

    const [table] = await app.db.select().from(tables).where(eq(tables.restaurantId, mine.id));
    if (!table) throw new Error("no table");
    const diner = await new Diner(app, `menuadmin${++guids}guid`, {
      restaurantId: mine.id,
      tableId: table.id,
      sid: app.signer.tableToken(mine.id, table.id),
    }).sit();
    await diner.add(dish.id, PLAIN, 2);
    const submitted = json(await diner.submit());
    expect(submitted.code).toBe(1000);
    const orderId = (submitted.data as { orderId: number }).orderId;
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.totalPrice).toMatch(/^46\.90?$/);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `dish:${dish.id}`))
      .orderBy(asc(auditLog.id));
    expect(entry?.action).toBe("menu.dish.update");
    expect((entry?.before as ConsoleDish).name).toBe(dish.name);
    expect((entry?.after as ConsoleDish).name).toBe("改名后的菜");
  });

  it("answers one of two edits from the same version with 409, and keeps the first", async () => {
    const dish = await plainConsoleDish(1);
    const [a, b] = await Promise.all([
      call("PUT", API.consoleDish(mine.id, dish.id), { ...asInput(dish), name: "甲改的" }),
      call("PUT", API.consoleDish(mine.id, dish.id), { ...asInput(dish), name: "乙改的" }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(json(refused).message).toContain("已被其他人修改");
    const winner = json(a.statusCode === 200 ? a : b).data as ConsoleDish;
    const [row] = await app.db.select().from(dishes).where(eq(dishes.id, dish.id));
    expect([row?.name, row?.version]).toEqual([winner.name, dish.version + 1]);
    // a save from the old version, after the fact, is refused too
    const late = await call("PUT", API.consoleDish(mine.id, dish.id), { ...asInput(dish), name: "迟到的" });
    expect(late.statusCode).toBe(409);
  });

  it("refuses an invalid dish with 400 naming the field, and changes nothing", async () => {
    const dish = await plainConsoleDish(2);
    const before = await app.db.select().from(dishes).where(eq(dishes.id, dish.id));
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: "  " }, /name/],
      [{ price: "-1" }, /price/],
      [{ price: "1.23456" }, /price/],
      [{ minCount: 0 }, /minCount/],
      [{ norms: [{ name: "", price: "3" }] }, /norms\.0\.name/],
      [{ norms: [{ name: "大", price: "-3" }] }, /norms\.0\.price/],
      [{ weigh: true, unit: "" }, /单位.*unit/],
      [{ pricingType: 1, startPrice: null }, /起售价/],
      [{ foodproperty: 1, combos: [] }, /套餐/],
      [
        { foodproperty: 3, combos: [{ itemId: 999999, count: 1, groupName: "主食", groupPick: 1 }] },
        /combos\.0\.itemId/,
      ],
      [{ categoryId: 999999 }, /分类/],
      [{ salablePeriodType: 1, salableTime: "18:00-09:00" }, /salableTime/],
      [{ necessary: true, mustFoodType: 0 }, /必点/],
    ];
    for (const [change, field] of cases) {
      const answer = await call("PUT", API.consoleDish(mine.id, dish.id), { ...asInput(dish), ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(String(json(answer).message), JSON.stringify(change)).toMatch(field);
    }
    expect(await app.db.select().from(dishes).where(eq(dishes.id, dish.id))).toEqual(before);
  });

  it("answers 404 to another restaurant's dish, category and memo ids, and changes nothing", async () => {
    const theirs = await consoleMenu(other.id);
    const dish = theirs.dishes[0];
    const category = theirs.categories[0];
    const memo = theirs.memos[0];
    if (!dish || !category || !memo) throw new Error("other restaurant's menu is empty");
    const before = await Promise.all([
      app.db.select().from(dishes).where(eq(dishes.restaurantId, other.id)),
      app.db.select().from(categories).where(eq(categories.restaurantId, other.id)),
      app.db.select().from(memos).where(eq(memos.restaurantId, other.id)),
    ]);
    const attempts = [
      call("PUT", API.consoleDish(mine.id, dish.id), { ...asInput(dish), name: "偷改" }),
      call("PUT", API.consoleDishHidden(mine.id, dish.id), { version: dish.version, hidden: true }),
      call("DELETE", `${API.consoleDish(mine.id, dish.id)}?version=${dish.version}`),
      call("PUT", API.consoleCategory(mine.id, category.id), { version: category.version, name: "偷改" }),
      call("DELETE", `${API.consoleCategory(mine.id, category.id)}?version=${category.version}`),
      call("PUT", API.consoleDishOrder(mine.id, category.id), { ids: [dish.id] }),
      call("POST", API.consoleCategories(mine.id), { name: "偷建", parentId: category.id }),
      call("PUT", API.consoleMemo(mine.id, memo.id), { content: "偷改" }),
      call("DELETE", API.consoleMemo(mine.id, memo.id)),
      call("PUT", API.consoleRecommends(mine.id), { dishIds: [dish.id] }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.statusCode, answer.body).toBe(404);
    // a combo naming their dish is a dish that does not exist here
    const mineDish = await plainConsoleDish(3);
    const combo = await call("PUT", API.consoleDish(mine.id, mineDish.id), {
      ...asInput(mineDish),
      foodproperty: 3,
      combos: [{ itemId: dish.id, count: 1, groupName: "主食", groupPick: 1 }],
    });
    expect(combo.statusCode).toBe(400);
    // their addition's id is not ours to share (its stock is theirs)
    const theirAddition = theirs.dishes.flatMap((d) => d.additionCategories.flatMap((c) => c.additions))[0];
    if (theirAddition) {
      const borrowed = await call("PUT", API.consoleDish(mine.id, mineDish.id), {
        ...asInput(mineDish),
        additionCategories: [{ categoryName: "加料", additions: [theirAddition] }],
      });
      expect(borrowed.statusCode).toBe(400);
      expect(json(borrowed).message).toMatch(/不属于本店/);
    }
    // their staff credential does not open our menu
    const theirs403 = await call(
      "GET",
      API.consoleMenu(mine.id),
      undefined,
      await staffHeaders(app, other.id),
    );
    expect(theirs403.statusCode).toBe(403);
    expect(
      await Promise.all([
        app.db.select().from(dishes).where(eq(dishes.restaurantId, other.id)),
        app.db.select().from(categories).where(eq(categories.restaurantId, other.id)),
        app.db.select().from(memos).where(eq(memos.restaurantId, other.id)),
      ]),
    ).toEqual(before);
  });

  it("refuses a call without a staff credential (401), changing nothing", async () => {
    const dish = await plainConsoleDish(4);
    const answer = await call(
      "PUT",
      API.consoleDish(mine.id, dish.id),
      { ...asInput(dish), name: "匿名" },
      {},
    );
    expect(answer.statusCode).toBe(401);
    const [row] = await app.db.select().from(dishes).where(eq(dishes.id, dish.id));
    expect(row?.name).toBe(dish.name);
  });

  for (const role of NOT_MENU)
    it(`refuses ${role} (403) on every change, changing nothing`, async () => {
      const headers = await staffHeaders(app, mine.id, role);
      const menu = await consoleMenu();
      const dish = menu.dishes[0];
      const category = menu.categories[0];
      const memo = menu.memos[0];
      if (!dish || !category || !memo) throw new Error("menu is empty");
      const before = await app.db.select().from(dishes).where(eq(dishes.restaurantId, mine.id));
      const { restaurantId: _, ...settings } = consoleSettingsSchema.parse(
        json(await call("GET", API.consoleSettings(mine.id))).data,
      );
      const attempts = [
        call("POST", API.consoleDishes(mine.id), { ...asInput(dish), name: "新菜" }, headers),
        call("PUT", API.consoleDish(mine.id, dish.id), { ...asInput(dish), name: "越权" }, headers),
        call(
          "PUT",
          API.consoleDishHidden(mine.id, dish.id),
          { version: dish.version, hidden: true },
          headers,
        ),
        call("DELETE", `${API.consoleDish(mine.id, dish.id)}?version=${dish.version}`, undefined, headers),
        call("POST", API.consoleCategories(mine.id), { name: "越权" }, headers),
        call(
          "PUT",
          API.consoleCategory(mine.id, category.id),
          { version: category.version, name: "越权" },
          headers,
        ),
        call("PUT", API.consoleRecommends(mine.id), { dishIds: [] }, headers),
        call("POST", API.consoleMemos(mine.id), { content: "越权" }, headers),
        call("PUT", API.consoleMemo(mine.id, memo.id), { content: "越权" }, headers),
        call("PUT", API.consoleSettings(mine.id), { ...settings, announcement: "越权" }, headers),
      ];
      for (const answer of await Promise.all(attempts)) expect(answer.statusCode, answer.body).toBe(403);
      expect(await app.db.select().from(dishes).where(eq(dishes.restaurantId, mine.id))).toEqual(before);
      // reading the menu for the floor stays open to those with floor.read
      const read = await call("GET", API.consoleMenu(mine.id), undefined, headers);
      expect(read.statusCode).toBe(role === "kitchen" ? 403 : 200);
    });

  it("creates, renames, reorders, hides and deletes categories; a non-empty one stays", async () => {
    const created = json(await call("POST", API.consoleCategories(mine.id), { name: "新分类" }))
      .data as ConsoleCategory;
    const second = json(
      await call("POST", API.consoleCategories(mine.id), { name: "新二级", parentId: created.id }),
    ).data as ConsoleCategory;
    expect(second.parentId).toBe(created.id);
    const renamed = json(
      await call("PUT", API.consoleCategory(mine.id, created.id), {
        version: created.version,
        name: "改名分类",
      }),
    ).data as ConsoleCategory;
    expect([renamed.name, renamed.version]).toEqual(["改名分类", created.version + 1]);
    const stale = await call("PUT", API.consoleCategory(mine.id, created.id), {
      version: created.version,
      name: "旧版本",
    });
    expect(stale.statusCode).toBe(409);

    // the new category first
    const firsts = (await consoleMenu()).categories.filter((c) => c.parentId === null).map((c) => c.id);
    const order = [created.id, ...firsts.filter((id) => id !== created.id)];
    expect((await call("PUT", API.consoleCategoryOrder(mine.id), { ids: order })).statusCode).toBe(200);
    const missingOne = await call("PUT", API.consoleCategoryOrder(mine.id), { ids: order.slice(1) });
    expect(missingOne.statusCode).toBe(409);

    // a dish in it: the diner sees the category first; hidden, they do not
    const template = await plainConsoleDish(5);
    const made = await call("POST", API.consoleDishes(mine.id), {
      ...asInput(template),
      name: "分类里的新菜",
      categoryId: created.id,
      secondCategoryId: second.id,
    });
    expect(made.statusCode, made.body).toBe(200);
    const newDish = json(made).data as ConsoleDish;
    let page = await pageData();
    expect(page.menu?.categories[0]?.id).toBe(created.id);
    expect(page.menu?.categories[0]?.secondCategories[0]?.foods).toEqual([newDish.id]);
    const hide = await call("PUT", API.consoleCategory(mine.id, created.id), {
      version: renamed.version,
      hidden: true,
    });
    expect(hide.statusCode).toBe(200);
    page = await pageData();
    expect(page.menu?.categories.some((c) => c.id === created.id)).toBe(false);
    expect(page.menu?.foods.some((d) => d.id === newDish.id)).toBe(false);

    const notEmpty = await call(
      "DELETE",
      `${API.consoleCategory(mine.id, second.id)}?version=${second.version}`,
    );
    expect(notEmpty.statusCode).toBe(409);
    expect(
      (await call("DELETE", `${API.consoleDish(mine.id, newDish.id)}?version=${newDish.version}`)).statusCode,
    ).toBe(200);
    expect(
      (await call("DELETE", `${API.consoleCategory(mine.id, second.id)}?version=${second.version}`))
        .statusCode,
    ).toBe(200);
    const hidden = (await consoleMenu()).categories.find((c) => c.id === created.id);
    expect(
      (await call("DELETE", `${API.consoleCategory(mine.id, created.id)}?version=${hidden?.version}`))
        .statusCode,
    ).toBe(200);
    expect((await consoleMenu()).categories.some((c) => c.id === created.id)).toBe(false);
    const actions = (await app.db.select().from(auditLog).where(eq(auditLog.restaurantId, mine.id))).map(
      (e) => e.action,
    );
    for (const action of [
      "menu.category.create",
      "menu.category.update",
      "menu.category.order",
      "menu.dish.create",
      "menu.dish.delete",
      "menu.category.delete",
    ])
      expect(actions).toContain(action);
  });

  it("creates a combo whose groups name existing dishes, with option ids the server gives", async () => {
    const template = await plainConsoleDish(6);
    const [a, b] = [await plainConsoleDish(7), await plainConsoleDish(8)];
    const answer = await call("POST", API.consoleDishes(mine.id), {
      ...asInput(template),
      name: "双拼套餐",
      price: "30",
      foodproperty: 3,
      norms: [],
      combos: [
        { itemId: a.id, count: 1, groupName: "任选一", groupPick: 1 },
        { itemId: b.id, count: 1, groupName: "任选一", groupPick: 1, priceUp: "2.5" },
      ],
      methodCategories: [
        {
          categoryName: "辣度",
          methodList: [
            { name: "微辣", markupPrice: "0", markupWay: 0, isDefault: true },
            { name: "特辣", markupPrice: "1", markupWay: 2 },
          ],
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const combo = json(answer).data as ConsoleDish;
    expect(combo.combos.map((p) => [p.itemId, p.name, p.priceUp])).toEqual([
      [a.id, a.name, "0"],
      [b.id, b.name, "2.5"],
    ]);
    const ids = [
      ...combo.combos.map((p) => p.id),
      ...(combo.methodCategories[0]?.methodList ?? []).map((m) => m.id),
    ];
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(1_000_000_000);
    const listed = (await menuOf(app, mine.id)).find((d: Dish) => d.id === combo.id);
    expect(listed?.combosList.map((p) => p.name)).toEqual([a.name, b.name]);
    // a part cannot be deleted while the combo holds it
    const refused = await call("DELETE", `${API.consoleDish(mine.id, a.id)}?version=${a.version}`);
    expect(refused.statusCode).toBe(409);
  });

  it("sets 老板推荐 in order; the diner's recommends follow", async () => {
    const picks = [await plainConsoleDish(10), await plainConsoleDish(9)].map((d) => d.id);
    const answer = await call("PUT", API.consoleRecommends(mine.id), { dishIds: picks });
    expect(answer.statusCode).toBe(200);
    expect((await consoleMenu()).recommends).toEqual(picks);
    expect((await pageData()).menu?.recommends.map((d) => d.id)).toEqual(picks);
    const recommend = await app.server.inject({ method: "GET", url: `${API.recommend}?rid=${mine.id}` });
    expect((json(recommend).data as Dish[]).map((d) => d.id)).toEqual(picks);
  });

  it("hides a dish: off the menu, and a cart still holding it cannot order it", async () => {
    const dish = await plainConsoleDish(11);
    const [table] = await app.db
      .select()
      .from(tables)
      .where(eq(tables.restaurantId, mine.id))
      .orderBy(asc(tables.id))
      .offset(1);
    if (!table) throw new Error("no second table");
    const diner = await new Diner(app, `menuadmin${++guids}guid`, {
      restaurantId: mine.id,
      tableId: table.id,
      sid: app.signer.tableToken(mine.id, table.id),
    }).sit();
    await diner.add(dish.id);
    const hide = await call("PUT", API.consoleDishHidden(mine.id, dish.id), {
      version: dish.version,
      hidden: true,
    });
    expect(hide.statusCode).toBe(200);
    expect((await menuOf(app, mine.id)).some((d) => d.id === dish.id)).toBe(false);
    const submitted = json(await diner.submit());
    expect(submitted.code).not.toBe(1000);
    expect(String(submitted.message)).toContain("已下架");
  });

  it("manages memos (KOU_WEI tags): the diner's memo call answers them", async () => {
    const created = json(await call("POST", API.consoleMemos(mine.id), { content: "少放葱", number: 99 }))
      .data as { id: number };
    const updated = await call("PUT", API.consoleMemo(mine.id, created.id), {
      content: "不要葱",
      number: 98,
    });
    expect(updated.statusCode).toBe(200);
    const diners = await app.server.inject({ method: "GET", url: `${API.memos}?rid=${mine.id}` });
    expect((json(diners).data as Array<{ content: string }>).map((m) => m.content)).toContain("不要葱");
    expect((await call("DELETE", API.consoleMemo(mine.id, created.id))).statusCode).toBe(200);
    expect((await call("DELETE", API.consoleMemo(mine.id, created.id))).statusCode).toBe(404);
  });

  it("changes restaurant settings with compare-and-set; the page's restaurant follows", async () => {
    const current = consoleSettingsSchema.parse(json(await call("GET", API.consoleSettings(mine.id))).data);
    const { restaurantId, ...input } = current;
    const answer = await call("PUT", API.consoleSettings(mine.id), {
      ...input,
      announcement: "本店新菜上市",
      startPrice: "25.5",
      foodsTemplate: 2,
      businessTime: "09:00-22:00",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = await pageData();
    expect(page.restaurant?.announcement).toBe("本店新菜上市");
    expect(page.restaurant?.startPrice).toBe(25.5);
    expect(page.restaurant?.templateNumber.foods).toBe(2);
    const stale = await call("PUT", API.consoleSettings(mine.id), { ...input, announcement: "旧的" });
    expect(stale.statusCode).toBe(409);
    const bad = await call("PUT", API.consoleSettings(mine.id), {
      ...input,
      version: current.version + 1,
      businessTime: "25:00-26:00",
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/businessTime/);
    const [row] = await app.db.select().from(restaurants).where(eq(restaurants.id, mine.id));
    expect(row?.announcement).toBe("本店新菜上市");
    // the hours back as they were: later tests submit at whatever hour the run is (22:00 is closed)
    const changed = consoleSettingsSchema.parse(json(await call("GET", API.consoleSettings(mine.id))).data);
    const { restaurantId: _rid, ...back } = changed;
    const restored = await call("PUT", API.consoleSettings(mine.id), {
      ...back,
      businessTime: current.businessTime,
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it("uploads an image: variants made, served by the image route; a non-image or too-big file is refused", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const upload = (body: Buffer, type: string, filename = "dish.png") => {
      const boundary = `----tm${randomUUID()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.server.inject({
        method: "POST",
        url: API.consoleImages(mine.id),
        headers: { ...owner, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const answer = await upload(png, "image/png");
    expect(answer.statusCode, answer.body).toBe(200);
    const { imageKey, url } = json(answer).data as { imageKey: string; url: string };
    expect(imageKey).toMatch(/^up-[0-9a-f]{24}$/);
    const files = await readdir(join(dataDir, "images", "dishes"));
    expect(files).toContain(`${imageKey}.webp`);
    expect(files).toContain(`${imageKey}@345w_195h.webp`);
    expect(files).toContain(`${imageKey}@200w_200h.webp`);
    const served = await app.server.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    const odd = await app.server.inject({ method: "GET", url: `/images/dishes/${imageKey}.webp@100w_50h` });
    expect(odd.statusCode).toBe(200);
    const missing = await app.server.inject({
      method: "GET",
      url: "/images/dishes/up-000000000000000000000000.webp",
    });
    expect(missing.statusCode).toBe(404);

    // the dish takes it
    const dish = await plainConsoleDish(12);
    const saved = await call("PUT", API.consoleDish(mine.id, dish.id), { ...asInput(dish), imageKey });
    expect((json(saved).data as ConsoleDish).imageUrl).toContain(imageKey);
    expect((await menuOf(app, mine.id)).find((d) => d.id === dish.id)?.smallImg).toContain(imageKey);

    // a real photo's size (over the JSON body limit, under the image limit) is taken
    const noise = Buffer.alloc(900 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width: 900, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const big = await upload(photo, "image/png", "photo.png");
    expect(big.statusCode, big.body).toBe(200);

    const text = await upload(Buffer.from("not an image at all"), "image/png", "fake.png");
    expect(text.statusCode).toBe(415);
    const gif = await upload(png, "text/plain", "dish.txt");
    expect(gif.statusCode).toBe(415);
    const huge = await upload(Buffer.alloc(6 * 1024 * 1024, 1), "image/png", "huge.png");
    expect(huge.statusCode).toBe(413);
    expect(json(huge).message).toContain("图片太大");
    // the refused files left nothing behind (the photo added its original and variants)
    const after = await readdir(join(dataDir, "images", "dishes"));
    expect(after.length).toBe(files.length * 2);
  });

  it("a must-order dish the console hid asks nothing of the diner: no count needed where it alone asked", async () => {
    const menu = await consoleMenu();
    const mustOrder = menu.dishes.filter((d) => d.necessary && !d.hidden);
    expect(mustOrder.length).toBeGreaterThan(0);
    const [table] = await app.db
      .select()
      .from(tables)
      .where(eq(tables.restaurantId, mine.id))
      .orderBy(asc(tables.id))
      .offset(2);
    if (!table) throw new Error("no third table");
    const diner = await new Diner(app, `menuadmin${++guids}guid`, {
      restaurantId: mine.id,
      tableId: table.id,
      sid: app.signer.tableToken(mine.id, table.id),
    }).sit();
    await diner.add(plainDish(await menuOf(app, mine.id), 13).id);
    // with them on the menu, an order without a diner count is refused (9001)
    expect(json(await diner.submit(diner.order({ personNum: 0 }))).code).toBe(9001);
    for (const dish of mustOrder) {
      const hidden = await call("PUT", API.consoleDishHidden(mine.id, dish.id), {
        version: dish.version,
        hidden: true,
      });
      expect(hidden.statusCode).toBe(200);
    }
    expect(json(await diner.submit(diner.order({ personNum: 0 }))).code).toBe(1000);
  });
  it("edits allergens and diets per dish and per option: the food list carries them, a plain save keeps them", async () => {
    const menu = await consoleMenu();
    const byName = (name: string) => {
      const dish = menu.dishes.find((d) => d.name === name);
      if (!dish) throw new Error(`no ${name}`);
      return dish;
    };
    const listed = async (id: number) => (await menuOf(app, mine.id)).find((d) => d.id === id) as Dish;
    // 毛血旺: sizes, a spice level and extras, declared by the demo
    const stew = byName("毛血旺");
    expect(stew.allergens).not.toBeNull();
    const before = await listed(stew.id);
    const plainSave = await call("PUT", API.consoleDish(mine.id, stew.id), asInput(stew));
    expect(plainSave.statusCode).toBe(200);
    const kept = await listed(stew.id);
    expect([kept.allergens, kept.allergenInfo, kept.norms, kept.additionCategories]).toEqual([
      before.allergens,
      before.allergenInfo,
      before.norms,
      before.additionCategories,
    ]);

    const saved = consoleMenuSchema.shape.dishes.element.parse(json(plainSave).data);
    const input = asInput(saved);
    const declared = await call("PUT", API.consoleDish(mine.id, stew.id), {
      ...input,
      allergens: ["soybeans", "gluten", "soybeans"],
      diets: ["halal"],
      norms: input.norms.map((n, i) => ({ ...n, allergens: i === 0 ? ["milk"] : [] })),
      methodCategories: input.methodCategories.map((c) => ({
        ...c,
        methodList: c.methodList.map((m, i) => ({ ...m, allergens: i === 0 ? ["sesame"] : [] })),
      })),
      additionCategories: input.additionCategories.map((c) => ({
        ...c,
        additions: c.additions.map((a, i) => ({ ...a, allergens: i === 0 ? ["eggs"] : [] })),
      })),
    });
    expect(declared.statusCode, declared.body).toBe(200);
    const dish = await listed(stew.id);
    expect([dish.allergens, dish.allergenInfo, dish.diets]).toEqual([
      ["gluten", "soybeans"],
      "declared",
      ["halal"],
    ]);
    expect(dish.norms[0]?.allergens).toEqual(["milk"]);
    expect(dish.methodCategories[0]?.methodList[0]?.allergens).toEqual(["sesame"]);
    expect(dish.additionCategories[0]?.additions[0]?.allergens).toEqual(["eggs"]);

    // not declared is kept apart from declares none
    const latest = consoleMenuSchema.shape.dishes.element.parse(json(declared).data);
    const none = await call("PUT", API.consoleDish(mine.id, stew.id), { ...asInput(latest), allergens: [] });
    expect([(await listed(stew.id)).allergens, (await listed(stew.id)).allergenInfo]).toEqual([
      [],
      "declared",
    ]);
    const unknown = consoleMenuSchema.shape.dishes.element.parse(json(none).data);
    await call("PUT", API.consoleDish(mine.id, stew.id), { ...asInput(unknown), allergens: null });
    expect((await listed(stew.id)).allergenInfo).toBe("unknown");

    // a combo part's own allergens
    const set = byName("双人商务套餐");
    const partAllergens = await call("PUT", API.consoleDish(mine.id, set.id), {
      ...asInput(set),
      combos: asInput(set).combos.map((p, i) => ({ ...p, allergens: i === 0 ? ["peanuts"] : [] })),
    });
    expect(partAllergens.statusCode, partAllergens.body).toBe(200);
    expect((await listed(set.id)).combosList[0]?.allergens).toEqual(["peanuts"]);

    // codes outside core's lists are refused, and nothing changes
    const row = await app.db.select().from(dishes).where(eq(dishes.id, set.id));
    const current = consoleMenuSchema.shape.dishes.element.parse(json(partAllergens).data);
    for (const change of [
      { allergens: ["peanut"] },
      { diets: ["kosher"] },
      { allergens: "peanuts" },
      { combos: asInput(current).combos.map((p) => ({ ...p, allergens: ["<script>"] })) },
    ]) {
      const answer = await call("PUT", API.consoleDish(mine.id, set.id), { ...asInput(current), ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await app.db.select().from(dishes).where(eq(dishes.id, set.id))).toEqual(row);
  });
});
