import { ORDER_STATUS } from "../contract/order.js";
import { dinerMayCancel } from "../kitchen.js";
import { ORDER_STATUS_TEXT } from "../order-status.js";

/** What of an order the diner's pages read to say whether it is paid (the order detail's fields). */
export interface OrderPaidFacts {
  status: number;
  /** what is still due, yuan as text (the detail's orderNeedMoney) */
  orderNeedMoney: string;
  pays: ReadonlyArray<{ paid: boolean }>;
}

/** The statuses of an order still going on (neither cancelled, closed nor settled at the register). */
const OPEN: readonly number[] = [
  ORDER_STATUS.placed,
  ORDER_STATUS.accepted,
  ORDER_STATUS.cooking,
  ORDER_STATUS.served,
];

export const PAID_TEXT = "已支付";

/** An open order that a payment covers, nothing left due: paid, on every phone of the table alike. */
export function isOrderPaid(order: OrderPaidFacts): boolean {
  return (
    OPEN.includes(order.status) && order.pays.some((pay) => pay.paid) && !(Number(order.orderNeedMoney) > 0)
  );
}

/**
 * The order's status as the diner reads it: a paid order the restaurant has not yet taken is 已支付;
 * once taken (接单, 制作中, 上菜) its status says so, with 已支付 beside it; otherwise the status's words
 * (`words`: the order's progress as the diner reads it, core's orderProgressText; else its status's).
 */
export function dinerStatusText(
  order: OrderPaidFacts,
  words = ORDER_STATUS_TEXT[order.status] ?? "",
): string {
  if (!isOrderPaid(order)) return words;
  return order.status === ORDER_STATUS.placed || !words ? PAID_TEXT : `${words} · ${PAID_TEXT}`;
}

/**
 * Whether the order page offers 取消订单: what the server lets a diner cancel (core's dinerMayCancel),
 * and never once a payment covers any of it: a paid order's cancel and refund are the cashier's.
 */
export function offersDinerCancel(order: OrderPaidFacts & { eatType: string }): boolean {
  const paid = order.pays.some((pay) => pay.paid);
  return !paid && dinerMayCancel({ status: order.status, eatType: order.eatType, paid });
}
