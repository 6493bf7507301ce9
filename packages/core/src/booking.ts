import type { RestaurantDetail } from "./contract/restaurant.js";
import { addDays, daysBetween, parseDateTime, weekdayOf, type ZonedDateTime } from "./dates.js";
import { formatMinutes } from "./period.js";
import { isOpenAt } from "./shop.js";

/**
 * The time a supply form books (spec 000 §3 `time`): a reservation's arrival, a takeout's delivery, a
 * quick-service pick-up (mode 1). Always 'YYYY-MM-DD HH:mm' in the restaurant's zone, checked against
 * its business hours at the booked time, never at the time of the submit.
 */
export interface BookingRule {
  /** calendar days that may be booked, today first */
  days: number;
  /** minutes between the times offered, on the clock's grid (12:00, 12:15…) */
  stepMinutes: number;
  /** false: no time means as soon as possible */
  required: boolean;
}

/** A reservation: any time in the next 7 days the restaurant is open; a booking needs its time. */
export const RESERVATION_RULE: BookingRule = { days: 7, stepMinutes: 15, required: true };

/** Takeout and pick-up: later today, or (no time) as soon as possible; the order itself is for now. */
export const PICKUP_RULE: BookingRule = { days: 1, stepMinutes: 15, required: false };

export function bookingRuleFor(reservation: boolean): BookingRule {
  return reservation ? RESERVATION_RULE : PICKUP_RULE;
}

type Hours = Pick<RestaurantDetail, "businessTime">;

export interface BookingDay {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  /** 'HH:mm', ascending */
  times: string[];
}

/**
 * The times a picker offers: from the next step after now, every step the restaurant is open, over the
 * rule's days (days with no open time left out). Overnight hours (17:00-02:00) give each date its early
 * hours and its evening.
 */
export function bookingSlots(restaurant: Hours, now: ZonedDateTime, rule: BookingRule): BookingDay[] {
  const grid: number[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += rule.stepMinutes) {
    if (isOpenAt(restaurant, minutes)) grid.push(minutes);
  }
  const days: BookingDay[] = [];
  for (let ahead = 0; ahead < rule.days; ahead++) {
    const date = addDays(now.date, ahead);
    const times = grid.filter((m) => ahead > 0 || m > now.minutes).map(formatMinutes);
    if (times.length) days.push({ date, weekday: weekdayOf(date), times });
  }
  return days;
}

export type BookingProblem = "missing" | "invalid" | "past" | "tooFar" | "closed";

/**
 * Why a booked time cannot be taken, or null when it can: missing where the rule needs one, not a
 * 'YYYY-MM-DD HH:mm' time, not after now, beyond the rule's days, or outside the business hours.
 */
export function checkBookedTime(
  restaurant: Hours,
  now: ZonedDateTime,
  time: string,
  rule: BookingRule,
): BookingProblem | null {
  if (time === "") return rule.required ? "missing" : null;
  const booked = parseDateTime(time);
  if (!booked) return "invalid";
  const ahead = daysBetween(now.date, booked.date);
  if (ahead < 0 || (ahead === 0 && booked.minutes <= now.minutes)) return "past";
  if (ahead >= rule.days) return "tooFar";
  return isOpenAt(restaurant, booked.minutes) ? null : "closed";
}
