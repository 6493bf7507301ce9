import { ORDER_STATUS, type OrderStatus } from "./contract/order.js";

const { placed, accepted, cooking, cancelled, closed, settled, served } = ORDER_STATUS;

/**
 * Where an order may go from each status (staff moves; a diner's cancel is 0 → 4). Settled (7) goes on
 * to closed (5), which starts the table afresh; cancelled (4) and closed (5) are final.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  [placed]: [accepted, cooking, served, settled, cancelled],
  [accepted]: [cooking, served, settled, cancelled],
  // a cancel once the kitchen started needs a manager's approval (core's needsApproval, kitchenStarted)
  [cooking]: [served, settled, cancelled],
  [served]: [settled],
  [settled]: [closed],
  [cancelled]: [],
  [closed]: [],
};

export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);

/**
 * The statuses after which a prepayment visit starts a new order (001 §4: settled 7, cancelled 4,
 * closed 5): the unfinished order, the card binding and the stored order data end with it.
 */
export const NEW_ORDER_START: readonly OrderStatus[] = [settled, cancelled, closed];

export function startsNewOrder(status: number): boolean {
  return (NEW_ORDER_START as readonly number[]).includes(status);
}

/** Every order status in words, as diners and staff read them (001 §4; the rest are ours). */
export const ORDER_STATUS_TEXT: Readonly<Record<number, string>> = {
  0: "已下单",
  1: "已接单",
  2: "制作中",
  4: "已取消",
  5: "已关闭",
  7: "已结账",
  8: "已上菜",
};

export function isOrderStatus(value: number): value is OrderStatus {
  return (ORDER_STATUSES as readonly number[]).includes(value);
}

/** The statuses an order at `from` may move to; none for an unknown status. */
export function nextStatuses(from: number): readonly OrderStatus[] {
  return isOrderStatus(from) ? ORDER_MOVES[from] : [];
}

export function canMoveOrder(from: number, to: number): boolean {
  return nextStatuses(from).some((s) => s === to);
}

/** The statuses from which an order may move to `to` (settling a table takes all of them to 7). */
export function statusesMovableTo(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canMoveOrder(from, to));
}

/** The move by which the restaurant first takes the order (the order's posTime). */
export function takesOrder(from: number, to: number): boolean {
  return from === placed && (to === accepted || to === cooking);
}

/** The cashier has settled the order (7), or closed it after (5): the register took its money. */
export function isSettled(status: number): boolean {
  return status === ORDER_STATUS.settled || status === ORDER_STATUS.closed;
}

/** The kitchen has started the order (cooking, or already served): a cancel then needs approval. */
export function kitchenStarted(status: number): boolean {
  return status === ORDER_STATUS.cooking || status === ORDER_STATUS.served;
}

/**
 * Reversing a settle (always approved): a settled order goes back to the status it had before the
 * settle (`before`, read from its settle event); only a settled order, and only to an open status.
 */
export function reverseSettleTo(status: number, before: number | null): OrderStatus | null {
  if (status !== settled || before === null || !isOrderStatus(before)) return null;
  return before === placed || before === accepted || before === cooking || before === served ? before : null;
}
