import { randomUUID } from "node:crypto";
import { API, type Dish, type OrderDetail, priceLine, startingChoice } from "@tablemate/core";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  additionStock,
  cartLines,
  carts,
  dishes,
  orderEvents,
  orders,
  restaurants,
  tables,
  waiterCalls,
} from "../src/db/schema.js";
import { placeOrders } from "../src/modules/order/submit-statements.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  limitedAddition,
  menuOf,
  PLAIN,
  plainDish,
  type DemoRestaurant as Restaurant,
} from "./support/ordering.js";
import { smsOutbox } from "./support/sms-outbox.js";

describe.each(BACKENDS)("order submit on %s", (backend) => {
  let app: TestApp;
  const free = new Map<number, number[]>();
  let dine: Restaurant;
  let prepay: Restaurant;
  let fast: Restaurant;
  let picking: Restaurant;
  let takeout: Restaurant;
  let countFirst: Restaurant;
  let menu: Dish[];
  const outbox = smsOutbox();

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { LOCK_TIMEOUT_MS: "700" }, smsSender: outbox.sender });
    const find = await demoRestaurants(app);
    dine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    prepay = find((r) => r.wctPayType === 1 && !r.fastHotel);
    fast = find((r) => r.fastHotel);
    picking = find((r) => r.fastHotel && r.foodTakingMode === 0);
    takeout = find((r) => r.linkMode === "takeout");
    countFirst = find((r) => r.fastHotel && r.fastFoodNeedPersonNum);
    // each test sits at a table of its own, so the demo's tables are topped up
    await app.db
      .insert(tables)
      .values(Array.from({ length: 20 }, (_, i) => ({ restaurantId: dine.id, name: `测试${i + 1}` })));
    for (const t of await app.db.select().from(tables)) {
      free.set(t.restaurantId, [...(free.get(t.restaurantId) ?? []), t.id]);
    }
    menu = await menuOf(app, dine.id);
  });
  afterAll(() => app.close());

  /** A diner at a table nobody else in this file uses. */
  async function dinerAt(restaurant: Restaurant, guid: string, tableId?: number): Promise<Diner> {
    const id = tableId ?? free.get(restaurant.id)?.shift();
    if (!id) throw new Error("out of demo tables");
    return new Diner(app, guid, {
      restaurantId: restaurant.id,
      tableId: id,
      sid: app.signer.tableToken(restaurant.id, id),
    }).sit();
  }

  const code = async (response: Promise<{ json(): unknown }>) =>
    ((await response).json() as { code: number }).code;

  it("places the order priced by the server, clears the cart, takes stock, and writes its first event", async () => {
    const diner = await dinerAt(dine, "submit-aaaa-0001");
    const dish = plainDish(menu);
    const fish = menu.find((d) =>
      d.methodCategories.some((c) => c.methodList.some((m) => m.markupWay === 1)),
    );
    if (!fish) throw new Error("no dish with a percentage method");
    const percent = fish.methodCategories.flatMap((c) => c.methodList).find((m) => m.markupWay === 1);
    const choice = { ...PLAIN, normId: fish.norms[0]?.id ?? null, methodIds: percent ? [percent.id] : [] };
    await diner.add(dish.id, PLAIN, 2);
    await diner.add(fish.id, choice);
    const response = await diner.submit();
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({
      code: 1000,
      success: true,
      data: { mainWxId: diner.guid, realTableId: diner.table.tableId },
    });
    expect(typeof body.token).toBe("string");
    const { orderId } = body.data as { orderId: number };

    const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${dine.id}`)).data as OrderDetail;
    const expected = priceLine(dish, PLAIN, 2, false).total.plus(priceLine(fish, choice, 1, false).total);
    expect(detail.orderTotalPrice).toBe(expected.toFixed(2));
    expect(detail).toMatchObject({ status: 0, tableId: diner.table.tableId, wxId: diner.guid, foodCount: 3 });
    expect(detail.dishOrders.map((l) => l.dishesName).sort()).toEqual([dish.name, fish.name].sort());
    const cart = await diner.op({ kind: "clear" });
    expect(cart.cart.lines).toEqual([]);
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 0, actor: diner.guid })]);
    const list = json(await diner.get(`${API.orderList}?rid=${dine.id}`)).data as Array<{ orderId: number }>;
    expect(list.map((o) => o.orderId)).toContain(orderId);
  });

  it("ignores prices a client sends, even from a local cart", async () => {
    const diner = await dinerAt(dine, "submit-tamper-0001");
    const dish = plainDish(menu, 1);
    const foods = [{ foodId: dish.id, count: "3", ...PLAIN, memo: "", price: 0.01, total: 0.03 }];
    const body = json(await diner.submit(diner.order({ faultCart: true, faultChannel: true, foods })));
    expect(body.code).toBe(1000);
    const { orderId } = body.data as { orderId: number };
    const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${dine.id}`)).data as OrderDetail;
    expect(detail.orderTotalPrice).toBe(priceLine(dish, PLAIN, 3, false).total.toFixed(2));
  });

  it("yields one order for the same submit sent twice, and for two tablemates at once", async () => {
    const a = await dinerAt(dine, "submit-twice-0001");
    await a.add(plainDish(menu).id);
    const order = a.order();
    const [first, second] = await Promise.all([a.submit(order), a.submit(order)]);
    const ids = [first, second].map((r) => (json(r).data as { orderId?: number } | null)?.orderId);
    expect(new Set(ids.filter(Boolean)).size).toBe(1);

    const b = await dinerAt(dine, "submit-mate-0002", a.table.tableId);
    await a.add(plainDish(menu).id);
    const codes = await Promise.all([code(a.submit()), code(b.submit())]);
    expect(codes.filter((c) => c === 1000)).toHaveLength(1);
    expect([1009, 11009010, 6666]).toContain(codes.find((c) => c !== 1000));
    const placed = await app.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.tableId, a.table.tableId));
    expect(placed[0]?.n).toBe(2);
  });

  it("sells exactly the stock when 50 diners submit at once", async () => {
    const dish = plainDish(await menuOf(app, fast.id), 2);
    await app.db.update(dishes).set({ estimate: 10 }).where(eq(dishes.id, dish.id));
    const tableId = free.get(fast.id)?.shift() ?? 0;
    const diners = await Promise.all(
      Array.from({ length: 50 }, (_, i) => dinerAt(fast, `rush-${String(i).padStart(4, "0")}-x`, tableId)),
    );
    // every quick-service diner has a cart of their own; each holds one of the ten left
    for (const d of diners)
      expect((await d.op({ kind: "add", foodId: dish.id, choice: PLAIN })).verdict.ok).toBe(true);
    const codes = await Promise.all(diners.map((d) => code(d.submit())));
    expect(codes.filter((c) => c === 1000)).toHaveLength(10);
    expect(codes.filter((c) => c === 2000)).toHaveLength(40);
    const [left] = await app.db
      .select({ estimate: dishes.estimate })
      .from(dishes)
      .where(eq(dishes.id, dish.id));
    expect(left?.estimate).toBe(0);
    // and the ten got ten consecutive pick-up numbers, none repeated
    const serials = (
      await app.db.select({ no: orders.fastSerialNo }).from(orders).where(eq(orders.restaurantId, fast.id))
    )
      .map((o) => o.no ?? 0)
      .sort((x, y) => x - y);
    expect(serials).toEqual(Array.from({ length: 10 }, (_, i) => (serials[0] ?? 0) + i));
  });

  it("decides each order of a batch on the stock and cart versions the orders before it left", async () => {
    const dish = plainDish(menu, 4);
    const [first, second, third] = await Promise.all(
      ["batch-a-0001", "batch-b-0001", "batch-c-0001"].map((guid) => dinerAt(dine, guid)),
    );
    if (!first || !second || !third) throw new Error("three diners");
    for (const d of [first, second, third]) await d.add(dish.id);
    await app.db.update(dishes).set({ estimate: 1 }).where(eq(dishes.id, dish.id));
    const versionOf = async (cartId: number) =>
      (await app.db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId)))[0]?.version ??
      -1;
    const input = async (diner: Diner, takes: boolean) => ({
      order: {
        restaurantId: dine.id,
        tableId: diner.table.tableId,
        cartId: diner.cart.value,
        mainGuid: diner.guid,
        mainOrderId: null,
        submitId: randomUUID(),
        paymentType: 0,
        eatType: "dine" as const,
        personNum: 2,
        wholeMemo: "",
        invoiceTitle: "",
        reserve: null,
        totalPrice: "28.00",
        vipTotalPrice: "28.00",
        faultChannel: false,
        faultCart: false,
        createdAt: new Date(),
        deliveryFeeCents: 0,
        deliveryMinutes: null,
      },
      lines: [],
      guid: diner.guid,
      readVersion: await versionOf(diner.cart.value),
      needs: { dishes: new Map(takes ? [[dish.id, 1]] : []), additions: new Map() },
      fast: null,
    });
    // the first takes the last unit, so the second is short; the third's cart is submitted twice
    const outcomes = await placeOrders(app.db, [
      await input(first, true),
      await input(second, true),
      await input(third, false),
      await input(third, false),
    ]);
    expect(outcomes.map((o) => [o.enough, Boolean(o.order)])).toEqual([
      [true, true],
      [false, false],
      [true, true],
      [true, false],
    ]);
    expect(outcomes[0]?.stock).toEqual([{ foodId: dish.id, sum: 0 }]);
    expect(outcomes[1]?.shortDishes).toEqual([
      { id: dish.id, name: dish.name, foodproperty: dish.foodproperty, left: 0 },
    ]);
    const placed = await app.db
      .select({ cartId: orders.cartId })
      .from(orders)
      .where(inArray(orders.cartId, [first.cart.value, second.cart.value, third.cart.value]));
    expect(placed.map((o) => o.cartId).sort()).toEqual([first.cart.value, third.cart.value].sort());
    const linesLeft = await app.db
      .select({ cartId: cartLines.cartId })
      .from(cartLines)
      .where(inArray(cartLines.cartId, [first.cart.value, second.cart.value, third.cart.value]));
    expect(linesLeft.map((l) => l.cartId)).toEqual([second.cart.value]);
    expect(outcomes[2]?.cart?.version).toBe(await versionOf(third.cart.value));
    const [left] = await app.db
      .select({ estimate: dishes.estimate })
      .from(dishes)
      .where(eq(dishes.id, dish.id));
    expect(left?.estimate).toBe(0);
    await app.db.update(dishes).set({ estimate: -1 }).where(eq(dishes.id, dish.id));
  });

  it("puts a quick-service order on the table the diner picked, one of the restaurant's only", async () => {
    const diner = await dinerAt(picking, "picked-aaaa-0001");
    const pickedId = free.get(picking.id)?.shift() ?? 0;
    const [picked] = await app.db.select().from(tables).where(eq(tables.id, pickedId));
    if (!picked) throw new Error("no second table");
    await diner.add(plainDish(await menuOf(app, picking.id)).id, PLAIN, 2);
    const ordersOfCart = async () =>
      (await app.db.select({ n: count() }).from(orders).where(eq(orders.cartId, diner.cart.value)))[0]?.n;

    // a table of another restaurant, or none at all: refused, nothing written, the cart kept
    const elsewhere = free.get(dine.id)?.[0] ?? 0;
    for (const realTableId of [elsewhere, 999999]) {
      expect(await code(diner.submit(diner.order({ realTableId })))).toBe(1008);
    }
    expect(await ordersOfCart()).toBe(0);
    expect(await app.db.select().from(cartLines).where(eq(cartLines.cartId, diner.cart.value))).toHaveLength(
      1,
    );

    const body = json(
      await diner.submit(diner.order({ realTableId: picked.id, realTableName: picked.name })),
    );
    expect(body).toMatchObject({ code: 1000, data: { realTableId: picked.id } });
    const { orderId } = body.data as { orderId: number };
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ tableId: picked.id, cartId: diner.cart.value, eatType: "fast" });
    const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${picking.id}`))
      .data as OrderDetail;
    expect(detail).toMatchObject({ tableId: picked.id, tableName: picked.name, foodCount: 2 });
    expect(detail.fastSerialNo).toMatch(/^\d{3}$/);
  });

  it("refuses an order without a diner count where one is needed (9001), writing nothing", async () => {
    const withoutCount = (diner: Diner) => diner.submit(diner.order({ personNum: 0 }));
    const ordersOf = async (diner: Diner) =>
      (await app.db.select({ n: count() }).from(orders).where(eq(orders.cartId, diner.cart.value)))[0]?.n;
    const linesOf = (diner: Diner) =>
      app.db.select().from(cartLines).where(eq(cartLines.cartId, diner.cart.value));
    const refusal = { code: 9001, success: false, data: null, message: "请先选择用餐人数再下单" };

    // dine-in with must-order dishes (茶位费, 米饭): they come only with the count
    const diner = await dinerAt(dine, "count-dine-0001");
    await diner.add(plainDish(menu).id);
    const refused = await withoutCount(diner);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toEqual(refusal);
    expect(await ordersOf(diner)).toBe(0);
    expect(await linesOf(diner)).toHaveLength(1);

    // quick-service that asks for the count (fastFoodNeedPersonNum): the same
    const counted = await dinerAt(countFirst, "count-fast-0001");
    await counted.add(plainDish(await menuOf(app, countFirst.id)).id);
    expect(json(await withoutCount(counted))).toEqual(refusal);
    expect(await ordersOf(counted)).toBe(0);

    // an edited dish row moves on disk (the console edits dishes): the must-order lines still come in id order
    const mustIds = menu.filter((d) => d.necessary).map((d) => d.id);
    await app.db
      .update(dishes)
      .set({ name: sql`${dishes.name}` })
      .where(eq(dishes.id, Math.min(...mustIds)));
    // the count set at the table (by any tablemate) brings the must-order dishes and is the order's
    const { cart } = await diner.op({ kind: "personNum", personNum: 3 });
    const named = (foodId: number) => menu.find((d) => d.id === foodId)?.name;
    expect(cart.lines.map((l) => [named(l.foodId), l.count])).toEqual(
      expect.arrayContaining([
        ["茶位费", "3"],
        ["米饭", "2"],
      ]),
    );
    const mustLines = cart.lines.map((l) => l.foodId).filter((id) => mustIds.includes(id));
    expect(mustLines).toEqual([...mustIds].sort((a, b) => a - b));
    const placed = json(await withoutCount(diner));
    expect(placed.code).toBe(1000);
    const [row] = await app.db.select().from(orders).where(eq(orders.cartId, diner.cart.value));
    expect(row?.personNum).toBe(3);

    // quick-service that does not ask: no count is no refusal
    const quick = await dinerAt(fast, "count-fast-0002");
    await quick.add(plainDish(await menuOf(app, fast.id)).id);
    expect((await app.db.select().from(restaurants).where(eq(restaurants.id, fast.id)))[0]).toMatchObject({
      fastFoodNeedPersonNum: false,
    });
    expect(json(await withoutCount(quick)).code).toBe(1000);
  });

  it("keeps a dine-in order on its cart's table: another table of the restaurant is refused", async () => {
    const diner = await dinerAt(dine, "picked-dine-0001");
    await diner.add(plainDish(menu).id);
    const other = free.get(dine.id)?.[0] ?? 0;
    expect(await code(diner.submit(diner.order({ realTableId: other })))).toBe(1008);
    const placed = await app.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.cartId, diner.cart.value));
    expect(placed[0]?.n).toBe(0);
  });

  it("answers 2000 with the short dishes and 3000 for additions, writing nothing", async () => {
    const diner = await dinerAt(dine, "submit-short-0001");
    const dish = plainDish(menu, 2);
    await diner.add(dish.id, PLAIN, 2);
    await app.db.update(dishes).set({ estimate: 1 }).where(eq(dishes.id, dish.id));
    const short = json(await diner.submit());
    expect(short).toMatchObject({
      code: 2000,
      data: [{ foodId: dish.id, left: 1 }],
      message: `${dish.name}仅剩1份`,
    });
    await app.db.update(dishes).set({ estimate: -1 }).where(eq(dishes.id, dish.id));
    expect((await app.db.select().from(cartLines).where(eq(cartLines.cartId, diner.cart.value))).length).toBe(
      1,
    );

    const { addition: soldOut, dish: withAddition } = await limitedAddition(app, dine.id, menu, true);
    await diner.op({ kind: "clear" });
    await diner.add(withAddition.id, {
      ...startingChoice(withAddition),
      additions: [{ id: soldOut.additionId, count: 1 }],
    });
    expect(await code(diner.submit())).toBe(3000);

    // with one unit back, the same order goes through and takes it
    const theAddition = and(
      eq(additionStock.restaurantId, dine.id),
      eq(additionStock.additionId, soldOut.additionId),
    );
    await app.db.update(additionStock).set({ estimate: 1 }).where(theAddition);
    expect(await code(diner.submit())).toBe(1000);
    const [left] = await app.db
      .select({ estimate: additionStock.estimate })
      .from(additionStock)
      .where(theAddition);
    expect(left?.estimate).toBe(0);
  });

  it("refuses with the spec's codes: 5555 closed, 4000 register offline, 1011, 1008, 1007, 9001", async () => {
    const diner = await dinerAt(dine, "submit-codes-0001");
    await diner.add(plainDish(menu).id);
    await app.db.update(restaurants).set({ hotelLock: true }).where(eq(restaurants.id, dine.id));
    expect(await code(diner.submit())).toBe(5555);
    await app.db
      .update(restaurants)
      .set({ hotelLock: false, posOnline: false })
      .where(eq(restaurants.id, dine.id));
    expect(await code(diner.submit())).toBe(4000);
    await app.db.update(restaurants).set({ posOnline: true }).where(eq(restaurants.id, dine.id));
    expect(await code(diner.submit(diner.order({ restaurantId: 999999 })))).toBe(1011);
    expect(await code(diner.submit(diner.order({ cartIdSign: "forged" })))).toBe(1008);
    expect(await code(diner.submit(diner.order({ userId: "someone-else-0001" })))).toBe(1008);
    expect(await code(diner.submit(diner.order({ cartId: "x" })))).toBe(1007);
    const empty = await dinerAt(dine, "submit-empty-0001");
    expect(await code(empty.submit())).toBe(1007);

    const away = await dinerAt(takeout, "submit-takeout-0001");
    const cheap = (await menuOf(app, takeout.id)).find(
      (d) =>
        d.foodproperty === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1 &&
        d.price < 20 &&
        d.price > 1,
    );
    if (!cheap) throw new Error("no cheap takeout dish");
    await away.add(cheap.id);
    // the demo's takeout restaurant asks for a phone verification code first (2008)
    const phone = "13900001234";
    await away.post(API.phoneCode, { rid: takeout.id, phone });
    const contact = { takeout: "1", phone, code: outbox.codeFor(phone), name: "王先生" };
    // a takeout needs somewhere to go
    const nowhere = json(await away.submit(away.order(contact)));
    expect(nowhere).toMatchObject({ code: 9001, message: "请填写送餐地址" });
    const below = json(await away.submit(away.order({ ...contact, address: "国定路335号" })));
    expect(below).toMatchObject({ code: 9001, message: expect.stringContaining("起送价") });
  });

  it("answers 6666 when a tablemate's order is open in prepayment, and 6000 to add to a settled one", async () => {
    const a = await dinerAt(prepay, "prepay-aaaa-0001");
    const prepayMenu = await menuOf(app, prepay.id);
    await a.add(plainDish(prepayMenu).id);
    const placed = json(await a.submit());
    expect(placed.code).toBe(1000);
    const { orderId } = placed.data as { orderId: number };
    const b = await dinerAt(prepay, "prepay-bbbb-0002", a.table.tableId);
    await b.add(plainDish(prepayMenu, 1).id);
    expect(json(await b.submit())).toMatchObject({ code: 6666, data: { orderId } });
    expect(await code(b.submit(b.order({ mainOrderId: orderId })))).toBe(1000);

    await app.db.update(orders).set({ status: 7 }).where(eq(orders.id, orderId));
    await b.add(plainDish(prepayMenu, 1).id);
    expect(json(await b.submit(b.order({ mainOrderId: orderId })))).toMatchObject({
      code: 6000,
      data: { orderId },
    });
  });

  /** Runs `body` with `restaurant`'s register at `version`, then puts the demo's back. */
  async function atRegister<T>(restaurant: Restaurant, version: string, body: () => Promise<T>): Promise<T> {
    const set = (serverVersion: string) =>
      app.db.update(restaurants).set({ serverVersion }).where(eq(restaurants.id, restaurant.id));
    await set(version);
    try {
      return await body();
    } finally {
      await set(restaurant.serverVersion);
    }
  }

  it("packs a line from 2.23.06 and the whole order from 2.27.00, refusing either below and writing nothing", async () => {
    const diner = await dinerAt(dine, "submit-pack-0001");
    const dish = plainDish(menu);
    const { cart } = await diner.op({ kind: "add", foodId: dish.id, choice: PLAIN });
    const detailId = cart.lines[0]?.detailId ?? "";
    await diner.op({ kind: "note", detailId, memo: "少辣 打包" });
    const placedBefore = (await app.db.select({ n: count() }).from(orders))[0]?.n;
    const packAll = diner.order({ wholeMemo: { guid: diner.guid, memo: "整单打包 尽快上菜" } });

    await atRegister(dine, "2.23.05", async () => {
      expect(json(await diner.submit())).toMatchObject({ code: 9001, message: "本店暂不支持单品打包" });
    });
    await atRegister(dine, "2.26.00", async () => {
      expect(json(await diner.submit(packAll))).toMatchObject({
        code: 9001,
        message: "本店暂不支持整单打包",
      });
    });
    expect((await app.db.select({ n: count() }).from(orders))[0]?.n).toBe(placedBefore);
    expect((await diner.op({ kind: "note", detailId, memo: "少辣 打包" })).cart.lines).toHaveLength(1);

    const placed = await atRegister(dine, "2.27.00", async () => json(await diner.submit(packAll)));
    expect(placed.code).toBe(1000);
    const { orderId } = placed.data as { orderId: number };
    const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${dine.id}`)).data as OrderDetail;
    expect(detail.wholeMemo).toBe("整单打包 尽快上菜");
    expect(detail.dishOrders.map((l) => l.memo)).toEqual(["少辣 打包"]);
  });

  it("adds to a pay-first order only from 2.35.15, and only as the order's main user (000 §6)", async () => {
    const a = await dinerAt(prepay, "prepay-main-0001");
    const prepayMenu = await menuOf(app, prepay.id);
    await a.add(plainDish(prepayMenu).id);
    const placed = json(await a.submit());
    expect(placed.code).toBe(1000);
    const { orderId } = placed.data as { orderId: number };
    const b = await dinerAt(prepay, "prepay-mate-0002", a.table.tableId);
    await b.add(plainDish(prepayMenu, 1).id);
    const countOrders = async () => (await app.db.select({ n: count() }).from(orders))[0]?.n;
    const before = await countOrders();

    await atRegister(prepay, "2.35.14", async () => {
      expect(json(await b.submit(b.order({ mainOrderId: orderId, mainWxId: a.guid })))).toMatchObject({
        code: 9001,
        message: "本店暂不支持在先付订单上加菜，请重新下单",
      });
    });
    // a tablemate naming themself (or anyone) the main user of a's order
    for (const mainWxId of [b.guid, "someone-else-0003"]) {
      const forged = await b.submit(b.order({ mainOrderId: orderId, mainWxId }));
      expect(forged.statusCode).toBe(403);
      expect(json(forged)).toMatchObject({ success: false, message: "加菜的订单不符，请从订单详情重新加菜" });
    }
    expect(await countOrders()).toBe(before);

    const added = json(await b.submit(b.order({ mainOrderId: orderId, mainWxId: a.guid })));
    expect(added).toMatchObject({ code: 1000, data: { mainWxId: a.guid } });
    const { orderId: addedId } = added.data as { orderId: number };
    const [row] = await app.db.select().from(orders).where(eq(orders.id, addedId));
    expect(row).toMatchObject({ mainGuid: a.guid, mainOrderId: orderId });
  });

  /**
   * Runs the submits while another connection holds the cart's row lock, released once both wait on
   * it: both have read the cart before either writes, so the one that writes second finds it ordered.
   */
  async function raceOnCart(cartId: number, submits: () => Promise<{ json(): unknown }>[]) {
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("select 1 from carts where id = $1 for update", [cartId]);
    const pending = submits().map(code);
    try {
      for (let waiting = 0; waiting < 2; ) {
        const { rows } = await blocker.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        waiting = rows[0]?.n ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
    return (await Promise.all(pending)).sort();
  }

  // two submits held at the write need a server with several connections; PGlite has one
  if (backend === "postgres")
    it("answers 1009 to a tablemate and 11009010 to the same diner whose submit lost the race", async () => {
      const a = await dinerAt(dine, "raced-aaaa-0001");
      const b = await dinerAt(dine, "raced-bbbb-0002", a.table.tableId);
      await a.add(plainDish(menu).id);
      expect(await raceOnCart(a.cart.value, () => [a.submit(), b.submit()])).toEqual([1000, 1009]);
      await a.add(plainDish(menu).id);
      expect(await raceOnCart(a.cart.value, () => [a.submit(), a.submit()])).toEqual([1000, 11009010]);
      const placed = await app.db.select({ n: count() }).from(orders).where(eq(orders.cartId, a.cart.value));
      expect(placed[0]?.n).toBe(2);
    });

  it("answers 8001 to a diner submitting too often", async () => {
    const diner = await dinerAt(dine, "frequent-0001");
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push(await code(diner.submit()));
    expect(codes).toContain(8001);
  });

  it("cancels an order not yet taken, returning its stock, and refuses once it is", async () => {
    const diner = await dinerAt(dine, "cancel-aaaa-0001");
    const dish = plainDish(menu, 3);
    await app.db.update(dishes).set({ estimate: 5 }).where(eq(dishes.id, dish.id));
    await diner.add(dish.id, PLAIN, 2);
    const { orderId } = json(await diner.submit()).data as { orderId: number };
    const cancelled = json(await diner.post(API.orderCancel(orderId), { rid: dine.id }));
    expect(cancelled).toMatchObject({ code: 1000 });
    const [row] = await app.db
      .select({ estimate: dishes.estimate })
      .from(dishes)
      .where(eq(dishes.id, dish.id));
    expect(row?.estimate).toBe(5);
    expect(json(await diner.post(API.orderCancel(orderId), { rid: dine.id }))).toMatchObject({
      code: 1001,
      message: "取消订单失败，请重试",
    });
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => e.toStatus)).toEqual([0, 4]);
    await app.db.update(dishes).set({ estimate: -1 }).where(eq(dishes.id, dish.id));
  });

  it("shows an order only to diners of its table", async () => {
    const diner = await dinerAt(dine, "private-aaaa-0001");
    await diner.add(plainDish(menu).id);
    const { orderId } = json(await diner.submit()).data as { orderId: number };
    const stranger = new Diner(app, "stranger-zzzz-0009", diner.table);
    expect((await stranger.get(`${API.orderDetail}/${orderId}?rid=${dine.id}`)).statusCode).toBe(404);
    expect((await diner.get(`${API.orderDetail}/999999?rid=${dine.id}`)).statusCode).toBe(404);
  });

  it("records waiter calls once per minute, for seated diners only", async () => {
    const diner = await dinerAt(dine, "waiter-aaaa-0001");
    for (const url of [API.callWaiter, API.callWaiter, API.prepayNotify]) {
      const answer = json(await diner.post(url, { rid: dine.id, tableNo: diner.table.tableId, model: "1" }));
      expect(answer).toMatchObject({ code: 200, success: true });
    }
    const stranger = new Diner(app, "stranger-zzzz-0010", diner.table);
    expect(
      (await stranger.post(API.callWaiter, { rid: dine.id, tableNo: diner.table.tableId })).statusCode,
    ).toBe(403);
    const calls = await app.db.select().from(waiterCalls).where(eq(waiterCalls.tableId, diner.table.tableId));
    expect(calls.map((c) => c.kind).sort()).toEqual(["call", "prepay"]);
  });

  it("refuses a waiter call where the service is off or the register too old, and records nothing", async () => {
    const diner = await dinerAt(dine, "waiter-aaaa-0002");
    const call = () => diner.post(API.callWaiter, { rid: dine.id, tableNo: diner.table.tableId });
    const restaurant = eq(restaurants.id, dine.id);
    const restore = () =>
      app.db
        .update(restaurants)
        .set({ wctCallService: dine.wctCallService, serverVersion: dine.serverVersion })
        .where(restaurant);
    try {
      for (const off of [{ wctCallService: false }, { serverVersion: "2.17.05" }]) {
        await app.db.update(restaurants).set(off).where(restaurant);
        const response = await call();
        expect([response.statusCode, json(response).success]).toEqual([403, false]);
        await restore();
      }
    } finally {
      await restore();
    }
    const calls = await app.db.select().from(waiterCalls).where(eq(waiterCalls.tableId, diner.table.tableId));
    expect(calls).toEqual([]);
    expect(json(await call())).toMatchObject({ code: 200, success: true });
  });

  // a lock held by another connection needs a server with several; PGlite has one
  if (backend === "postgres")
    it("answers 1002 when the order cannot be written in time", async () => {
      const diner = await dinerAt(dine, "timeout-aaaa-0001");
      await diner.add(plainDish(menu).id);
      const url = app.databaseUrl;
      if (!url) throw new Error("no database url");
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      await blocker.query("begin");
      await blocker.query("select * from carts where id = $1 for update", [diner.cart.value]);
      try {
        expect(await code(diner.submit())).toBe(1002);
      } finally {
        await blocker.query("rollback");
        await blocker.end();
      }
    });
});
