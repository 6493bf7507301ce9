import { ORDER_LIST_QUERY_KEYS, type OrderSummary } from "@tablemate/core";
import { useEffect, useState } from "react";
import { fetchOrderList } from "../../api/order.js";
import { COPY } from "../../copy.js";
import { Money } from "../../features/cart/Money.js";
import { useOrderNavigation } from "../../features/checkout/order-navigation.js";
import { FactRow, OrderNotice, OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { ORDER_COPY } from "../../features/order/order-copy.js";
import { statusText, useFormatTime } from "../../features/order/order-format.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";

type ListState = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; orders: OrderSummary[] };

/** /order/list: the diner's orders in this restaurant, newest first; one opens its detail (001 §2). */
export function OrderListPage() {
  const rid = useAppStore((state) => state.hotelid);
  const navigate = useCarryingNavigate();
  const nav = useOrderNavigation();
  const formatTime = useFormatTime();
  const [state, setState] = useState<ListState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (rid === null) return;
    let live = true;
    // attempt: 重试 asks again
    void attempt;
    setState({ kind: "loading" });
    fetchOrderList(rid)
      .then((orders) => live && setState({ kind: "ready", orders }))
      .catch(() => live && setState({ kind: "failed" }));
    return () => {
      live = false;
    };
  }, [rid, attempt]);

  // the order list keeps only its 10 parameters, and so does the detail opened from it
  const open = (orderId: number) =>
    navigate(PATHS.orderDetail, { keys: ORDER_LIST_QUERY_KEYS, query: { orderId: String(orderId) } });

  return (
    <OrderPageFrame title={ORDER_COPY.listTitle} testId="order-list-page">
      {state.kind === "failed" && (
        <OrderNotice
          message={ORDER_COPY.loadFailed}
          actions={[
            { label: ORDER_COPY.retry, run: () => setAttempt((n) => n + 1), primary: true },
            { label: COPY.backToMenu, run: nav.toNewOrder },
          ]}
        />
      )}
      {state.kind === "ready" && state.orders.length === 0 && (
        <OrderNotice
          message={ORDER_COPY.listEmpty}
          actions={[{ label: ORDER_COPY.goOrder, run: nav.toNewOrder, primary: true }]}
        />
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
