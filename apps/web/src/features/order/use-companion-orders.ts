import { MSG, ORDER_STATUS, type TableMessage } from "@tablemate/core";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { imperativeAntd } from "../../antd-setup.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { saveCachedLines } from "../cart/cart-cache.js";
import { useCartStore } from "../cart/cart-store.js";
import { subscribeTableEvents } from "../cart/table-events.js";
import { useOrderNavigation } from "../checkout/order-navigation.js";

/**
 * Several pages mount this (the kept-alive menu and search both do): the first to hear a message
 * handles it, by its socket id, so a diner never gets two dialogs for one order.
 */
const handled = new Set<string>();
const HANDLED_LIMIT = 200;

function claim(message: TableMessage): boolean {
  if (handled.has(message.socketId)) return false;
  handled.add(message.socketId);
  if (handled.size > HANDLED_LIMIT) handled.clear();
  return true;
}

const isPayPage = (path: string) => path.endsWith(PATHS.pay);
const isDetailPage = (path: string) =>
  path.endsWith(PATHS.orderDetail) || path.endsWith(PATHS.orderDetailShort);

/**
 * A tablemate's order reaches this diner (spec 000 §4, 001 §4): type 3, on a page without an order
 * in its query (or the pay page), offers the order in prepayment, else shows it; type 12 with
 * status 4 on an order page means the order is gone and the table starts again.
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
        if (!("message" in event) || !event.fromTablemate) return;
        const { message } = event;
        const { pathname, search } = where.current;
        const { orderId } = message;
        const { guid, isPrepayment, table } = useAppStore.getState();
        if (orderId === undefined || message.userId === guid) return;
        if (message.type === MSG.order) {
          if (new URLSearchParams(search).get("orderId") && !isPayPage(pathname)) return;
          if (!claim(message)) return;
          if (isPrepayment) {
            const mainWxId = message.userId ?? "";
            void import("./companion-dialog.js").then(({ showCompanionOrdered }) =>
              showCompanionOrdered({
                view: () => navRef.current.toDetail(orderId),
                addDishes: () =>
                  navRef.current.toAddDishes({ orderId, mainWxId, tableId: table?.tableId ?? 0 }),
              }),
            );
            return;
          }
          const { session } = useCartStore.getState();
          if (session) saveCachedLines(session, [], Date.now());
          navRef.current.toDetail(orderId);
          return;
        }
        if (message.type !== MSG.orderStatus || message.status !== ORDER_STATUS.cancelled) return;
        if (!isDetailPage(pathname) && !isPayPage(pathname)) return;
        if (!claim(message)) return;
        void imperativeAntd()
          .then(({ Dialog }) =>
            Dialog.alert({ content: CHECKOUT_COPY.companionCancelled, confirmText: CHECKOUT_COPY.gotIt }),
          )
          .then(() => navRef.current.toNewOrder());
      }),
    [],
  );
}
