import { API, addDays, formatDate, type OrderDetail } from "@tablemate/core";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartLines, orders, restaurants, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  menuOf,
  plainDish,
  type DemoRestaurant as Restaurant,
} from "./support/ordering.js";

/** The server's clock: today in Shanghai (the demo's zone) at a wall-clock time. */
const SHANGHAI_TODAY = formatDate(new Date(), "Asia/Shanghai");
const shanghaiAt = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
const TOMORROW = addDays(SHANGHAI_TODAY, 1);

/**
 * A reservation is for later: the server checks the booked time against the restaurant's hours
 * (宴遇私房菜, 10:00-22:00), not the time of the submit; the party size goes in with the order.
 */
describe.each(BACKENDS)("reservations on %s", (backend) => {
  let app: TestApp;
  let now = shanghaiAt(SHANGHAI_TODAY, "22:30");
  let reserved: Restaurant;
  let takeout: Restaurant;
  const free = new Map<number, number[]>();

  beforeAll(async () => {
    app = await startTestApp(backend, { now: () => now });
    const find = await demoRestaurants(app);
    reserved = find((r) => r.linkMode === "reserve");
    takeout = find((r) => r.linkMode === "takeout");
    expect(reserved.businessTime).toBe("10:00-22:00");
    for (const t of await app.db.select().from(tables)) {
      free.set(t.restaurantId, [...(free.get(t.restaurantId) ?? []), t.id]);
    }
  });
  afterAll(() => app.close());
  beforeEach(() => {
    now = shanghaiAt(SHANGHAI_TODAY, "22:30");
  });

  /** A diner at a table of its own with one plain dish in the cart. */
  async function dinerWithDish(restaurant: Restaurant, guid: string): Promise<Diner> {
    const id = free.get(restaurant.id)?.shift();
    if (!id) throw new Error("out of demo tables");
    const diner = await new Diner(app, guid, {
      restaurantId: restaurant.id,
      tableId: id,
      sid: app.signer.tableToken(restaurant.id, id),
    }).sit();
    await diner.add(plainDish(await menuOf(app, restaurant.id)).id);
    return diner;
  }

  const booking = (diner: Diner, fields: Record<string, unknown>) =>
    diner.order({
      reserve: "1",
      phone: "13812345678",
      name: "王先生",
      sex: "1",
      num: 4,
      personNum: 4,
      ...fields,
    });

  const ordersOf = async (restaurant: Restaurant) =>
    (await app.db.select({ n: count() }).from(orders).where(eq(orders.restaurantId, restaurant.id)))[0]?.n;

  it("takes a booking for a time it is open while it is closed now, with its party size", async () => {
    const diner = await dinerWithDish(reserved, "reserve-open-0001");
    const time = `${TOMORROW} 12:00`;
    const placed = json(await diner.submit(booking(diner, { time })));
    expect(placed).toMatchObject({ code: 1000, success: true });
    const { orderId } = placed.data as { orderId: number };

    const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${reserved.id}`))
      .data as OrderDetail;
    expect(detail.eatType).toBe("reserve");
    expect(detail.reserve).toEqual({
      name: "王先生",
      phone: "13812345678",
      sex: "1",
      num: 4,
      time,
      memo: "",
      address: "",
    });
    expect(detail.personNum).toBe(4);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.reserve?.num).toBe(4);
    expect(row?.personNum).toBe(4);
  });

  it("refuses a booked time outside its hours, past, too far ahead or missing, with 9001 and nothing ordered", async () => {
    const diner = await dinerWithDish(reserved, "reserve-refused-0001");
    const before = await ordersOf(reserved);
    const refusal = async (time: string | undefined) => json(await diner.submit(booking(diner, { time })));

    expect(await refusal(`${TOMORROW} 09:45`)).toMatchObject({
      code: 9001,
      success: false,
      message: "所选时间不在营业时间（10:00-22:00）内，请重新选择",
    });
    expect(await refusal(`${TOMORROW} 22:00`)).toMatchObject({
      code: 9001,
      message: "所选时间不在营业时间（10:00-22:00）内，请重新选择",
    });
    // open then, but already past
    expect(await refusal(`${SHANGHAI_TODAY} 12:00`)).toMatchObject({
      code: 9001,
      message: "所选时间已过，请重新选择",
    });
    expect(await refusal(`${addDays(SHANGHAI_TODAY, 7)} 12:00`)).toMatchObject({
      code: 9001,
      message: "只能选择7天内的时间，请重新选择",
    });
    expect(await refusal(undefined)).toMatchObject({ code: 9001, message: "请选择预订时间" });
    expect(await refusal("")).toMatchObject({ code: 9001, message: "请选择预订时间" });
    // the contract's format: free text is no time
    expect(await refusal("马上")).toMatchObject({ code: 1007, message: "订单信息缺失（time）" });
    expect(await refusal(`${TOMORROW}T12:00`)).toMatchObject({ code: 1007 });

    expect(await ordersOf(reserved)).toBe(before);
    const lines = await app.db.select().from(cartLines).where(eq(cartLines.cartId, diner.cart.value));
    expect(lines).toHaveLength(1);
  });

  it("takes a booking for later today within its hours, and closes only when the hotel is locked", async () => {
    now = shanghaiAt(SHANGHAI_TODAY, "12:00");
    const diner = await dinerWithDish(reserved, "reserve-today-0001");
    expect(json(await diner.submit(booking(diner, { time: `${SHANGHAI_TODAY} 11:45` })))).toMatchObject({
      code: 9001,
      message: "所选时间已过，请重新选择",
    });
    await app.db.update(restaurants).set({ hotelLock: true }).where(eq(restaurants.id, reserved.id));
    try {
      expect(json(await diner.submit(booking(diner, { time: `${SHANGHAI_TODAY} 18:00` }))).code).toBe(5555);
    } finally {
      await app.db.update(restaurants).set({ hotelLock: false }).where(eq(restaurants.id, reserved.id));
    }
    expect(json(await diner.submit(booking(diner, { time: `${SHANGHAI_TODAY} 12:05` }))).code).toBe(1000);
  });

  it("still refuses an order for now (no reservation) while closed: 5555", async () => {
    const diner = await dinerWithDish(reserved, "reserve-dine-0001");
    expect(json(await diner.submit(diner.order())).code).toBe(5555);
  });

  it("takes takeout's time later today only (none: as soon as possible)", async () => {
    now = shanghaiAt(SHANGHAI_TODAY, "12:00");
    const diner = await dinerWithDish(takeout, "takeout-time-0001");
    const before = await ordersOf(takeout);
    const order = (time: string) =>
      diner.order({ takeout: "1", phone: "13812345678", name: "王先生", address: "国定路335号", time });
    // refused before the phone code is looked at: these refusals spend no code
    expect(json(await diner.submit(order(`${TOMORROW} 12:00`)))).toMatchObject({
      code: 9001,
      message: "只能选择今天的时间，请重新选择",
    });
    expect(json(await diner.submit(order(`${SHANGHAI_TODAY} 11:00`)))).toMatchObject({
      code: 9001,
      message: "所选时间已过，请重新选择",
    });
    // an empty time goes on to the next rule: the phone code this restaurant asks for (2008)
    expect(json(await diner.submit(order(""))).code).toBe(2008);
    expect(json(await diner.submit(order(`${SHANGHAI_TODAY} 18:00`))).code).toBe(2008);
    expect(await ordersOf(takeout)).toBe(before);
  });
});
