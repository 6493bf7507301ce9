import {
  type BumpTarget,
  type ItemState,
  isOpenItem,
  type KitchenTicket,
  nextItemState,
} from "@tablemate/core";

/** A ticket stays on its station's display while an item is still to do (or a cancel to acknowledge). */
export const isOpenTicket = (ticket: KitchenTicket): boolean => ticket.items.some((i) => isOpenItem(i.state));

/** The display's order: by ticket number (numbers rise as tickets are made), so oldest first. */
const byNumber = (a: KitchenTicket, b: KitchenTicket) => a.number - b.number || a.id - b.id;

/**
 * A read display's tickets in the display's order. The server lists them by the time they were made,
 * which concurrent orders can give out of number order; the cook reads numbers. Stable (same list when
 * already in order).
 */
export function inNumberOrder(tickets: KitchenTicket[]): KitchenTicket[] {
  const ordered = tickets.every((t, i) => i === 0 || byNumber(tickets[i - 1] as KitchenTicket, t) <= 0);
  return ordered ? tickets : [...tickets].sort(byNumber);
}

/** Where a ticket goes in a list in number order (after any equal one): a binary search, no sort. */
function placeOf(tickets: readonly KitchenTicket[], ticket: KitchenTicket): number {
  let low = 0;
  let high = tickets.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (byNumber(tickets[mid] as KitchenTicket, ticket) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The display's tickets after news of one: of this station only; a newer version replaces the one held
 * in its place (an older one, arriving late, is ignored); a ticket with nothing left to do leaves; a new
 * one goes in by its number. One copy of the list and no sort: a live ticket among 300 stays cheap, and
 * every other ticket keeps its object (its card does not render again).
 */
export function applyTicket(
  tickets: readonly KitchenTicket[],
  stationId: number,
  ticket: KitchenTicket,
): KitchenTicket[] {
  if (ticket.stationId !== stationId) return tickets as KitchenTicket[];
  const at = tickets.findIndex((t) => t.id === ticket.id);
  const held = tickets[at];
  if (held && held.version > ticket.version) return tickets as KitchenTicket[];
  const next = [...tickets];
  if (held) next.splice(at, 1);
  if (isOpenTicket(ticket)) next.splice(placeOf(next, ticket), 0, ticket);
  return next;
}

/**
 * What the ticket's bump button does: the next state of its least advanced open item (a cancel ticket
 * is acknowledged: served). Null when nothing is left.
 */
export function ticketBumpTarget(ticket: KitchenTicket): BumpTarget | null {
  if (ticket.kind === "cancel") return ticket.items.some((i) => isOpenItem(i.state)) ? "served" : null;
  const order: ItemState[] = ["held", "cooking", "ready"];
  const least = order.find((s) => ticket.items.some((i) => i.state === s));
  return least ? (nextItemState(least) as BumpTarget) : null;
}
