import { AppError, mayManageRole, type StaffMember, type StaffRole } from "@tablemate/core";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { staffAccounts, staffMemberships } from "../../db/schema.js";
import {
  accountById,
  addMembership,
  assertPinFree,
  hashAccountSecrets,
  insertAccount,
  type NewAccount,
  type StaffDeps,
} from "./accounts.js";
import { recordAudit } from "./audit.js";
import type { StaffPrincipal } from "./guard.js";
import { hashSecret, PIN_COST } from "./secrets.js";
import { revokeAccountSessions } from "./sessions.js";

/** A restaurant's staff: every member, disabled ones included, in the order they were added. */
export async function listStaff(db: Db, restaurantId: number): Promise<StaffMember[]> {
  const rows = await db
    .select({ account: staffAccounts, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(staffAccounts, eq(staffMemberships.accountId, staffAccounts.id))
    .where(eq(staffMemberships.restaurantId, restaurantId))
    .orderBy(asc(staffMemberships.createdAt), asc(staffAccounts.id));
  return rows.map(({ account, role }) => ({
    accountId: account.id,
    login: account.login,
    name: account.name,
    role,
    disabled: account.disabled,
    createdAt: account.createdAt.toISOString(),
  }));
}

const target = (accountId: number) => `staff:${accountId}`;

/** Adds a staff member with a new account (409 loginTaken, pinTaken); only an owner adds an owner. */
export async function createStaff(
  deps: StaffDeps,
  by: StaffPrincipal,
  input: NewAccount & { role: StaffRole },
): Promise<StaffMember> {
  if (!mayManageRole(by.role, input.role)) throw new AppError("ownerOnly");
  const hashes = await hashAccountSecrets(input, deps.passwordCost);
  const at = deps.now();
  const accountId = await deps.db.transaction(async (tx) => {
    await assertPinFree(tx, [by.restaurantId], input.pin);
    const account = await insertAccount(tx, input, hashes, at);
    await addMembership(tx, account.id, by.restaurantId, input.role);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "staff.create",
      target: target(account.id),
      after: { login: account.login, name: account.name, role: input.role },
    });
    return account.id;
  });
  const member = (await listStaff(deps.db, by.restaurantId)).find((m) => m.accountId === accountId);
  if (!member) throw new AppError("staffNotFound");
  return member;
}

/**
 * The member being managed, locked for the change: 404 when not a member of the caller's
 * restaurant; 403 ownerOnly for a manager touching an owner. Account-wide changes (PIN, password,
 * disabled) also need the caller to manage the account at every other restaurant it works at
 * (403 accountElsewhere), so one restaurant's manager cannot lock a staff member out of another.
 */
async function lockMember(
  tx: Tx,
  by: StaffPrincipal,
  accountId: number,
  accountWide: boolean,
): Promise<{ role: StaffRole; memberships: Array<{ restaurantId: number; role: StaffRole }> }> {
  // the restaurant's memberships first: staff changes at one restaurant go one at a time, so two
  // owners demoting or disabling each other at once cannot leave it without one
  await tx
    .select({ accountId: staffMemberships.accountId })
    .from(staffMemberships)
    .where(eq(staffMemberships.restaurantId, by.restaurantId))
    .orderBy(asc(staffMemberships.accountId))
    .for("update");
  const memberships = await tx
    .select({ restaurantId: staffMemberships.restaurantId, role: staffMemberships.role })
    .from(staffMemberships)
    .where(eq(staffMemberships.accountId, accountId))
    .orderBy(asc(staffMemberships.restaurantId))
    .for("update");
  const here = memberships.find((m) => m.restaurantId === by.restaurantId);
  if (!here) throw new AppError("staffNotFound");
  if (!mayManageRole(by.role, here.role)) throw new AppError("ownerOnly");
  if (accountWide)
    for (const m of memberships) {
      if (m.restaurantId === by.restaurantId) continue;
      const mine = by.accountId === null ? [] : await rolesOf(tx, by.accountId, m.restaurantId);
      if (!mine.some((role) => mayManageRole(role, m.role))) throw new AppError("accountElsewhere");
    }
  return { role: here.role, memberships };
}

