import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyStockChange,
  availableEstimate,
  comboSoldOut,
  isSnoozed,
  menuEstimates,
  snoozeForHours,
  snoozeUntilClose,
  stockState,
} from "../src/availability.js";
import { stockChangeSchema } from "../src/contract/console-stock.js";
import type { ComboItem } from "../src/contract/menu.js";
import { localClock } from "../src/period.js";

const at = (iso: string) => new Date(iso);
const part = (itemId: number, groupName: string, groupPick: number): ComboItem => ({
  id: itemId * 10,
  itemId,
  name: `part ${itemId}`,
  count: 1,
  norms: [],
  cdatList: [],
  groupName,
  groupPick,
  priceUp: 0,
});

describe("availability at read time", () => {
  const now = at("2026-11-24T10:00:00Z");

  it("a running snooze reads as sold out; at its instant the stored count is back", () => {
    const until = at("2026-11-24T11:00:00Z");
    expect(availableEstimate({ estimate: 7, snoozedUntil: until }, now)).toBe(0);
    expect(availableEstimate({ estimate: 7, snoozedUntil: until }, until)).toBe(7);
    expect(availableEstimate({ estimate: -1, snoozedUntil: null }, now)).toBe(-1);
    expect(stockState({ estimate: -1, snoozedUntil: until }, now)).toBe("snoozed");
    expect(stockState({ estimate: 0, snoozedUntil: null }, now)).toBe("soldOut");
    expect(stockState({ estimate: 3, snoozedUntil: at("2026-11-24T09:00:00Z") }, now)).toBe("counted");
    expect(stockState({ estimate: -1, snoozedUntil: null }, now)).toBe("onSale");
  });

  it("property: available is the stored count exactly when no snooze runs, else 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 1000 }),
        fc.option(fc.integer({ min: -86_400_000, max: 86_400_000 })),
        (estimate, offset) => {
          const snoozedUntil = offset === null ? null : new Date(now.getTime() + offset);
          const available = availableEstimate({ estimate, snoozedUntil }, now);
          expect(available).toBe(isSnoozed(snoozedUntil, now) ? 0 : estimate);
          // once lifted, a snooze never comes back as time goes on
          if (snoozedUntil) expect(isSnoozed(snoozedUntil, new Date(snoozedUntil.getTime() + 1))).toBe(false);
        },
      ),
    );
  });

  it("snoozes for whole hours", () => {
    expect(snoozeForHours(now, 2).toISOString()).toBe("2026-11-24T12:00:00.000Z");
  });
});

describe("snooze until closing", () => {
  const shanghai = (businessTime: string) => ({ businessTime, timezone: "Asia/Shanghai" });

  it("ends at today's closing, an overnight closing the next morning, round the clock at midnight", () => {
    // 10:00 UTC is 18:00 in Shanghai
    const now = at("2026-11-24T10:00:30Z");
    expect(snoozeUntilClose(now, shanghai("10:00-22:00")).toISOString()).toBe("2026-11-24T14:00:00.000Z");
    expect(snoozeUntilClose(now, shanghai("17:00-02:00")).toISOString()).toBe("2026-11-24T18:00:00.000Z");
    expect(snoozeUntilClose(now, shanghai("00:00-24:00")).toISOString()).toBe("2026-11-24T16:00:00.000Z");
    // after closing: the next day's closing
    expect(snoozeUntilClose(now, shanghai("08:00-14:00")).toISOString()).toBe("2026-11-25T06:00:00.000Z");
  });

  it("property: later than now, at most a day ahead, at the closing minute on the restaurant's clock", () => {
    const zones = ["Asia/Shanghai", "UTC", "Asia/Kolkata", "Asia/Kathmandu"];
    fc.assert(
      fc.property(
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(...zones),
        (ms, open, close, timezone) => {
          const now = new Date(ms);
          const businessTime = `${String(open).padStart(2, "0")}:00-${String(close).padStart(2, "0")}:00`;
          const until = snoozeUntilClose(now, { businessTime, timezone });
          expect(until.getTime()).toBeGreaterThan(now.getTime());
          expect(until.getTime() - now.getTime()).toBeLessThanOrEqual(86_400_000);
          const closing = open === close ? 0 : close * 60;
          expect(localClock(until, timezone).minutes).toBe(closing);
        },
      ),
    );
  });
});

