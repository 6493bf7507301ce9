import { type CartLine, type Dish, summarizeCart } from "@tablemate/core";
import { useEffect, useMemo, useState } from "react";
import { useAppStore } from "../../store/app-store.js";
import type { MemberTotal } from "./member-total.js";

type MemberPricing = typeof import("./member-total.js");

let loaded: MemberPricing | null = null;
let loading: Promise<MemberPricing> | null = null;

/**
 * The member pricing (the discount pipeline), loaded once: the member state asks for it as it starts,
 * so it is there by the time a member's total is shown; the menu's first screen never loads it.
 */
export function loadMemberPricing(): Promise<MemberPricing> {
  loading ??= import("./member-total.js").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The member pricing once it is loaded (null before, and whenever `wanted` is false). */
function useMemberPricing(wanted: boolean): MemberPricing | null {
  const [, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (!wanted || loaded) return;
    loadMemberPricing().then(
      () => setReady(true),
      (error: unknown) => console.warn("member pricing not loaded: member prices shown", error),
    );
  }, [wanted]);
  return wanted ? loaded : null;
}

export interface CartTotal extends MemberTotal {
  /** the count bubble's number (a weighed line counts once) */
  count: number;
}

/**
 * The cart's count and total as the cart bar and the checkout show them (issue 19): a member's total
 * is what /pay will charge the order it places (member-total.ts: member price or member day, the
 * better); anyone else's the regular total. Until the member pricing has loaded, a member sees the
 * member-price total.
 */
export function useCartTotal(
  lines: readonly CartLine[],
  lookup: (foodId: number) => Dish | undefined,
): CartTotal {
  const isMember = useAppStore((state) => state.isMember);
  const memberDay = useAppStore((state) => state.memberDay);
  const timeZone = useAppStore((state) => state.restaurant?.timezone);
  const pricing = useMemberPricing((isMember || memberDay !== null) && timeZone !== undefined);
  return useMemo(() => {
    const summary = summarizeCart(lines, lookup, isMember);
    if (!pricing || timeZone === undefined)
      return { count: summary.count, total: summary.total, memberPrices: isMember, saving: null };
    const now = new Date();
    return {
      count: summary.count,
      ...pricing.memberTotal(lines, lookup, { isMember, memberDay, timeZone, now }),
    };
  }, [lines, lookup, isMember, memberDay, timeZone, pricing]);
}
