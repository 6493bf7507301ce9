import {
  API,
  type CartState,
  type Category,
  type Dish,
  type OrderDetail,
  type PageData,
  startingChoice,
} from "@tablemate/core";
import { and, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OLD_REGISTER_VERSION } from "../src/db/demo/restaurants.js";
import { refreshDemoVersions } from "../src/db/demo/seed.js";
import { dishes, orders, restaurants, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import {
  type DemoRestaurant,
  Diner,
  demoRestaurants,
  menuOf,
  PLAIN,
  plainDishes,
} from "./support/ordering.js";
import { TableSocket } from "./support/table-socket.js";
import { fakeWebDist, pageDataOf } from "./support/web-dist.js";

/**
 * The register-version gates (spec 000 §9) at the demo's old register, 阿婆粥铺 (2.22.00): no combo
 * is offered, added or ordered there, and no member price is shown or charged; a current register
 * (川味小馆) offers both.
 */
describe.each(BACKENDS)("version gates on %s", (backend) => {
  let app: TestApp;
  let old: DemoRestaurant;
  let current: DemoRestaurant;
  let diners = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { WEB_DIST: fakeWebDist() } });
    const find = await demoRestaurants(app);
    old = find((r) => r.name === "阿婆粥铺");
    current = find((r) => r.name === "川味小馆");
  });
  afterAll(() => app.close());

  /** A new diner at the restaurant's first table (quick-service: a cart of their own). */
  async function dinerAt(restaurant: DemoRestaurant): Promise<Diner> {
    const [table] = await app.db.select().from(tables).where(eq(tables.restaurantId, restaurant.id));
    if (!table) throw new Error("no demo table");
    diners += 1;
    const guid = `gate-${backend}-${String(diners).padStart(4, "0")}`;
    return new Diner(app, guid, {
      restaurantId: restaurant.id,
      tableId: table.id,
      sid: app.signer.tableToken(restaurant.id, table.id),
    }).sit();
  }

  /** Runs `body` with the old restaurant's register at `version`, then puts it back. */
  async function withRegister<T>(version: string, body: () => Promise<T>): Promise<T> {
    const at = (serverVersion: string) =>
      app.db.update(restaurants).set({ serverVersion }).where(eq(restaurants.id, old.id));
    await at(version);
    try {
      return await body();
    } finally {
      await at(OLD_REGISTER_VERSION);
    }
  }

  const combosIn = (menu: Dish[]) => menu.filter((d) => d.foodproperty !== 0);
  const withMemberPrice = (menu: Dish[]) => menu.filter((d) => d.vipPrice !== null);
  const cartOf = async (diner: Diner) =>
    json(
      await diner.get(
        `${API.cartInfo}?rid=${diner.table.restaurantId}&cartId=${diner.cart.value}&cartIdSign=${diner.cart.sign}`,
      ),
    ).data as CartState;
  const ordersOf = async (restaurantId: number) =>
    (await app.db.select({ n: count() }).from(orders).where(eq(orders.restaurantId, restaurantId)))[0]?.n;

  it("seeds 阿婆粥铺 with the old register, and gives it that version again at boot", async () => {
    expect(old.serverVersion).toBe("2.22.00");
    expect(current.serverVersion).toBe("2.35.15");
    // a data directory seeded before the demo set it
    await app.db.update(restaurants).set({ serverVersion: "2.35.15" }).where(eq(restaurants.id, old.id));
    await refreshDemoVersions(app.db);
    const versions = await app.db
      .select({ name: restaurants.name, v: restaurants.serverVersion })
      .from(restaurants);
    expect(versions.filter((r) => r.v !== "2.35.15")).toEqual([{ name: "阿婆粥铺", v: "2.22.00" }]);
  });

  it("leaves combos and member prices out of every menu answer below their versions", async () => {
    const currentMenu = await menuOf(app, current.id);
    expect(combosIn(currentMenu).length).toBeGreaterThanOrEqual(5);
    expect(withMemberPrice(currentMenu).length).toBeGreaterThan(10);

    const oldMenu = await menuOf(app, old.id);
    expect(combosIn(oldMenu)).toEqual([]);
    expect(withMemberPrice(oldMenu)).toEqual([]);
    expect(
      oldMenu.flatMap((d) => [d.startVipPrice, ...d.norms.map((n) => n.vipPrice)]).every((v) => v === null),
    ).toBe(true);
    // the same menu less its combos, in the same order
    expect(oldMenu.map((d) => d.name)).toEqual(
      currentMenu.filter((d) => d.foodproperty === 0).map((d) => d.name),
    );

    const recommends = json(await app.server.inject({ method: "GET", url: `${API.recommend}?rid=${old.id}` }))
      .data as Dish[];
    expect(recommends.length).toBeGreaterThan(0);
    expect([...combosIn(recommends), ...withMemberPrice(recommends)]).toEqual([]);
    const categories = json(
      await app.server.inject({ method: "GET", url: `${API.foodCategory}?restaurantId=${old.id}` }),
    ).data as Category[];
    const comboIds = new Set(
      (
        await app.db
          .select({ id: dishes.id })
          .from(dishes)
          .where(and(eq(dishes.restaurantId, old.id), ne(dishes.foodproperty, 0)))
      ).map((d) => d.id),
    );
    expect(comboIds.size).toBeGreaterThanOrEqual(5);
    const listed = categories.flatMap((c) => c.secondCategories.flatMap((s) => s.foods));
    expect(listed.filter((id) => comboIds.has(id))).toEqual([]);
  });

  it("serves the page's menu without them too", async () => {
    const table = (await app.db.select().from(tables).where(eq(tables.restaurantId, old.id)))[0];
    if (!table) throw new Error("no demo table");
    const sid = app.signer.tableToken(old.id, table.id);
    const page = await app.server.inject({
      method: "GET",
      url: `/?hotelid=${old.id}&tn=${table.id}&sid=${sid}`,
    });
    const { menu } = pageDataOf(page.body) as PageData;
    if (!menu) throw new Error("the page carried no menu");
    expect(menu.foods.length).toBeGreaterThan(50);
    expect([...combosIn(menu.foods), ...withMemberPrice(menu.foods)]).toEqual([]);
  });

  it("refuses adding a combo (9001, naming it) and changes nothing; a current register adds it", async () => {
    const combo = await withRegister("2.35.15", async () =>
      combosIn(await menuOf(app, old.id)).find((d) => d.foodproperty === 1 && d.availableStatus === 1),
    );
    if (!combo) throw new Error("no set menu in the demo");
    const diner = await dinerAt(old);
    const before = (await diner.op({ kind: "clear" })).cart;
    const response = await app.server.inject({
      method: "POST",
      url: API.cartOps,
      headers: asVisitor(diner.guid),
      payload: {
        rid: old.id,
        cartId: diner.cart.value,
        cartIdSign: diner.cart.sign,
        guid: diner.guid,
        opId: "gate-add-combo",
        op: { kind: "add", foodId: combo.id, choice: startingChoice(combo) },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toMatchObject({
      code: 9001,
      success: false,
      message: `本店暂不支持点套餐：${combo.name}`,
    });
    expect(await cartOf(diner)).toMatchObject({ version: before.version, lines: [] });

    const added = await withRegister("2.23.00", () =>
      diner.op({ kind: "add", foodId: combo.id, choice: startingChoice(combo) }),
    );
    expect(added.verdict.message).toBe("");
    expect(added.verdict).toMatchObject({ ok: true });
    expect(added.cart.lines.map((l) => l.foodId)).toEqual([combo.id]);
  });

  it("refuses adding a combo over the table socket too, with the same message, and changes nothing", async () => {
    const combo = await withRegister("2.35.15", async () =>
      combosIn(await menuOf(app, old.id)).find((d) => d.foodproperty === 1 && d.availableStatus === 1),
    );
    if (!combo) throw new Error("no set menu in the demo");
    const diner = await dinerAt(old);
    const socket = await TableSocket.open(socketAt(await socketBase(app), diner.table, diner.guid));
    try {
      const verdict = await socket.op({ kind: "add", foodId: combo.id, choice: startingChoice(combo) });
      expect(verdict).toMatchObject({ ok: false, message: `本店暂不支持点套餐：${combo.name}` });
      expect((await cartOf(diner)).lines).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it("refuses ordering a combo (a shared or a local cart) and writes nothing", async () => {
    const [combo, plain] = await withRegister("2.35.15", async () => {
      const menu = await menuOf(app, old.id);
      return [
        combosIn(menu).find((d) => d.foodproperty === 1 && d.availableStatus === 1),
        plainDishes(menu)[0],
      ];
    });
    if (!combo || !plain) throw new Error("demo dishes missing");
    const placedBefore = await ordersOf(old.id);

    // put in the cart while the register was new enough, then ordered on the old one
    const shared = await dinerAt(old);
    await withRegister("2.35.15", async () => {
      await shared.add(combo.id, startingChoice(combo));
      await shared.add(plain.id);
    });
    const refused = await shared.submit();
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 9001, message: `本店暂不支持点套餐：${combo.name}` });
    expect((await cartOf(shared)).lines).toHaveLength(2);

    const local = await dinerAt(old);
    const foods = [
      { foodId: combo.id, count: "1", ...startingChoice(combo), memo: "" },
      { foodId: plain.id, count: "1", ...PLAIN, memo: "" },
    ];
    const body = json(await local.submit(local.order({ faultCart: true, faultChannel: true, foods })));
    expect(body).toMatchObject({ code: 9001, success: false, message: `本店暂不支持点套餐：${combo.name}` });
    expect(await ordersOf(old.id)).toBe(placedBefore);
  });

  it("charges no member price below 2.24.00: the order's member total is its total", async () => {
    const oldMenu = await menuOf(app, old.id);
    const currentMenu = await menuOf(app, current.id);
    const dish = plainDishes(currentMenu).find((d) => d.vipPrice !== null && d.vipPrice < d.price);
    const same = oldMenu.find((d) => d.name === dish?.name);
    if (!dish || !same) throw new Error("no plain dish with a member price");

    const orderAt = async (restaurant: DemoRestaurant, foodId: number) => {
      const diner = await dinerAt(restaurant);
      await diner.add(foodId, PLAIN, 2);
      const body = json(await diner.submit());
      expect(body.code).toBe(1000);
      const { orderId } = body.data as { orderId: number };
      return json(await diner.get(`${API.orderDetail}/${orderId}?rid=${restaurant.id}`)).data as OrderDetail;
    };
    const atOld = await orderAt(old, same.id);
    expect([atOld.orderTotalPrice, atOld.orderVipNeedMoney]).toEqual([
      (dish.price * 2).toFixed(2),
      (dish.price * 2).toFixed(2),
    ]);
    expect(atOld.dishOrders.map((l) => l.vipPrice)).toEqual([dish.price.toFixed(2)]);
    const atCurrent = await orderAt(current, dish.id);
    expect(atCurrent.orderVipNeedMoney).toBe(((dish.vipPrice ?? 0) * 2).toFixed(2));
  });

  it("takes no 加菜 onto a quick-service order below prepay-after (2.35.15), and does from it", async () => {
    const [first, second] = plainDishes(await menuOf(app, old.id));
    if (!first || !second) throw new Error("no plain dishes at the old register");
    const diner = await dinerAt(old);
    await diner.add(first.id);
    const placed = json(await diner.submit());
    expect(placed.code).toBe(1000);
    const { orderId } = placed.data as { orderId: number };
    const addTo = () => diner.submit(diner.order({ mainOrderId: orderId, mainWxId: diner.guid }));

    await diner.add(second.id);
    const before = await ordersOf(old.id);
    expect(json(await addTo())).toMatchObject({
      code: 9001,
      message: "本店暂不支持在先付订单上加菜，请重新下单",
    });
    expect(await ordersOf(old.id)).toBe(before);
    const added = await withRegister("2.35.15", async () => json(await addTo()));
    expect(added.code).toBe(1000);
  });
});
