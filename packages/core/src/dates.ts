/**
 * Dates and times as the diner reads and sends them (spec 000 §5: dates YYYY-MM-DD; 001 §9: a date
 * alone, or a date and a time, '-' between the date's parts): 'YYYY-MM-DD' and 'YYYY-MM-DD HH:mm',
 * always in a named time zone (the restaurant's), so the phone's own zone never changes what is shown.
 */
import { formatMinutes } from "./period.js";

/** A wall-clock moment of a zone: its date, the minutes since its midnight, its weekday. */
export interface ZonedDateTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** minutes since local midnight */
  minutes: number;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** Building a formatter is costly: one per zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at an instant. */
export function zonedDateTime(instant: Date, timeZone: string): ZonedDateTime {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
    weekday: WEEKDAYS.indexOf(part("weekday")) + 1,
  };
}

/** 'YYYY-MM-DD HH:mm' of a date and minutes since its midnight. */
export function joinDateTime(date: string, minutes: number): string {
  return `${date} ${formatMinutes(minutes)}`;
}

/** 'YYYY-MM-DD': an instant's date in `timeZone` (000 §5). */
export function formatDate(instant: Date, timeZone: string): string {
  return zonedDateTime(instant, timeZone).date;
}

/** 'YYYY-MM-DD HH:mm': an instant in `timeZone` (001 §9). */
export function formatDateTime(instant: Date, timeZone: string): string {
  const { date, minutes } = zonedDateTime(instant, timeZone);
  return joinDateTime(date, minutes);
}

/** An ISO timestamp of the wire as formatDateTime shows it; text that is no timestamp is shown as it is. */
export function formatIsoDateTime(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : formatDateTime(instant, timeZone);
}

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** The UTC midnight of a calendar date, or null when it is no date ('2026-02-30'). */
function dayStart(year: number, month: number, day: number): number | null {
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day
    ? ms
    : null;
}

/** 'YYYY-MM-DD HH:mm' read back: a real calendar date and a time of day, or null. */
export function parseDateTime(text: string): { date: string; minutes: number } | null {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  if (dayStart(y, mo, d) === null || h > 23 || mi > 59) return null;
  return { date: text.slice(0, 10), minutes: h * 60 + mi };
}

function startOf(date: string): number {
  const match = DATE_PATTERN.exec(date);
  const ms = match ? dayStart(Number(match[1]), Number(match[2]), Number(match[3])) : null;
  if (ms === null) throw new Error(`not a date: ${date}`);
  return ms;
}

/** The calendar date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(startOf(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((startOf(to) - startOf(from)) / DAY_MS);
}

/** 1 = Monday … 7 = Sunday of a calendar date. */
export function weekdayOf(date: string): number {
  return ((new Date(startOf(date)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The instant `date`'s midnight begins in `timeZone` (its first minute, where a change of clocks skips
 * midnight). The offset is found by looking at the zone's wall clock, so no zone database is needed.
 */
export function zonedDayStart(date: string, timeZone: string): Date {
  let instant = startOf(date);
  // two rounds settle any offset; a third covers a change of clocks between the guesses
  for (let round = 0; round < 3; round++) {
    const local = zonedDateTime(new Date(instant), timeZone);
    const ahead = daysBetween(date, local.date) * 1440 + local.minutes;
    if (ahead === 0) break;
    instant -= ahead * 60_000;
  }
  return new Date(instant);
}
