import {
  applyTableOp,
  type CartLine,
  type CartState,
  type Dish,
  type LineChoice,
  type TableOp,
} from "@tablemate/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appChoice } from "../../../packages/core/test/line-menu.js";
import { tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { TableSocket } from "./support/table-socket.js";

/**
 * A cart operation's chosen options must be the dish's own, chosen as the app's pickers choose them,
 * over the socket and over HTTP alike. Each attack below was stored before, some charged.
 */
describe.each(BACKENDS)("the options of a cart operation on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let menu: Dish[];
  let tableId: number;
  let base: string;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    dine = (await demoRestaurants(app))((r) => r.name === "川味小馆");
    const [table] = await app.db
      .insert(tables)
      .values({ restaurantId: dine.id, name: "选项" })
      .returning({ id: tables.id });
    tableId = table?.id ?? 0;
    menu = await menuOf(app, dine.id);
    base = await socketBase(app);
  });
  afterAll(() => app.close());

  function attacks(): Array<[string, TableOp]> {
    const plain = plainDish(menu);
    const withNorms = menu.find((d) => d.norms.length > 0 && d.foodproperty === 0);
    const otherNorm = menu.find((d) => d.id !== withNorms?.id && d.norms.length > 0)?.norms[0]?.id;
    const addition = menu.flatMap((d) => d.additionCategories.flatMap((c) => c.additions))[0]?.id;
    const paid = menu.find((d) =>
      d.methodCategories.some((c) => c.methodList.some((m) => Number(m.markupPrice) > 0)),
    );
    const method = paid?.methodCategories.flatMap((c) => c.methodList).find((m) => Number(m.markupPrice) > 0);
    if (!withNorms || !otherNorm || !addition || !paid || !method) throw new Error("demo menu lacks options");
    const add = (dish: Dish, choice: LineChoice): TableOp => ({ kind: "add", foodId: dish.id, choice });
    return [
      ["another dish's norm", add(withNorms, { ...PLAIN, normId: otherNorm })],
      ["another dish's addition", add(plain, { ...PLAIN, additions: [{ id: addition, count: 1 }] })],
      ["combo parts on a plain dish", add(plain, { ...PLAIN, parts: [{ itemId: 1, count: 1 }] })],
      [
        "a paid method three times",
        add(paid, {
          ...PLAIN,
          normId: paid.norms[0]?.id ?? null,
          methodIds: [method.id, method.id, method.id],
        }),
      ],
    ];
  }

  it("refuses over HTTP each option that is not the dish's own, and stores nothing", async () => {
    const diner = await new Diner(app, `options-http-${backend}-01`, {
      restaurantId: dine.id,
      tableId,
      sid: app.signer.tableToken(dine.id, tableId),
    }).sit();
    for (const [attack, op] of attacks()) {
      const { verdict, cart } = await diner.op(op);
      expect([attack, verdict.ok]).toEqual([attack, false]);
      expect(cart.lines).toEqual([]);
    }
  });

  it("applies exactly what core's rules apply: random operations, valid and corrupted, over HTTP", async () => {
    const sellable = menu.filter((d) => d.availableStatus === 1);
    const ids = sellable.flatMap((d) => [
      ...d.norms.map((n) => n.id),
      ...d.methodCategories.flatMap((c) => c.methodList.map((m) => m.id)),
      ...d.additionCategories.flatMap((c) => c.additions.map((a) => a.id)),
    ]);
    // a tampered client's choice: a foreign norm or method, a doubled method, a foreign addition
    const corrupt = fc.oneof(
      { arbitrary: fc.constant((c: LineChoice) => c), weight: 3 },
      {
        arbitrary: fc.constantFrom(...ids).map((normId) => (c: LineChoice) => ({ ...c, normId })),
        weight: 1,
      },
      {
        arbitrary: fc
          .constantFrom(...ids)
          .map((id) => (c: LineChoice) => ({ ...c, methodIds: [...c.methodIds, id] })),
        weight: 1,
      },
      {
        arbitrary: fc
          .constantFrom(...ids)
          .map((id) => (c: LineChoice) => ({ ...c, additions: [...c.additions, { id, count: 1 }] })),
        weight: 1,
      },
    );
    const add = fc
      .constantFrom(...sellable)
      .chain((dish) =>
        fc.tuple(appChoice(dish), corrupt).map(([choice, bend]) => ({ dish, choice: bend(choice) })),
      );
    const step = fc.oneof(
      { arbitrary: add.map((a) => ({ kind: "add" as const, ...a })), weight: 4 },
      { arbitrary: fc.nat().map((at) => ({ kind: "minus" as const, at })), weight: 1 },
      {
        arbitrary: fc
          .tuple(fc.nat(), fc.constantFrom("0", "1", "3", "0.5", "1000", "2.25"))
          .map(([at, count]) => ({ kind: "set" as const, at, count })),
        weight: 2,
      },
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const [table] = await app.db
          .insert(tables)
          .values({ restaurantId: dine.id, name: `规则${++run}` })
          .returning({ id: tables.id });
        const at = table?.id ?? 0;
        const diner = await new Diner(app, `rules-${backend}-${run}`, {
          restaurantId: dine.id,
          tableId: at,
          sid: app.signer.tableToken(dine.id, at),
        }).sit();
        let lines: CartLine[] = [];
        for (const next of steps) {
          const line = "at" in next ? lines[next.at % Math.max(lines.length, 1)] : undefined;
          const op: TableOp | undefined =
            next.kind === "add"
              ? { kind: "add", foodId: next.dish.id, choice: next.choice }
              : line &&
                (next.kind === "minus"
                  ? { kind: "minus", detailId: line.detailId }
                  : { kind: "set", detailId: line.detailId, count: next.count });
          if (!op) continue;
          const decided = applyTableOp(
            lines,
            op,
            (id) => menu.find((d) => d.id === id),
            () => menu,
          );
          const { verdict, cart } = await diner.op(op);
          expect(verdict.ok).toBe(decided.ok);
          if (decided.ok)
            expect(cart.lines.map(({ detailId, count }) => [detailId, count])).toEqual(
              decided.lines.map(({ detailId, count }) => [detailId, count]),
            );
          lines = cart.lines;
        }
      }),
      { numRuns: 25 },
    );
  });

  it("refuses the same over the socket, each with a verdict, and tells the table nothing", async () => {
    const guid = `options-ws-${backend}-01`;
    const url = socketAt(
      base,
      { restaurantId: dine.id, tableId: tableId, sid: app.signer.tableToken(dine.id, tableId) },
      guid,
    );
    const socket = await TableSocket.open(url);
    try {
      for (const [attack, op] of attacks()) {
        const verdict = await socket.op(op);
        expect([attack, verdict.ok]).toEqual([attack, false]);
      }
      expect(socket.broadcasts()).toEqual([]);
      expect((socket.cart as CartState).lines).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
