import { FULFILMENT_STEPS, type FulfilmentStep, ORDER_STATUS, type OrderStatus } from "./contract/order.js";
import { ORDER_STATUS_TEXT } from "./order-status.js";
import type { Permission } from "./staff/roles.js";

/**
 * What happens to an order beside the kitchen, by its mode (issue 25): a takeout is delivered
 * (配送中 → 已送达), a reservation is confirmed or declined by the restaurant, a pick-up number is
 * called at the counter (叫号, as often as needed). Staff move it in the console; the server checks
 * every move here; the diner reads it in words.
 */

/** The order's mode as far as fulfilment goes; a dine-in order has none. */
export type FulfilmentKind = "takeout" | "reserve" | "pickup";

export interface FulfilmentOrder {
  eatType: string;
  /** a quick-service order's pick-up number */
  fastSerialNo: number | null;
  status: number;
  /** the step it reached; null: none yet */
  fulfilment: FulfilmentStep | null;
}

export function fulfilmentKind(
  order: Pick<FulfilmentOrder, "eatType" | "fastSerialNo">,
): FulfilmentKind | null {
  if (order.eatType === "takeout") return "takeout";
  if (order.eatType === "reserve") return "reserve";
  return order.fastSerialNo ? "pickup" : null;
}

const { placed, accepted, cooking, served, settled, cancelled } = ORDER_STATUS;

interface Move {
  from: FulfilmentStep | null;
  to: FulfilmentStep;
  /** the order statuses the move is made from */
  statuses: readonly number[];
}

/**
 * Every allowed move, as data. A takeout leaves once the kitchen has it (accepted, cooking or served)
 * and arrives after; a reservation is answered before the kitchen starts; a pick-up number is called
 * once the order is taken, and again while the diner has not come.
 */
export const FULFILMENT_MOVES: Readonly<Record<FulfilmentKind, readonly Move[]>> = {
  takeout: [
    { from: null, to: "delivering", statuses: [accepted, cooking, served] },
    { from: "delivering", to: "delivered", statuses: [accepted, cooking, served, settled] },
  ],
  reserve: [
    { from: null, to: "confirmed", statuses: [placed, accepted] },
    { from: null, to: "declined", statuses: [placed, accepted] },
  ],
  pickup: [
    { from: null, to: "called", statuses: [accepted, cooking, served, settled] },
    { from: "called", to: "called", statuses: [accepted, cooking, served, settled] },
  ],
};

/** Why a move is refused: not this order's mode, not from its step, or not in its status. */
export type FulfilmentRefusal = "wrongMode" | "wrongStep" | "wrongStatus";

export function fulfilmentRefusal(order: FulfilmentOrder, to: FulfilmentStep): FulfilmentRefusal | null {
  const kind = fulfilmentKind(order);
  const moves = kind ? FULFILMENT_MOVES[kind].filter((m) => m.to === to) : [];
  if (moves.length === 0) return "wrongMode";
  const fromHere = moves.filter((m) => m.from === order.fulfilment);
  if (fromHere.length === 0) return "wrongStep";
  return fromHere.some((m) => m.statuses.includes(order.status)) ? null : "wrongStatus";
}

/** What each refusal says to staff (the server's 409 message). */
export const FULFILMENT_REFUSAL_TEXT: Readonly<Record<FulfilmentRefusal, string>> = {
  wrongMode: "该订单不适用此操作",
  wrongStep: "订单已处理过此步骤",
  wrongStatus: "订单当前状态不允许此操作",
};

/**
 * The permission a step asks for: delivery and calling a number are the front's service (orders.serve),
 * confirming a reservation is taking it (orders.accept), declining one cancels it (orders.cancel).
 */
export function fulfilmentPermission(to: FulfilmentStep): Permission {
  if (to === "confirmed") return "orders.accept";
  return to === "declined" ? "orders.cancel" : "orders.serve";
}

/** The steps staff may take the order to now (the console's buttons). */
export function fulfilmentChoices(order: FulfilmentOrder): FulfilmentStep[] {
  return FULFILMENT_STEPS.filter((to) => fulfilmentRefusal(order, to) === null);
}

/** A declined reservation is cancelled with it: the order's status follows the step. */
export function statusAfterStep(to: FulfilmentStep): OrderStatus | null {
  return to === "declined" ? ORDER_STATUS.cancelled : null;
}

/** Each step in words, as the diner and the staff read it. */
export const FULFILMENT_TEXT: Readonly<Record<FulfilmentStep, string>> = {
  delivering: "配送中",
  delivered: "已送达",
  confirmed: "已确认",
  declined: "已拒绝",
  called: "请取餐",
};

/** A reservation the restaurant has not answered yet. */
export const RESERVATION_PENDING_TEXT = "待确认";

/**
 * The words of the order's progress beside its status: a takeout's delivery, a reservation's answer
 * (待确认 until then; 已确认 until its kitchen starts), a called number; none for dine-in or before any step.
 */
export function fulfilmentText(order: FulfilmentOrder): string | null {
  const waiting = order.status === placed || order.status === accepted;
  // a confirmed reservation's kitchen then speaks for it (制作中, 已上菜)
  if (order.fulfilment === "confirmed") return waiting ? FULFILMENT_TEXT.confirmed : null;
  if (order.fulfilment) return FULFILMENT_TEXT[order.fulfilment];
  return fulfilmentKind(order) === "reserve" && waiting ? RESERVATION_PENDING_TEXT : null;
}

/** The kitchen's served (8) where nobody is served at a table: the food is out (已出餐). */
export const FOOD_OUT_TEXT = "已出餐";
/** A status the words do not know (a newer server's). */
export const UNKNOWN_STATUS_TEXT = "处理中";
/** An order the restaurant's gate holds until a waiter confirms it (ours). */
export const HELD_TEXT = "待确认";

/**
 * The one line a diner reads for an order's progress, live on every step (issue 25): a cancelled order
 * is 已取消 (已拒绝 for a declined reservation), a step taken says itself (配送中, 已送达, 已确认, 请取餐),
 * an unanswered reservation or a held order 待确认, a takeout's or pick-up's served food 已出餐, else
 * the status's words (已下单, 已接单, 制作中, 已上菜, 已结账…).
 */
export function orderProgressText(order: FulfilmentOrder & { held: boolean }): string {
  if (order.status === cancelled)
    return order.fulfilment === "declined" ? FULFILMENT_TEXT.declined : (ORDER_STATUS_TEXT[cancelled] ?? "");
  const step = fulfilmentText(order);
  if (step) return step;
  if (order.held) return HELD_TEXT;
  if (order.status === served && fulfilmentKind(order) !== null && fulfilmentKind(order) !== "reserve")
    return FOOD_OUT_TEXT;
  return ORDER_STATUS_TEXT[order.status] ?? UNKNOWN_STATUS_TEXT;
}
