import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  API_KEY_ROLES,
  ATTEMPT_RULES,
  type AttemptState,
  LOGIN_PATTERN,
  loginKey,
  mayManageRole,
  PIN_PATTERN,
  STAFF_ROLES,
  settleAttempt,
  takeAttempt,
} from "../src/index.js";

const rule = ATTEMPT_RULES.account;
const MIN = 60_000;

describe("staff logins, PINs and who manages whom", () => {
  it("takes a phone number or a username as a login, matched case-insensitively", () => {
    for (const ok of ["13800138000", "owner1", "Li.Wei_2", "abc"])
      expect(LOGIN_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["12", "1380013800", "1abc", "ab", "a b", "名字", `a${"b".repeat(32)}`])
      expect(LOGIN_PATTERN.test(bad), bad).toBe(false);
    expect(loginKey(" Owner1 ")).toBe("owner1");
  });

  it("takes 4 to 6 digits as a PIN", () => {
    expect(["1234", "12345", "123456"].every((p) => PIN_PATTERN.test(p))).toBe(true);
    expect(["123", "1234567", "12a4", " 1234"].some((p) => PIN_PATTERN.test(p))).toBe(false);
  });

  it("lets only an owner manage owners, and only staff.write holders manage anyone", () => {
    const table = STAFF_ROLES.map((actor) => [actor, STAFF_ROLES.filter((t) => mayManageRole(actor, t))]);
    expect(Object.fromEntries(table)).toEqual({
      owner: ["owner", "manager", "cashier", "waiter", "kitchen"],
      manager: ["manager", "cashier", "waiter", "kitchen"],
      cashier: [],
      waiter: [],
      kitchen: [],
    });
  });

  it("never gives an API key the owner's role", () => {
    expect(API_KEY_ROLES).not.toContain("owner");
  });
});

describe("failed attempts", () => {
  const fail = (state: AttemptState | null, now: number) => {
    const taken = takeAttempt(state, now, rule);
    return taken.allowed ? settleAttempt(taken.state, false, now, rule) : null;
  };

  it("locks after 5 failures for 15 minutes, refusing even what would succeed, then starts afresh", () => {
    let state: AttemptState | null = null;
    for (let i = 0; i < 5; i++) state = fail(state, i * 1000);
    expect(state?.lockedUntil).toBe(4000 + 15 * MIN);
    expect(takeAttempt(state, 15 * MIN, rule).allowed).toBe(false);
    const later = takeAttempt(state, 4000 + 15 * MIN, rule);
    expect(later).toMatchObject({ allowed: true, state: { failures: 1, lockedUntil: null } });
  });

  it("forgets failures older than the window, and every failure at a forgiven success", () => {
    let state: AttemptState | null = null;
    for (let i = 0; i < 4; i++) state = fail(state, 0);
    expect(takeAttempt(state, 15 * MIN, rule).state.failures).toBe(1);
    const taken = takeAttempt(state, MIN, rule);
    expect(settleAttempt(taken.state, true, MIN, rule, true).failures).toBe(0);
    expect(settleAttempt(taken.state, true, MIN, rule).failures).toBe(4);
  });

  it("reads a count whose window is over and whose lock has ended as no count at all (the server prunes such rows)", () => {
    const rules = Object.values(ATTEMPT_RULES);
    fc.assert(
      fc.property(
        fc.constantFrom(...rules),
        fc.integer({ min: 0, max: 10 }),
        fc.option(fc.integer({ min: 0, max: 15 * MIN }), { nil: null }),
        fc.integer({ min: 0, max: 60 * MIN }),
        (anyRule, failures, lockAfter, beyond) => {
          const windowStart = 0;
          const now = windowStart + anyRule.windowMs + (lockAfter ?? 0) + beyond;
          const state = { failures, windowStart, lockedUntil: lockAfter };
          expect(takeAttempt(state, now, anyRule)).toEqual(takeAttempt(null, now, anyRule));
        },
      ),
    );
  });

  it("never lets more than max attempts be counted in one window, however they interleave", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ dt: fc.integer({ min: 0, max: 30_000 }), ok: fc.boolean(), settle: fc.boolean() }),
          {
            maxLength: 60,
          },
        ),
        (steps) => {
          let state: AttemptState | null = null;
          let now = 0;
          // attempts taken and not yet settled (in flight), and failures in the current window
          const inFlight: number[] = [];
          for (const step of steps) {
            now += step.dt;
            const taken = takeAttempt(state, now, rule);
            if (taken.allowed) inFlight.push(now);
            state = taken.state;
            expect(state.failures).toBeLessThanOrEqual(rule.max);
            if (step.settle && inFlight.length) {
              inFlight.shift();
              state = settleAttempt(state, step.ok, now, rule);
            }
            if (state.lockedUntil !== null) expect(takeAttempt(state, now, rule).allowed).toBe(false);
          }
        },
      ),
    );
  });
});
