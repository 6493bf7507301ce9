import type { RestaurantDetail } from "./contract/restaurant.js";
import type { LocalClock } from "./period.js";

/**
 * Whether a restaurant takes orders now (DECISIONS: 已打烊 and submit code 5555 outside business
 * hours or when hotelLock is set). Business time is 'HH:MM-HH:MM'; an end before the start runs past
 * midnight (17:00-02:00).
 */
export function isShopOpen(
  restaurant: Pick<RestaurantDetail, "businessTime" | "hotelLock">,
  clock: LocalClock,
): boolean {
  if (restaurant.hotelLock) return false;
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(restaurant.businessTime.trim());
  if (!match) return true;
  const start = Number(match[1]) * 60 + Number(match[2]);
  const end = Number(match[3]) * 60 + Number(match[4]);
  if (start === end) return true;
  return start < end
    ? clock.minutes >= start && clock.minutes < end
    : clock.minutes >= start || clock.minutes < end;
}
