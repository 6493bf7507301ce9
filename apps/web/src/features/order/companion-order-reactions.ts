import { MSG, type OrderMessage, type OrderStatusMessage, parseId } from "@tablemate/core";
import type { RefObject } from "react";
import type { Location } from "react-router";
import { imperativeAntd } from "../../antd-setup.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { saveCachedLines } from "../cart/cart-cache.js";
import { useCartStore } from "../cart/cart-store.js";
import type { useOrderNavigation } from "../checkout/order-navigation.js";
import { forgetUnfinishedOrder } from "./new-order-start.js";
import { type StatusPage, statusReaction } from "./status-reaction.js";

/**
 * Several pages mount this (the kept-alive menu and search both do): the first to hear a message
 * handles it, by its socket id, so a diner never gets two dialogs for one order.
 */
const handled = new Set<string>();
const HANDLED_LIMIT = 200;

function claim(message: OrderMessage | OrderStatusMessage): boolean {
  if (handled.has(message.socketId)) return false;
  handled.add(message.socketId);
  if (handled.size > HANDLED_LIMIT) handled.clear();
  return true;
}

export type Nav = RefObject<ReturnType<typeof useOrderNavigation>>;

const isPayPage = (path: string) => path.endsWith(PATHS.pay);
const isDetailPage = (path: string) =>
  path.endsWith(PATHS.orderDetail) || path.endsWith(PATHS.orderDetailShort);
const isMenuPage = (path: string) => path.endsWith(PATHS.main) || path.endsWith(PATHS.search);

function pageOf(path: string): StatusPage {
  if (isDetailPage(path) || isPayPage(path)) return "order";
  return isMenuPage(path) ? "menu" : "other";
}

/**
 * Orders the diner was adding to that have ended: settling a table sends status 7 for each of its
 * orders (the main one and its additions), and the diner is told once, while the alert still
 * stands over the page that adds to it.
 */
const ended = new Set<number>();

function alertThen(content: string, then: () => void): void {
  void imperativeAntd()
    .then(({ Dialog }) => Dialog.alert({ content, confirmText: CHECKOUT_COPY.gotIt }))
    .then(then);
}

/** Type 3: offered in prepayment, else shown, unless a page already shows an order (000 §4). */
function onTablemateOrder(message: OrderMessage, orderId: number, where: Location, nav: Nav): void {
  if (new URLSearchParams(where.search).get("orderId") && !isPayPage(where.pathname)) return;
  if (!claim(message)) return;
  const { isPrepayment, table } = useAppStore.getState();
  if (isPrepayment) {
    const mainWxId = message.userId;
    void import("./companion-dialog.js").then(({ showCompanionOrdered }) =>
      showCompanionOrdered({
        view: () => nav.current.toDetail(orderId),
        addDishes: () => nav.current.toAddDishes({ orderId, mainWxId, tableId: table?.tableId ?? 0 }),
      }),
    );
    return;
  }
  const { session } = useCartStore.getState();
  if (session) saveCachedLines(session, [], Date.now());
  nav.current.toDetail(orderId);
}

/**
 * Type 12 (001 §4), in either payment mode: an order settled, cancelled or closed under a diner
 * adding to it takes no more dishes, whoever pays when. Staff messages carry staff as the actor,
 * so only a cancel asks who did it.
 */
function onOrderStatus(
  message: OrderStatusMessage,
  orderId: number,
  own: boolean,
  where: Location,
  nav: Nav,
): void {
  const mainOrderId = parseId(
    new URLSearchParams(where.search).get("mainOrderId") ?? useAppStore.getState().SearchObj.mainOrderId,
  );
  const reaction = statusReaction({
    status: message.status,
    page: pageOf(where.pathname),
    addingToOrder: mainOrderId !== null && !ended.has(mainOrderId),
    own,
  });
  if (reaction === "record" || !claim(message)) return;
  if (mainOrderId !== null) ended.add(mainOrderId);
  forgetUnfinishedOrder();
  if (reaction === "newOrder") nav.current.toNewOrder();
  // DECISIONS: the alert, then the settled (main) order; the next scan starts a new order
  else if (reaction === "settled")
    alertThen(CHECKOUT_COPY.settledByCashier, () => nav.current.toEndedOrder(mainOrderId ?? orderId));
  else alertThen(CHECKOUT_COPY.companionCancelled, () => nav.current.toNewOrder());
}

/**
 * What an order message (type 3) or an order's status (type 12) does for this diner, on the page
 * `where` was when it arrived. Loaded with the first such message, not with the first screen.
 */
export function reactToOrder(
  message: OrderMessage | OrderStatusMessage,
  fromTablemate: boolean,
  where: Location,
  nav: Nav,
): void {
  const { orderId } = message;
  const own = !fromTablemate || message.userId === useAppStore.getState().guid;
  if (message.type === MSG.order && !own) onTablemateOrder(message, orderId, where, nav);
  if (message.type === MSG.orderStatus) onOrderStatus(message, orderId, own, where, nav);
}
