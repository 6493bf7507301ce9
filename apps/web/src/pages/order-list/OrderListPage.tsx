import { ORDER_LIST_QUERY_KEYS } from "@tablemate/core";
import { useEffect, useState } from "react";
import { fetchOrderList, type OrderSummary } from "../../api/order.js";
import { Money } from "../../features/cart/Money.js";
import { FactRow, OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { ORDER_COPY } from "../../features/order/order-copy.js";
import { formatTime, statusText } from "../../features/order/order-format.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";

type ListState = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; orders: OrderSummary[] };

/** /order/list: the diner's orders in this restaurant, newest first; one opens its detail (001 §2). */
export function OrderListPage() {
  const rid = useAppStore((state) => state.hotelid);
  const navigate = useCarryingNavigate();
  const [state, setState] = useState<ListState>({ kind: "loading" });

  useEffect(() => {
    if (rid === null) return;
    let live = true;
    fetchOrderList(rid)
      .then((orders) => live && setState({ kind: "ready", orders }))
      .catch(() => live && setState({ kind: "failed" }));
    return () => {
      live = false;
    };
  }, [rid]);

  // the order list keeps only its 10 parameters, and so does the detail opened from it
  const open = (orderId: number) =>
    navigate(PATHS.orderDetail, { keys: ORDER_LIST_QUERY_KEYS, query: { orderId: String(orderId) } });

  return (
    <OrderPageFrame title={ORDER_COPY.listTitle} testId="order-list-page">
      {state.kind === "failed" && <p className="order-empty">{ORDER_COPY.loadFailed}</p>}
      {state.kind === "ready" && state.orders.length === 0 && (
        <p className="order-empty">{ORDER_COPY.listEmpty}</p>
      )}
      {state.kind === "ready" &&
        state.orders.map((order) => (
          <button
            type="button"
            className="order-list-item"
            key={order.orderId}
            data-testid="order-list-item"
            onClick={() => open(order.orderId)}
          >
            <span className="order-list-item__top">
              <span>{order.tableName}</span>
              <span className="order-list-item__status">{statusText(order.status)}</span>
            </span>
            <span className="order-list-item__bottom">
              <span>{formatTime(order.orderSubmitTime)}</span>
              <Money value={order.orderTotalPrice} />
            </span>
            {order.fastSerialNo && <FactRow label={ORDER_COPY.serialNo}>{order.fastSerialNo}</FactRow>}
          </button>
        ))}
    </OrderPageFrame>
  );
}
