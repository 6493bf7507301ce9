import { ORDER_LIST_QUERY_KEYS } from "@tablemate/core";
import { useCallback, useMemo } from "react";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { SEARCH_OBJ_KEYS } from "../../store/search-obj.js";

/** The carried query without the main order: a new order starts from the table's own link. */
export const NEW_ORDER_KEYS = SEARCH_OBJ_KEYS.filter(
  (key) => key !== "mainOrderId" && key !== "mainWxId" && key !== "realTableId",
);

/** Where the order flow leads, each carrying the query as spec 000 §2 says. */
export function useOrderNavigation() {
  const navigate = useCarryingNavigate();
  const toDetail = useCallback(
    (orderId: number, replace = false) =>
      navigate(PATHS.orderDetail, { query: { orderId: String(orderId) }, replace }),
    [navigate],
  );
  /** back to the menu to add to an order: its table, the order and its main user (000 §4) */
  const toAddDishes = useCallback(
    (order: { orderId: number; mainWxId: string; tableId: number }) =>
      navigate(PATHS.main, {
        keys: SEARCH_OBJ_KEYS,
        query: {
          mainOrderId: String(order.orderId),
          mainWxId: order.mainWxId,
          realTableId: String(order.tableId),
        },
      }),
    [navigate],
  );
  /** an order that is over (settled): shown without the order being added to, in its place */
  const toEndedOrder = useCallback(
    (orderId: number) =>
      navigate(PATHS.orderDetail, {
        keys: NEW_ORDER_KEYS,
        query: { orderId: String(orderId) },
        replace: true,
      }),
    [navigate],
  );
  const toSubOrder = useCallback(() => navigate(PATHS.subOrder), [navigate]);
  const toSupplyInfo = useCallback(() => navigate(PATHS.supplyInfo), [navigate]);
  const toNewOrder = useCallback(
    () => navigate(PATHS.main, { keys: NEW_ORDER_KEYS, replace: true }),
    [navigate],
  );
  /** the diner's orders: the list keeps only its 10 parameters (001 §2) */
  const toOrderList = useCallback(
    () => navigate(PATHS.orderList, { keys: ORDER_LIST_QUERY_KEYS }),
    [navigate],
  );
  return useMemo(
    () => ({ toDetail, toEndedOrder, toAddDishes, toSubOrder, toSupplyInfo, toNewOrder, toOrderList }),
    [toDetail, toEndedOrder, toAddDishes, toSubOrder, toSupplyInfo, toNewOrder, toOrderList],
  );
}
