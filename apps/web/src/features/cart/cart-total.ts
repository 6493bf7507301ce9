import { type CartLine, cartTotal, type Dish, summarizeCart } from "@tablemate/core";
import type Big from "big.js";
import { useMemo } from "react";
import { useAppStore } from "../../store/app-store.js";
import type { MemberTotal } from "./member-total.js";

export interface CartTotal extends MemberTotal {
  /** the count bubble's number (a weighed line counts once) */
  count: number;
  /** the goods at regular prices, what the takeout minimum is judged on (as the server judges it) */
  goods: Big;
}

/**
 * The cart's count and total as the cart bar and the checkout show them (issue 19): what /pay will
 * charge the order it places, through the member pricing (member-total.ts: member price or member day,
 * the better), which the member state provides as it starts, so the menu's first screen never loads
 * it. Before then (and where there is no member system) the cart's total at the prices the diner sees.
 */
export function useCartTotal(
  lines: readonly CartLine[],
  lookup: (foodId: number) => Dish | undefined,
): CartTotal {
  const isMember = useAppStore((state) => state.isMember);
  const memberDay = useAppStore((state) => state.memberDay);
  const memberTotal = useAppStore((state) => state.memberTotal);
  const timeZone = useAppStore((state) => state.restaurant?.timezone);
  return useMemo(() => {
    const { count, total, priced } = summarizeCart(lines, lookup, isMember);
    const goods = cartTotal(priced.map((l) => l.total));
    if (!memberTotal || timeZone === undefined)
      return { count, goods, total, memberPrices: isMember, saving: null };
    return { count, goods, ...memberTotal(priced, { isMember, memberDay, timeZone, now: new Date() }) };
  }, [lines, lookup, isMember, memberDay, memberTotal, timeZone]);
}