describe("combos and their parts", () => {
  const fixed = [part(1, "主食", 2), part(2, "主食", 2)];
  const pickOne = [part(3, "饮料", 1), part(4, "饮料", 1)];

  it("a sold-out fixed part makes the combo sold out; a pick group needs enough parts on sale", () => {
    const stock = new Map([
      [1, -1],
      [2, 0],
      [3, 0],
      [4, 5],
    ]);
    expect(comboSoldOut({ combosList: fixed }, (id) => stock.get(id))).toBe(true);
    expect(comboSoldOut({ combosList: pickOne }, (id) => stock.get(id))).toBe(false);
    stock.set(4, 0);
    expect(comboSoldOut({ combosList: pickOne }, (id) => stock.get(id))).toBe(true);
    // an unknown part is taken as on sale
    expect(comboSoldOut({ combosList: [part(9, "x", 1)] }, () => undefined)).toBe(false);
  });

  it("menu estimates: snoozes applied, and a combo with a snoozed fixed part reads 0", () => {
    const now = at("2026-11-24T10:00:00Z");
    const later = at("2026-11-24T12:00:00Z");
    const rows = [
      { id: 1, estimate: -1, snoozedUntil: later, combos: [] },
      { id: 2, estimate: 4, snoozedUntil: null, combos: [] },
      { id: 10, estimate: -1, snoozedUntil: null, combos: fixed },
      { id: 11, estimate: 3, snoozedUntil: null, combos: [part(2, "a", 1)] },
    ];
    const estimates = menuEstimates(rows, now);
    expect(Object.fromEntries(estimates)).toEqual({ 1: 0, 2: 4, 10: 0, 11: 3 });
    // the snooze lifted: the combo is back with it
    expect(menuEstimates(rows, later).get(10)).toBe(-1);
  });

  it("property: a combo reads 0 exactly when its own count is 0 or its parts cannot make it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: -1, max: 3 }),
        (partStock, own) => {
          const rows = [
            ...partStock.map((estimate, i) => ({ id: i + 1, estimate, snoozedUntil: null, combos: [] })),
            { id: 10, estimate: own, snoozedUntil: null, combos: [...fixed, ...pickOne] },
          ];
          const got = menuEstimates(rows, at("2026-11-24T10:00:00Z")).get(10);
          const blocked =
            partStock[0] === 0 || partStock[1] === 0 || (partStock[2] === 0 && partStock[3] === 0);
          expect(got).toBe(own === 0 || blocked ? 0 : own);
        },
      ),
    );
  });
});

describe("stock change payloads", () => {
  it("takes integers in range and refuses negative, fractional and huge counts", () => {
    expect(stockChangeSchema.safeParse({ action: "count", estimate: 5, expected: -1 }).success).toBe(true);
    for (const estimate of [-1, 1.5, 100_000, "5", Number.NaN, 1e20])
      expect(stockChangeSchema.safeParse({ action: "count", estimate, expected: 0 }).success).toBe(false);
    expect(stockChangeSchema.safeParse({ action: "add", delta: 0 }).success).toBe(false);
    expect(stockChangeSchema.safeParse({ action: "snooze", hours: 25 }).success).toBe(false);
    expect(stockChangeSchema.safeParse({ action: "snoozeUntilClose" }).success).toBe(true);
    expect(stockChangeSchema.safeParse({ action: "explode" }).success).toBe(false);
  });
});

describe("a console's stock change", () => {
  const hours = { businessTime: "10:00-22:00", timezone: "Asia/Shanghai" };
  const now = at("2026-11-24T10:00:00Z");

  it("sets a count only over the count the console saw; restocks on top; snoozes keep the count", () => {
    const row = { estimate: 5, snoozedUntil: null };
    expect(applyStockChange(row, { action: "count", estimate: 9, expected: 5 }, now, hours)).toEqual({
      estimate: 9,
      snoozedUntil: null,
    });
    expect(applyStockChange(row, { action: "count", estimate: 9, expected: 6 }, now, hours)).toEqual({
      refused: "stockChanged",
    });
    expect(applyStockChange(row, { action: "add", delta: -6 }, now, hours)).toEqual({
      refused: "stockAddRefused",
    });
    expect(
      applyStockChange({ estimate: -1, snoozedUntil: null }, { action: "add", delta: 1 }, now, hours),
    ).toEqual({
      refused: "stockAddRefused",
    });
    expect(applyStockChange(row, { action: "snooze", hours: 2 }, now, hours)).toEqual({
      estimate: 5,
      snoozedUntil: at("2026-11-24T12:00:00Z"),
    });
    expect(applyStockChange(row, { action: "soldOut" }, now, hours)).toEqual({
      estimate: 0,
      snoozedUntil: null,
    });
  });

  it("property: a restock commutes with orders taking units (no unit lost whatever the order)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (start, delta, taken) => {
          fc.pre(taken <= start);
          const first = applyStockChange(
            { estimate: start - taken, snoozedUntil: null },
            { action: "add", delta },
            now,
            hours,
          );
          const second = applyStockChange(
            { estimate: start, snoozedUntil: null },
            { action: "add", delta },
            now,
            hours,
          );
          expect("estimate" in first && first.estimate).toBe("estimate" in second && second.estimate - taken);
        },
      ),
    );
  });
});
