import { API, type StaffRole } from "@tablemate/core";
import {
  accountByLogin,
  addMembership,
  hashAccountSecrets,
  insertAccount,
  type NewAccount,
} from "../../src/modules/staff/accounts.js";
import { SESSION_COOKIE } from "../../src/modules/staff/sessions.js";
import type { TestApp } from "./harness.js";

/** Each app's signed-in staff, by restaurant and role: one account each, signed in once. */
const signedIn = new WeakMap<TestApp, Map<string, Promise<Record<string, string>>>>();

/** The login, password and PIN of the account staffHeaders made for a role at a restaurant (its PIN is unique there). */
export function testStaff(restaurantId: number, role: StaffRole): NewAccount {
  const n = STAFF_ROLES_ORDER.indexOf(role);
  return {
    login: `t${restaurantId}-${role}`,
    name: `测试${role}`,
    password: `pw-${role}-${restaurantId}-secret`,
    pin: `90${restaurantId % 10}${n}`,
  };
}
const STAFF_ROLES_ORDER: StaffRole[] = ["owner", "manager", "cashier", "waiter", "kitchen"];

/**
 * The headers a staff member of `role` at a restaurant sends. Every server test reaches staff
 * routes through this: the first call for a role makes an account with that role there (through
 * the staff module's own functions) and signs it in over HTTP; the session cookie is the answer.
 */
export async function staffHeaders(
  app: TestApp,
  restaurantId: number,
  role: StaffRole = "owner",
): Promise<Record<string, string>> {
  let byKey = signedIn.get(app);
  if (!byKey) {
    byKey = new Map();
    signedIn.set(app, byKey);
  }
  const key = `${restaurantId}:${role}`;
  let headers = byKey.get(key);
  if (!headers) {
    headers = makeStaff(app, restaurantId, role);
    byKey.set(key, headers);
  }
  return headers;
}

async function makeStaff(
  app: TestApp,
  restaurantId: number,
  role: StaffRole,
): Promise<Record<string, string>> {
  const staff = testStaff(restaurantId, role);
  const hashes = await hashAccountSecrets(staff, 10);
  await app.db.transaction(async (tx) => {
    const account = await insertAccount(tx, staff, hashes, new Date());
    await addMembership(tx, account.id, restaurantId, role);
  });
  return signIn(app, staff.login, staff.password);
}

/** Signs in over HTTP and answers the session cookie as headers (throws unless signed in). */
export async function signIn(app: TestApp, login: string, password: string): Promise<Record<string, string>> {
  const answer = await app.server.inject({
    method: "POST",
    url: API.consoleSession,
    payload: { login, password },
  });
  const cookie = answer.cookies.find((c) => c.name === SESSION_COOKIE);
  if (answer.statusCode !== 200 || !cookie)
    throw new Error(`sign-in as ${login}: ${answer.statusCode} ${answer.body}`);
  return { cookie: `${SESSION_COOKIE}=${cookie.value}` };
}

/** What events and the audit log name the staffHeaders account of a role at a restaurant: `staff:<account id>`. */
export async function staffActor(
  app: TestApp,
  restaurantId: number,
  role: StaffRole = "owner",
): Promise<string> {
  await staffHeaders(app, restaurantId, role);
  const account = await accountByLogin(app.db, testStaff(restaurantId, role).login);
  if (!account) throw new Error(`no ${role} at restaurant ${restaurantId}`);
  return `staff:${account.id}`;
}
