import type { z } from "zod";
import type { salePeriodSchema } from "./contract/menu.js";

/**
 * Sale periods (spec 000 §3-4, 001 §3, §9). Days: 0 every day, 1..7 Monday..Sunday.
 * Time: '0' all day, otherwise comma-separated 'HH:MM-HH:MM' ranges in the restaurant's clock.
 */
export const AVAILABLE = 1;
export const AVAILABLE_SOON = 2;
export const UNAVAILABLE = 3;
export type AvailableStatus = typeof AVAILABLE | typeof AVAILABLE_SOON | typeof UNAVAILABLE;

/** A period that ends within this many minutes is "ending soon" (…后不可售). */
export const ENDING_SOON_MINUTES = 30;

/** Days and times of sale, as the food list carries them (its schema is the contract's). */
export type SalePeriod = z.infer<typeof salePeriodSchema>;

export interface LocalClock {
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  /** minutes since local midnight */
  minutes: number;
}

export interface PeriodState {
  availableStatus: AvailableStatus;
  /** the next change, 'HH:MM': when it ends soon, or when it opens later today */
  nextTime: string | null;
  endsSoon: boolean;
  isAllDay: boolean;
}

const WEEKDAY_NAMES = ["一", "二", "三", "四", "五", "六", "日"];

export function parseDays(week: string): number[] {
  const days = week
    .split(",")
    .map((d) => Number.parseInt(d.trim(), 10))
    .filter((d) => d >= 0 && d <= 7);
  return days.includes(0) || days.length === 0 ? [1, 2, 3, 4, 5, 6, 7] : [...new Set(days)].sort();
}

export function parseRanges(time: string): Array<{ start: number; end: number }> {
  if (time.trim() === "0" || time.trim() === "") return [{ start: 0, end: 24 * 60 }];
  return time.split(",").flatMap((range) => {
    const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(range.trim());
    if (!match) return [];
    const start = Number(match[1]) * 60 + Number(match[2]);
    const end = Number(match[3]) * 60 + Number(match[4]);
    return end > start ? [{ start, end }] : [];
  });
}

export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

export function periodState(period: SalePeriod | null | undefined, clock: LocalClock): PeriodState {
  const isAllDay = !period || period.time.trim() === "0";
  if (!period) return { availableStatus: AVAILABLE, nextTime: null, endsSoon: false, isAllDay };
  const days = parseDays(period.week);
  const ranges = parseRanges(period.time);
  if (!days.includes(clock.weekday)) {
    return { availableStatus: UNAVAILABLE, nextTime: null, endsSoon: false, isAllDay };
  }
  const current = ranges.find((r) => clock.minutes >= r.start && clock.minutes < r.end);
  if (current) {
    const endsSoon = current.end < 24 * 60 && current.end - clock.minutes <= ENDING_SOON_MINUTES;
    return {
      availableStatus: AVAILABLE,
      nextTime: endsSoon ? formatMinutes(current.end) : null,
      endsSoon,
      isAllDay,
    };
  }
  const later = ranges.filter((r) => r.start > clock.minutes).sort((a, b) => a.start - b.start)[0];
  if (later) {
    return {
      availableStatus: AVAILABLE_SOON,
      nextTime: formatMinutes(later.start),
      endsSoon: false,
      isAllDay,
    };
  }
  return { availableStatus: UNAVAILABLE, nextTime: null, endsSoon: false, isAllDay };
}

/** salablePeriodType's "no sale period" (always on sale); 1, 2 and 3 are the period's state now, as availableStatus's */
export const NO_SALE_PERIOD = 0;

/**
 * salablePeriodType as the food list sends it (spec 001 §4): 0 for a dish without a sale period,
 * else its period's state now, in availableStatus's codes (1 on sale, 2 available soon, 3 not).
 */
export function salablePeriodCode(
  period: SalePeriod | null | undefined,
  state: Pick<PeriodState, "availableStatus">,
): typeof NO_SALE_PERIOD | AvailableStatus {
  return period ? state.availableStatus : NO_SALE_PERIOD;
}

/**
 * A dish's sale state from both of 001 §4's codes: unavailable (3) when either availableStatus or
 * salablePeriodType says 3, available soon (2) when either says 2, else on sale (1). Other values
 * (0, 1: their meaning is not given) never take a dish off sale.
 */
export function saleStatus(dish: { availableStatus: number; salablePeriodType: number }): AvailableStatus {
  const codes = [dish.availableStatus, dish.salablePeriodType];
  if (codes.includes(UNAVAILABLE)) return UNAVAILABLE;
  if (codes.includes(AVAILABLE_SOON)) return AVAILABLE_SOON;
  return AVAILABLE;
}

/** '周一、周三' or '每天' for the period mask and the 非可售时间 message. */
export function availableDaysString(week: string): string {
  const days = parseDays(week);
  if (days.length === 7) return "每天";
  return days.map((d) => `周${WEEKDAY_NAMES[d - 1]}`).join("、");
}

/** A range's end: one that runs to midnight ends at 24:00, as the restaurant wrote it. */
const formatEnd = (minutes: number): string => (minutes === 24 * 60 ? "24:00" : formatMinutes(minutes));

export function availableTimeString(time: string): string {
  if (time.trim() === "0") return "全天";
  return parseRanges(time)
    .map((r) => `${formatMinutes(r.start)}-${formatEnd(r.end)}`)
    .join("，");
}

/**
 * Building a formatter is costly and every cart operation asks for the clock: one per zone. dates.ts
 * has a fuller one (with the date); this one stays apart so the menu's first screen does not load
 * dates.ts (the two together cost 467 B of its 120 KB).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Per zone, the last clock read and the minute since the epoch it was read in. */
const lastClocks = new Map<string, { minute: number; clock: Readonly<LocalClock> }>();

/**
 * The wall clock of a time zone at an instant, without any date library. Today's zones are offset from
 * UTC by whole minutes, so the wall clock's minute turns when UTC's does: a clock is read once per zone
 * and minute (formatToParts costs ~20 µs, and a submit or a cart operation asks for the clock).
 */
export function localClock(instant: Date, timeZone: string): Readonly<LocalClock> {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastClocks.get(timeZone);
  if (last?.minute === minute) return last.clock;
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(part("weekday")) + 1;
  const clock = Object.freeze({ weekday, minutes: Number(part("hour")) * 60 + Number(part("minute")) });
  lastClocks.set(timeZone, { minute, clock });
  return clock;
}
