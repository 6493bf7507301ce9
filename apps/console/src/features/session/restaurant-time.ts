import { formatDate, formatIsoDateTime, zonedDayStart } from "@tablemate/core";
import { currentRestaurant, useSession } from "./session-store.js";

/** The zone a restaurant without one on record keeps (the server's default column). */
const DEFAULT_ZONE = "Asia/Shanghai";

/**
 * The zone of the restaurant being worked at: every time the console shows is on the restaurant's
 * clock (core's dates.ts), never the tablet's, so a ticket printed at 11:24 there reads 11:24.
 */
export function restaurantZone(): string {
  return currentRestaurant(useSession.getState())?.timezone || DEFAULT_ZONE;
}

/** YYYY-MM-DD HH:mm on the restaurant's clock; "" for none. */
export function shortTime(iso: string | null | undefined): string {
  return iso ? formatIsoDateTime(iso, restaurantZone()) : "";
}

/** HH:mm on the restaurant's clock. */
export function clockTime(iso: string): string {
  return shortTime(iso).slice(11);
}

/** MM-DD HH:mm on the restaurant's clock. */
export function dayTime(iso: string): string {
  return shortTime(iso).slice(5);
}

/** The instant the restaurant's today began. */
export function todayStart(now = new Date()): Date {
  const zone = restaurantZone();
  return zonedDayStart(formatDate(now, zone), zone);
}
