import { randomUUID } from "node:crypto";
import { AppError, type Approval, yuanToCents } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { payIntents } from "../../db/schema.js";
import { checkedApprover, requireApproval, type VerifyApproval } from "../floor/approvals.js";
import type { PaymentDeps } from "../payment/deps.js";
import type { IntentRow } from "../payment/intents.js";
import { oneIntentMoney } from "../payment/ledger.js";
import { refundFromAttempts, sendRefunds } from "../payment/refunds.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { intentRefunded, refundMemberParts, settleMemberPaid } from "./member-effects.js";
import { announceClosed, closeRefundedOrders, lockIntentOrders } from "./refund-close.js";

/**
 * A staff refund of part or all of an intent's captured money: always with a manager's approval
 * (core's needsApproval), recorded and audited together under the intent's lock, taken from its paid
 * attempts newest first, then sent to the provider. More than is refundable is refused (4605).
 */
export async function refundByStaff(
  deps: PaymentDeps & { verifyApproval: VerifyApproval },
  by: StaffPrincipal,
  restaurantId: number,
  intentId: number,
  body: { amount: string; reason: string; approval?: Approval },
): Promise<{ refunds: string[] }> {
  const approver = await checkedApprover(deps.verifyApproval, deps.db, restaurantId, body.approval);
  const amountCents = yuanToCents(body.amount);
  const { refunds, closed } = await deps.db.transaction(async (tx) => {
    const ofRestaurant = and(eq(payIntents.id, intentId), eq(payIntents.restaurantId, restaurantId));
    const [found] = await tx.select().from(payIntents).where(ofRestaurant);
    if (!found) throw new AppError("notFound", "支付记录不存在");
    // a recharge's money is on the card: member/recharge.ts's refundRecharge takes it off first
    if (found.kind === "recharge") throw new AppError("rechargeRefundByLedger");
    // its orders before the intent: the lock order every order change takes
    const owned = found.kind === "order" ? await lockIntentOrders(tx, found.id) : [];
    const [intent] = await tx.select().from(payIntents).where(ofRestaurant).for("update");
    if (!intent) throw new AppError("notFound", "支付记录不存在");
    const approvedBy = requireApproval(by, "payments.refund", false, approver);
    await settleMemberPaid(tx, intent, deps.now());
    const before = await intentRefunded(tx, intent);
    const { refunds: recorded, leftCents } = await refundFromAttempts(tx, intent.id, amountCents, {
      reason: body.reason,
      actor: by.actor,
      approvedBy: approvedBy?.actor ?? null,
      // given back for good: the order owes that much less (a partial refund is not asked again)
      concession: true,
      now: deps.now(),
    });
    let left = leftCents;
    // the rest from the stored value it paid with, back on the card (the gateway's money goes back first)
    const stored = Math.min(left, intent.status === "paid" ? intent.storedCents - before.storedCents : 0);
    left -= stored;
    if (left > 0) throw new AppError("refundTooLarge");
    const whole = await refundsAll(tx, intent, {
      gatewayCents: before.gatewayCents + amountCents - stored,
      storedCents: before.storedCents + stored,
    });
    await refundMemberParts(tx, intent, {
      key: `staff:${randomUUID()}`,
      storedCents: stored,
      refundCents: amountCents,
      refundedBeforeCents: before.gatewayCents + before.storedCents,
      points: whole ? intent.points : 0,
      actor: by.actor,
      now: deps.now(),
    });
    const closed = whole ? await closeRefundedOrders(tx, intent.id, owned, by.actor, deps.now()) : [];
    await recordAudit(tx, {
      restaurantId,
      by,
      approver: approvedBy,
      action: "payment.refund",
      target: `payment:${intent.id}`,
      before: { status: intent.status },
      after: {
        refund: body.amount,
        reason: body.reason,
        refunds: recorded.map((r) => r.refundNo),
        storedValue: stored,
        closed: closed.map((c) => c.order.id),
      },
    });
    return { refunds: recorded, closed };
  });
  await sendRefunds(deps, refunds);
  await announceClosed(deps, closed, by.actor);
  return { refunds: refunds.map((r) => r.refundNo) };
}

/**
 * Whether a paid order intent is refunded in full once these refunds are counted: the gateway's
 * capture (refunds pending or done) and its stored value (put back on the card) all returned.
 */
async function refundsAll(
  tx: Tx,
  intent: IntentRow,
  refunded: { gatewayCents: number; storedCents: number },
): Promise<boolean> {
  if (intent.kind !== "order" || intent.status !== "paid") return false;
  const { paidCents } = await oneIntentMoney(tx, intent.id);
  return refunded.gatewayCents >= paidCents && refunded.storedCents >= intent.storedCents;
}
