import { type OrderDetail, truncateMoney } from "@tablemate/core";
import { COPY } from "../../copy.js";
import { Money } from "../cart/Money.js";
import { SUBMIT_COPY } from "../checkout/checkout-copy.js";
import { FactRow } from "./OrderPageFrame.js";
import { ORDER_COPY } from "./order-copy.js";
import { formatTime, statusText } from "./order-format.js";

function Lines({ order }: { order: OrderDetail }) {
  return (
    <section className="order-card" data-testid="order-lines">
      <h2 className="order-card__title">{ORDER_COPY.dishes}</h2>
      {order.dishOrders.map((line) => {
        const choices = [
          line.normName,
          ...line.methodNames,
          ...line.additions.map((a) => (a.count > 1 ? `${a.name}×${a.count}` : a.name)),
          ...line.parts.map((p) => (p.count > 1 ? `${p.name}×${p.count}` : p.name)),
        ]
          .filter(Boolean)
          .join("、");
        return (
          <div className="order-line" key={line.id} data-testid="order-line">
            <div className="order-line__main">
              <div className="order-line__name">{line.dishesName}</div>
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
  const rows: Array<[label: string, value: string, shown: boolean]> = [
    [ORDER_COPY.totalPrice, order.orderTotalPrice, true],
    [ORDER_COPY.vipTotal, order.orderVipNeedMoney, order.orderVipNeedMoney !== order.orderTotalPrice],
    [ORDER_COPY.discount, order.orderDiscount, nonZero(order.orderDiscount)],
    [ORDER_COPY.serviceMoney, order.orderServiceMoney, nonZero(order.orderServiceMoney)],
    [ORDER_COPY.paid, order.totalPaidMoney, nonZero(order.totalPaidMoney)],
  ];
  return (
    <section className="order-card">
      {rows
        .filter(([, , shown]) => shown)
        .map(([label, value]) => (
          <FactRow key={label} label={label}>
            {COPY.yuan}
            {truncateMoney(value)}
          </FactRow>
        ))}
      <FactRow label={ORDER_COPY.needPay} testId="order-need">
        <Money className="order-total__money" value={order.orderNeedMoney} testId="order-total" />
      </FactRow>
    </section>
  );
}

/** The order detail (001 §3): status, the lines, money, and the facts of the order. */
export function OrderDetailView({ order }: { order: OrderDetail }) {
  const reserve = order.reserve;
  return (
    <>
      <section className="order-card">
        <p className="order-status" data-testid="order-status">
          {statusText(order.status)}
        </p>
        {order.fastSerialNo && (
          <FactRow label={ORDER_COPY.serialNo}>
            <span className="order-serial" data-testid="order-serial">
              {order.fastSerialNo}
            </span>
          </FactRow>
        )}
      </section>
      <Lines order={order} />
      <MoneyBreakdown order={order} />
      <section className="order-card">
        <FactRow label={ORDER_COPY.orderNo}>{order.num}</FactRow>
        <FactRow label={ORDER_COPY.table} testId="order-table">
          {order.tableName}
        </FactRow>
        <FactRow label={ORDER_COPY.submitTime}>{formatTime(order.orderSubmitTime)}</FactRow>
        {order.posTime && <FactRow label={ORDER_COPY.posTime}>{formatTime(order.posTime)}</FactRow>}
        {order.personNum > 0 && <FactRow label={SUBMIT_COPY.personNum}>{order.personNum}</FactRow>}
        {order.wholeMemo && <FactRow label={ORDER_COPY.wholeMemoLabel}>{order.wholeMemo}</FactRow>}
        {order.invoiceTitle && <FactRow label={ORDER_COPY.invoice}>{order.invoiceTitle}</FactRow>}
        {reserve && (
          <FactRow label={ORDER_COPY.reserveInfo}>
            {[reserve.name, reserve.phone, reserve.time, reserve.address, reserve.memo]
              .filter(Boolean)
              .join(" ")}
          </FactRow>
        )}
      </section>
    </>
  );
}
