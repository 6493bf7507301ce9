import { reconcileRecharges } from "../member/recharge.js";
import type { HookedRounds, PaymentDeps, PaymentHooks } from "../payment/deps.js";
import { sweepMemberIntents } from "./member-effects.js";
import { paidEffects } from "./paid-effects.js";

/**
 * Reconciliation's rounds above the money machine, after its attempts: recharges paid but not posted
 * are posted, expired ones closed (an expired attempt was closed just before, so its recharge can be);
 * then member money: an unpaid intent's hold and coupon go back once its payment expired (an intent
 * whose attempt was paid meanwhile is not let go), a paid one's effects a stop left undone are done.
 */
async function reconcileMemberMoney(deps: PaymentDeps, now: Date, batch: number): Promise<HookedRounds> {
  const recharges = await reconcileRecharges(deps);
  const member = await sweepMemberIntents(deps.db, now, batch);
  return { recharges, memberExpired: member.expired, memberSettled: member.settled };
}

/** What buildApp registers on the payment service: how paying reaches settlement and member money. */
export const paymentHooks: PaymentHooks = { paid: paidEffects, reconcile: reconcileMemberMoney };
