import { MSG } from "@tablemate/core";
import type { TableEvent } from "../cart/socket-transport.js";

/**
 * A table event listener that calls `then` on news (001 §4 type 12: accepted, cooking, served,
 * settled, cancelled, or paid from any phone of the table) of one of `orderIds`: an order and its
 * group's main order, whose payment covers the whole group.
 */
export function onOrderNews(orderIds: ReadonlyArray<number | null>, then: () => void) {
  return (event: TableEvent): void => {
    if (!("message" in event) || event.message.type !== MSG.orderStatus) return;
    if (orderIds.includes(event.message.orderId)) then();
  };
}
