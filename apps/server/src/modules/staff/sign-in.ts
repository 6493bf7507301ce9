import { AppError, ATTEMPT_RULES, loginKey, type StaffSession } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { staffAccounts } from "../../db/schema.js";
import { type Account, accountByLogin, memberByPin, membershipsOf, type StaffDeps } from "./accounts.js";
import { type AttemptLimit, limitedAttempt } from "./attempts.js";
import { recordAudit } from "./audit.js";
import { decoyHash, hashSecret, verifySecret } from "./secrets.js";
import { revokeAccountSessions, revokeSession, type Session, startSession } from "./sessions.js";

/** What a session answers: the account, and the restaurants it acts for with the role at each. */
export async function sessionView(
  deps: Pick<StaffDeps, "db">,
  account: Account,
  session: Pick<Session, "restaurantId">,
): Promise<StaffSession> {
  const memberships = await membershipsOf(deps.db, account.id);
  return {
    account: { id: account.id, name: account.name, login: account.login },
    restaurants: memberships.filter((m) => session.restaurantId === null || m.id === session.restaurantId),
  };
}

const signInLimits = (login: string, address: string): AttemptLimit[] => [
  { key: `login:${loginKey(login)}`, rule: ATTEMPT_RULES.account, forgiveOnSuccess: true },
  { key: `address:${address}`, rule: ATTEMPT_RULES.address },
];

/**
 * Sign-in with login and password: 401 loginFailed for an unknown login, a wrong password or a
 * disabled account alike (each takes one scrypt, so their timing agrees); 429 once the login or the
 * address has failed too often, the right password included.
 */
export async function signIn(
  deps: StaffDeps,
  input: { login: string; password: string; address: string },
): Promise<{ token: string; view: StaffSession }> {
  const account = await limitedAttempt(
    deps.db,
    signInLimits(input.login, input.address),
    deps.now,
    async () => {
      const found = await accountByLogin(deps.db, input.login);
      const matches = await verifySecret(
        input.password,
        found?.passwordHash ?? (await decoyHash(deps.passwordCost)),
      );
      return found && matches && !found.disabled ? found : null;
    },
  );
  if (!account) throw new AppError("loginFailed");
  const token = await startSession(deps.db, account.id, null, deps.now());
  return { token, view: await sessionView(deps, account, { restaurantId: null }) };
}

/**
 * A quick staff change on a shared tablet: on a device signed in at the restaurant, the PIN picks
 * the member who takes over. The device's session ends and the new one acts for that restaurant
 * only. Limited per device and per address.
 */
export async function pinSwitch(
  deps: StaffDeps,
  current: { session: Session; account: Account },
  input: { restaurantId: number; pin: string; address: string },
): Promise<{ token: string; view: StaffSession }> {
  const { restaurantId } = input;
  const actsThere = (await membershipsOf(deps.db, current.account.id)).some((m) => m.id === restaurantId);
  if (!actsThere || (current.session.restaurantId !== null && current.session.restaurantId !== restaurantId))
    throw new AppError("staffForbidden");
  const limits: AttemptLimit[] = [
    { key: `pin-device:${current.session.id}`, rule: ATTEMPT_RULES.pinDevice },
    { key: `pin-address:${input.address}`, rule: ATTEMPT_RULES.pinAddress },
  ];
  const member = await limitedAttempt(deps.db, limits, deps.now, () =>
    memberByPin(deps.db, restaurantId, input.pin),
  );
  if (!member) throw new AppError("pinFailed");
  const at = deps.now();
  const token = await deps.db.transaction(async (tx) => {
    await revokeSession(tx, current.session.id, at);
    const started = await startSession(tx, member.account.id, restaurantId, at);
    await recordAudit(tx, {
      restaurantId,
      by: { actor: `staff:${member.account.id}`, name: member.account.name },
      action: "session.pinSwitch",
      target: `staff:${member.account.id}`,
      before: { actor: `staff:${current.account.id}`, name: current.account.name },
      after: { actor: `staff:${member.account.id}`, name: member.account.name, role: member.role },
    });
    return started;
  });
  return { token, view: await sessionView(deps, member.account, { restaurantId }) };
}

/**
 * Changes one's own password: the current one must match (403 currentPasswordWrong, limited as
 * sign-ins are); every other session of the account ends. Written to the audit log of each of the
 * account's restaurants (never the password).
 */
export async function changeOwnPassword(
  deps: StaffDeps,
  current: { session: Session; account: Account },
  input: { currentPassword: string; newPassword: string; address: string },
): Promise<void> {
  const { account } = current;
  const ok = await limitedAttempt(deps.db, signInLimits(account.login, input.address), deps.now, async () =>
    (await verifySecret(input.currentPassword, account.passwordHash)) ? true : null,
  );
  if (!ok) throw new AppError("currentPasswordWrong");
  const passwordHash = await hashSecret(input.newPassword, deps.passwordCost);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ passwordHash, passwordChangedAt: at })
      .where(eq(staffAccounts.id, account.id));
    await revokeAccountSessions(tx, account.id, at, current.session.id);
    for (const m of await membershipsOf(tx, account.id))
      await recordAudit(tx, {
        restaurantId: m.id,
        by: { actor: `staff:${account.id}`, name: account.name },
        action: "staff.password.change",
        target: `staff:${account.id}`,
      });
  });
}
