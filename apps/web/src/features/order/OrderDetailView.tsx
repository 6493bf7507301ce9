import { formatMoney } from "@tablemate/client";
import {
  dinerStatusText,
  type OrderCancellation,
  type OrderDetail,
  offersMemberPrices,
  orderProgressText,
  type PrepaidNotice,
} from "@tablemate/core";
import { COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { Money } from "../cart/Money.js";
import { SUBMIT_COPY } from "../checkout/checkout-copy.js";
import { supplyKindOfOrder } from "../checkout/supply-kind.js";
import { useMenuText } from "../language/menu-texts.js";
import { FactRow } from "./OrderPageFrame.js";
import { ORDER_COPY } from "./order-copy.js";
import { dinerFacts, estimateShown, orderFulfilment, progressWords, useFormatTime } from "./order-format.js";
import { PickUpBoard } from "./PickUpBoard.js";
import { SupplyFacts } from "./SupplyFacts.js";

function Lines({ order }: { order: OrderDetail }) {
  const t = useMenuText();
  return (
    <section className="order-card" data-testid="order-lines">
      <h2 className="order-card__title">{ORDER_COPY.dishes}</h2>
      {order.dishOrders.map((line) => {
        const choices = [
          t(line.normName),
          ...line.methodNames.map(t),
          ...line.additions.map((a) => (a.count > 1 ? `${t(a.name)}×${a.count}` : t(a.name))),
          ...line.parts.map((p) => (p.count > 1 ? `${t(p.name)}×${p.count}` : t(p.name))),
        ]
          .filter(Boolean)
          .join(COPY.listSeparator);
        return (
          <div
            className={line.cancelled ? "order-line order-line--cancelled" : "order-line"}
            key={line.id}
            data-testid="order-line"
            data-cancelled={line.cancelled || undefined}
          >
            <div className="order-line__main">
              <div className="order-line__name">
                {t(line.dishesName)}
                {line.cancelled && <span className="order-line__tag">{ORDER_COPY.cancelledTag}</span>}
              </div>
              {choices && <div className="order-line__choices">{choices}</div>}
              {line.memo && <div className="order-line__memo">{line.memo}</div>}
            </div>
            <span className="order-line__count">×{line.count}</span>
            <Money className="order-line__price" value={line.total} />
          </div>
        );
      })}
    </section>
  );
}

/** Every money line that is not zero, then what is due. */
function MoneyBreakdown({ order }: { order: OrderDetail }) {
  const nonZero = (value: string) => Number(value) !== 0;
  // no member prices below register 2.24.00 (spec 000 §9)
  const memberPrices = useAppStore(
    (state) => state.restaurant !== null && offersMemberPrices(state.restaurant),
  );
  const rows: Array<[label: string, value: string, shown: boolean]> = [
    [ORDER_COPY.totalPrice, order.orderTotalPrice, true],
    [
      ORDER_COPY.vipTotal,
      order.orderVipNeedMoney,
      memberPrices && order.orderVipNeedMoney !== order.orderTotalPrice,
    ],
    [ORDER_COPY.discount, order.orderDiscount, nonZero(order.orderDiscount)],
    [ORDER_COPY.deliveryFee, order.deliveryFee, nonZero(order.deliveryFee)],
    [ORDER_COPY.serviceMoney, order.orderServiceMoney, nonZero(order.orderServiceMoney)],
    [ORDER_COPY.paid, order.totalPaidMoney, nonZero(order.totalPaidMoney)],
    [ORDER_COPY.refunded, order.orderRefundMoney, nonZero(order.orderRefundMoney)],
  ];
  return (
    <section className="order-card">
      {rows
        .filter(([, , shown]) => shown)
        .map(([label, value]) => (
          <FactRow key={label} label={label}>
            {formatMoney(value)}
          </FactRow>
        ))}
      <FactRow label={ORDER_COPY.needPay} testId="order-need">
        <Money className="order-total__money" value={order.orderNeedMoney} testId="order-total" />
      </FactRow>
    </section>
  );
}

/** The order's payments: each one's amount and whether it went through (a sandbox one tagged 测试). */
function Payments({ order }: { order: OrderDetail }) {
  if (order.pays.length === 0) return null;
  return (
    <section className="order-card" data-testid="order-pays">
      <h2 className="order-card__title">{ORDER_COPY.payments}</h2>
      {order.pays.map((pay) => (
        <FactRow key={pay.payId} label={pay.payType} testId="order-pay">
          {pay.test && <span className="test-tag">{ORDER_COPY.testTag}</span>}
          <span className={pay.paid ? "order-pay__state" : "order-pay__state order-pay__state--open"}>
            {pay.paid ? ORDER_COPY.payPaid : ORDER_COPY.payPending}
          </span>
          {formatMoney(pay.money)}
        </FactRow>
      ))}
    </section>
  );
}

/** Who cancelled: the diner themselves, a tablemate, or the restaurant. */
function cancelledBy(cancel: OrderCancellation, viewer: string): string {
  if (cancel.by === "restaurant") return ORDER_COPY.cancelledByRestaurant;
  return cancel.actorId === viewer ? ORDER_COPY.cancelledBySelf : ORDER_COPY.cancelledByTablemate;
}

/** Each cancelled order of the group: what it came to, who cancelled it and when (and the restaurant's reason). */
function Cancellations({ order, viewer }: { order: OrderDetail; viewer: string }) {
  const formatTime = useFormatTime();
  if (order.cancelOrders.length === 0) return null;
  return (
    <section className="order-card" data-testid="order-cancellations">
      {order.cancelOrders.map((cancel) => (
        <div key={cancel.orderId} className="order-cancel">
          <FactRow label={ORDER_COPY.cancelledTotal} testId="cancelled-total">
            <Money value={cancel.total} />
          </FactRow>
          <FactRow label={ORDER_COPY.cancelledByLabel} testId="cancelled-by">
            {cancelledBy(cancel, viewer)}
          </FactRow>
          <FactRow label={ORDER_COPY.cancelledAt} testId="cancelled-at">
            {formatTime(cancel.at)}
          </FactRow>
          {cancel.reason && <FactRow label={ORDER_COPY.cancelReason}>{cancel.reason}</FactRow>}
        </div>
      ))}
    </section>
  );
}

/** The order detail (001 §3): status, the lines, money, and the facts of the order. */
/** The words of a prepayment notice (core's prepaidNotice decides which). */
export const PREPAID_NOTICE_TEXT: Record<PrepaidNotice, string> = {
  cashier: ORDER_COPY.prepaidCashier,
  companion: ORDER_COPY.prepaidCompanion,
};

export function OrderDetailView({
  order,
  viewer,
  notice,
}: {
  order: OrderDetail;
  viewer: string;
  /** prepayment's notice once the first order is paid */
  notice: PrepaidNotice | null;
}) {
  const reserve = order.reserve;
  const formatTime = useFormatTime();
  const kind = supplyKindOfOrder(order.eatType);
  const facts = dinerFacts(order);
  const arriving = estimateShown(order);
  return (
    <>
      {order.fastSerialNo ? (
        <PickUpBoard order={order} />
      ) : (
        <section className="order-card">
          <p className="order-status" data-testid="order-status" aria-live="polite">
            {progressWords(dinerStatusText(order, orderProgressText(orderFulfilment(order))))}
          </p>
          {arriving && (
            <p className="order-eta" data-testid="order-eta">
              {ORDER_COPY.estimatedArrival(arriving)}
            </p>
          )}
          {/* prepayment's notice (quick-service, with its pick-up board, is never prepayment) */}
          {notice && (
            <p className="order-prepaid-notice" role="note" data-testid="prepaid-notice">
              {PREPAID_NOTICE_TEXT[notice]}
            </p>
          )}
        </section>
      )}
      {reserve && <SupplyFacts kind={kind} {...reserve} />}
      <Lines order={order} />
      <Cancellations order={order} viewer={viewer} />
      <MoneyBreakdown order={order} />
      <Payments order={order} />
      <section className="order-card">
        <FactRow label={ORDER_COPY.orderNo}>{order.num}</FactRow>
        {facts.table && (
          <FactRow label={ORDER_COPY.table} testId="order-table">
            {order.tableName}
          </FactRow>
        )}
        <FactRow label={ORDER_COPY.submitTime}>{formatTime(order.orderSubmitTime)}</FactRow>
        {order.posTime && <FactRow label={ORDER_COPY.posTime}>{formatTime(order.posTime)}</FactRow>}
        {/* an order with a supply form shows its party size there */}
        {facts.people && order.personNum > 0 && (
          <FactRow label={SUBMIT_COPY.personNum}>{order.personNum}</FactRow>
        )}
        {order.wholeMemo && <FactRow label={ORDER_COPY.wholeMemoLabel}>{order.wholeMemo}</FactRow>}
        {order.invoiceTitle && <FactRow label={ORDER_COPY.invoice}>{order.invoiceTitle}</FactRow>}
      </section>
    </>
  );
}
