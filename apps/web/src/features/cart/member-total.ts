import {
  cartMemberDiscounts,
  type MemberDay,
  memberDayPercentAt,
  type PricedCartLine,
} from "@tablemate/core";
import Big from "big.js";

/**
 * A member's cart total as /pay will charge the order it places (issue 19): core's discount pipeline,
 * step (a), member price or member day (the better, a tie to the member price), exactly as the server
 * prices the submit. The member state provides it (cart-total.ts): the menu's first screen never
 * carries it.
 */
export interface MemberTotal {
  total: Big;
  /** the lines are priced at member prices (the member price is the step taken) */
  memberPrices: boolean;
  /** what the step took off, and its name on the bill (会员价, 会员日8.8折); null when it took nothing */
  saving: { kind: "memberPrice" | "memberDay"; label: string; amount: Big } | null;
}

const yuan = (cents: number) => new Big(cents).div(100);

/** `priced`: the cart's lines as summarizeCart priced them. */
export function memberTotal(
  priced: readonly PricedCartLine[],
  at: { isMember: boolean; memberDay: MemberDay | null; timeZone: string; now: Date },
): MemberTotal {
  // the benefits the submit places the order with (the server's member status): member prices when
  // the diner sees them, the member day's percent when today is one on the restaurant's clock
  const percent = memberDayPercentAt(at.memberDay, at.now, at.timeZone);
  const member =
    at.isMember || percent !== null ? { vipPrice: at.isMember, memberDayPercent: percent } : null;
  const result = cartMemberDiscounts(priced, member, at);
  const [step] = result.steps;
  return {
    total: yuan(result.payableCents),
    memberPrices: result.memberBenefit === "memberPrice",
    saving:
      step && result.memberBenefit
        ? { kind: result.memberBenefit, label: step.label, amount: yuan(step.cents) }
        : null,
  };
}
