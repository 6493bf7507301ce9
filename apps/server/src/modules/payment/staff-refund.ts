import { randomUUID } from "node:crypto";
import { AppError, type Approval, yuanToCents } from "@tablemate/core";
import { and, desc, eq } from "drizzle-orm";
import { payAttempts, payIntents } from "../../db/schema.js";
import { checkedApprover, requireApproval, type VerifyApproval } from "../floor/approvals.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import type { PaymentDeps } from "./deps.js";
import { intentRefunded, refundMemberParts, settleMemberPaid } from "./member-effects.js";
import { type RefundRow, recordRefund, sendRefunds } from "./refunds.js";

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
  const refunds = await deps.db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(payIntents)
      .where(and(eq(payIntents.id, intentId), eq(payIntents.restaurantId, restaurantId)))
      .for("update");
    if (!intent) throw new AppError("notFound", "支付记录不存在");
    // a recharge's money is on the card: member/recharge.ts's refundRecharge takes it off first
    if (intent.kind === "recharge") throw new AppError("rechargeRefundByLedger");
    const approvedBy = requireApproval(by, "payments.refund", false, approver);
    const paid = await tx
      .select()
      .from(payAttempts)
      .where(and(eq(payAttempts.intentId, intent.id), eq(payAttempts.status, "paid")))
      .orderBy(desc(payAttempts.id));
    await settleMemberPaid(tx, intent, deps.now());
    const before = await intentRefunded(tx, intent);
    const recorded: RefundRow[] = [];
    let left = amountCents;
    for (const attempt of paid) {
      if (left <= 0) break;
      const take = Math.min(left, attempt.amountCents);
      recorded.push(
        await recordRefund(tx, attempt, {
          amountCents: take,
          reason: body.reason,
          actor: by.actor,
          approvedBy: approvedBy?.actor ?? null,
          now: deps.now(),
        }),
      );
      left -= take;
    }
    // the rest from the stored value it paid with, back on the card (the gateway's money goes back first)
    const stored = Math.min(left, intent.status === "paid" ? intent.storedCents - before.storedCents : 0);
    left -= stored;
    if (left > 0) throw new AppError("refundTooLarge");
    await refundMemberParts(tx, intent, {
      key: `staff:${randomUUID()}`,
      storedCents: stored,
      refundCents: amountCents,
      refundedBeforeCents: before.gatewayCents + before.storedCents,
      actor: by.actor,
      now: deps.now(),
    });
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
      },
    });
    return recorded;
  });
  await sendRefunds(deps, refunds);
  return { refunds: refunds.map((r) => r.refundNo) };
}
