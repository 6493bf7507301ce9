import { canAddToOrder, ORDER_STATUS, parseId } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { COPY } from "../../copy.js";
import { useOrderNavigation } from "../../features/checkout/order-navigation.js";
import { confirmAndCancel } from "../../features/order/cancel-order.js";
import { OrderDetailView } from "../../features/order/OrderDetailView.js";
import { OrderNotice } from "../../features/order/OrderNotice.js";
import { OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { ORDER_COPY } from "../../features/order/order-copy.js";
import { useCompanionOrders } from "../../features/order/use-companion-orders.js";
import { useOrderDetail } from "../../features/order/use-order-detail.js";
import { useAppStore } from "../../store/app-store.js";

/** Statuses a diner may still cancel: placed, or (prepayment) being paid, which the server refuses. */
const CANCELLABLE: readonly number[] = [ORDER_STATUS.placed, ORDER_STATUS.accepted];
/** Statuses of an order that is over without being settled: the way on is a new order. */
const ENDED: readonly number[] = [ORDER_STATUS.cancelled, ORDER_STATUS.closed];

/** /order/detail?orderId (also /orderDetail): the order, 加菜 while it is open, and cancel (001 §3, §8). */
export function OrderDetailPage() {
  useCompanionOrders();
  const [params] = useSearchParams();
  const orderId = parseId(params.get("orderId"));
  const rid = useAppStore((state) => state.hotelid);
  const viewer = useAppStore((state) => state.guid);
  const { state, reload } = useOrderDetail(orderId);
  const nav = useOrderNavigation();
  const [cancelling, setCancelling] = useState(false);

  if (state.kind !== "ready") {
    const toMenu = { label: COPY.backToMenu, run: nav.toNewOrder };
    return (
      <OrderPageFrame title={ORDER_COPY.detailTitle} testId="order-detail-page">
        {state.kind === "failed" &&
          (state.notFound ? (
            <OrderNotice
              message={ORDER_COPY.notFound}
              hint={ORDER_COPY.notFoundHint}
              actions={[{ label: ORDER_COPY.viewOrders, run: nav.toOrderList, primary: true }, toMenu]}
            />
          ) : (
            <OrderNotice
              message={ORDER_COPY.loadFailed}
              actions={[{ label: ORDER_COPY.retry, run: reload, primary: true }, toMenu]}
            />
          ))}
      </OrderPageFrame>
    );
  }

  const { order } = state;
  const cancel = async () => {
    if (rid === null) return;
    setCancelling(true);
    const done = await confirmAndCancel(order.orderId, rid);
    setCancelling(false);
    if (done) reload();
  };
  const addable = canAddToOrder(order.status);
  const cancellable = CANCELLABLE.includes(order.status);
  const over = ENDED.includes(order.status);
  const footer = over ? (
    <>
      <span className="order-total" />
      <Button color="primary" shape="rounded" onClick={nav.toNewOrder}>
        {ORDER_COPY.orderAgain}
      </Button>
    </>
  ) : addable || cancellable ? (
    <>
      <span className="order-total" />
      {cancellable && (
        <Button shape="rounded" loading={cancelling} onClick={() => void cancel()}>
          {ORDER_COPY.cancelOrder}
        </Button>
      )}
      {addable && (
        <Button
          color="primary"
          shape="rounded"
          onClick={() =>
            // an added order's dishes join its main order, as every later addition does
            nav.toAddDishes({
              orderId: order.mainOrderId ?? order.orderId,
              mainWxId: order.wxId,
              tableId: order.tableId,
            })
          }
        >
          {ORDER_COPY.addToOrder}
        </Button>
      )}
    </>
  ) : undefined;

  return (
    <OrderPageFrame title={ORDER_COPY.detailTitle} testId="order-detail-page" footer={footer}>
      <OrderDetailView order={order} viewer={viewer} />
    </OrderPageFrame>
  );
}
