import { API, type CartState, type Dish, type OpVerdict } from "@tablemate/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
