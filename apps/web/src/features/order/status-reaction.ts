import { ORDER_STATUS } from "@tablemate/core";

/** Where the diner is when an order's status changes. */
export type StatusPage = "menu" | "order" | "other";

export interface StatusContext {
  status: number;
  page: StatusPage;
  /** the diner is adding dishes to an order (mainOrderId in the query or the stored SearchObj) */
  addingToOrder: boolean;
  /** the diner caused it (their own cancel) */
  own: boolean;
}

/**
 * What a type 12 message asks of this diner (spec 001 §4):
 * - settled: 收银端已进行结账 on the menu while adding to an order, then that order's detail;
 * - companionCancelled: a tablemate's cancel on an order page, then a new order;
 * - newOrder: status 5 ends the order the diner is in (adding to it, or looking at it);
 * - record: nothing to interrupt the diner with (an order page refreshes on its own).
 */
export type StatusReaction = "settled" | "companionCancelled" | "newOrder" | "record";

export function statusReaction({ status, page, addingToOrder, own }: StatusContext): StatusReaction {
  const inOrder = page === "order" || (page === "menu" && addingToOrder);
  switch (status) {
    case ORDER_STATUS.settled:
      return page === "menu" && addingToOrder ? "settled" : "record";
    case ORDER_STATUS.cancelled:
      return page === "order" && !own ? "companionCancelled" : "record";
    case ORDER_STATUS.closed:
      return inOrder ? "newOrder" : "record";
    default:
      return "record";
  }
}
