import { API, type CartState, type Dish, type OpVerdict } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dishes as dishRows } from "../src/db/schema.js";
import {
  asVisitor,
  type DemoTable,
  demoTable,
  form,
  json,
  startTestApp,
  type TestApp,
} from "./support/harness.js";

const GUID = "http-diner-0001";

describe("the cart over HTTP (cart info, operations, person count)", () => {
  let app: TestApp;
  let table: DemoTable;
  let cart: { value: number; sign: string };
  let dish: Dish;

  beforeAll(async () => {
    app = await startTestApp("pglite");
    table = await demoTable(app, (r) => r.linkMode === "dine" && !r.fastHotel);
    const get = (url: string) => app.server.inject({ method: "GET", url, headers: asVisitor(GUID) });
    await app.server.inject({
      method: "POST",
      url: `${API.tableJoin}?rid=${table.restaurantId}`,
      headers: asVisitor(GUID),
      payload: {
        accessType: "realTable",
        guid: GUID,
        restaurantId: table.restaurantId,
        tableId: table.tableId,
        sid: table.sid,
      },
    });
    cart = json(
      await get(
        `${API.cartId}?rid=${table.restaurantId}&tableId=${table.tableId}&guid=${GUID}&sid=${table.sid}`,
      ),
    ).data as typeof cart;
    const foods = json(await get(`${API.foodList}?restaurantId=${table.restaurantId}`)).data as Dish[];
    const plain = foods.find(
      (d) =>
        d.foodproperty === 0 &&
        d.norms.length === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1,
    );
    if (!plain) throw new Error("no plain dish");
    dish = plain;
  });
  afterAll(() => app.close());

  const operate = (op: object, opId: string, sign = cart.sign) =>
    app.server.inject({
      method: "POST",
      url: API.cartOps,
      ...form(
        {
          rid: table.restaurantId,
          cartId: cart.value,
          cartIdSign: sign,
          guid: GUID,
          opId,
          op: JSON.stringify(op),
        },
        GUID,
      ),
    });
  const info = async () =>
    json(
      await app.server.inject({
        method: "GET",
        url: `${API.cartInfo}?rid=${table.restaurantId}&cartId=${cart.value}&cartIdSign=${cart.sign}`,
        headers: asVisitor(GUID),
      }),
    ).data as CartState;

  it("applies a form-encoded operation once per op id and shows it in the cart info", async () => {
    const op = {
      kind: "add",
      foodId: dish.id,
      choice: { normId: null, methodIds: [], additions: [], parts: [] },
    };
    const first = json(await operate(op, "http-op-000001")).data as { verdict: OpVerdict; cart: CartState };
    expect(first.verdict.ok).toBe(true);
    await operate(op, "http-op-000001");
    expect((await info()).lines).toEqual([expect.objectContaining({ foodId: dish.id, count: "1" })]);
  });

  it("cart.line-fields (000 §3): each line carries foodId, count, normId, Weigh, methodId, price, vipPrice, detail, batch, memo and comment", async () => {
    const foods = json(
      await app.server.inject({
        method: "GET",
        url: `${API.foodList}?restaurantId=${table.restaurantId}`,
        headers: asVisitor(GUID),
      }),
    ).data as Dish[];
    // a dish with a member price, a percentage method and add-ons
    const methodOf = (d: Dish) =>
      d.methodCategories.flatMap((c) => c.methodList).find((m) => m.markupWay === 1);
    const noodles = foods.find(
      (d) => d.vipPrice !== null && d.norms.length === 0 && methodOf(d) && d.additionCategories.length > 0,
    );
    const method = noodles && methodOf(noodles);
    const addition = noodles?.additionCategories[0]?.additions[0];
    if (!noodles || !method || !addition) throw new Error("no dish with a member price, methods and add-ons");
    // and a weighed dish, without a member price
    const weighed = foods.find(
      (d) =>
        d.id !== dish.id &&
        d.id !== noodles.id &&
        d.vipPrice === null &&
        d.norms.length === 0 &&
        d.methodCategories.length === 0 &&
        d.additionCategories.length === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1,
    );
    if (!weighed) throw new Error("no dish to weigh");
    await app.db.update(dishRows).set({ weigh: true }).where(eq(dishRows.id, weighed.id));

    const choice = {
      normId: null,
      methodIds: [method.id],
      additions: [{ id: addition.id, count: 2 }],
      parts: [],
    };
    const added = json(await operate({ kind: "add", foodId: noodles.id, choice }, "http-fields-01")).data as {
      cart: CartState;
    };
    const line = added.cart.lines.find((l) => l.foodId === noodles.id);
    await operate({ kind: "note", detailId: line?.detailId, memo: "不要香菜" }, "http-fields-02");
    await operate(
      { kind: "add", foodId: weighed.id, choice: { normId: null, methodIds: [], additions: [], parts: [] } },
      "http-fields-03",
    );

    // one unit: the price with its percentage markup, plus the add-ons (to the cent)
    const unit = (base: number) =>
      Math.round((base * (1 + method.markupPrice / 100) + 2 * addition.priceUpValue) * 100) / 100;
    const expected = {
      foodId: noodles.id,
      count: "1",
      normId: null,
      Weigh: false,
      methodId: [method.id],
      price: unit(noodles.price),
      vipPrice: unit(noodles.vipPrice ?? 0),
      detail: [],
      batch: [{ id: addition.id, ordered: 2 }],
      memo: "不要香菜",
      comment: "不要香菜",
    };
    // the operation's own answer (as the socket broadcasts it) and the cart info both carry them
    expect(line).toMatchObject({ ...expected, memo: "", comment: "" });
    const lines = (await info()).lines;
    expect(lines.find((l) => l.foodId === noodles.id)).toMatchObject(expected);
    expect(lines.find((l) => l.foodId === weighed.id)).toMatchObject({
      Weigh: true,
      price: weighed.price,
      vipPrice: null,
      batch: [],
      comment: "",
    });
  });

  it("refuses a forged sign, a malformed op, and changes nothing", async () => {
    const before = await info();
    expect((await operate({ kind: "clear" }, "http-op-000002", "forged")).statusCode).toBe(403);
    expect((await operate({ kind: "explode" }, "http-op-000003")).statusCode).toBe(400);
    expect((await operate({ kind: "clear" }, "bad id!")).statusCode).toBe(400);
    expect(await info()).toEqual(before);
  });

  it("sets the diner count through the cart, adding must-order dishes", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: `${API.setPersonNum}?rid=${table.restaurantId}`,
      ...form({ guid: GUID, tableId: table.tableId, personNum: 2, rid: table.restaurantId }, GUID),
    });
    expect(json(response)).toMatchObject({ status: 0, data: { personNum: 2 } });
    const state = await info();
    expect(state.personNum).toBe(2);
    expect(state.lines.length).toBeGreaterThan(1);
  });
});
