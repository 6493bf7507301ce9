import type { RestaurantDetail } from "./contract/restaurant.js";
import { paysBeforeKitchen } from "./kitchen.js";
import { supports } from "./version.js";

/**
 * The register gates the specs name without a feature (000 §9, 001 §9), as docs/decisions.md reads
 * them; apart from register-offer.ts so the menu's first screen carries none of their words.
 */
type Register = Pick<RestaurantDetail, "serverVersion">;

/**
 * Packing to take away from a dine-in table (docs/decisions.md reads 000 §9's inside-out gates so):
 * one dish packed, by its note's 打包 tag, from 2.23.06; the whole order, by the 整单打包 note, from
 * 2.27.00. Below them the register cannot tell the kitchen, so the app offers neither and the server
 * refuses a note asking it.
 */
export const PACK_LINE_TAG = "打包";
export const PACK_ORDER_NOTE = "整单打包";

export function offersLinePacking(restaurant: Register): boolean {
  return supports(restaurant.serverVersion, "insideOut");
}

export function offersOrderPacking(restaurant: Register): boolean {
  return supports(restaurant.serverVersion, "allInsideOut");
}

/** What an order asks to pack that its register cannot take: "line", "order", or null when it can. */
export function unofferedPacking(
  restaurant: Register,
  order: { wholeMemo: string; lineMemos: readonly string[] },
): "line" | "order" | null {
  if (order.wholeMemo.includes(PACK_ORDER_NOTE) && !offersOrderPacking(restaurant)) return "order";
  const packsLine = order.lineMemos.some((memo) => memo.includes(PACK_LINE_TAG));
  return packsLine && !offersLinePacking(restaurant) ? "line" : null;
}

/** The whole-order note with 整单打包 first when the diner packs it all (once, however it was typed). */
export function withOrderPacking(wholeMemo: string, packAll: boolean): string {
  if (!packAll) return wholeMemo;
  return [PACK_ORDER_NOTE, wholeMemo.replace(PACK_ORDER_NOTE, "").trim()].filter(Boolean).join(" ");
}

/**
 * 加菜 onto a pay-first order (docs/decisions.md: 001 §9's prepay-after, 2.35.15): the added dishes are
 * paid as their own order and join the first. Below it a pay-first table orders anew instead.
 */
export function offersAddAfterPrepay(restaurant: Register): boolean {
  return supports(restaurant.serverVersion, "prepayAfter");
}

/**
 * Whether an open order takes 加菜: a pay-later order does; a pay-first one (prepayment, a quick-service
 * counter's, a takeout's: paysBeforeKitchen) only where the register knows prepay-after. The order page
 * offers 加菜 and the server takes it by this one rule (issue 25: a paid quick-service order at the old
 * register offered 加菜).
 */
export function takesAddedDishes(
  restaurant: Register,
  order: { paymentType: number; eatType: string },
): boolean {
  return !paysBeforeKitchen(order) || offersAddAfterPrepay(restaurant);
}
