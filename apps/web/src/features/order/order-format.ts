import {
  type FulfilmentStep,
  formatIsoDateTime,
  ORDER_STATUS,
  ORDER_STATUS_TEXT,
  type OrderDetail,
  parseId,
} from "@tablemate/core";
import { useAppStore } from "../../store/app-store.js";
import { ORDER_COPY, PROGRESS_WORDS } from "./order-copy.js";

/** Core's words for an order's progress in the language shown (its own where a catalogue lacks them). */
export function progressWords(text: string): string {
  return (PROGRESS_WORDS as Readonly<Record<string, string>>)[text] ?? text;
}

export function statusText(status: number): string {
  return progressWords(ORDER_STATUS_TEXT[status] ?? ORDER_COPY.unknownStatus);
}

/** An order's detail as core's progress words read it (the pick-up number as the number it is). */
export function orderFulfilment(order: OrderDetail): {
  eatType: string;
  fastSerialNo: number | null;
  status: number;
  fulfilment: FulfilmentStep | null;
  held: boolean;
} {
  return {
    eatType: order.eatType,
    fastSerialNo: parseId(order.fastSerialNo),
    status: order.status,
    fulfilment: order.fulfilment,
    held: order.held,
  };
}

/**
 * Which table words an order's detail shows: a takeout sits at no table (its internal 外送01 is
 * nobody's), and only a dine-in order without a supply form has a diner count of its own.
 */
export function dinerFacts(order: Pick<OrderDetail, "eatType" | "reserve">): {
  table: boolean;
  people: boolean;
} {
  return {
    table: order.eatType !== "takeout",
    people: order.reserve === null && order.eatType !== "takeout",
  };
}

/** 预计送达 while a takeout is on its way to the diner: not once delivered, cancelled or closed. */
export function estimateShown(
  order: Pick<OrderDetail, "estimatedArrival" | "fulfilment" | "status">,
): string | null {
  const over =
    order.fulfilment === "delivered" ||
    order.status === ORDER_STATUS.cancelled ||
    order.status === ORDER_STATUS.closed;
  return over ? null : order.estimatedArrival;
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
