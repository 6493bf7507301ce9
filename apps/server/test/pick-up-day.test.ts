import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastSerials, orders, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";

/** 01:30 on 25 November in Shanghai, still 24 November by UTC. */
const NOW = new Date("2026-11-24T17:30:00Z");

describe.each(BACKENDS)("quick-service pick-up numbers on %s", (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(backend, { now: () => NOW });
  });
  afterAll(() => app.close());

  it("restart by the restaurant's own calendar day, not the server's UTC one", async () => {
    const fast = (await demoRestaurants(app))((r) => r.fastHotel);
    const [table] = await app.db.select().from(tables).where(eq(tables.restaurantId, fast.id));
    if (!table) throw new Error("no table");
    const diner = await new Diner(app, "pick-up-day-0001", {
      restaurantId: fast.id,
      tableId: table.id,
      sid: app.signer.tableToken(fast.id, table.id),
    }).sit();
    await diner.op({ kind: "add", foodId: plainDish(await menuOf(app, fast.id)).id, choice: PLAIN });
    const answer = json(await diner.submit());
    expect(answer.code).toBe(1000);
    const { orderId } = answer.data as { orderId: number };
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.fastSerialNo).toBe(1);
    expect(await app.db.select().from(fastSerials).where(eq(fastSerials.restaurantId, fast.id))).toEqual([
      { restaurantId: fast.id, day: "2026-11-25", last: 1 },
    ]);
  });
});
