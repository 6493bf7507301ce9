import { formatIsoDateTime, ORDER_STATUS_TEXT } from "@tablemate/core";
import { useAppStore } from "../../store/app-store.js";
import { ORDER_COPY } from "./order-copy.js";

export function statusText(status: number): string {
  return ORDER_STATUS_TEXT[status] ?? ORDER_COPY.unknownStatus;
}

/** The phone's own zone: only until the restaurant (and its zone) is known. */
const PHONE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * An order's time (ISO on the wire) as 'YYYY-MM-DD HH:mm' (001 §9) by core's one formatter, on the
 * restaurant's clock: the time the restaurant's receipt and a booking's time are read in.
 */
export function useFormatTime(): (iso: string) => string {
  const timeZone = useAppStore((state) => state.restaurant?.timezone) ?? PHONE_ZONE;
  return (iso) => formatIsoDateTime(iso, timeZone);
}
