import { API, type ConsoleOrderDetail, consoleOrderDetailSchema, type Dish } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenTickets, tables } from "../src/db/schema.js";
import { kitchenIdle } from "../src/modules/kitchen/queue.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import {
  type DemoRestaurant,
  Diner,
  demoRestaurants,
  menuOf,
  PLAIN,
  plainDishes,
} from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

/**
 * GET …/orders/:orderId: one order as the console opens it from any page — its lines with who added
 * them, its group's payments (for roles that read money), its kitchen tickets and its audited history;
 * nothing of another restaurant's, nothing for a role without floor.read.
 */
describe.each(BACKENDS)("the console's order detail on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let other: DemoRestaurant;
  let menu: Dish[];
  const free: number[] = [];
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.name === "川味小馆");
    other = find((r) => r.name === "江南食府");
    const added = await app.db
      .insert(tables)
      .values(Array.from({ length: 4 }, (_, i) => ({ restaurantId: dine.id, name: `详情${i + 1}` })))
      .returning({ id: tables.id });
    free.push(...added.map((t) => t.id));
    menu = await menuOf(app, dine.id);
  });
  afterAll(() => app.close());

  async function placeOrder(): Promise<{ orderId: number; guid: string }> {
    const tableId = free.shift();
    if (!tableId) throw new Error("out of tables");
    const guid = `detail-${backend}-${++guids}`;
    const diner = await new Diner(app, guid, {
      restaurantId: dine.id,
      tableId,
      sid: app.signer.tableToken(dine.id, tableId),
    }).sit();
    const [first, second] = plainDishes(menu);
    if (!first || !second) throw new Error("two plain dishes needed");
    await diner.add(first.id, PLAIN);
    await diner.add(second.id, PLAIN, 2);
    const answer = json(await diner.submit());
    expect(answer.code).toBe(1000);
    await kitchenIdle(app.db);
    return { orderId: (answer.data as { orderId: number }).orderId, guid };
  }

  const read = async (rid: number, orderId: number | string, headers?: Record<string, string>) =>
    app.server.inject({
      method: "GET",
      url: API.consoleOrder(rid, orderId),
      headers: headers ?? (await staffHeaders(app, rid, "owner")),
    });

  it("holds the lines and their authors, the tickets and every audited action, in the contract's shape", async () => {
    const { orderId, guid } = await placeOrder();
    const owner = await staffHeaders(app, dine.id, "owner");
    const accepted = await app.server.inject({
      method: "POST",
      url: API.consoleOrderAction(dine.id, orderId, "accept"),
      headers: owner,
      payload: {},
    });
    expect(json(accepted).code).toBe(1000);
    const [ticket] = await app.db
      .select()
      .from(kitchenTickets)
      .where(eq(kitchenTickets.orderId, orderId))
      .orderBy(asc(kitchenTickets.id));
    if (!ticket) throw new Error("the order made no ticket");
    const reprint = await app.server.inject({
      method: "POST",
      url: API.consoleTicketReprint(dine.id, ticket.id),
      headers: owner,
    });
    expect(json(reprint).code).toBe(1000);

    const answer = json(await read(dine.id, orderId));
    expect(answer.code).toBe(1000);
    const parsed = consoleOrderDetailSchema.parse(answer.data);
    expect(parsed).toEqual(answer.data);
    const detail: ConsoleOrderDetail = parsed;
    expect(detail.order.orderId).toBe(orderId);
    expect(detail.order.lines.map((l) => [l.count, l.addedBy.kind, l.addedBy.id])).toEqual([
      ["1", "diner", guid],
      ["2", "diner", guid],
    ]);
    expect(detail.payments).toEqual([]);
    expect(detail.tickets.map((t) => t.orderId)).toEqual(detail.tickets.map(() => orderId));
    expect(detail.tickets.map((t) => t.id)).toContain(ticket.id);
    const history = detail.history.map((h) => [h.action, h.target, h.actorName]);
    expect(history).toContainEqual(["ticket.reprint", `ticket:${ticket.id}`, "测试owner"]);
    expect(history.some(([, target]) => target === `order:${orderId}`)).toBe(true);
    expect(detail.history.map((h) => h.at)).toEqual([...detail.history.map((h) => h.at)].sort());
  });

  it("a waiter reads the order without its money; the kitchen role, no session and a bad id are refused", async () => {
    const { orderId } = await placeOrder();
    const waiter = json(await read(dine.id, orderId, await staffHeaders(app, dine.id, "waiter")));
    expect(waiter.code).toBe(1000);
    expect((waiter.data as ConsoleOrderDetail).payments).toBeNull();
    expect((waiter.data as ConsoleOrderDetail).order.lines.length).toBe(2);
    const cashier = json(await read(dine.id, orderId, await staffHeaders(app, dine.id, "cashier")));
    expect((cashier.data as ConsoleOrderDetail).payments).toEqual([]);

    const kitchen = await read(dine.id, orderId, await staffHeaders(app, dine.id, "kitchen"));
    expect([kitchen.statusCode, json(kitchen).message]).toEqual([403, "没有权限"]);
    const nobody = await read(dine.id, orderId, {});
    expect(nobody.statusCode).toBe(401);
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      const refused = await read(dine.id, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(json(refused).success).toBe(false);
    }
  });

  it("another restaurant's staff cannot read it, through their restaurant or ours", async () => {
    const { orderId } = await placeOrder();
    const theirs = await staffHeaders(app, other.id, "owner");
    const viaTheirs = await read(other.id, orderId, theirs);
    expect([viaTheirs.statusCode, json(viaTheirs).message]).toEqual([404, "订单不存在"]);
    const viaOurs = await read(dine.id, orderId, theirs);
    expect(viaOurs.statusCode).toBe(403);
    const unknown = await read(dine.id, 2_000_000_000);
    expect([unknown.statusCode, json(unknown).message]).toEqual([404, "订单不存在"]);
  });
});
