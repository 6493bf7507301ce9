import { AppError, type Approval, needsApproval, type Permission } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import type { StaffPrincipal } from "../staff/guard.js";

/**
 * Checks a manager's approval (login and PIN) at a restaurant: the approver, or 403 (staff/approval.ts's
 * verifyApproval, given by buildApp).
 */
export type VerifyApproval = (db: Db, restaurantId: number, approval: Approval) => Promise<StaffPrincipal>;

/**
 * The approver a body names, checked before the action's transaction (so a wrong PIN changes nothing);
 * null when the body names none.
 */
export async function checkedApprover(
  verify: VerifyApproval,
  db: Db,
  restaurantId: number,
  approval: Approval | undefined,
): Promise<StaffPrincipal | null> {
  return approval ? verify(db, restaurantId, approval) : null;
}

/**
 * Inside the action's transaction, once the locked row says whether the kitchen started: the approver
 * the action needs (core's needsApproval), or "approvalRequired" when it needs one and has none.
 * Answers null when no approval is needed (the approver named anyway is not recorded).
 */
export function requireApproval(
  principal: StaffPrincipal,
  permission: Permission,
  kitchenStarted: boolean,
  approver: StaffPrincipal | null,
): StaffPrincipal | null {
  if (!needsApproval(principal.role, permission, kitchenStarted)) return null;
  if (!approver) throw new AppError("approvalRequired");
  return approver;
}
