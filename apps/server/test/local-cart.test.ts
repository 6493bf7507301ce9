import {
  API,
  type CartLine,
  cartTotal,
  checkOrderLines,
  type Dish,
  detailId,
  type LineChoice,
  type OrderDetail,
  priceLine,
  type SellOut,
  stockUnits,
} from "@tablemate/core";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appChoice } from "../../../packages/core/test/line-menu.js";
import { dishes, orders, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";

/**
 * The local cart (the app's path when its socket is down: the whole cart travels with the order as
 * `foods`, `faultCart`) meets the same rules as the live cart: core's checkOrderLines. Each attack
 * below was accepted before, and charged what the client made up.
 */
type Food = LineChoice & { foodId: number; count: string; memo: string };

describe.each(BACKENDS)("the local-cart submit on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let menu: Dish[];
  let tableId: number;
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    dine = (await demoRestaurants(app))((r) => r.name === "川味小馆");
    const [table] = await app.db
      .insert(tables)
      .values({ restaurantId: dine.id, name: "本地" })
      .returning({ id: tables.id });
    tableId = table?.id ?? 0;
    menu = await menuOf(app, dine.id);
  });
  afterAll(() => app.close());

  const diner = () =>
    new Diner(app, `local-${backend}-${String(++guids).padStart(4, "0")}`, {
      restaurantId: dine.id,
      tableId,
      sid: app.signer.tableToken(dine.id, tableId),
    }).sit();
  const food = (dish: Dish, count: string, choice: LineChoice = PLAIN, memo = ""): Food => ({
    foodId: dish.id,
    count,
    memo,
    ...choice,
  });
  const submitLocal = async (d: Diner, foods: Food[]) =>
    json(await d.submit(d.order({ faultCart: true, faultChannel: true, foods })));
  const dishWhere = (what: string, pick: (d: Dish) => boolean) => {
    const found = menu.find(pick);
    if (!found) throw new Error(`the demo menu has no ${what}`);
    return found;
  };
  /** Whether the lines take more of a limited add-on than is left (the sell-out call's additions). */
  const additionsShort = async (lines: CartLine[]) => {
    const answer = await app.server.inject({ method: "GET", url: `${API.sellOut}/${dine.id}` });
    const left = new Map(
      (json(answer).data as SellOut).additions.map((a): [number, number] => [a.additionId, a.sum]),
    );
    return [...stockUnits(lines).additions].some(([id, units]) => {
      const sum = left.get(id);
      return sum !== undefined && sum !== -1 && sum < units;
    });
  };
  const orderCount = async () => (await app.db.select({ id: orders.id }).from(orders)).length;

  it("refuses each rule broken, whole, with 1008 naming the dish, and writes nothing", async () => {
    const plain = plainDish(menu);
    const minTwo = dishWhere("dish sold from 2", (d) => d.minCount === 2 && d.estimate === -1 && !d.Weigh);
    const withNorms = dishWhere("dish with norms", (d) => d.norms.length > 0 && d.foodproperty === 0);
    const withAdditions = dishWhere("dish with add-ons", (d) =>
      d.additionCategories.some((c) => c.additions.length > 0),
    );
    const paidMethod = dishWhere("dish with a paid method", (d) =>
      d.methodCategories.some((c) => c.methodList.some((m) => Number(m.markupPrice) > 0)),
    );
    const otherNorm = menu.find((d) => d.id !== withNorms.id && d.norms.length > 0)?.norms[0]?.id ?? 999_999;
    const otherAddition = menu
      .filter((d) => d.id !== plain.id)
      .flatMap((d) => d.additionCategories.flatMap((c) => c.additions))[0]?.id;
    const method = paidMethod.methodCategories
      .flatMap((c) => c.methodList)
      .find((m) => Number(m.markupPrice) > 0);
    const attacks: Array<[string, Food[]]> = [
      ["0 of a counted dish", [food(plain, "0")]],
      ["half of a counted dish", [food(plain, "0.5")]],
      ["a thousandth of a counted dish", [food(plain, "0.001")]],
      ["9999 of a dish", [food(plain, "9999")]],
      ["two lines of 600 of one dish", [food(plain, "600"), food(plain, "600", PLAIN, "不要葱")]],
      ["1 of a dish sold from 2", [food(minTwo, "1")]],
      ["another dish's norm", [food(withNorms, "1", { ...PLAIN, normId: otherNorm })]],
      [
        "another dish's addition",
        [food(plain, "1", { ...PLAIN, additions: [{ id: otherAddition ?? 1, count: 1 }] })],
      ],
      ["combo parts on a plain dish", [food(plain, "1", { ...PLAIN, parts: [{ itemId: 1, count: 1 }] })]],
      [
        "a paid method three times",
        [
          food(paidMethod, "1", {
            ...PLAIN,
            normId: paidMethod.norms[0]?.id ?? null,
            methodIds: [method?.id ?? 0, method?.id ?? 0, method?.id ?? 0],
          }),
        ],
      ],
    ];
    expect(withAdditions.id).toBeGreaterThan(0);
    const before = await orderCount();
    for (const [attack, foods] of attacks) {
      const d = await diner();
      const answer = await submitLocal(d, foods);
      expect([attack, answer.code, answer.success]).toEqual([attack, 1008, false]);
      const named = menu.find((dish) => dish.id === foods[0]?.foodId)?.name ?? "";
      expect([attack, String(answer.message)]).toEqual([attack, expect.stringContaining(named)]);
    }
    expect(await orderCount()).toBe(before);
  });

  it("refuses a sold-out dish, and more than is left, with 2000 and the shortage", async () => {
    const limited = dishWhere(
      "dish with stock left",
      (d) => d.estimate > 1 && d.foodproperty === 0 && !d.Weigh && d.norms.length === 0,
    );
    const soldOut = dishWhere("sold-out dish", (d) => d.estimate === 0);
    const before = await orderCount();
    const gone = await submitLocal(await diner(), [food(soldOut, "1")]);
    expect(gone).toMatchObject({
      code: 2000,
      message: `${soldOut.name}已售罄`,
      data: [{ foodId: soldOut.id, left: 0 }],
    });
    const tooMany = await submitLocal(await diner(), [food(limited, String(limited.estimate + 1))]);
    expect(tooMany).toMatchObject({ code: 2000, data: [{ foodId: limited.id, left: limited.estimate }] });
    expect(await orderCount()).toBe(before);
    const [row] = await app.db.select().from(dishes).where(eq(dishes.id, limited.id));
    expect(row?.estimate).toBe(limited.estimate);
  });

  it("accepts exactly the local carts core's rules accept, each charged core's price of its lines", async () => {
    const sellable = menu.filter((d) => d.availableStatus === 1 && d.price !== 0.0001);
    // mostly what the app sends, sometimes what it never would
    const count = fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 3 }).map(String), weight: 8 },
      { arbitrary: fc.constantFrom("0", "0.5", "1.25", "1000"), weight: 1 },
    );
    const line = fc.constantFrom(...sellable).chain((dish) =>
      fc.record({
        dish: fc.constant(dish),
        choice: fc.oneof(
          { arbitrary: appChoice(dish), weight: 4 },
          { arbitrary: fc.constant(PLAIN), weight: 1 },
        ),
        count,
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 3 }), async (picked) => {
        // the menu as the server will judge it now (earlier runs took stock)
        menu = await menuOf(app, dine.id);
        const foods = picked.map(({ dish, choice, count: n }) => food(dish, n, choice));
        const lines: CartLine[] = foods.map((f) => ({ ...f, detailId: detailId(f.foodId, f) }));
        const dishOf = (id: number) => menu.find((d) => d.id === id);
        const verdict = checkOrderLines(lines, dishOf);
        const short = await additionsShort(lines);
        const answer = await submitLocal(await diner(), foods);
        if (!verdict.ok) {
          expect(answer.code).toBe(verdict.reason === "stock" ? 2000 : 1008);
          return;
        }
        // limited add-ons are not on the dishes: both ways in leave them to the submit, which answers 3000
        if (short) {
          expect(answer.code).toBe(3000);
          return;
        }
        expect(answer.code).toBe(1000);
        const { orderId } = answer.data as { orderId: number };
        const detail = json(
          await app.server.inject({
            method: "GET",
            url: `${API.orderDetail}/${orderId}?rid=${dine.id}`,
            headers: {
              token: app.signer.visitorCredential(`local-${backend}-${String(guids).padStart(4, "0")}`),
            },
          }),
        ).data as OrderDetail;
        const expected = cartTotal(
          lines.map((l) => priceLine(dishOf(l.foodId) as Dish, l, l.count, false).total),
        );
        expect(detail.orderTotalPrice).toBe(expected.toFixed(2));
      }),
      { numRuns: 30 },
    );
  });
});
