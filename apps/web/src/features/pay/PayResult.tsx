import { type PaidWith, type PayAttempt, parseId } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { fetchOrderDetail } from "../../api/order.js";
import { payView } from "../../api/pay.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { Money } from "../cart/Money.js";
import { useOrderNavigation } from "../checkout/order-navigation.js";
import { OrderNotice, OrderPageFrame } from "../order/OrderPageFrame.js";
import { PaidWithRows, paidWithOfView } from "./PaidWith.js";
import { ResultActions, ResultMark, ResultPending } from "./PayParts.js";
import { PAY_COPY } from "./pay-copy.js";
import { forgetPayKey } from "./pay-key.js";
import { useAttemptPoll } from "./use-attempt-poll.js";
import { useLoaded } from "./use-loaded.js";
import { useReturnedParam } from "./use-return-path.js";

/** What the result shows of a paid payment: the amount, how it was paid, and whether it was a test. */
type Paid = Pick<PayAttempt, "amount" | "provider" | "test"> & { paidWith: PaidWith };

/** How long 支付成功 shows before the order's detail opens by itself. */
export const SHOW_PAID_MS = 1500;

/** Quick-service: the pick-up number, read from the order's detail once it is paid. */
function usePickupNumber(orderId: number | null, paid: boolean): string {
  const rid = useAppStore((state) => state.hotelid);
  const quickService = useAppStore((state) => state.restaurant?.restaurantFastHotel ?? false);
  const isPrepayment = useAppStore((state) => state.isPrepayment);
  const [serial, setSerial] = useState("");
  useEffect(() => {
    if (!paid || !quickService || orderId === null || rid === null) return;
    let live = true;
    fetchOrderDetail(orderId, rid, isPrepayment ? 1 : undefined)
      .then((order) => live && setSerial(order.fastSerialNo))
      .catch(() => {
        // the detail shows it too, a tap away
      });
    return () => {
      live = false;
    };
  }, [paid, quickService, orderId, rid, isPrepayment]);
  return serial;
}

/**
 * /pay/success?tradeNo=: where the provider sends the browser back. Asks the server until the attempt
 * is final and shows only what it says: 支付成功 with how it was paid (then the order, by itself),
 * 支付未完成 with 重新支付, or 正在确认支付结果… meanwhile. Without a tradeNo (stored value paid it all,
 * no gateway asked), /pay/success?orderId= shows the order's payment as its pay view says.
 */
export function PayResult() {
  const [params] = useSearchParams();
  const tradeNo = useReturnedParam("tradeNo");
  const rid = useAppStore((state) => state.hotelid);
  const nav = useOrderNavigation();
  const navigate = useCarryingNavigate();
  const { seen, slow, refresh } = useAttemptPoll(rid, tradeNo);
  const orderId = seen?.orderId ?? parseId(params.get("orderId"));
  const forBill = params.get("bill") === "1";
  // no gateway asked (stored value paid it all): the order's pay view says what was paid
  const byView = useMemo(
    () => (tradeNo || rid === null || orderId === null ? null : () => payView(rid, orderId)),
    [tradeNo, rid, orderId],
  );
  const { state: viewState } = useLoaded(byView);
  const view = viewState.kind === "ready" && viewState.value.state === "paid" ? viewState.value : null;
  const paid: Paid | null = seen
    ? { amount: seen.amount, paidWith: seen.paidWith, provider: seen.provider, test: seen.test }
    : view && {
        amount: view.paid,
        paidWith: paidWithOfView(view),
        provider: view.provider,
        test: view.test,
      };
  const status = seen?.status ?? (view ? "paid" : "pending");
  const serial = usePickupNumber(orderId, status === "paid");

  const viewOrder = () => (orderId === null ? nav.toOrderList() : nav.toDetail(orderId, true));
  const payAgain = () =>
    navigate(PATHS.pay, {
      query: forBill || orderId === null ? { bill: "1" } : { orderId: String(orderId) },
      replace: true,
    });

  // once, when the server says paid: on to the order a moment later (the latest way there, by a ref)
  const toOrder = useRef(viewOrder);
  toOrder.current = viewOrder;
  useEffect(() => {
    if (status !== "paid") return;
    const timer = setTimeout(() => toOrder.current(), SHOW_PAID_MS);
    return () => clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    if ((status === "failed" || status === "closed") && rid !== null) {
      // a failed attempt: paying again is a new request with a new key
      forgetPayKey(orderId === null || forBill ? { kind: "bill", rid } : { kind: "order", rid, orderId });
    }
  }, [status, rid, orderId, forBill]);

  const noPayment =
    !tradeNo && (byView === null || viewState.kind === "failed" || (viewState.kind === "ready" && !view));
  if (noPayment) {
    return (
      <OrderPageFrame title={PAY_COPY.successTitle} testId="pay-result">
        <OrderNotice
          message={PAY_COPY.noTrade}
          actions={[{ label: PAY_COPY.viewOrder, run: viewOrder, primary: true }]}
        />
      </OrderPageFrame>
    );
  }

  return (
    <OrderPageFrame title={PAY_COPY.successTitle} testId="pay-result">
      <section className="order-card pay-result" data-testid="pay-result-state" data-status={status}>
        {status === "paid" && paid ? (
          <>
            <ResultMark paid title={PAY_COPY.success} test={paid.test} />
            <Money className="pay-result__amount" value={paid.amount} testId="pay-result-amount" />
            <PaidWithRows paidWith={paid.paidWith} provider={paid.provider} />
            {serial && (
              <div className="pay-result__pickup" data-testid="pay-pickup">
                <span className="pay-muted">{PAY_COPY.pickupNo}</span>
                <strong className="pay-result__serial">{serial}</strong>
              </div>
            )}
            <Button color="primary" shape="rounded" onClick={viewOrder}>
              {PAY_COPY.viewOrder}
            </Button>
          </>
        ) : status === "failed" || status === "closed" ? (
          <>
            <ResultMark paid={false} title={PAY_COPY.notCompleted} />
            <ResultActions
              first={{ label: PAY_COPY.payAgain, run: payAgain }}
              second={{ label: PAY_COPY.viewOrder, run: viewOrder }}
            />
          </>
        ) : (
          <ResultPending copy={PAY_COPY} slow={slow} refresh={refresh} />
        )}
      </section>
    </OrderPageFrame>
  );
}
