import {
  type BumpTarget,
  type ItemState,
  isOpenItem,
  type KitchenTicket,
  nextItemState,
} from "@tablemate/core";

/** A ticket stays on its station's display while an item is still to do (or a cancel to acknowledge). */
export const isOpenTicket = (ticket: KitchenTicket): boolean => ticket.items.some((i) => isOpenItem(i.state));

const byAge = (a: KitchenTicket, b: KitchenTicket) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/**
 * The display's tickets after news of one: of this station only; a newer version replaces the one held
 * (an older one, arriving late, is ignored); a ticket with nothing left to do leaves; oldest first.
 */
export function applyTicket(
  tickets: readonly KitchenTicket[],
  stationId: number,
  ticket: KitchenTicket,
): KitchenTicket[] {
  if (ticket.stationId !== stationId) return tickets as KitchenTicket[];
  const held = tickets.find((t) => t.id === ticket.id);
  if (held && held.version > ticket.version) return tickets as KitchenTicket[];
  const rest = tickets.filter((t) => t.id !== ticket.id);
  return isOpenTicket(ticket) ? [...rest, ticket].sort(byAge) : rest;
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
