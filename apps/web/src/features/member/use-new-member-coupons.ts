import type { OpenCardCoupon } from "@tablemate/core";
import { useCallback, useEffect, useState } from "react";
import { fetchOpenCardCoupons } from "../../api/member.js";
import { local, session } from "../../storage.js";

/**
 * Where closing or taking the dialog is remembered, per restaurant: in session storage, as 000 §2, §4
 * say, and on the phone (local storage), so that 开通 is asked once (issue 25), not again at the next
 * visit.
 */
export const newMemberDialogKey = (rid: number) => `newMemberDialog:${rid}`;

const answered = (rid: number) =>
  (session.get(newMemberDialogKey(rid)) ?? local.get(newMemberDialogKey(rid))) !== null;

/** Restaurants whose coupons this page load already asked for: the dialog comes at most once. */
const asked = new Set<number>();

/**
 * The new-member coupon dialog's coupons (000 §2, §4): asked once per page load when `eligible` (a
 * new-member-system diner without a card) and the diner never closed or took it here, shown when the
 * call answers some; closing or taking it is remembered per restaurant (newMemberDialogKey).
 */
export function useNewMemberCoupons(rid: number | null, eligible: boolean) {
  const [list, setList] = useState<OpenCardCoupon[] | null>(null);

  useEffect(() => {
    if (rid === null || !eligible || asked.has(rid) || answered(rid)) return;
    asked.add(rid);
    fetchOpenCardCoupons(rid)
      .then((coupons) => {
        if (coupons.length > 0) setList(coupons);
      })
      .catch((error: unknown) => console.warn("new-member coupons unavailable", error));
  }, [rid, eligible]);

  const dismiss = useCallback(() => {
    if (rid !== null) {
      session.set(newMemberDialogKey(rid), "1");
      local.set(newMemberDialogKey(rid), "1");
    }
    setList(null);
  }, [rid]);

  // a diner who became a member meanwhile is not offered the new-member coupons
  return { list: eligible ? list : null, dismiss };
}

/** Forgets what this page load asked (tests: each starts as a new page load). */
export function resetNewMemberCoupons(): void {
  asked.clear();
}
