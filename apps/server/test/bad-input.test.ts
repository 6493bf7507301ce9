import { randomUUID } from "node:crypto";
import { API, type CartState, ERRORS, type ErrorKey } from "@tablemate/core";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartOps, orders, tableUsers } from "../src/db/schema.js";
import { VISITOR_COOKIE } from "../src/security/visitor.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, demoTable, form, json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, menuOf, PLAIN, plainDish } from "./support/ordering.js";

/** The answer is the table's entry as the product's envelope, never Fastify's own error object. */
function expectRefusal(response: LightMyRequestResponse, key: ErrorKey): void {
  const { status, code, message } = ERRORS[key];
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ code, success: false, data: null, message });
}

describe.each(BACKENDS)("the framework's refusals answer the envelope on %s", (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(() => app.close());

  it("refuses a path that is not valid percent-encoding", async () => {
    expectRefusal(await app.server.inject({ method: "GET", url: "/cloud/api/v2/orders/%FF" }), "badUrl");
    expectRefusal(await app.server.inject({ method: "GET", url: `${API.cartInfo}/%E0%A4%A` }), "badUrl");
  });

  it("refuses a body over 256 KB, as JSON or as a form", async () => {
    const big = "a".repeat(300 * 1024);
    expectRefusal(
      await app.server.inject({ method: "POST", url: API.cartOps, payload: { rid: 1, op: big } }),
      "bodyTooLarge",
    );
    expectRefusal(
      await app.server.inject({
        method: "POST",
        url: API.orderSubmit,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `data=${big}`,
      }),
      "bodyTooLarge",
    );
  });

  it("refuses JSON that does not parse, and an empty JSON body", async () => {
    const post = (payload: string) =>
      app.server.inject({
        method: "POST",
        url: API.cartOps,
        headers: { "content-type": "application/json" },
        payload,
      });
    expectRefusal(await post('{"rid": 1,'), "badJson");
    expectRefusal(await post(""), "badJson");
  });

  it("refuses a body of a type it does not read", async () => {
    const xml = await app.server.inject({
      method: "POST",
      url: API.cartOps,
      headers: { "content-type": "text/xml" },
      payload: "<op kind='clear'/>",
    });
    expectRefusal(xml, "unsupportedMediaType");
  });

  it("auth.code-500 (001 §8): a failure that is no refusal answers HTTP 500 with code 500 and 系统错误, nothing more", async () => {
    const { restaurantId } = await demoTable(app, (r) => r.linkMode === "dine");
    const memos = () => app.server.inject({ method: "GET", url: `${API.memos}?rid=${restaurantId}` });
    expect(json(await memos()).code).toBe(200);
    // the statement fails: its table is gone for a moment
    await app.db.execute(sql`alter table memos rename to memos_away`);
    try {
      const failed = await memos();
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ code: 500, success: false, data: null, message: "系统错误" });
    } finally {
      await app.db.execute(sql`alter table memos_away rename to memos`);
    }
  });

  it("answers an unknown API path with the envelope", async () => {
    expectRefusal(
      await app.server.inject({ method: "GET", url: "/cloud/api/v1/nothing-here" }),
      "unknownRoute",
    );
    expectRefusal(await app.server.inject({ method: "DELETE", url: API.cartOps }), "unknownRoute");
  });
});

/** A NUL and an unpaired surrogate: text PostgreSQL refuses to store (core's text rule). */
const BAD_TEXTS = [
  ["a NUL", "少辣\u0000"],
  ["an unpaired surrogate", "少辣\uD83C"],
] as const;

function expectBadText(response: LightMyRequestResponse, where: string): void {
  expect(response.statusCode).toBe(400);
  expect(json(response)).toEqual({
    code: ERRORS.badText.code,
    success: false,
    data: null,
    message: `${ERRORS.badText.message}（${where}）`,
  });
}

