import Big from "big.js";
import { ORDER_STATUS, type OrderStatus } from "./contract/order.js";
import { canMoveOrder } from "./order-status.js";

/**
 * The kitchen's rules (issue 17): which stations a line goes to, the tickets an order's lines make
 * as they change, an item's states, the order status that follows the items, the timers' colours and
 * the all-day counts. Pure; the server writes what they decide and the console shows it.
 */

/** A station and the dish categories it cooks (a category may go to two stations). */
export interface StationRoute {
  stationId: number;
  /** lower first: the first station takes the lines no category routes (the default station) */
  sort: number;
  categoryIds: readonly number[];
}

/**
 * The stations a dish goes to: every station that cooks its category or its second category; a dish
 * no station cooks goes to the first station (lowest sort, then id), so no line is ever lost on the
 * way to the kitchen. No stations at all: none (the restaurant does not run a kitchen display).
 */
export function routeDish(
  categoryIds: readonly (number | null | undefined)[],
  routes: readonly StationRoute[],
): number[] {
  const wanted = categoryIds.filter((c): c is number => c != null);
  const matched = routes.filter((r) => r.categoryIds.some((c) => wanted.includes(c))).map((r) => r.stationId);
  if (matched.length) return [...new Set(matched)].sort((a, b) => a - b);
  const first = [...routes].sort((a, b) => a.sort - b.sort || a.stationId - b.stationId)[0];
  return first ? [first.stationId] : [];
}

/** One line of an order as the kitchen routes it: its id, the count, its dish's categories. */
export interface KitchenLine {
  lineId: number;
  /** decimal text (weighed dishes count in fractions) */
  count: string;
  categoryIds: readonly (number | null | undefined)[];
}

export type TicketKind = "new" | "cancel";

/** What one ticket carries: a station, and for each line the count it adds (new) or takes back (cancel). */
export interface TicketDelta {
  stationId: number;
  kind: TicketKind;
  items: { lineId: number; count: string }[];
}

/** What a station already got of a line: the net of its new and cancel tickets. */
export interface SentLine {
  lineId: number;
  stationId: number;
  /** decimal text, new minus cancelled */
  count: string;
}

/**
 * The tickets that bring the kitchen from what it was sent to an order's live lines (append-only
 * deltas): a line no station got goes to its stations (core's routeDish) on a "new" ticket; a line
 * (or units of one) that went away makes a "cancel" ticket at the stations that got it, wherever the
 * routes say now; units added to a line already sent go where it went. Nothing changed: no ticket.
 * One ticket per station and kind, stations in id order, new before cancel.
 */
export function kitchenDeltas(
  sent: readonly SentLine[],
  live: readonly KitchenLine[],
  routes: readonly StationRoute[],
): TicketDelta[] {
  const byStation = new Map<string, TicketDelta>();
  const push = (stationId: number, kind: TicketKind, lineId: number, count: Big) => {
    const key = `${stationId}/${kind}`;
    const ticket = byStation.get(key) ?? { stationId, kind, items: [] };
    ticket.items.push({ lineId, count: count.toString() });
    byStation.set(key, ticket);
  };
  const ids = [...new Set([...sent.map((s) => s.lineId), ...live.map((l) => l.lineId)])].sort(
    (a, b) => a - b,
  );
  for (const lineId of ids) {
    const now = live.find((l) => l.lineId === lineId);
    const got = sent.filter((s) => s.lineId === lineId && new Big(s.count).gt(0));
    const wanted = new Big(now?.count ?? 0);
    if (!got.length) {
      if (now && wanted.gt(0))
        for (const stationId of routeDish(now.categoryIds, routes)) push(stationId, "new", lineId, wanted);
      continue;
    }
    for (const s of [...got].sort((a, b) => a.stationId - b.stationId)) {
      const diff = wanted.minus(s.count);
      if (diff.eq(0)) continue;
      push(s.stationId, diff.gt(0) ? "new" : "cancel", lineId, diff.abs());
    }
  }
  return [...byStation.values()].sort(
    (a, b) => a.stationId - b.stationId || (a.kind === b.kind ? 0 : a.kind === "new" ? -1 : 1),
  );
}

