import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gateRulesSchema } from "../src/contract/console-floor.js";
import { kitchenStarted, reverseSettleTo } from "../src/order-status.js";
import { minutesSeated, TABLE_STATES, type TableFacts, tableState } from "../src/staff/floor-state.js";
import { type GateFacts, type GateRules, gateOrder, NO_GATE } from "../src/staff/gate.js";

const rules = fc.record<GateRules>({
  unseatedPayLater: fc.boolean(),
  overAmount: fc.option(fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2))),
  cancelledToday: fc.boolean(),
});
const facts = fc.record<GateFacts>({
  prepaid: fc.boolean(),
  staffSeated: fc.boolean(),
  total: fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
  visitorCancelledToday: fc.boolean(),
});

describe("the gate before the kitchen", () => {
  it("holds by each rule, and releases when its fact does not hold", () => {
    const base: GateFacts = {
      prepaid: false,
      staffSeated: true,
      total: "50.00",
      visitorCancelledToday: false,
    };
    const cases: Array<[Partial<GateRules>, Partial<GateFacts>, string[]]> = [
      [{ unseatedPayLater: true }, { staffSeated: false }, ["unseatedPayLater"]],
      [{ unseatedPayLater: true }, { staffSeated: true }, []],
      [{ overAmount: "49.99" }, {}, ["overAmount"]],
      [{ overAmount: "50.00" }, {}, []],
      [{ overAmount: "50.01" }, {}, []],
      [{ cancelledToday: true }, { visitorCancelledToday: true }, ["cancelledToday"]],
      [{ cancelledToday: true }, { visitorCancelledToday: false }, []],
      [
        { unseatedPayLater: true, overAmount: "1", cancelledToday: true },
        { staffSeated: false, visitorCancelledToday: true },
        ["unseatedPayLater", "overAmount", "cancelledToday"],
      ],
      [
        { unseatedPayLater: true, overAmount: "1", cancelledToday: true },
        { prepaid: true, staffSeated: false, visitorCancelledToday: true },
        [],
      ],
    ];
    for (const [rule, fact, reasons] of cases) {
      expect(gateOrder({ ...NO_GATE, ...rule }, { ...base, ...fact })).toEqual(reasons);
    }
  });

  it("lets prepaid orders through whatever the rules", () => {
    fc.assert(fc.property(rules, facts, (r, f) => gateOrder(r, { ...f, prepaid: true }).length === 0));
  });

  it("holds nothing without rules", () => {
    fc.assert(fc.property(facts, (f) => gateOrder(NO_GATE, f).length === 0));
  });

  it("holds an order exactly for the rules whose facts hold (each rule on its own)", () => {
    fc.assert(
      fc.property(rules, facts, (r, f) => {
        const reasons = gateOrder(r, f);
        const expected = f.prepaid
          ? []
          : [
              ...(r.unseatedPayLater && !f.staffSeated ? ["unseatedPayLater"] : []),
              ...(r.overAmount !== null && Number(f.total) > Number(r.overAmount) ? ["overAmount"] : []),
              ...(r.cancelledToday && f.visitorCancelledToday ? ["cancelledToday"] : []),
            ];
        expect(reasons).toEqual(expected);
      }),
    );
  });

  it("never holds less when a rule is added", () => {
    fc.assert(
      fc.property(rules, facts, (r, f) => {
        const more = { ...r, unseatedPayLater: true, cancelledToday: true };
        expect(gateOrder(more, f).length).toBeGreaterThanOrEqual(gateOrder(r, f).length);
      }),
    );
  });

  it("stores rules as data, filling what is missing and refusing what is not a rule", () => {
    expect(gateRulesSchema.parse({})).toEqual(NO_GATE);
    expect(gateRulesSchema.parse({ overAmount: "200" })).toEqual({ ...NO_GATE, overAmount: "200" });
    expect(gateRulesSchema.safeParse({ overAmount: "-1" }).success).toBe(false);
    expect(gateRulesSchema.safeParse({ overAmount: 200 }).success).toBe(false);
    expect(gateRulesSchema.safeParse({ everything: true }).success).toBe(false);
  });
});

describe("a table's state on the floor", () => {
  const open: TableFacts = {
    visitOpen: true,
    recentlySettled: false,
    openCalls: 0,
    cartLines: 0,
    openOrders: 0,
    paid: false,
  };

  it("reads each state from its facts, a call above everything while a party sits", () => {
    expect(tableState({ ...open, visitOpen: false })).toBe("free");
    expect(tableState({ ...open, visitOpen: false, recentlySettled: true })).toBe("settled");
    expect(tableState(open)).toBe("seated");
    expect(tableState({ ...open, cartLines: 2 })).toBe("ordering");
    expect(tableState({ ...open, cartLines: 2, openOrders: 1 })).toBe("ordered");
    expect(tableState({ ...open, openOrders: 1, paid: true })).toBe("paid");
    expect(tableState({ ...open, openOrders: 1, paid: true, openCalls: 1 })).toBe("called");
  });

  it("gives every table one of the states, and free ones never a party's", () => {
    const tableFacts = fc.record<TableFacts>({
      visitOpen: fc.boolean(),
      recentlySettled: fc.boolean(),
      openCalls: fc.nat(3),
      cartLines: fc.nat(5),
      openOrders: fc.nat(3),
      paid: fc.boolean(),
    });
    fc.assert(
      fc.property(tableFacts, (f) => {
        const state = tableState(f);
        expect(TABLE_STATES).toContain(state);
        if (!f.visitOpen) expect(["free", "settled"]).toContain(state);
        if (f.visitOpen && f.openCalls > 0) expect(state).toBe("called");
      }),
    );
  });

  it("counts whole minutes seated, never negative", () => {
    const at = new Date("2026-01-01T12:00:00Z");
    expect(minutesSeated(at, new Date("2026-01-01T12:09:59Z"))).toBe(9);
    expect(minutesSeated(at, new Date("2026-01-01T11:59:00Z"))).toBe(0);
  });
});

describe("order moves the floor adds", () => {
  it("knows when the kitchen started, and where a reversed settle goes back to", () => {
    expect([0, 1, 2, 4, 5, 7, 8].filter(kitchenStarted)).toEqual([2, 8]);
    expect(reverseSettleTo(7, 1)).toBe(1);
    expect(reverseSettleTo(7, 8)).toBe(8);
    expect(reverseSettleTo(7, null)).toBeNull();
    expect(reverseSettleTo(7, 4)).toBeNull();
    expect(reverseSettleTo(1, 0)).toBeNull();
  });
});
