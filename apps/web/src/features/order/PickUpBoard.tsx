import { type OrderDetail, orderProgressText } from "@tablemate/core";
import { ORDER_COPY } from "./order-copy.js";
import { orderFulfilment, progressWords } from "./order-format.js";

/**
 * A quick-service order's pick-up screen (issue 25): its number large enough to show across a counter,
 * its progress (制作中, 已出餐…) and, once the counter calls it (叫号), 请取餐 marked out. The order
 * page asks the detail again on every type 12, so a call changes this without a reload.
 */
export function PickUpBoard({ order }: { order: OrderDetail }) {
  const called = order.fulfilment === "called";
  return (
    <section
      className={called ? "pickup-board pickup-board--called" : "pickup-board"}
      data-testid="pickup-board"
      data-called={called || undefined}
      aria-live="polite"
    >
      <span className="pickup-board__label">{ORDER_COPY.serialNo}</span>
      <span className="pickup-board__number order-serial" data-testid="order-serial">
        {order.fastSerialNo}
      </span>
      <p className="pickup-board__status order-status" data-testid="order-status">
        {progressWords(orderProgressText(orderFulfilment(order)))}
      </p>
      <p className="pickup-board__hint">{called ? ORDER_COPY.pickUpCalled : ORDER_COPY.pickUpWait}</p>
    </section>
  );
}
