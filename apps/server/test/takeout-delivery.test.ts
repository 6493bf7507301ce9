import { randomUUID } from "node:crypto";
import {
  API,
  type Bill,
  type ConsoleOrderDetail,
  type ConsoleSettings,
  type Dish,
  formatDate,
  type OrderDetail,
  PAY_API,
  type PayStart,
  type PayView,
  priceLine,
  yuanToCents,
} from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, orders, restaurants, tables } from "../src/db/schema.js";
import { checkMoney } from "../src/modules/settlement/invariants.js";
import { BACKENDS } from "./support/databases.js";
import { deliverNotification, FakeProvider } from "./support/fake-provider.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, menuOf, PLAIN, plainDishes } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

/** Noon today in Shanghai (the demo's zone): the takeout restaurant is open, 预计送达 is 12:30. */
const TODAY = formatDate(new Date(), "Asia/Shanghai");
const NOON = new Date(`${TODAY}T12:00:00+08:00`);

/**
 * A takeout's delivery terms (issue 25): the minimum judged on the goods and refused before anything is
 * written, the restaurant's fee owed and paid with the goods whatever the client says, shown on the
 * order detail, /pay, the console's order money and the bill, and 预计送达 in the restaurant's zone.
 */
describe.each(BACKENDS)("takeout delivery fee and minimum on %s", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let takeout: DemoRestaurant;
  let dishes: Dish[];
  const seats: number[] = [];
  const FORM = { takeout: "1", phone: "13812345678", name: "王先生", address: "国定路335号", time: "" };

  beforeAll(async () => {
    app = await startTestApp(backend, {
      now: () => NOON,
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0", RATE_LIMIT_PER_MINUTE: "100000" },
    });
    const [found] = await app.db.select().from(restaurants).where(eq(restaurants.linkMode, "takeout"));
    if (!found) throw new Error("no takeout restaurant in the demo");
    // the phone code is another test's subject (phone-code.test.ts); the fee, minimum and minutes are the demo's
    await app.db.update(restaurants).set({ verifyPhone: false }).where(eq(restaurants.id, found.id));
    takeout = { ...found, verifyPhone: false };
    await app.db
      .insert(tables)
      .values(Array.from({ length: 6 }, (_, i) => ({ restaurantId: takeout.id, name: `配送测试${i + 1}` })));
    const mine = await app.db
      .select()
      .from(tables)
      .where(eq(tables.restaurantId, takeout.id))
      .orderBy(asc(tables.id));
    seats.push(...mine.map((t) => t.id));
    dishes = plainDishes(await menuOf(app, takeout.id)).filter((d) => d.price >= 5 && d.price <= 40);
  });
  afterAll(() => app.close());

  async function diner(): Promise<Diner> {
    const tableId = seats.pop();
    if (!tableId) throw new Error("out of tables");
    const table = { restaurantId: takeout.id, tableId, sid: app.signer.tableToken(takeout.id, tableId) };
    return new Diner(app, `takeout-${backend}-${randomUUID()}`, table).sit();
  }

  /** Dishes whose goods come to at least `yuan`, and what they come to. */
  async function fill(d: Diner, yuan: number): Promise<number> {
    let goods = 0;
    for (const dish of dishes) {
      if (goods >= yuan) break;
      await d.add(dish.id);
      goods += priceLine(dish, PLAIN, 1, false).total.toNumber();
    }
    if (goods < yuan) throw new Error("the menu's cheap dishes do not reach the minimum");
    return goods;
  }

  it("has the demo's terms: ¥50 minimum, ¥6 fee, 30 minutes", () => {
    expect([Number(takeout.startPrice), takeout.deliveryFeeCents, takeout.deliveryMinutes]).toEqual([
      50, 600, 30,
    ]);
  });

  it("refuses a submit below the minimum, saying how much is missing, and changes nothing", async () => {
    const d = await diner();
    const [dish] = dishes;
    if (!dish) throw new Error("no dish");
    await d.add(dish.id);
    const before = await app.db.select().from(orders).where(eq(orders.restaurantId, takeout.id));
    const answer = json(await d.submit(d.order(FORM)));
    const short = (50 - priceLine(dish, PLAIN, 1, false).total.toNumber()).toString();
    // the fee would lift the goods past the minimum when the dish costs ¥44 or more: it does not count
    expect(answer).toMatchObject({
      code: 9001,
      success: false,
      message: `还差¥${short}起送（起送价¥50，配送费不计入）`,
    });
    expect(await app.db.select().from(orders).where(eq(orders.restaurantId, takeout.id))).toEqual(before);
    expect(await app.db.select().from(cartLines).where(eq(cartLines.cartId, d.cart.value))).toHaveLength(1);
  });

  it("owes and takes the fee with the goods, whatever fee or total the client sends", async () => {
    const d = await diner();
    const goods = await fill(d, 50);
    // an attacker's own fee, totals and line prices: the server re-prices and ignores them
    const forged = {
      ...FORM,
      deliveryFee: "0",
      deliveryFeeCents: 0,
      totalPrice: "0.01",
      orderTotalPrice: "0.01",
      payable: 1,
    };
    const placed = json(await d.submit(d.order(forged)));
    expect(placed.code, JSON.stringify(placed)).toBe(1000);
    const orderId = (placed.data as { orderId: number }).orderId;
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ deliveryFeeCents: 600, eatType: "takeout", totalPrice: goods.toFixed(2) });

    const detail = json(await d.get(`${API.orderDetail}/${orderId}?rid=${takeout.id}`)).data as OrderDetail;
    expect(detail).toMatchObject({
      deliveryFee: "6.00",
      estimatedArrival: "12:30",
      orderTotalPrice: goods.toFixed(2),
    });
    const view = json(await d.get(`${PAY_API.payOrder(orderId)}?rid=${takeout.id}`)).data as PayView;
    const discounts = view.discounts.reduce((sum, s) => sum + yuanToCents(s.amount), 0);
    const dueCents = yuanToCents(goods.toFixed(2)) - discounts + 600;
    expect(view).toMatchObject({ total: goods.toFixed(2), deliveryFee: "6.00", state: "unpaid" });
    expect(yuanToCents(view.due)).toBe(dueCents);

    // the gateway is asked for goods − discounts + fee, and once paid nothing is left
    const start = json(await d.prepay(orderId)).data as PayStart;
    expect(provider.trades.get(start.tradeNo)?.input.amountCents).toBe(dueCents);
    provider.pay(start.tradeNo);
    await deliverNotification(app, takeout.id, provider.notification(start.tradeNo));
    const paid = json(await d.get(`${PAY_API.payOrder(orderId)}?rid=${takeout.id}`)).data as PayView;
    expect(paid).toMatchObject({ state: "paid", due: "0.00", deliveryFee: "6.00" });
    expect(yuanToCents(paid.paid)).toBe(dueCents);
    const after = json(await d.get(`${API.orderDetail}/${orderId}?rid=${takeout.id}`)).data as OrderDetail;
    expect([yuanToCents(after.totalPaidMoney), after.orderNeedMoney]).toEqual([dueCents, "0.00"]);
    // the settlement's own check of the ledger sees the same total: nothing kept beyond what is owed
    expect((await checkMoney(app.db, [takeout.id])).violations).toEqual([]);

    // the console's order money and the customer's bill carry the fee too
    const owner = await staffHeaders(app, takeout.id, "owner");
    const consoleDetail = json(
      await app.server.inject({ url: API.consoleOrder(takeout.id, orderId), headers: owner }),
    ).data as ConsoleOrderDetail;
    expect(consoleDetail.money).toMatchObject({ deliveryFee: "6.00", left: "0.00" });
    const bill = json(
      await app.server.inject({ url: API.consoleOrderBill(takeout.id, orderId), headers: owner }),
    ).data as Bill;
    expect(bill).toMatchObject({ deliveryFee: "6.00", total: (goods + 6).toFixed(2) });
    expect(yuanToCents(consoleDetail.money?.owed ?? "")).toBe(dueCents);
  });

  it("lets the console set the fee in cents and the minutes: the next order uses them, an earlier one keeps its own", async () => {
    const earlier = await diner();
    await fill(earlier, 50);
    const placedEarlier = json(await earlier.submit(earlier.order(FORM)));
    const earlierId = (placedEarlier.data as { orderId: number }).orderId;
    const owner = await staffHeaders(app, takeout.id, "owner");
    const read = json(await app.server.inject({ url: API.consoleSettings(takeout.id), headers: owner }))
      .data as ConsoleSettings;
    expect([read.deliveryFee, read.deliveryMinutes]).toEqual(["6.00", 30]);
    const { restaurantId: _, ...input } = read;
    const refused = await app.server.inject({
      method: "PUT",
      url: API.consoleSettings(takeout.id),
      headers: owner,
      payload: { ...input, deliveryFee: "4.555" },
    });
    expect(refused.statusCode).toBe(400);
    const saved = await app.server.inject({
      method: "PUT",
      url: API.consoleSettings(takeout.id),
      headers: owner,
      payload: { ...input, deliveryFee: "4.5", deliveryMinutes: 50 },
    });
    expect(json(saved).data).toMatchObject({ deliveryFee: "4.50", deliveryMinutes: 50 });
    const [stored] = await app.db.select().from(restaurants).where(eq(restaurants.id, takeout.id));
    expect([stored?.deliveryFeeCents, stored?.deliveryMinutes]).toEqual([450, 50]);

    const d = await diner();
    await fill(d, 50);
    const placed = json(await d.submit(d.order(FORM)));
    const orderId = (placed.data as { orderId: number }).orderId;
    const detail = json(await d.get(`${API.orderDetail}/${orderId}?rid=${takeout.id}`)).data as OrderDetail;
    expect(detail).toMatchObject({ deliveryFee: "4.50", estimatedArrival: "12:50" });
    const kept = json(await earlier.get(`${API.orderDetail}/${earlierId}?rid=${takeout.id}`))
      .data as OrderDetail;
    expect(kept).toMatchObject({ deliveryFee: "6.00", estimatedArrival: "12:30" });
  });
});
