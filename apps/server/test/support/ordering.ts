import { randomUUID } from "node:crypto";
import { API, type CartState, type Dish, type LineChoice, PAY_API } from "@tablemate/core";
import { and, eq, gt } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { additionStock, restaurants, tables } from "../../src/db/schema.js";
import { kitchenIdle } from "../../src/modules/kitchen/queue.js";
import { asVisitor, form, json, type TestApp } from "./harness.js";

export const PLAIN: LineChoice = { normId: null, methodIds: [], additions: [], parts: [] };

/** Where a diner sits: a table of a restaurant, with its signed token. */
export interface Seat {
  restaurantId: number;
  tableId: number;
  sid: string;
}

/** A diner at a demo table, driven through the real HTTP calls: join, cart id, operations, submit. */
export class Diner {
  cart = { value: 0, sign: "" };

  constructor(
    readonly app: TestApp,
    readonly guid: string,
    readonly table: Seat,
  ) {}

  async sit(): Promise<this> {
    const { restaurantId, tableId, sid } = this.table;
    await this.app.server.inject({
      method: "POST",
      url: `${API.tableJoin}?rid=${restaurantId}`,
      headers: asVisitor(this.guid),
      payload: { accessType: "realTable", guid: this.guid, restaurantId, tableId, sid },
    });
    const answer = await this.app.server.inject({
      method: "GET",
      url: `${API.cartId}?rid=${restaurantId}&tableId=${tableId}&guid=${this.guid}&sid=${sid}`,
      headers: asVisitor(this.guid),
    });
    this.cart = json(answer).data as { value: number; sign: string };
    return this;
  }

  async add(foodId: number, choice: LineChoice = PLAIN, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.op({ kind: "add", foodId, choice });
  }

  async op(op: object): Promise<{ verdict: { ok: boolean; message: string }; cart: CartState }> {
    const answer = await this.app.server.inject({
      method: "POST",
      url: API.cartOps,
      headers: asVisitor(this.guid),
      payload: {
        rid: this.table.restaurantId,
        cartId: this.cart.value,
        cartIdSign: this.cart.sign,
        guid: this.guid,
        opId: randomUUID(),
        op,
      },
    });
    return json(answer).data as { verdict: { ok: boolean; message: string }; cart: CartState };
  }

  order(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      submitId: randomUUID(),
      restaurantId: this.table.restaurantId,
      realTableId: this.table.tableId,
      cartId: this.cart.value,
      cartIdSign: this.cart.sign,
      wholeMemo: { guid: this.guid, memo: "" },
      orderUsers: [{ guid: this.guid }],
      userId: this.guid,
      personNum: 2,
      ...overrides,
    };
  }

  submit(order: Record<string, unknown> = this.order()): Promise<LightMyRequestResponse> {
    return this.post(API.orderSubmit, {
      data: JSON.stringify(order),
      isNewVersion: "true",
      token: "",
      smToken: "",
    });
  }

  /** Starts paying an order (PAY_API.prepay) under an Idempotency-Key, a new one unless given; `body` over the defaults. */
  prepay(orderId: number, key: string = randomUUID(), body: object = {}): Promise<LightMyRequestResponse> {
    return this.app.server.inject({
      method: "POST",
      url: PAY_API.prepay,
      headers: { ...asVisitor(this.guid), "idempotency-key": key },
      payload: { rid: this.table.restaurantId, orderId, returnPath: "/pay/success", ...body },
    });
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.app.server.inject({ method: "GET", url, headers: asVisitor(this.guid) });
  }

  post(url: string, payload: Record<string, string | number>): Promise<LightMyRequestResponse> {
    const { headers, payload: body } = form(payload);
    return this.app.server.inject({
      method: "POST",
      url,
      headers: { ...headers, ...asVisitor(this.guid) },
      payload: body,
    });
  }
}

