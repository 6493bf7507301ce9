import type { StockChange } from "./contract/console-stock.js";
import type { ComboItem } from "./contract/menu.js";
import { comboGroups } from "./line-choice.js";
import { localClock } from "./period.js";
import { businessHours } from "./shop.js";

/**
 * What diners may order of a dish or an addition, decided at read time (issue 17): the stored count
 * (-1 unlimited, 0 sold out, n left) unless a snooze is still running, which reads as sold out. A
 * snooze lifts by itself when its time passes: nothing has to be written for diners to see it lifted.
 */
export interface StockRow {
  estimate: number;
  /** a timed sold out: until this instant; null when none */
  snoozedUntil: Date | null;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** Whether a snooze still runs at `now` (it ends at its instant: at `until` the item is on sale again). */
export function isSnoozed(snoozedUntil: Date | null, now: Date): boolean {
  return snoozedUntil !== null && snoozedUntil.getTime() > now.getTime();
}

/** The count diners see: 0 while snoozed, else the stored one (-1 unlimited). */
export function availableEstimate(row: StockRow, now: Date): number {
  return isSnoozed(row.snoozedUntil, now) ? 0 : row.estimate;
}

/** The console's word for an item's state now. */
export type StockStateKind = "onSale" | "soldOut" | "snoozed" | "counted";

export function stockState(row: StockRow, now: Date): StockStateKind {
  if (isSnoozed(row.snoozedUntil, now)) return "snoozed";
  if (row.estimate === 0) return "soldOut";
  return row.estimate === -1 ? "onSale" : "counted";
}

/** The longest snooze the console offers by hours. */
export const MAX_SNOOZE_HOURS = 24;

/** A snooze of whole hours from now. */
export function snoozeForHours(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 60 * MINUTE_MS);
}

/**
 * "Until closing": the next time the restaurant's day ends after `now`, on its own wall clock — its
 * business hours' end (an end past midnight, 17:00-02:00, is the next morning's 02:00), or midnight
 * when it is open round the clock. Always later than `now` and at most a day ahead. (Zones are taken
 * as fixed-offset over that day; a daylight-saving change within it moves the end by its hour.)
 */
export function snoozeUntilClose(now: Date, restaurant: { businessTime: string; timezone: string }): Date {
  const hours = businessHours(restaurant);
  const end = (hours ? hours.end : DAY_MINUTES) % DAY_MINUTES;
  const { minutes } = localClock(now, restaurant.timezone);
  // minutes from this minute's start to the next end: 1..1440
  const ahead = ((end - minutes - 1 + DAY_MINUTES) % DAY_MINUTES) + 1;
  const minuteStart = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(minuteStart + ahead * MINUTE_MS);
}

/**
 * Whether a combo cannot be ordered because of its parts' stock: a fixed group with a part that is
 * sold out, or a group to pick from with fewer parts on sale than it asks for. `estimateOf` answers
 * a part dish's count as diners see it (undefined: not known here, taken as on sale).
 */
export function comboSoldOut(
  combo: { combosList: ComboItem[] },
  estimateOf: (dishId: number) => number | undefined,
): boolean {
  return comboGroups(combo).some((group) => {
    const onSale = group.items.filter((item) => estimateOf(item.itemId) !== 0).length;
    return onSale < group.pick;
  });
}

/**
 * The count diners see of every dish of a menu: snoozes applied, then each combo whose parts cannot
 * make it sold out (0). Rows are a restaurant's dishes; part dishes missing from them count as on sale.
 */
export function menuEstimates(
  rows: ReadonlyArray<StockRow & { id: number; combos: ComboItem[] }>,
  now: Date,
): Map<number, number> {
  const own = new Map(rows.map((row) => [row.id, availableEstimate(row, now)]));
  const result = new Map(own);
  for (const row of rows) {
    if (
      row.combos.length &&
      own.get(row.id) !== 0 &&
      comboSoldOut({ combosList: row.combos }, (id) => own.get(id))
    )
      result.set(row.id, 0);
  }
  return result;
}

/** A stock change the stored count refuses: the count moved since the console read it, or a restock that cannot apply. */
export type StockChangeRefusal = "stockChanged" | "stockAddRefused";

/**
 * The stored state after a console's stock change (contract/console-stock.ts has the semantics),
 * decided on the row as it is under its lock; a refusal changes nothing.
 */
export function applyStockChange(
  current: StockRow,
  change: StockChange,
  now: Date,
  restaurant: { businessTime: string; timezone: string },
): StockRow | { refused: StockChangeRefusal } {
  switch (change.action) {
    case "soldOut":
      return { estimate: 0, snoozedUntil: null };
    case "restore":
      return { estimate: -1, snoozedUntil: null };
    case "count":
      return current.estimate === change.expected
        ? { estimate: change.estimate, snoozedUntil: current.snoozedUntil }
        : { refused: "stockChanged" };
    case "add": {
      const next = current.estimate + change.delta;
      return current.estimate === -1 || next < 0
        ? { refused: "stockAddRefused" }
        : { estimate: next, snoozedUntil: current.snoozedUntil };
    }
    case "snooze":
      return { estimate: current.estimate, snoozedUntil: snoozeForHours(now, change.hours) };
    case "snoozeUntilClose":
      return { estimate: current.estimate, snoozedUntil: snoozeUntilClose(now, restaurant) };
    case "unsnooze":
      return { estimate: current.estimate, snoozedUntil: null };
  }
}
