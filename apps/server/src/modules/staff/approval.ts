import {
  AppError,
  type Approval,
  ATTEMPT_RULES,
  loginKey,
  needsApproval,
  type Permission,
  roleCan,
} from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { accountByLogin, roleAt } from "./accounts.js";
import { limitedAttempt } from "./attempts.js";
import type { StaffPrincipal } from "./guard.js";
import { decoyHash, PIN_COST, verifySecret } from "./secrets.js";

/**
 * A second staff member's approval of a sensitive action: their login and PIN, typed on the
 * actor's device. The approver must be an enabled member of the restaurant whose role holds
 * "approve" (owner, manager); anything else is 403 approvalInvalid, and an approver login that keeps
 * failing is locked like a sign-in (429). The approver is what recordAudit's `approver` names.
 */
export async function verifyApproval(
  db: Db,
  restaurantId: number,
  approval: Approval,
  now: () => Date = () => new Date(),
): Promise<StaffPrincipal> {
  const limit = { key: `approval:${restaurantId}:${loginKey(approval.login)}`, rule: ATTEMPT_RULES.approval };
  const approver = await limitedAttempt(db, [limit], now, async () => {
    const account = await accountByLogin(db, approval.login);
    const pinOk = await verifySecret(approval.pin, account?.pinHash ?? (await decoyHash(PIN_COST)));
    if (!account || account.disabled || !pinOk) return null;
    const role = await roleAt(db, account.id, restaurantId);
    if (!role || !roleCan(role, "approve")) return null;
    return {
      restaurantId,
      role,
      accountId: account.id,
      apiKeyId: null,
      name: account.name,
      actor: `staff:${account.id}`,
    } satisfies StaffPrincipal;
  });
  if (!approver) throw new AppError("approvalInvalid");
  return approver;
}

/**
 * The approver a staff action needs (core's needsApproval), or null when the actor's own say is
 * enough: a needed approval that is missing is 403 approvalRequired, a wrong one approvalInvalid.
 */
export async function approvalFor(
  db: Db,
  principal: StaffPrincipal,
  permission: Permission,
  approval: Approval | undefined,
  opts: { kitchenStarted?: boolean; now?: () => Date } = {},
): Promise<StaffPrincipal | null> {
  if (!needsApproval(principal.role, permission, opts.kitchenStarted)) return null;
  if (!approval) throw new AppError("approvalRequired");
  return verifyApproval(db, principal.restaurantId, approval, opts.now);
}
