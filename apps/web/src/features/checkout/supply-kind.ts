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

/**
 * What each kind's form asks (issue 25): a reservation who, how many and when; a takeout who, where and
 * when (no party size: nobody sits down); a quick-service pick-up only when and a note, never a
 * reservation's contact (the pick-up number is how the counter finds the diner).
 */
export const SUPPLY_FIELDS: Readonly<
  Record<SupplyKind, { contact: boolean; people: boolean; address: boolean }>
> = {
  reserve: { contact: true, people: true, address: false },
  takeout: { contact: true, people: false, address: true },
  pickup: { contact: false, people: false, address: false },
};
