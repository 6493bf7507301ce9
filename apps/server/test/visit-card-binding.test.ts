import { API, ORDER_STATUS } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, orders, tables, visits } from "../src/db/schema.js";
import { openCard } from "../src/modules/member/index.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

/**
 * order.new-order-start (spec 001 §4): in prepayment, the card a visit's paid order fixed ends with
 * that order once it is settled (7), cancelled (4) or closed (5), so the visit's next order may use
 * another card; a move that is none of these keeps it, and so does an order of another visit.
 */
describe.each(BACKENDS)("the visit's card binding and the new order start on %s", (backend) => {
  let app: TestApp;
  let prepay: DemoRestaurant;
  let staff: Record<string, string>;
  let dishId = 0;
  let seats = 0;
  const free: number[] = [];

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    prepay = find((r) => r.wctPayType === 1 && !r.fastHotel);
    const made = await app.db
      .insert(tables)
      .values(Array.from({ length: 6 }, (_, i) => ({ restaurantId: prepay.id, name: `绑卡${i + 1}` })))
      .returning();
    free.push(...made.map((t) => t.id));
    dishId = plainDish(await menuOf(app, prepay.id)).id;
    staff = await staffHeaders(app, prepay.id);
  });
  afterAll(() => app.close());

  /** A diner at a table of their own places an order; its id and the visit it belongs to, its card fixed. */
  async function fixedOrder(): Promise<{ orderId: number; visitId: number }> {
    const tableId = free.shift();
    if (!tableId) throw new Error("out of tables");
    seats += 1;
    const diner = await new Diner(app, `binding-${backend}-${seats}`, {
      restaurantId: prepay.id,
      tableId,
      sid: app.signer.tableToken(prepay.id, tableId),
    }).sit();
    await diner.add(dishId, PLAIN, 1);
    const answer = json(await diner.submit());
    expect(answer.code, JSON.stringify(answer)).toBe(1000);
    const orderId = (answer.data as { orderId: number }).orderId;
    const [row] = await app.db
      .select({ visitId: carts.visitId, paymentType: orders.paymentType })
      .from(orders)
      .innerJoin(carts, eq(carts.id, orders.cartId))
      .where(eq(orders.id, orderId));
    if (!row?.visitId) throw new Error("an order without a visit");
    expect(row.paymentType).toBe(1);
    // the card its first paid order fixed (member-effects.ts's fixVisitCard, set here directly)
    const { card } = await openCard(app.db, {
      phone: `1395${String(seats).padStart(7, "0")}`,
      restaurantId: prepay.id,
      cardTypeName: "金卡",
      now: new Date(),
    });
    await app.db.update(visits).set({ memberCardId: card.id }).where(eq(visits.id, row.visitId));
    return { orderId, visitId: row.visitId };
  }

  const binding = async (visitId: number) =>
    (await app.db.select({ cardId: visits.memberCardId }).from(visits).where(eq(visits.id, visitId)))[0]
      ?.cardId ?? null;

  const move = (orderId: number, status: number) =>
    app.server.inject({
      method: "POST",
      url: API.staffOrderStatus(prepay.id, orderId),
      headers: staff,
      payload: { status, reason: "测试" },
    });

  it("ends the binding when the order is cancelled (4), and only that visit's", async () => {
    const cancelled = await fixedOrder();
    const other = await fixedOrder();
    expect(json(await move(cancelled.orderId, ORDER_STATUS.cancelled)).code).toBe(1000);
    expect(await binding(cancelled.visitId)).toBeNull();
    expect(await binding(other.visitId)).not.toBeNull();
  });

  it("keeps the binding through accepted and served, and ends it at settled (7)", async () => {
    const { orderId, visitId } = await fixedOrder();
    for (const status of [ORDER_STATUS.accepted, ORDER_STATUS.served]) {
      expect(json(await move(orderId, status)).code).toBe(1000);
      expect(await binding(visitId)).not.toBeNull();
    }
    expect(json(await move(orderId, ORDER_STATUS.settled)).code).toBe(1000);
    expect(await binding(visitId)).toBeNull();
  });

  it("changes nothing on a refused move", async () => {
    const { orderId, visitId } = await fixedOrder();
    const card = await binding(visitId);
    // served (8) cannot be cancelled
    expect(json(await move(orderId, ORDER_STATUS.served)).code).toBe(1000);
    const refused = await move(orderId, ORDER_STATUS.cancelled);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await binding(visitId)).toBe(card);
  });
});
