/** Whether an event's actor is the restaurant's staff (`staff:<account id>`, `apikey:<id>`; else a diner's guid). */
export function isStaffActor(actor: string): boolean {
  return actor === "staff" || actor.startsWith("staff:") || actor.startsWith("apikey:");
}
