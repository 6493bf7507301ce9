import { API, type Dish, type TableJoinResult, type UserInfo } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { cartLines, orders, tables } from "../src/db/schema.js";
import { VISITOR_COOKIE } from "../src/security/visitor.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, plainDish } from "./support/ordering.js";

/**
 * A diner acts only as themselves: the guid tablemates are shown identifies, and only the credential
 * issued to a browser authorises. Each test is an attack that got through when the guid was the key.
 */
describe.each(BACKENDS)("visitor identity on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let other: DemoRestaurant;
  let menu: Dish[];
  let base: string;
  const free = new Map<number, number[]>();
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    other = find((r) => r.id !== dine.id && r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    for (const restaurant of [dine, other]) {
      const added = await app.db
        .insert(tables)
        .values(Array.from({ length: 12 }, (_, i) => ({ restaurantId: restaurant.id, name: `身份${i + 1}` })))
        .returning({ id: tables.id });
      free.set(
        restaurant.id,
        added.map((t) => t.id),
      );
    }
    menu = await menuOf(app, dine.id);
    base = await socketBase(app);
  });
  afterAll(() => app.close());

  function dinerAt(restaurant: DemoRestaurant, tableId?: number): Promise<Diner> {
    const id = tableId ?? free.get(restaurant.id)?.shift();
    if (!id) throw new Error("out of tables");
    const guid = `who-${backend}-${String(++guids).padStart(4, "0")}`;
    return new Diner(app, guid, {
      restaurantId: restaurant.id,
      tableId: id,
      sid: app.signer.tableToken(restaurant.id, id),
    }).sit();
  }

  async function place(d: Diner, restaurant = dine): Promise<number> {
    await d.add(plainDish(restaurant === dine ? menu : await menuOf(app, restaurant.id)).id);
    const answer = json(await d.submit());
    expect(answer.code).toBe(1000);
    return (answer.data as { orderId: number }).orderId;
  }

  const statusOf = async (orderId: number) =>
    (await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

  it("issues a new visitor to a browser without a credential, whatever guid it asks about", async () => {
    const victim = await dinerAt(dine);
    const answer = await app.server.inject({
      method: "GET",
      url: `${API.userInfo}?guid=${victim.guid}&rid=${dine.id}`,
    });
    const user = json(answer).message as UserInfo;
    expect(user.guid).not.toBe(victim.guid);
    expect(user.token).toBe(app.signer.visitorCredential(user.guid));
    expect(answer.cookies.find((c) => c.name === VISITOR_COOKIE)).toMatchObject({ httpOnly: true });
    // with its credential, the same browser is answered as itself again
    const again = json(
      await app.server.inject({
        method: "GET",
        url: `${API.userInfo}?rid=${dine.id}`,
        cookies: { [VISITOR_COOKIE]: user.token },
      }),
    ).message as UserInfo;
    expect(again.guid).toBe(user.guid);
  });

  it("lets a diner at another restaurant neither read nor cancel an order through its main user's public id", async () => {
    const victim = await dinerAt(dine);
    const orderId = await place(victim);
    const mate = await dinerAt(dine, victim.table.tableId);
    const join = json(
      await app.server.inject({
        method: "POST",
        url: `${API.tableJoin}?rid=${dine.id}`,
        headers: asVisitor(mate.guid),
        payload: { accessType: "realTable", guid: mate.guid, ...mate.table },
      }),
    ).data as TableJoinResult;
    const shown = join.users.map((u) => u.userId);
    expect(shown).toContain(victim.guid);

    const attacker = await dinerAt(other);
    const asCookie = { cookies: { guid: victim.guid } };
    const read = `${API.orderDetail}/${orderId}?rid=${dine.id}`;
    for (const request of [
      { method: "GET" as const, url: read, ...asCookie },
      { method: "POST" as const, url: API.orderCancel(orderId), payload: { rid: dine.id }, ...asCookie },
    ]) {
      const answer = await app.server.inject(request);
      expect([answer.statusCode, json(answer).success]).toEqual([401, false]);
    }
    // with their own credential and the victim's id as the cookie: still only themselves
    const withOwn = await app.server.inject({
      method: "POST",
      url: API.orderCancel(orderId),
      headers: asVisitor(attacker.guid),
      cookies: { guid: victim.guid },
      payload: { rid: dine.id },
    });
    expect(withOwn.statusCode).toBe(404);
    // a forged credential for the victim's guid is no credential
    const forged = await app.server.inject({
      method: "GET",
      url: read,
      headers: { token: `${victim.guid}.${"A".repeat(22)}` },
    });
    expect(forged.statusCode).toBe(401);
    expect(await statusOf(orderId)).toBe(0);
  });

  it("refuses a payload that names a tablemate as its actor, and changes nothing", async () => {
    const victim = await dinerAt(dine);
    const mate = await dinerAt(dine, victim.table.tableId);
    const { restaurantId, tableId, sid } = victim.table;
    const asMate = asVisitor(mate.guid);
    const claims = [
      {
        method: "POST" as const,
        url: `${API.tableJoin}?rid=${restaurantId}`,
        payload: { accessType: "realTable", guid: victim.guid, restaurantId, tableId, sid },
      },
      {
        method: "GET" as const,
        url: `${API.cartId}?rid=${restaurantId}&tableId=${tableId}&guid=${victim.guid}&sid=${sid}`,
      },
      {
        method: "POST" as const,
        url: API.cartOps,
        payload: {
          rid: restaurantId,
          cartId: victim.cart.value,
          cartIdSign: victim.cart.sign,
          guid: victim.guid,
          opId: "claim-op-0001",
          op: { kind: "clear" },
        },
      },
      {
        method: "POST" as const,
        url: `${API.setPersonNum}?rid=${restaurantId}`,
        payload: { guid: victim.guid, tableId, personNum: 7, rid: restaurantId },
      },
    ];
    for (const claim of claims) {
      const answer = await app.server.inject({ ...claim, headers: asMate });
      expect([answer.statusCode, json(answer).code]).toEqual([403, 1008]);
    }
    await victim.add(plainDish(menu).id);
    const submit = await mate.submit(victim.order());
    expect(json(submit).code).toBe(1008);
    expect(await app.db.select().from(cartLines).where(eq(cartLines.cartId, victim.cart.value))).toHaveLength(
      1,
    );
  });

  it("closes a socket that names another visitor or carries no credential", async () => {
    const victim = await dinerAt(dine);
    const url = socketAt(base, victim.table, victim.guid);
    const closeCode = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        new WebSocket(url, { headers }).on("close", (code) => resolve(code));
      });
    expect(await closeCode({})).toBe(1008);
    expect(await closeCode({ cookie: `guid=${victim.guid}` })).toBe(1008);
    expect(await closeCode(asVisitor("someone-else-0001"))).toBe(1008);
  });

  it("lets no visitor operate on or submit another table's cart, even holding its signed id", async () => {
    const victim = await dinerAt(dine);
    await victim.add(plainDish(menu).id);
    const intruder = await dinerAt(dine);
    const op = await intruder.post(API.cartOps, {
      rid: dine.id,
      cartId: victim.cart.value,
      cartIdSign: victim.cart.sign,
      guid: intruder.guid,
      opId: "intruder-op-0001",
      op: JSON.stringify({ kind: "clear" }),
    });
    expect(op.statusCode).toBe(403);
    const info = await intruder.get(
      `${API.cartInfo}?rid=${dine.id}&cartId=${victim.cart.value}&cartIdSign=${victim.cart.sign}`,
    );
    expect(info.statusCode).toBe(403);
    const submit = json(
      await intruder.submit(
        intruder.order({
          cartId: victim.cart.value,
          cartIdSign: victim.cart.sign,
          realTableId: victim.table.tableId,
        }),
      ),
    );
    expect(submit.code).toBe(1008);
    expect(await app.db.select().from(cartLines).where(eq(cartLines.cartId, victim.cart.value))).toHaveLength(
      1,
    );
  });

  it("answers a replayed submit id with its order only to the visitor and cart that made it", async () => {
    const owner = await dinerAt(dine);
    await owner.add(plainDish(menu).id);
    const order = owner.order();
    const placed = json(await owner.submit(order)).data as { orderId: number; mainWxId: string };
    expect(json(await owner.submit(order)).data).toMatchObject({ orderId: placed.orderId });

    // another table's diner sends the same submit id with their own cart: an ordinary new order
    const elsewhere = await dinerAt(dine);
    await elsewhere.add(plainDish(menu, 1).id);
    const theirs = json(await elsewhere.submit(elsewhere.order({ submitId: order.submitId })));
    expect(theirs.code).toBe(1000);
    expect(theirs.data).not.toMatchObject({ orderId: placed.orderId });
    expect((theirs.data as { mainWxId: string }).mainWxId).toBe(elsewhere.guid);
    expect(
      await app.db.select().from(cartLines).where(eq(cartLines.cartId, elsewhere.cart.value)),
    ).toHaveLength(0);

    // a tablemate replaying it on the emptied cart is not told it succeeded
    const mate = await dinerAt(dine, owner.table.tableId);
    const replay = json(await mate.submit(mate.order({ submitId: order.submitId })));
    expect(replay.code).not.toBe(1000);
  });
});
