import Big from "big.js";

/**
 * The gate before the kitchen (issue 17): a restaurant's rules, stored as data (restaurants.gate_rules,
 * validated by `gateRulesSchema` in contract/console-floor.ts), decide which orders wait for a
 * waiter's confirmation. A held order keeps the spec's status 0 (placed, not yet accepted); the diner
 * sees 待确认 and the kitchen sees nothing until a waiter accepts it (status 1).
 */
export interface GateRules {
  /** pay-later orders from a table no staff member has seated (no staff action on its visit) */
  unseatedPayLater: boolean;
  /** orders whose total is above this amount (exact decimal text); null: no limit */
  overAmount: string | null;
  /** orders from a visitor who has an order cancelled today (the restaurant's day) */
  cancelledToday: boolean;
}

export const NO_GATE: GateRules = { unseatedPayLater: false, overAmount: null, cancelledToday: false };

/** Why an order waits: one entry per rule that holds it. */
export type GateReason = "unseatedPayLater" | "overAmount" | "cancelledToday";

export interface GateFacts {
  /** prepaid orders (paymentType 1) always go straight through: the money is taken first */
  prepaid: boolean;
  /** a staff member acted on the table's visit (seated it, or ordered for it) */
  staffSeated: boolean;
  /** the order's total, exact decimal text */
  total: string;
  /** the submitter has an order cancelled today at this restaurant */
  visitorCancelledToday: boolean;
}

/** The rules that hold this order (none: it goes to the kitchen at once). */
export function gateOrder(rules: GateRules, facts: GateFacts): GateReason[] {
  if (facts.prepaid) return [];
  const reasons: GateReason[] = [];
  if (rules.unseatedPayLater && !facts.staffSeated) reasons.push("unseatedPayLater");
  if (rules.overAmount !== null && new Big(facts.total).gt(rules.overAmount)) reasons.push("overAmount");
  if (rules.cancelledToday && facts.visitorCancelledToday) reasons.push("cancelledToday");
  return reasons;
}

/** Whether any rule needs the submit to read whether staff seated the visit (so it reads it only then). */
export const gateNeedsStaffSeated = (rules: GateRules): boolean => rules.unseatedPayLater;
export const gateNeedsCancelledToday = (rules: GateRules): boolean => rules.cancelledToday;
