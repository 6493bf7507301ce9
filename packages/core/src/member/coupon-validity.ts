import { addDays, DATE_PATTERN, formatDate, parseDateTime, zonedDayStart } from "../dates.js";

/**
 * A coupon's validity, turned into concrete instants the moment it is given (spec 000 §3, the
 * new-member coupon's validityType), on the restaurant's wall clock (Asia/Shanghai for the demo):
 *
 * - type 1: no validity limit. Valid from the moment it is given, never expires.
 * - type 2: valid for `validityDays` days after `effectiveTime`. The spec gives effectiveTime beside
 *   validityDays as the template's (not the coupon's) field, so it is read as a number of whole days
 *   after the day the coupon is given before it starts (领取后第 N 天生效; 0 = at once): a fixed
 *   instant would make type 2 the same as type 3. Days are the restaurant's calendar days and the first
 *   valid day counts as day 1 (the convention of WeChat's own cards, whose pages these are): given on
 *   May 1 with effectiveTime 0 and validityDays 7, it is valid from the moment it is given to the end
 *   of May 7; with effectiveTime 2, from the start of May 3 to the end of May 9. So a 1-day coupon
 *   given at 23:59 is valid for that last minute only: the day it is given is its one day.
 * - type 3: valid from `startTime` to `endTime` ('YYYY-MM-DD', or 'YYYY-MM-DD HH:mm' as 001 §9 writes
 *   dates), both inclusive: a date alone ends at the end of that day, a time at the end of that minute.
 *   Giving it before its start does not move the start.
 *
 * `endsAt` is the last valid moment (23:59:59.999 of the last day), so a check reads
 * startsAt ≤ now ≤ endsAt; the next midnight is already expired.
 */
export const VALIDITY_TYPE = { unlimited: 1, daysAfterGiven: 2, dateRange: 3 } as const;
export type ValidityType = (typeof VALIDITY_TYPE)[keyof typeof VALIDITY_TYPE];

export interface CouponValidityRule {
  validityType: ValidityType;
  /** type 2: whole days after the day it is given before it starts (0 = at once) */
  effectiveTime?: number | null;
  /** type 2: how many calendar days it is valid, the first counting */
  validityDays?: number | null;
  /** type 3: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' on the restaurant's clock */
  startTime?: string | null;
  endTime?: string | null;
}

export interface CouponValidity {
  /** the first valid moment */
  startsAt: Date;
  /** the last valid moment, or null when it never expires (type 1) */
  endsAt: Date | null;
  /** 'YYYY-MM-DD' of startsAt and endsAt on the restaurant's clock, for 有效期 lines */
  firstDay: string;
  lastDay: string | null;
}

export type ValidityState = "notYetValid" | "valid" | "expired";

const MINUTE_MS = 60_000;

function wholeDays(value: number | null | undefined, what: string, min: number): number {
  if (value == null || !Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${what} must be a whole number ≥ ${min}: ${value}`);
  return value;
}

/** A wall-clock text of 001 §9 read as an instant: a date's first moment, or a minute's, and its last. */
function wallClockSpan(text: string, timeZone: string): { first: Date; last: Date; day: string } {
  if (DATE_PATTERN.test(text) && parseDateTime(`${text} 00:00`)) {
    const first = zonedDayStart(text, timeZone);
    const last = new Date(zonedDayStart(addDays(text, 1), timeZone).getTime() - 1);
    return { first, last, day: text };
  }
  const parsed = parseDateTime(text);
  if (!parsed) throw new RangeError(`not a date or a date and time: ${text}`);
  const first = new Date(zonedDayStart(parsed.date, timeZone).getTime() + parsed.minutes * MINUTE_MS);
  return { first, last: new Date(first.getTime() + MINUTE_MS - 1), day: parsed.date };
}

/** The concrete validity of a coupon given at `givenAt` (a template that breaks its type's rule throws). */
export function couponValidity(rule: CouponValidityRule, givenAt: Date, timeZone: string): CouponValidity {
  const givenDay = formatDate(givenAt, timeZone);
  switch (rule.validityType) {
    case VALIDITY_TYPE.unlimited:
      return { startsAt: givenAt, endsAt: null, firstDay: givenDay, lastDay: null };
    case VALIDITY_TYPE.daysAfterGiven: {
      const after = wholeDays(rule.effectiveTime ?? 0, "effectiveTime", 0);
      const days = wholeDays(rule.validityDays, "validityDays", 1);
      const firstDay = addDays(givenDay, after);
      const lastDay = addDays(firstDay, days - 1);
      const startsAt = after === 0 ? givenAt : zonedDayStart(firstDay, timeZone);
      const endsAt = new Date(zonedDayStart(addDays(lastDay, 1), timeZone).getTime() - 1);
      return { startsAt, endsAt, firstDay, lastDay };
    }
    case VALIDITY_TYPE.dateRange: {
      if (!rule.startTime || !rule.endTime)
        throw new RangeError("a date-range coupon needs startTime and endTime");
      const start = wallClockSpan(rule.startTime, timeZone);
      const end = wallClockSpan(rule.endTime, timeZone);
      if (end.last < start.first)
        throw new RangeError(`endTime ${rule.endTime} is before startTime ${rule.startTime}`);
      return { startsAt: start.first, endsAt: end.last, firstDay: start.day, lastDay: end.day };
    }
    default:
      throw new RangeError(
        `unknown validityType: ${String((rule as { validityType: unknown }).validityType)}`,
      );
  }
}

/** Where `now` stands against a validity: both ends inclusive. */
export function validityState(
  validity: Pick<CouponValidity, "startsAt" | "endsAt">,
  now: Date,
): ValidityState {
  if (now.getTime() < validity.startsAt.getTime()) return "notYetValid";
  if (validity.endsAt && now.getTime() > validity.endsAt.getTime()) return "expired";
  return "valid";
}
