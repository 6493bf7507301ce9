import { queryFlag } from "@tablemate/core";

/** Whose supply form it is: a reservation, a takeout, or a quick-service pick-up (mode 1). */
export type SupplyKind = "reserve" | "takeout" | "pickup";

export function supplyKindOf(query: { reserve?: string; takeout?: string }): SupplyKind {
  if (queryFlag(query.reserve)) return "reserve";
  return queryFlag(query.takeout) ? "takeout" : "pickup";
}

/** The kind of an order placed (its eatType): reserve, takeout, else a pick-up. */
export function supplyKindOfOrder(eatType: string): SupplyKind {
  return eatType === "reserve" || eatType === "takeout" ? eatType : "pickup";
}
