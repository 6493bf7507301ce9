import { formatMoney } from "@tablemate/client";
import type { PayView } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useCallback, useMemo } from "react";
import { payView, startPay } from "../../api/pay.js";
import { Money } from "../cart/Money.js";
import { useOrderNavigation } from "../checkout/order-navigation.js";
import { FactRow, OrderNotice, OrderPageFrame } from "../order/OrderPageFrame.js";
import { PayHead, StartedPayment } from "./PayParts.js";
import { firstPayView } from "./page-pay.js";
import { PAY_COPY } from "./pay-copy.js";
import { useLoaded } from "./use-loaded.js";
import { usePayRid } from "./use-pay-rid.js";
import { useReturnPath } from "./use-return-path.js";
import { useStartPay } from "./use-start-pay.js";

const nonZero = (value: string) => Number(value) !== 0;

/** The amounts of the order as the server computed them: total, discounts, paid, refunded, due. */
function Amounts({ view }: { view: PayView }) {
  return (
    <section className="order-card" data-testid="pay-amounts">
      <FactRow label={PAY_COPY.total} testId="pay-total">
        {formatMoney(view.total)}
      </FactRow>
      {/* coupons and stored value take this place once the members issue fills the discounts */}
      <div className="pay-discounts" data-testid="pay-discounts">
        {view.discounts.length === 0 ? (
          <FactRow label={PAY_COPY.discounts}>
            <span className="pay-muted">{PAY_COPY.noDiscounts}</span>
          </FactRow>
        ) : (
          view.discounts.map((discount) => (
            <FactRow key={`${discount.kind}:${discount.label}`} label={discount.label}>
              -{formatMoney(discount.amount)}
            </FactRow>
          ))
        )}
      </div>
      {nonZero(view.paid) && (
        <FactRow label={PAY_COPY.paid} testId="pay-paid">
          {formatMoney(view.paid)}
        </FactRow>
      )}
      {nonZero(view.refunded) && (
        <FactRow label={PAY_COPY.refunded} testId="pay-refunded">
          {formatMoney(view.refunded)}
        </FactRow>
      )}
      <FactRow label={PAY_COPY.due} testId="pay-due">
        <Money className="pay-due" value={view.due} />
      </FactRow>
    </section>
  );
}

/**
 * /pay?orderId=: what the order comes to as the server computed it, and 支付 ¥x, which starts the
 * payment with the intent's Idempotency-Key and acts on the server's next step.
 */
export function OrderPay({ orderId }: { orderId: number | null }) {
  const rid = usePayRid();
  const nav = useOrderNavigation();
  const load = useMemo(() => {
    if (rid === null || orderId === null) return null;
    // the first load may take the view the page carried; a reload always asks
    let first = true;
    return () => {
      const answer = first ? firstPayView(rid, orderId) : payView(rid, orderId);
      first = false;
      return answer;
    };
  }, [rid, orderId]);
  const { state, reload } = useLoaded(load);
  const resultQuery = useMemo(() => ({ orderId: orderId === null ? undefined : String(orderId) }), [orderId]);
  const returnPath = useReturnPath(resultQuery);
  const { start, starting, shown, toResult } = useStartPay(resultQuery, reload);
  const toDetail = useCallback(() => {
    if (orderId !== null) nav.toDetail(orderId);
  }, [nav, orderId]);

  if (state.kind !== "ready") {
    return (
      <OrderPageFrame title={PAY_COPY.title} testId="pay-page">
        {state.kind === "failed" && (
          <OrderNotice
            message={state.message || PAY_COPY.loadFailed}
            actions={[
              { label: PAY_COPY.retry, run: reload, primary: true },
              { label: PAY_COPY.viewOrder, run: toDetail },
            ]}
          />
        )}
      </OrderPageFrame>
    );
  }

  const view = state.value;
  const pay = () => {
    if (rid === null) return;
    void start({ kind: "order", rid, orderId: view.orderId }, `${view.due}|${returnPath}`, (key) =>
      startPay(rid, view.orderId, returnPath, key),
    );
  };
  const settled = view.state === "paid" || !(Number(view.due) > 0);
  const footer = settled ? (
    <>
      <span className="order-total" data-testid="pay-state">
        {view.state === "paid" ? PAY_COPY.alreadyPaid : PAY_COPY.nothingDue}
      </span>
      <Button color="primary" shape="rounded" onClick={toDetail}>
        {PAY_COPY.viewOrder}
      </Button>
    </>
  ) : view.state === "paying" ? (
    <>
      <span className="order-total" data-testid="pay-state">
        {PAY_COPY.paying}
        <small className="pay-muted pay-block">{PAY_COPY.payingHint}</small>
      </span>
      <Button color="primary" fill="outline" shape="rounded" onClick={reload}>
        {PAY_COPY.refresh}
      </Button>
    </>
  ) : (
    <>
      {/* not now: the order is kept (and may be cancelled there) */}
      <Button color="primary" fill="outline" shape="rounded" onClick={toDetail}>
        {PAY_COPY.viewOrder}
      </Button>
      <Button className="order-footer__grow" color="primary" shape="rounded" loading={starting} onClick={pay}>
        {PAY_COPY.payButton(formatMoney(view.due))}
      </Button>
    </>
  );

  return (
    <OrderPageFrame title={PAY_COPY.title} testId="pay-page" footer={footer}>
      <PayHead testId="pay-where" name={view.restaurantName} test={view.test}>
        <FactRow label={PAY_COPY.table}>{view.tableName}</FactRow>
      </PayHead>
      <Amounts view={view} />
      {shown && <StartedPayment shown={shown} toResult={toResult} />}
    </OrderPageFrame>
  );
}
