import { AppError, loginKey, type StaffRole } from "@tablemate/core";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { restaurants, staffAccounts, staffMemberships } from "../../db/schema.js";
import { hashSecret, PIN_COST, verifySecret } from "./secrets.js";

/** What staff features need: the database, the clock, and the password hash's cost (log2 of scrypt's N). */
export interface StaffDeps {
  db: Db;
  now: () => Date;
  passwordCost: number;
}

export type Account = typeof staffAccounts.$inferSelect;

export async function accountByLogin(db: Db | Tx, login: string): Promise<Account | undefined> {
  const [account] = await db
    .select()
    .from(staffAccounts)
    .where(sql`lower(${staffAccounts.login}) = ${loginKey(login)}`);
  return account;
}

export async function accountById(db: Db | Tx, id: number): Promise<Account | undefined> {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return account;
}

export interface NewAccount {
  login: string;
  name: string;
  password: string;
  pin: string;
}

/** The hashes of a new account's secrets, made before its transaction (scrypt takes a while). */
export async function hashAccountSecrets(
  account: NewAccount,
  passwordCost: number,
): Promise<{ passwordHash: string; pinHash: string }> {
  const [passwordHash, pinHash] = await Promise.all([
    hashSecret(account.password, passwordCost),
    hashSecret(account.pin, PIN_COST),
  ]);
  return { passwordHash, pinHash };
}

/** Inserts an account (409 loginTaken for a login already used, whatever its case). */
export async function insertAccount(
  tx: Tx,
  account: Pick<NewAccount, "login" | "name">,
  hashes: { passwordHash: string; pinHash: string },
  at: Date,
): Promise<Account> {
  if (await accountByLogin(tx, account.login)) throw new AppError("loginTaken");
  const [row] = await tx
    .insert(staffAccounts)
    .values({
      login: account.login.trim(),
      name: account.name,
      ...hashes,
      passwordChangedAt: at,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning();
  // a concurrent insert of the same login won the unique index between the check and the insert
  if (!row) throw new AppError("loginTaken");
  return row;
}

export async function addMembership(tx: Tx, accountId: number, restaurantId: number, role: StaffRole) {
  await tx.insert(staffMemberships).values({ accountId, restaurantId, role });
}

export interface MembershipView {
  id: number;
  name: string;
  role: StaffRole;
  timezone: string;
}

/** The restaurants an account works at, with its role at each (by restaurant id). */
export async function membershipsOf(db: Db | Tx, accountId: number): Promise<MembershipView[]> {
  return db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      role: staffMemberships.role,
      timezone: restaurants.timezone,
    })
    .from(staffMemberships)
    .innerJoin(restaurants, eq(staffMemberships.restaurantId, restaurants.id))
    .where(eq(staffMemberships.accountId, accountId))
    .orderBy(asc(restaurants.id));
}

export async function roleAt(
  db: Db | Tx,
  accountId: number,
  restaurantId: number,
): Promise<StaffRole | null> {
  const [row] = await db
    .select({ role: staffMemberships.role })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.accountId, accountId), eq(staffMemberships.restaurantId, restaurantId)));
  return row?.role ?? null;
}

/** The enabled members of these restaurants (each account once), with their PIN hashes. */
async function enabledMembers(db: Db | Tx, restaurantIds: number[]) {
  if (!restaurantIds.length) return [];
  const rows = await db
    .select({ account: staffAccounts, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(staffAccounts, eq(staffMemberships.accountId, staffAccounts.id))
    .where(and(inArray(staffMemberships.restaurantId, restaurantIds), eq(staffAccounts.disabled, false)))
    .orderBy(asc(staffAccounts.id));
  return rows.filter((row, i) => rows[i - 1]?.account.id !== row.account.id);
}

/** The enabled member of a restaurant whose PIN this is, with their role there (PINs are unique per restaurant). */
export async function memberByPin(
  db: Db | Tx,
  restaurantId: number,
  pin: string,
): Promise<{ account: Account; role: StaffRole } | null> {
  for (const member of await enabledMembers(db, [restaurantId]))
    if (await verifySecret(pin, member.account.pinHash))
      return { account: member.account, role: member.role };
  return null;
}

/**
 * A PIN picks the staff member at a restaurant, so no two enabled members of a restaurant share one:
 * 409 pinTaken when another member of any of these restaurants has it.
 */
export async function assertPinFree(
  db: Db | Tx,
  restaurantIds: number[],
  pin: string,
  exceptAccountId?: number,
): Promise<void> {
  for (const member of await enabledMembers(db, restaurantIds)) {
    if (member.account.id === exceptAccountId) continue;
    if (await verifySecret(pin, member.account.pinHash)) throw new AppError("pinTaken");
  }
}
