import type Big from "big.js";
import type { RestaurantDetail } from "./contract/restaurant.js";
import { deliveryShort } from "./delivery.js";
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

/** supplyInfo: the reservation/takeout form (or quick-service mode 1's); subOrder: the order page. */
export type ToOrderDestination = "supplyInfo" | "subOrder";

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
  /** the goods' total as the bar shows it (the delivery fee is not counted toward the minimum) */
  total: Decimalish;
  clock: LocalClock;
  isPrepayment: boolean;
}

export function toOrderState({ restaurant, query, total, clock, isPrepayment }: ToOrderInput): ToOrderState {
  // a reservation is for later: its booked time meets the hours, not now (checkBookedTime)
  if (!takesOrderNow(restaurant, clock, queryFlag(query.reserve))) return { kind: "closed" };
  if (queryFlag(query.takeout)) {
    const short = deliveryShort(total, restaurant.startPrice);
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
): ToOrderDestination {
  if (queryFlag(query.reserve) || queryFlag(query.takeout)) return "supplyInfo";
  return restaurant.restaurantFastHotel && restaurant.foodTakingMode === 1 ? "supplyInfo" : "subOrder";
}

/**
 * Whether the order page offers the quick-service table picker (spec 000 §4, 001 §2): quick-service
 * without a food-taking mode, at a table that is not a counter seat. The order goes on the scanned
 * table unless the diner picks another there; the order page comes first, so a diner who scanned
 * their table is not asked for it again and sees the order and its note before paying
 * (docs/decisions.md, issue 25).
 */
export function offersTablePicker(
  restaurant: Pick<RestaurantDetail, "restaurantFastHotel" | "foodTakingMode">,
  query: CheckoutQuery,
  tableType: number | null,
): boolean {
  if (queryFlag(query.reserve) || queryFlag(query.takeout) || !restaurant.restaurantFastHotel) return false;
  return restaurant.foodTakingMode === 0 && tableType !== COUNTER_TABLE_TYPE;
}

/** The main-order parameters the order page carries when dishes are added to an order (spec 000 §4). */
export const MAIN_ORDER_KEYS = ["mainOrderId", "mainWxId", "realTableId"] as const;

/**
 * After submit (spec 000 §4): the pay page for prepayment with no unpaid order, or quick-service; and
 * a takeout, which is paid before it is cooked (issue 25; the kitchen waits for it as core's
 * paysBeforeKitchen says).
 */
export function goesToPay(input: {
  isPrepayment: boolean;
  fastFood: boolean;
  takeout: boolean;
  addingToOrder: boolean;
}): boolean {
  return input.fastFood || input.takeout || (input.isPrepayment && !input.addingToOrder);
}

/** Whether the cart holds a supply form's fields: reservation, takeout, or quick-service mode 1. */
export function needsSupplyInfo(
  restaurant: Pick<RestaurantDetail, "restaurantFastHotel" | "foodTakingMode">,
  query: CheckoutQuery,
): boolean {
  return toOrderDestination(restaurant, query) === "supplyInfo";
}
