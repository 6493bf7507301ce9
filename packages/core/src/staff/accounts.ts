import { roleCan, type StaffRole } from "./roles.js";

/**
 * Staff accounts' rules (issue 17): what a login, a password and a PIN look like, who may manage whom,
 * and how failed attempts lock. Pure; the server and the console both ask these.
 */

/** A login is a mainland mobile number or a username (letters first; letters, digits, `_.-`). */
export const LOGIN_PATTERN = /^(?:1\d{10}|[A-Za-z][A-Za-z0-9_.-]{2,31})$/;
/** Logins are unique and matched case-insensitively: `Owner1` and `owner1` are one login. */
export function loginKey(login: string): string {
  return login.trim().toLowerCase();
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** A PIN is 4 to 6 digits: quick to type on a shared tablet, limited per device and address. */
export const PIN_PATTERN = /^\d{4,6}$/;

/** The longest a staff session lives (fixed from sign-in; no sliding renewal). */
export const SESSION_HOURS = 12;

/**
 * Who may manage an account of `target` role (create it, change its role to or from it, reset its
 * PIN or password, disable it): anyone with staff.write, except that only an owner manages owners.
 */
export function mayManageRole(actor: StaffRole, target: StaffRole): boolean {
  if (!roleCan(actor, "staff.write")) return false;
  return target !== "owner" || actor === "owner";
}

/** API keys are machine credentials: never an owner's power (no managing keys or owners by key). */
export const API_KEY_ROLES = [
  "manager",
  "cashier",
  "waiter",
  "kitchen",
] as const satisfies readonly StaffRole[];
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
/** Every API key starts with this, so a Bearer credential is known to be one without a lookup. */
export const API_KEY_PREFIX = "tmk_";

/** A limit on failed attempts of one kind, kept per key (an account, an address, a device). */
export interface AttemptRule {
  /** failures within the window that lock the key */
  max: number;
  windowMs: number;
  /** how long a key stays locked once it reaches max */
  lockMs: number;
}

const MINUTE = 60_000;
export const ATTEMPT_RULES = {
  /** per account: 5 failures lock it for 15 minutes (the right password included) */
  account: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** per address: 20 failures in 15 minutes, across every account it tries */
  address: { max: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** PIN switch per signed-in device */
  pinDevice: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** PIN switch per address */
  pinAddress: { max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** approvals per approver login at a restaurant */
  approval: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, AttemptRule>;

/** What a key has on record: failures counted since windowStart, and a lock while lockedUntil is ahead. */
export interface AttemptState {
  failures: number;
  windowStart: number;
  lockedUntil: number | null;
}

/**
 * Taking an attempt: refused while locked (or once max attempts are in flight); otherwise the
 * attempt counts as a failure at once (so concurrent attempts cannot pass the limit together) and
 * a success gives it back (settleAttempt).
 */
export function takeAttempt(
  state: AttemptState | null,
  now: number,
  rule: AttemptRule,
): { allowed: boolean; state: AttemptState } {
  if (state?.lockedUntil !== null && state?.lockedUntil !== undefined && state.lockedUntil > now)
    return { allowed: false, state };
  const fresh =
    !state || state.lockedUntil !== null || now - state.windowStart >= rule.windowMs
      ? { failures: 0, windowStart: now, lockedUntil: null }
      : state;
  if (fresh.failures >= rule.max) return { allowed: false, state: fresh };
  return { allowed: true, state: { ...fresh, failures: fresh.failures + 1 } };
}

/**
 * The outcome of an attempt taken: a failure that reaches max locks the key; a success gives the
 * attempt back, or forgets every failure when `forgive` (an account that signed in).
 */
export function settleAttempt(
  state: AttemptState,
  succeeded: boolean,
  now: number,
  rule: AttemptRule,
  forgive = false,
): AttemptState {
  if (succeeded)
    return forgive
      ? { failures: 0, windowStart: now, lockedUntil: null }
      : { ...state, failures: Math.max(0, state.failures - 1) };
  if (state.failures >= rule.max && state.lockedUntil === null)
    return { ...state, lockedUntil: now + rule.lockMs };
  return state;
}
