/** Who an event names: `staff`, or `staff:<name>` when the caller says who they are. */
export function staffActor(name: string | undefined): string {
  return name ? `staff:${name}` : "staff";
}

/** Whether an event's actor is the restaurant's staff (else it is a diner's guid). */
export function isStaffActor(actor: string): boolean {
  return actor === "staff" || actor.startsWith("staff:") || actor.startsWith("apikey:");
}
