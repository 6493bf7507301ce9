import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type IntentFacts,
  MONEY_OPS,
  moneyVerdict,
  planMoneyOps,
  seededRandom,
} from "../../src/payment/money-model.js";

const intent = (over: Partial<IntentFacts>): IntentFacts => ({
  id: 1,
  kind: "order",
  status: "paid",
  askedCents: 6400,
  capturedCents: 6400,
  refundRecordedCents: 0,
  owed: true,
  ...over,
});

describe("planMoneyOps", () => {
  it("the same seed plans the same script, another seed another", () => {
    expect(planMoneyOps(7, { tables: 5, count: 50 })).toEqual(planMoneyOps(7, { tables: 5, count: 50 }));
    expect(planMoneyOps(7, { tables: 5, count: 50 })).not.toEqual(planMoneyOps(8, { tables: 5, count: 50 }));
  });

  it("draws every operation, at tables in range, picks in [0, 1)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 300 }), (seed, tables) => {
        const ops = planMoneyOps(seed, { tables, count: 400 });
        expect(ops).toHaveLength(400);
        for (const op of ops) {
          expect(op.table).toBeGreaterThanOrEqual(0);
          expect(op.table).toBeLessThan(tables);
          expect(op.pick).toBeGreaterThanOrEqual(0);
          expect(op.pick).toBeLessThan(1);
        }
        expect(new Set(ops.map((o) => o.kind)).size).toBe(MONEY_OPS.length);
      }),
      { numRuns: 10 },
    );
  });

  it("a weight of 0 never draws its operation", () => {
    const weights = Object.fromEntries(MONEY_OPS.map((k) => [k, k === "settle" ? 0 : 1])) as Record<
      (typeof MONEY_OPS)[number],
      number
    >;
    expect(planMoneyOps(3, { tables: 2, count: 500, weights }).some((o) => o.kind === "settle")).toBe(false);
  });

  it("seededRandom stays in [0, 1)", () => {
    const random = seededRandom(42);
    for (let i = 0; i < 1000; i++) expect(random()).toBeLessThan(1);
  });
});

describe("moneyVerdict", () => {
  it("the issue's holes are violations: ¥106 kept for ¥64, a cancelled order's money kept", () => {
    const twice = moneyVerdict([
      {
        visitId: 1,
        owedCents: 6400,
        intents: [intent({}), intent({ id: 2, kind: "bill", askedCents: 4200, capturedCents: 4200 })],
      },
    ]);
    expect(twice.keptWithoutRefundCents).toBe(4200);
    expect(twice.violations).toHaveLength(1);
    const cancelled = moneyVerdict([{ visitId: 1, owedCents: 0, intents: [intent({ owed: false })] }]);
    expect(cancelled.violations).toHaveLength(2);
    const doubled = moneyVerdict([
      { visitId: 1, owedCents: 6400, intents: [intent({ capturedCents: 12_800 })] },
    ]);
    expect(doubled.doubleCharges).toBe(1);
  });

  it("money refunded as recorded is never a violation", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 5 }), (asked, times) => {
        const captured = asked * times;
        const verdict = moneyVerdict([
          {
            visitId: 1,
            owedCents: asked,
            intents: [
              intent({ askedCents: asked, capturedCents: captured, refundRecordedCents: captured - asked }),
            ],
          },
        ]);
        expect(verdict).toEqual({ violations: [], doubleCharges: 0, keptWithoutRefundCents: 0 });
      }),
    );
  });
});