/**
 * `count` real orders of one plain dish each, placed through the submit route by diners seated at
 * `nextSeat()` tables: a diner places at most 8 (the route allows 10 submits in 10 s), the first an
 * order, the others additions to it. Answers when the kitchen has their tickets too (nothing of theirs
 * still running beside what the caller does next).
 */
export async function placeOrders(
  app: TestApp,
  nextSeat: () => Seat,
  dishId: number,
  count: number,
): Promise<number[]> {
  const ids: number[] = [];
  let diner: Diner | null = null;
  for (let i = 0; i < count; i++) {
    if (i % 8 === 0 || !diner) diner = await new Diner(app, `guid-${randomUUID()}`, nextSeat()).sit();
    await diner.add(dishId);
    const answer = json(await diner.submit());
    if (answer.code !== 1000) throw new Error(`submit refused: ${JSON.stringify(answer)}`);
    ids.push((answer.data as { orderId: number }).orderId);
  }
  await kitchenIdle(app.db);
  return ids;
}

export type DemoRestaurant = typeof restaurants.$inferSelect;

/**
 * Adds `count` tables to the restaurant, named `name` and a number, for a test's parties: each call of
 * the answer gives the next one's seat (with its signed token), so no two parties share a table.
 */
export async function tablesOfTheirOwn(
  app: TestApp,
  restaurantId: number,
  count: number,
  name: string,
): Promise<() => Seat> {
  const added = await app.db
    .insert(tables)
    .values(Array.from({ length: count }, (_, i) => ({ restaurantId, name: `${name}${i + 1}` })))
    .returning({ id: tables.id });
  let next = 0;
  return () => {
    const tableId = added[next++]?.id;
    if (tableId === undefined) throw new Error(`out of tables (${count} ${name})`);
    return { restaurantId, tableId, sid: app.signer.tableToken(restaurantId, tableId) };
  };
}

/** Looks up demo restaurants by what they are (pay-later, prepayment, quick-service…), not by id. */
export async function demoRestaurants(
  app: TestApp,
): Promise<(pick: (r: DemoRestaurant) => boolean) => DemoRestaurant> {
  const all = await app.db.select().from(restaurants);
  return (pick) => {
    const found = all.find(pick);
    if (!found) throw new Error("demo restaurant missing");
    return found;
  };
}

/** A limited addition of the restaurant's demo stock (`soldOut`: at 0, else with units left) and a dish offering it. */
export async function limitedAddition(
  app: TestApp,
  restaurantId: number,
  menu: Dish[],
  soldOut: boolean,
): Promise<{ addition: typeof additionStock.$inferSelect; dish: Dish }> {
  const [addition] = await app.db
    .select()
    .from(additionStock)
    .where(
      and(
        eq(additionStock.restaurantId, restaurantId),
        soldOut ? eq(additionStock.estimate, 0) : gt(additionStock.estimate, 0),
      ),
    );
  const dish = menu.find((d) =>
    d.additionCategories.some((c) => c.additions.some((a) => a.id === addition?.additionId)),
  );
  if (!addition || !dish) throw new Error("demo lacks a limited addition");
  return { addition, dish };
}

export async function menuOf(app: TestApp, restaurantId: number): Promise<Dish[]> {
  const answer = await app.server.inject({
    method: "GET",
    url: `${API.foodList}?restaurantId=${restaurantId}`,
  });
  return json(answer).data as Dish[];
}

/** The dishes with no options, no minimum and unlimited stock, on sale now. */
export function plainDishes(menu: Dish[]): Dish[] {
  return menu.filter(
    (d) =>
      d.foodproperty === 0 &&
      d.estimate === -1 &&
      !d.minCount &&
      d.availableStatus === 1 &&
      !d.Weigh &&
      d.price !== 0.0001 &&
      !d.necessary &&
      d.norms.length === 0 &&
      d.methodCategories.length === 0,
  );
}

/** The `skip`-th plain dish of the menu. */
export function plainDish(menu: Dish[], skip = 0): Dish {
  const dish = plainDishes(menu)[skip];
  if (!dish) throw new Error("no plain dish in the demo menu");
  return dish;
}
