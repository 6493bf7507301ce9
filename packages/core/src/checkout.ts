import Big from "big.js";
import type { RestaurantDetail } from "./contract/restaurant.js";
import type { Decimalish } from "./money.js";
import type { LocalClock } from "./period.js";
import { takesOrderNow } from "./shop.js";

/**
 * The cart bar's to-order button (spec 000 §4): its state and where it leads. Words are the app's
 * (copy.ts); this decides which words and which page.
 */
export type ToOrderState =
  | { kind: "closed" }
  /** takeout below its start price: `short` yuan are still missing (exact) */
  | { kind: "short"; short: Big }
  /** 选好了 (quick-service or prepayment) */
  | { kind: "chosen" }
  /** 去下单 */
  | { kind: "order" };

/** supplyInfo: the reservation/takeout form; tablePicker: quick-service asks for a table, then submits. */
export type ToOrderDestination = "supplyInfo" | "subOrder" | "tablePicker";

/** Counter seats (table type 6) go straight to the order page in quick-service (DECISIONS). */
export const COUNTER_TABLE_TYPE = 6;

export type CheckoutRestaurant = Pick<
  RestaurantDetail,
  "businessTime" | "hotelLock" | "restaurantFastHotel" | "foodTakingMode" | "startPrice"
>;

export interface CheckoutQuery {
  takeout?: string;
  reserve?: string;
}

/** A flag of the link (takeout=1, reserve=1): present and not "0". */
export function queryFlag(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0";
}

export interface ToOrderInput {
  restaurant: CheckoutRestaurant;
  query: CheckoutQuery;
  /** the cart's total as the bar shows it */
  total: Decimalish;
  clock: LocalClock;
  isPrepayment: boolean;
}

export function toOrderState({ restaurant, query, total, clock, isPrepayment }: ToOrderInput): ToOrderState {
  // a reservation is for later: its booked time meets the hours, not now (checkBookedTime)
  if (!takesOrderNow(restaurant, clock, queryFlag(query.reserve))) return { kind: "closed" };
  if (queryFlag(query.takeout)) {
    const short = new Big(restaurant.startPrice).minus(total);
    if (short.gt(0)) return { kind: "short", short };
  }
  return restaurant.restaurantFastHotel || isPrepayment ? { kind: "chosen" } : { kind: "order" };
}

/** Whether the button can be tapped: open, reached the start price, and something in the cart. */
export function toOrderEnabled(state: ToOrderState, empty: boolean): boolean {
  return !empty && (state.kind === "chosen" || state.kind === "order");
}

export function toOrderDestination(
  restaurant: Pick<RestaurantDetail, "restaurantFastHotel" | "foodTakingMode">,
  query: CheckoutQuery,
  tableType: number | null,
): ToOrderDestination {
  if (queryFlag(query.reserve) || queryFlag(query.takeout)) return "supplyInfo";
  if (!restaurant.restaurantFastHotel) return "subOrder";
  if (restaurant.foodTakingMode === 1) return "supplyInfo";
  if (restaurant.foodTakingMode === 2 || tableType === COUNTER_TABLE_TYPE) return "subOrder";
  return "tablePicker";
}

/** The main-order parameters the order page carries when dishes are added to an order (spec 000 §4). */
export const MAIN_ORDER_KEYS = ["mainOrderId", "mainWxId", "realTableId"] as const;

/** After submit (spec 000 §4): the pay page for prepayment with no unpaid order, or quick-service. */
export function goesToPay(input: {
  isPrepayment: boolean;
  fastFood: boolean;
  addingToOrder: boolean;
}): boolean {
  return input.fastFood || (input.isPrepayment && !input.addingToOrder);
}

/** Whether the cart holds a supply form's fields: reservation, takeout, or quick-service mode 1. */
export function needsSupplyInfo(
  restaurant: Pick<RestaurantDetail, "restaurantFastHotel" | "foodTakingMode">,
  query: CheckoutQuery,
): boolean {
  return toOrderDestination(restaurant, query, null) === "supplyInfo";
}