async function rolesOf(tx: Tx, accountId: number, restaurantId: number): Promise<StaffRole[]> {
  const rows = await tx
    .select({ role: staffMemberships.role })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.accountId, accountId), eq(staffMemberships.restaurantId, restaurantId)));
  return rows.map((r) => r.role);
}

/** Whether another enabled owner than `accountId` remains at the restaurant. */
async function otherOwnerRemains(tx: Tx, restaurantId: number, accountId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: staffAccounts.id })
    .from(staffMemberships)
    .innerJoin(staffAccounts, eq(staffMemberships.accountId, staffAccounts.id))
    .where(
      and(
        eq(staffMemberships.restaurantId, restaurantId),
        eq(staffMemberships.role, "owner"),
        eq(staffAccounts.disabled, false),
        ne(staffAccounts.id, accountId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Changes a member's role at the caller's restaurant (only an owner makes or unmakes an owner; one stays). */
export async function changeRole(deps: StaffDeps, by: StaffPrincipal, accountId: number, role: StaffRole) {
  if (!mayManageRole(by.role, role)) throw new AppError("ownerOnly");
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, by, accountId, false);
    if (member.role === role) return;
    if (member.role === "owner" && !(await otherOwnerRemains(tx, by.restaurantId, accountId)))
      throw new AppError("lastOwner");
    await tx
      .update(staffMemberships)
      .set({ role })
      .where(
        and(eq(staffMemberships.accountId, accountId), eq(staffMemberships.restaurantId, by.restaurantId)),
      );
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "staff.role",
      target: target(accountId),
      before: { role: member.role },
      after: { role },
    });
  });
}

/** Sets a member's PIN (unique among the members of each restaurant they work at). */
export async function resetPin(deps: StaffDeps, by: StaffPrincipal, accountId: number, pin: string) {
  const pinHash = await hashSecret(pin, PIN_COST);
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, by, accountId, true);
    await assertPinFree(
      tx,
      member.memberships.map((m) => m.restaurantId),
      pin,
      accountId,
    );
    await tx.update(staffAccounts).set({ pinHash }).where(eq(staffAccounts.id, accountId));
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "staff.pin.reset",
      target: target(accountId),
    });
  });
}

/** Sets a member's password; every session of theirs ends. */
export async function resetPassword(
  deps: StaffDeps,
  by: StaffPrincipal,
  accountId: number,
  password: string,
) {
  const passwordHash = await hashSecret(password, deps.passwordCost);
  await deps.db.transaction(async (tx) => {
    await lockMember(tx, by, accountId, true);
    const at = deps.now();
    await tx
      .update(staffAccounts)
      .set({ passwordHash, passwordChangedAt: at })
      .where(eq(staffAccounts.id, accountId));
    await revokeAccountSessions(tx, accountId, at);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "staff.password.reset",
      target: target(accountId),
    });
  });
}

/** Disables (every session ends, sign-in refused) or enables a member's account; never one's own, never the last owner. */
export async function setDisabled(deps: StaffDeps, by: StaffPrincipal, accountId: number, disabled: boolean) {
  if (disabled && by.accountId === accountId) throw new AppError("selfDisable");
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, by, accountId, true);
    const account = await accountById(tx, accountId);
    if (!account) throw new AppError("staffNotFound");
    if (account.disabled === disabled) return;
    if (disabled)
      for (const m of member.memberships)
        if (m.role === "owner" && !(await otherOwnerRemains(tx, m.restaurantId, accountId)))
          throw new AppError("lastOwner");
    const at = deps.now();
    await tx.update(staffAccounts).set({ disabled }).where(eq(staffAccounts.id, accountId));
    if (disabled) await revokeAccountSessions(tx, accountId, at);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: disabled ? "staff.disable" : "staff.enable",
      target: target(accountId),
      before: { disabled: account.disabled },
      after: { disabled },
    });
  });
}
