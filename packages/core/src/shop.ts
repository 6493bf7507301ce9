import type { RestaurantDetail } from "./contract/restaurant.js";
import { formatMinutes, type LocalClock } from "./period.js";

type Hours = Pick<RestaurantDetail, "businessTime">;

/**
 * Business time is 'HH:MM-HH:MM'; an end before the start runs past midnight (17:00-02:00). null:
 * open all day (an equal start and end, or no readable hours). The model has no closed days.
 */
export function businessHours({ businessTime }: Hours): { start: number; end: number } | null {
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(businessTime.trim());
  if (!match) return null;
  const start = Number(match[1]) * 60 + Number(match[2]);
  const end = Number(match[3]) * 60 + Number(match[4]);
  // 00:00-24:00 and 08:00-08:00: round the clock
  return start % 1440 === end % 1440 ? null : { start, end };
}

/** The hours as a diner reads them ('10:00-22:00', '17:00-02:00'); empty when open all day. */
export function businessHoursText(restaurant: Hours): string {
  const hours = businessHours(restaurant);
  return hours ? `${formatMinutes(hours.start)}-${formatMinutes(hours.end)}` : "";
}

/** Whether the restaurant is open at a time of day (minutes since local midnight). */
export function isOpenAt(restaurant: Hours, minutes: number): boolean {
  const hours = businessHours(restaurant);
  if (!hours) return true;
  const { start, end } = hours;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/**
 * Whether a restaurant takes orders now (DECISIONS: 已打烊 and submit code 5555 outside business
 * hours or when hotelLock is set).
 */
export function isShopOpen(
  restaurant: Pick<RestaurantDetail, "businessTime" | "hotelLock">,
  clock: LocalClock,
): boolean {
  return !restaurant.hotelLock && isOpenAt(restaurant, clock.minutes);
}

/**
 * Whether an order is taken now. A reservation is for later: only hotelLock closes it now, and its
 * booked time is checked against the hours instead (checkBookedTime).
 */
export function takesOrderNow(
  restaurant: Pick<RestaurantDetail, "businessTime" | "hotelLock">,
  clock: LocalClock,
  reservation: boolean,
): boolean {
  return reservation ? !restaurant.hotelLock : isShopOpen(restaurant, clock);
}
