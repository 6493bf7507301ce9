import { MSG } from "@tablemate/core";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { subscribeTableEvents } from "../cart/table-events.js";
import { useOrderNavigation } from "../checkout/order-navigation.js";

/**
 * A tablemate's order, or the staff's change of an order, reaching this diner (spec 000 §4,
 * 001 §4). The order detail page refreshes itself as well (use-order-detail.ts). What each message
 * does loads with the first one (companion-order-reactions.ts), so the menu's first screen does not
 * carry it; messages are handled in the order they came, each on the page it came to.
 */
export function useCompanionOrders(): void {
  const location = useLocation();
  const where = useRef(location);
  where.current = location;
  const nav = useOrderNavigation();
  const navRef = useRef(nav);
  navRef.current = nav;

  useEffect(
    () =>
      subscribeTableEvents((event) => {
        if (!("message" in event)) return;
        const { message, fromTablemate } = event;
        if (message.type !== MSG.order && message.type !== MSG.orderStatus) return;
        const page = where.current;
        void import("./companion-order-reactions.js").then(({ reactToOrder }) =>
          reactToOrder(message, fromTablemate, page, navRef),
        );
      }),
    [],
  );
}