/**
 * The tickets a change of an order's live lines makes, from `before` (all of it sent) to `after`.
 */
export function ticketDeltas(
  before: readonly KitchenLine[],
  after: readonly KitchenLine[],
  routes: readonly StationRoute[],
): TicketDelta[] {
  const sent = before.flatMap((l) =>
    routeDish(l.categoryIds, routes).map((stationId) => ({ lineId: l.lineId, stationId, count: l.count })),
  );
  return kitchenDeltas(sent, after, routes);
}

/**
 * What a station holds of each line once every ticket of its history is applied: new counts minus
 * cancel counts (the property: this equals the live lines routed to the station).
 */
export function stationHoldings(tickets: readonly TicketDelta[]): Map<string, Big> {
  const held = new Map<string, Big>();
  for (const t of tickets) {
    for (const item of t.items) {
      const key = `${t.stationId}/${item.lineId}`;
      const signed = t.kind === "new" ? new Big(item.count) : new Big(item.count).neg();
      held.set(key, (held.get(key) ?? new Big(0)).plus(signed));
    }
  }
  return held;
}

/** An item on a ticket: held (waiting), cooking, ready (at the pass), served; void (its order was cancelled). */
export const ITEM_STATES = ["held", "cooking", "ready", "served", "void"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** The working states, in order; a bump moves an item forward along them. */
const FLOW: readonly ItemState[] = ["held", "cooking", "ready", "served"];

/** The states a bump may move an item to. */
export const BUMP_TARGETS = ["cooking", "ready", "served"] as const;
export type BumpTarget = (typeof BUMP_TARGETS)[number];

/** A bump moves an item forward (a step may be skipped: held straight to ready); never back, never a void one. */
export function canBumpItem(from: ItemState, to: ItemState): boolean {
  const a = FLOW.indexOf(from);
  const b = FLOW.indexOf(to);
  return a >= 0 && b > a;
}

/** The next state of an item (what the display's bump does to it), or null when it has none. */
export function nextItemState(state: ItemState): ItemState | null {
  const at = FLOW.indexOf(state);
  return at >= 0 && at < FLOW.length - 1 ? (FLOW[at + 1] ?? null) : null;
}

/** An item still on the station's mind: neither served nor void. */
export function isOpenItem(state: ItemState): boolean {
  return state === "held" || state === "cooking" || state === "ready";
}

/**
 * The move the order makes once its kitchen items are in these states (or null): the first item
 * started (past held) takes an order the kitchen has not started to cooking (2); every item served
 * takes it to served (8). Only moves core's order machine allows (a cancelled or settled order stays).
 */
export function orderStatusFollowing(
  orderStatus: number,
  itemStates: readonly ItemState[],
): OrderStatus | null {
  const live = itemStates.filter((s) => s !== "void");
  if (!live.length) return null;
  if (live.every((s) => s === "served") && canMoveOrder(orderStatus, ORDER_STATUS.served)) {
    return ORDER_STATUS.served;
  }
  const started = live.some((s) => s !== "held");
  if (
    started &&
    (orderStatus === ORDER_STATUS.placed || orderStatus === ORDER_STATUS.accepted) &&
    canMoveOrder(orderStatus, ORDER_STATUS.cooking)
  ) {
    return ORDER_STATUS.cooking;
  }
  return null;
}

/**
 * Whether an order is the kitchen's: accepted or later (not cancelled), or placed where no gate holds
 * it for a waiter's confirmation. A settled order the kitchen never saw (settled straight from placed
 * behind a gate) is not sent: the money is taken, nothing is cooking.
 */
export function isForKitchen(status: number, heldAtGate: boolean): boolean {
  if (status === ORDER_STATUS.placed) return !heldAtGate;
  return (
    status === ORDER_STATUS.accepted || status === ORDER_STATUS.cooking || status === ORDER_STATUS.served
  );
}

/**
 * Whether an order is paid before it is cooked: a prepayment order (payment type 1) or a
 * quick-service one (eat type fast), the modes whose diners go to /pay at submit.
 */
export function paysBeforeKitchen(order: { paymentType: number; eatType: string }): boolean {
  // a takeout leaves the restaurant before anyone could pay at a table (issue 25)
  return order.paymentType === 1 || order.eatType === "fast" || order.eatType === "takeout";
}

/** Why a diner's cancel of a paid pay-first order is refused: paying sent it to the kitchen. */
export const PAID_NO_CANCEL_TEXT = "订单已付款并交由厨房制作，不能取消，如需退款请联系店员";

/**
 * Whether the diner is offered 取消订单 (and the server lets them cancel): only before the restaurant
 * takes the order, and never a counter's or a takeout's order once it is paid, since its payment sent
 * it to the kitchen (issue 25). A dine-in prepayment order's cancel refunds it (issue 18).
 */
export function dinerMayCancel(order: { status: number; eatType: string; paid: boolean }): boolean {
  const sentByPaying = order.eatType === "fast" || order.eatType === "takeout";
  return order.status === 0 && !(order.paid && sentByPaying);
}

/**
 * Whether a placed order waits before the kitchen (isForKitchen's `heldAtGate`): the gate holds it for
 * a waiter, or it pays first and money is still due (nothing is cooked for an order that may never be
 * paid; its payment sends it on). A waiter accepting it sends it regardless: accepted is the kitchen's.
 */
export function waitsBeforeKitchen(order: { held: boolean; paysFirst: boolean; dueCents: number }): boolean {
  return order.held || (order.paysFirst && order.dueCents > 0);
}

/** When a ticket's timer turns orange, then red (minutes since the ticket was made). */
export interface TimerThresholds {
  orangeAfterMin: number;
  redAfterMin: number;
}

export const DEFAULT_TIMER_THRESHOLDS: TimerThresholds = { orangeAfterMin: 10, redAfterMin: 20 };

export type TimerColour = "normal" | "orange" | "red";

export function timerColour(
  elapsedMs: number,
  thresholds: TimerThresholds = DEFAULT_TIMER_THRESHOLDS,
): TimerColour {
  const minutes = elapsedMs / 60_000;
  if (minutes >= thresholds.redAfterMin) return "red";
  if (minutes >= thresholds.orangeAfterMin) return "orange";
  return "normal";
}

/** A ticket's elapsed time as the display shows it: m:ss, or h:mm:ss past an hour. */
export function elapsedText(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** An item as the all-day count reads it. */
export interface CountedItem {
  foodId: number;
  name: string;
  count: string;
  state: ItemState;
}

/**
 * All-day counts: per dish, the units the station still has to make (open items of new tickets),
 * most first, then by name.
 */
export function allDayCounts(
  items: readonly CountedItem[],
): { foodId: number; name: string; count: string }[] {
  const byDish = new Map<number, { foodId: number; name: string; count: Big }>();
  for (const item of items) {
    if (!isOpenItem(item.state)) continue;
    const entry = byDish.get(item.foodId) ?? { foodId: item.foodId, name: item.name, count: new Big(0) };
    entry.count = entry.count.plus(item.count);
    byDish.set(item.foodId, entry);
  }
  return [...byDish.values()]
    .sort((a, b) => b.count.cmp(a.count) || a.name.localeCompare(b.name, "zh"))
    .map((e) => ({ foodId: e.foodId, name: e.name, count: e.count.toString() }));
}

/** A station's all-day counts from its tickets: the new tickets' open items (a cancel ticket is no work to do). */
export function ticketsAllDay(
  tickets: readonly { kind: TicketKind; items: readonly CountedItem[] }[],
): { foodId: number; name: string; count: string }[] {
  return allDayCounts(tickets.filter((t) => t.kind === "new").flatMap((t) => t.items));
}