describe.each(BACKENDS)("bad text is refused with 400 and writes nothing, on %s", (backend) => {
  let app: TestApp;
  let diner: Diner;
  let detailId: string;

  beforeAll(async () => {
    app = await startTestApp(backend);
    const table = await demoTable(app, (r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    diner = await new Diner(app, "text-diner-0001", table).sit();
    const dish = plainDish(await menuOf(app, table.restaurantId));
    const added = await diner.op({ kind: "add", foodId: dish.id, choice: PLAIN });
    detailId = added.cart.lines[0]?.detailId ?? "";
  });
  afterAll(() => app.close());

  const cart = async () =>
    json(
      await app.server.inject({
        method: "GET",
        url: `${API.cartInfo}?rid=${diner.table.restaurantId}&cartId=${diner.cart.value}&cartIdSign=${diner.cart.sign}`,
        headers: asVisitor(diner.guid),
      }),
    ).data as CartState;
  let submits = 0;
  /**
   * The order as a visitor of its own sends it: the submit's rate limit is per visitor (10 in 10 s),
   * and text is refused before the seat is looked at.
   */
  const submit = (order: Record<string, unknown>) => {
    const guid = `text-submit-${String(++submits).padStart(4, "0")}`;
    const wholeMemo = { ...(order.wholeMemo as object), guid };
    const data = JSON.stringify({ ...order, userId: guid, wholeMemo });
    return app.server.inject({
      method: "POST",
      url: API.orderSubmit,
      ...form({ data, isNewVersion: true, token: "", smToken: "" }, guid),
    });
  };
  const orderCount = async () =>
    (
      await app.db
        .select({ n: count() })
        .from(orders)
        .where(eq(orders.restaurantId, diner.table.restaurantId))
    )[0]?.n;

  describe.each(BAD_TEXTS)("with %s", (_name, bad) => {
    it.each([
      ["wholeMemo.memo", { wholeMemo: { guid: "text-diner-0001", memo: bad } }],
      [
        "foods.0.memo",
        {
          foods: [
            { foodId: 1, count: "1", memo: bad, normId: null, methodIds: [], additions: [], parts: [] },
          ],
        },
      ],
      ["invoiceTitle", { invoiceTitle: bad }],
      ["name", { name: bad }],
      ["address", { address: bad }],
      ["memo", { memo: bad }],
    ])("in the submit's order JSON at %s", async (where, overrides) => {
      const before = await cart();
      const orderedBefore = await orderCount();
      expectBadText(await submit(diner.order(overrides)), where);
      expect(await orderCount()).toBe(orderedBefore);
      expect(await cart()).toEqual(before);
    });

    it("in a cart op's note, sent as JSON or as JSON text in a form", async () => {
      const before = await cart();
      const body = (op: object) => ({
        rid: diner.table.restaurantId,
        cartId: diner.cart.value,
        cartIdSign: diner.cart.sign,
        guid: diner.guid,
        opId: randomUUID(),
        op,
      });
      const note = { kind: "note", detailId, memo: bad };
      const asJson = body(note);
      expectBadText(
        await app.server.inject({ method: "POST", url: API.cartOps, payload: asJson }),
        "op.memo",
      );
      const asForm = body(note);
      expectBadText(
        await app.server.inject({
          method: "POST",
          url: API.cartOps,
          ...form({ ...asForm, op: JSON.stringify(note) }),
        }),
        "op.memo",
      );
      expect(await cart()).toEqual(before);
      const recorded = await app.db
        .select()
        .from(cartOps)
        .where(inArray(cartOps.opId, [asJson.opId, asForm.opId]));
      expect(recorded).toHaveLength(0);
    });

    it.each(["nickName", "headIcon"])("in the cart join's %s", async (field) => {
      const guid = `text-joiner-${field}`;
      // as JSON: a form cannot carry an unpaired surrogate (URL encoding turns it into U+FFFD)
      const answer = await app.server.inject({
        method: "POST",
        url: API.cartJoin,
        payload: {
          restaurantId: diner.table.restaurantId,
          cookieGuid: guid,
          tableId: diner.table.tableId,
          cartId: diner.cart.value,
          cartIdSign: diner.cart.sign,
          [field]: bad,
        },
      });
      expectBadText(answer, field);
      const seats = await app.db
        .select()
        .from(tableUsers)
        .where(and(eq(tableUsers.tableId, diner.table.tableId), eq(tableUsers.guid, guid)));
      expect(seats).toHaveLength(0);
    });
  });

  it("refuses a NUL in the credential cookie or a query, and keeps undecodable percent-encoding as it came", async () => {
    const { restaurantId, tableId } = diner.table;
    const list = (cookie: string) =>
      app.server.inject({ method: "GET", url: `${API.orderList}?rid=${restaurantId}`, headers: { cookie } });
    // a credential with a NUL is no credential: the envelope's 401, never a 500
    for (const cookie of [
      `${VISITOR_COOKIE}=guest%00-0001`,
      `${VISITOR_COOKIE}=guest%ED%A0%BD-0001`,
      "guid=guest%00-0001",
    ]) {
      const answer = await list(cookie);
      expect([answer.statusCode, json(answer).code, json(answer).success]).toEqual([401, 401, false]);
    }
    const cartId = (sid: string) =>
      app.server.inject({
        method: "GET",
        url: `${API.cartId}?rid=${restaurantId}&tableId=${tableId}&guid=${diner.guid}&sid=${sid}`,
        headers: asVisitor(diner.guid),
      });
    expectBadText(await cartId("forged%00sid"), "sid");
    // a surrogate cannot be percent-encoded (its UTF-8 is invalid): the decoders keep the text as it came
    expectRefusal(await cartId("forged%ED%A0%BDsid"), "invalidTableToken");
  });
});
