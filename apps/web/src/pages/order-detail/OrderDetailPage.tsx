import {
  canAddToOrder,
  isSettled,
  ORDER_STATUS,
  type OrderDetail,
  offersDinerCancel,
  parseId,
  prepaidNotice,
  takesAddedDishes,
} from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { COPY } from "../../copy.js";
import { useOrderNavigation } from "../../features/checkout/order-navigation.js";
import { showToast } from "../../features/loading/toast.js";
import { confirmAndCancel } from "../../features/order/cancel-order.js";
import { OrderDetailView, PREPAID_NOTICE_TEXT } from "../../features/order/OrderDetailView.js";
import { OrderNotice, OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { ORDER_COPY } from "../../features/order/order-copy.js";
import { useCompanionOrders } from "../../features/order/use-companion-orders.js";
import { useOrderDetail } from "../../features/order/use-order-detail.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";

/** Statuses of an order that is over without being settled: the way on is a new order. */
const ENDED: readonly number[] = [ORDER_STATUS.cancelled, ORDER_STATUS.closed];

/**
 * How the diner pays from the order's page: "now" (prepayment or quick-service) while something is
 * due, their part of the table's bill (pay later) while the table is open, or nothing here. The
 * server decides what is due and refuses paying what is not; this only offers the way.
 */
function payWay(order: OrderDetail, paysFirst: boolean): "now" | "bill" | null {
  if (ENDED.includes(order.status) || isSettled(order.status) || !(Number(order.orderNeedMoney) > 0))
    return null;
  return paysFirst ? "now" : "bill";
}

/** /order/detail?orderId (also /orderDetail): the order, 加菜 while it is open, cancel, and paying (001 §3, §8). */
export function OrderDetailPage() {
  useCompanionOrders();
  const [params] = useSearchParams();
  const orderId = parseId(params.get("orderId"));
  const rid = useAppStore((state) => state.hotelid);
  const viewer = useAppStore((state) => state.guid);
  const prepayment = useAppStore((state) => state.isPrepayment);
  const register = useAppStore((state) => state.restaurant);
  const paysFirstHere = useAppStore(
    (state) => state.isPrepayment || (state.restaurant?.restaurantFastHotel ?? false),
  );
  const { state, reload } = useOrderDetail(orderId);
  const nav = useOrderNavigation();
  const navigate = useCarryingNavigate();
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
  const takeout = order.eatType === "takeout";
  // a takeout is paid before it is cooked; nobody adds to it at a table (issue 25)
  const paysFirst = paysFirstHere || takeout;
  // a pay-first order takes 加菜 only where the register knows prepay-after (docs/decisions.md)
  const addable =
    canAddToOrder(order.status) && !takeout && register !== null && takesAddedDishes(register, order);
  // core's rule: what the server lets a diner cancel, and never once paid (the cashier's then)
  const cancellable = offersDinerCancel(order);
  const over = ENDED.includes(order.status);
  const way = payWay(order, paysFirst);
  const notice = prepaidNotice({ prepayment, pays: order.pays, vipId: order.vipId });
  // three buttons share the row; otherwise the total's place stays on the left
  const grow = way ? "order-footer__grow" : undefined;
  const footer = over ? (
    <>
      <span className="order-total" />
      <Button color="primary" shape="rounded" onClick={nav.toNewOrder}>
        {ORDER_COPY.orderAgain}
      </Button>
    </>
  ) : addable || cancellable || way ? (
    <>
      {!way && <span className="order-total" />}
      {cancellable && (
        <Button className={grow} shape="rounded" loading={cancelling} onClick={() => void cancel()}>
          {ORDER_COPY.cancelOrder}
        </Button>
      )}
      {addable && (
        <Button
          className={grow}
          color="primary"
          fill={way ? "outline" : "solid"}
          shape="rounded"
          onClick={() => {
            // an added order's dishes join its main order, as every later addition does
            nav.toAddDishes({
              orderId: order.mainOrderId ?? order.orderId,
              mainWxId: order.wxId,
              tableId: order.tableId,
            });
            // the menu opens with the notice, so the diner adds knowing how benefits now work
            if (notice) showToast(PREPAID_NOTICE_TEXT[notice]);
          }}
        >
          {ORDER_COPY.addToOrder}
        </Button>
      )}
      {way && (
        <Button
          className={grow}
          color="primary"
          shape="rounded"
          onClick={() =>
            navigate(PATHS.pay, { query: way === "now" ? { orderId: String(order.orderId) } : { bill: "1" } })
          }
        >
          {way === "now" ? ORDER_COPY.goPay : ORDER_COPY.payBill}
        </Button>
      )}
    </>
  ) : undefined;

  return (
    <OrderPageFrame title={ORDER_COPY.detailTitle} testId="order-detail-page" footer={footer}>
      <OrderDetailView order={order} viewer={viewer} notice={notice} />
    </OrderPageFrame>
  );
}
