import type { z } from "zod";
import type { memberDaySchema } from "../contract/member.js";
import { zonedDateTime } from "../dates.js";
import { memberDayText } from "./text.js";

/**
 * A card type's member day (001 §3's eighth privilege, §9's value/10 with 折): on these days of the
 * week (1 Monday … 7 Sunday) or of the month (1-31), the member pays `percent` of the price (88: 8.8折).
 * Which day it is depends on the restaurant's clock, never the phone's or the server's.
 */
export interface MemberDay {
  weekdays: readonly number[];
  monthDays: readonly number[];
  percent: number;
}

/** Whether `instant` falls on the member day, on the clock of `timeZone`. A month without day 31 has none that month. */
export function isMemberDay(day: MemberDay | null | undefined, instant: Date, timeZone: string): boolean {
  if (!day) return false;
  const local = zonedDateTime(instant, timeZone);
  return day.weekdays.includes(local.weekday) || day.monthDays.includes(Number(local.date.slice(8, 10)));
}

/** The percent paid now (the discount pipeline's memberDayPercent), or null when today is no member day. */
export function memberDayPercentAt(
  day: MemberDay | null | undefined,
  instant: Date,
  timeZone: string,
): number | null {
  return day && isMemberDay(day, instant, timeZone) ? day.percent : null;
}

/** A member day as the member calls answer it: its days, its percent and 折 text, whether today is one. */
export function memberDayView(
  day: MemberDay | null | undefined,
  instant: Date,
  timeZone: string,
): z.infer<typeof memberDaySchema> | null {
  if (!day) return null;
  return {
    weekdays: [...day.weekdays],
    monthDays: [...day.monthDays],
    percent: day.percent,
    text: memberDayText(day.percent),
    today: isMemberDay(day, instant, timeZone),
  };
}
