import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allDayCounts,
  canBumpItem,
  dinerMayCancel,
  elapsedText,
  ITEM_STATES,
  isForKitchen,
  type KitchenLine,
  kitchenDeltas,
  nextItemState,
  ORDER_STATUS,
  orderStatusFollowing,
  paysBeforeKitchen,
  routeDish,
  type StationRoute,
  stationHoldings,
  type TicketDelta,
  ticketDeltas,
  timerColour,
  waitsBeforeKitchen,
} from "../src/index.js";

const HOT = { stationId: 1, sort: 0, categoryIds: [10, 11] };
const COLD = { stationId: 2, sort: 1, categoryIds: [20] };
const BAR = { stationId: 3, sort: 2, categoryIds: [30, 11] };
const ROUTES: StationRoute[] = [BAR, COLD, HOT];

const line = (lineId: number, count: string, category: number): KitchenLine => ({
  lineId,
  count,
  categoryIds: [category],
});

describe("routing a dish to stations", () => {
  it.each([
    [[10], [1]],
    [[20], [2]],
    // a category two stations cook goes to both
    [[11], [1, 3]],
    // the second category counts too
    [[99, 30], [3]],
    // no station cooks it: the first station (lowest sort) takes it
    [[99], [1]],
    [[null], [1]],
  ])("categories %j → stations %j", (categories, stations) => {
    expect(routeDish(categories, ROUTES)).toEqual(stations);
  });

  it("no stations: nowhere", () => {
    expect(routeDish([10], [])).toEqual([]);
  });
});

describe("ticket deltas", () => {
  it("an order's first lines: one new ticket per station with its lines", () => {
    const deltas = ticketDeltas([], [line(1, "2", 10), line(2, "1", 20), line(3, "1", 11)], ROUTES);
    expect(deltas).toEqual([
      {
        stationId: 1,
        kind: "new",
        items: [
          { lineId: 1, count: "2" },
          { lineId: 3, count: "1" },
        ],
      },
      { stationId: 2, kind: "new", items: [{ lineId: 2, count: "1" }] },
      { stationId: 3, kind: "new", items: [{ lineId: 3, count: "1" }] },
    ]);
  });

  it("加菜: only the added lines, as new tickets", () => {
    const before = [line(1, "2", 10)];
    expect(ticketDeltas(before, [...before, line(4, "1", 20)], ROUTES)).toEqual([
      { stationId: 2, kind: "new", items: [{ lineId: 4, count: "1" }] },
    ]);
  });

  it("a cancel: a cancel ticket at the stations that got each line", () => {
    const before = [line(1, "2", 10), line(3, "1.5", 11)];
    expect(ticketDeltas(before, [], ROUTES)).toEqual([
      {
        stationId: 1,
        kind: "cancel",
        items: [
          { lineId: 1, count: "2" },
          { lineId: 3, count: "1.5" },
        ],
      },
      { stationId: 3, kind: "cancel", items: [{ lineId: 3, count: "1.5" }] },
    ]);
  });

  it("nothing changed: no ticket", () => {
    const lines = [line(1, "2", 10)];
    expect(ticketDeltas(lines, lines, ROUTES)).toEqual([]);
  });

  it("property: applying every ticket of an order's history gives exactly its live lines at each station", () => {
    const lineArb = fc.record({
      lineId: fc.integer({ min: 1, max: 8 }),
      count: fc.integer({ min: 0, max: 5 }).map(String),
      categoryIds: fc.array(fc.constantFrom(10, 11, 20, 30, 99), { minLength: 1, maxLength: 2 }),
    });
    // a line keeps its categories for its life: the first appearance of an id decides them
    const history = fc.array(fc.array(lineArb, { maxLength: 6 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(history, fc.shuffledSubarray(ROUTES, { minLength: 1 }), (steps, routes) => {
        const categories = new Map<number, KitchenLine["categoryIds"]>();
        const states = steps.map((lines) => {
          const unique = new Map<number, KitchenLine>();
          for (const l of lines) {
            if (!categories.has(l.lineId)) categories.set(l.lineId, l.categoryIds);
            if (l.count !== "0") unique.set(l.lineId, { ...l, categoryIds: categories.get(l.lineId) ?? [] });
          }
          return [...unique.values()];
        });
        const tickets: TicketDelta[] = [];
        let before: KitchenLine[] = [];
        for (const after of states) {
          // what the kitchen got so far, read back from its tickets (as the server reads its rows)
          const sent = [...stationHoldings(tickets)].map(([key, count]) => {
            const [stationId, lineId] = key.split("/").map(Number) as [number, number];
            return { stationId, lineId, count: count.toString() };
          });
          const made = kitchenDeltas(sent, after, routes);
          // the same as the before/after form
          expect(made).toEqual(ticketDeltas(before, after, routes));
          tickets.push(...made);
          // replayed: nothing more
          const again = [...stationHoldings(tickets)].map(([key, count]) => {
            const [stationId, lineId] = key.split("/").map(Number) as [number, number];
            return { stationId, lineId, count: count.toString() };
          });
          expect(kitchenDeltas(again, after, routes)).toEqual([]);
          before = after;
        }
        const held = stationHoldings(tickets);
        const expected = new Map<string, Big>();
        for (const l of before)
          for (const s of routeDish(l.categoryIds, routes))
            expected.set(`${s}/${l.lineId}`, new Big(l.count));
        const nonZero = [...held].filter(([, v]) => !v.eq(0)).map(([k, v]) => [k, v.toString()] as const);
        expect(new Map(nonZero)).toEqual(new Map([...expected].map(([k, v]) => [k, v.toString()])));
        // never a negative holding: a cancel never takes back more than a station got
        for (const v of held.values()) expect(v.gte(0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("item states", () => {
  it("a bump moves forward only, never a void item", () => {
    expect(canBumpItem("held", "cooking")).toBe(true);
    expect(canBumpItem("held", "ready")).toBe(true);
    expect(canBumpItem("ready", "served")).toBe(true);
    expect(canBumpItem("cooking", "held")).toBe(false);
    expect(canBumpItem("served", "served")).toBe(false);
    expect(canBumpItem("void", "served")).toBe(false);
    expect(nextItemState("held")).toBe("cooking");
    expect(nextItemState("ready")).toBe("served");
    expect(nextItemState("served")).toBeNull();
    expect(nextItemState("void")).toBeNull();
  });

  it("property: bumps only ever go forward, so a chain of bumps ends", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ITEM_STATES), fc.constantFrom(...ITEM_STATES), (a, b) => {
        if (canBumpItem(a, b)) expect(canBumpItem(b, a)).toBe(false);
      }),
    );
  });
});

describe("the order follows its items", () => {
  const { placed, accepted, cooking, served, cancelled, settled } = ORDER_STATUS;
  it.each([
    [placed, ["held", "held"], null],
    [placed, ["cooking", "held"], cooking],
    [accepted, ["ready"], cooking],
    [cooking, ["ready", "held"], null],
    [cooking, ["served", "served"], served],
    [accepted, ["served", "void"], served],
    [placed, ["served"], served],
    [served, ["served"], null],
    [cancelled, ["cooking"], null],
    [settled, ["served"], null],
    [accepted, ["void"], null],
    [accepted, [], null],
  ] as const)("order %i with items %j → %s", (status, states, to) => {
    expect(orderStatusFollowing(status, states)).toBe(to);
  });

  it("an order is the kitchen's once accepted, or placed with no gate", () => {
    expect(isForKitchen(placed, false)).toBe(true);
    expect(isForKitchen(placed, true)).toBe(false);
    expect(isForKitchen(accepted, true)).toBe(true);
    expect(isForKitchen(cancelled, false)).toBe(false);
    expect(isForKitchen(settled, false)).toBe(false);
  });

  it("pays first in prepayment (payment type 1) and quick-service (eat type fast), not later", () => {
    expect(paysBeforeKitchen({ paymentType: 1, eatType: "dine" })).toBe(true);
    expect(paysBeforeKitchen({ paymentType: 0, eatType: "fast" })).toBe(true);
    expect(paysBeforeKitchen({ paymentType: 0, eatType: "dine" })).toBe(false);
    expect(paysBeforeKitchen({ paymentType: 0, eatType: "takeout" })).toBe(true);
    expect(paysBeforeKitchen({ paymentType: 0, eatType: "reserve" })).toBe(false);
  });

  it("offers the diner a cancel before the order is taken, never of a paid pay-first order", () => {
    const order = (eatType: string, paymentType: number, paid: boolean, status = 0) => ({
      eatType,
      paymentType,
      paid,
      status,
    });
    expect(dinerMayCancel(order("fast", 0, false))).toBe(true);
    expect(dinerMayCancel(order("fast", 0, true))).toBe(false);
    expect(dinerMayCancel(order("takeout", 0, true))).toBe(false);
    // a dine-in prepayment order's cancel refunds it (issue 18)
    expect(dinerMayCancel(order("dine", 1, true))).toBe(true);
    // a pay-later order's payment (the bill) is no reason to keep it
    expect(dinerMayCancel(order("dine", 0, true))).toBe(true);
    for (const status of [1, 2, 4, 5, 7, 8])
      expect(dinerMayCancel(order("dine", 0, false, status))).toBe(false);
  });

  it("a placed order waits while the gate holds it, or while a pay-first order still owes money", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.nat(10_000), (held, paysFirst, dueCents) => {
        const waits = waitsBeforeKitchen({ held, paysFirst, dueCents });
        expect(waits).toBe(held || (paysFirst && dueCents > 0));
      }),
    );
    // paid to the cent: on to the kitchen; a pay-later order never waits for money
    expect(waitsBeforeKitchen({ held: false, paysFirst: true, dueCents: 0 })).toBe(false);
    expect(waitsBeforeKitchen({ held: false, paysFirst: false, dueCents: 500 })).toBe(false);
  });
});

describe("timers and counts", () => {
  it.each([
    [0, "normal"],
    [9 * 60_000 + 59_999, "normal"],
    [10 * 60_000, "orange"],
    [20 * 60_000, "red"],
  ] as const)("%i ms → %s", (ms, colour) => {
    expect(timerColour(ms)).toBe(colour);
  });

  it("thresholds per restaurant", () => {
    expect(timerColour(5 * 60_000, { orangeAfterMin: 5, redAfterMin: 8 })).toBe("orange");
  });

  it("elapsed text", () => {
    expect(elapsedText(65_000)).toBe("1:05");
    expect(elapsedText(3_661_000)).toBe("1:01:01");
    expect(elapsedText(-5)).toBe("0:00");
  });

  it("all-day counts: open items per dish, most first", () => {
    expect(
      allDayCounts([
        { foodId: 1, name: "宫保鸡丁", count: "2", state: "held" },
        { foodId: 2, name: "回锅肉", count: "1", state: "cooking" },
        { foodId: 1, name: "宫保鸡丁", count: "1", state: "ready" },
        { foodId: 2, name: "回锅肉", count: "4", state: "served" },
        { foodId: 3, name: "米饭", count: "9", state: "void" },
      ]),
    ).toEqual([
      { foodId: 1, name: "宫保鸡丁", count: "3" },
      { foodId: 2, name: "回锅肉", count: "1" },
    ]);
  });
});
