import { describe, expect, it } from "vitest";
import { ATTEMPT_STATUSES, type AttemptStatus } from "../../src/contract/payment.js";
import {
  ATTEMPT_MOVES,
  canMoveAttempt,
  canMoveIntent,
  INTENT_STATUSES,
  type IntentStatus,
} from "../../src/payment/attempt-state.js";

describe("an attempt's moves", () => {
  it.each([
    ["pending", "paid", true],
    ["pending", "failed", true],
    ["pending", "closed", true],
    // a late notification: money was captured after we gave up on it, so it is recorded (then refunded)
    ["failed", "paid", true],
    ["closed", "paid", true],
    ["paid", "failed", false],
    ["paid", "closed", false],
    ["paid", "pending", false],
    ["failed", "pending", false],
    ["closed", "failed", false],
    ["failed", "closed", false],
  ] as const)("%s → %s: %s", (from, to, allowed) => {
    expect(canMoveAttempt(from, to)).toBe(allowed);
  });

  it("never moves back to pending, never leaves paid, never stays put", () => {
    for (const from of ATTEMPT_STATUSES) {
      expect(canMoveAttempt(from, "pending")).toBe(false);
      expect(canMoveAttempt(from, from)).toBe(false);
      expect(canMoveAttempt("paid", from as AttemptStatus)).toBe(false);
    }
    expect(Object.keys(ATTEMPT_MOVES).sort()).toEqual([...ATTEMPT_STATUSES].sort());
  });
});

describe("an intent's moves", () => {
  it.each([
    ["open", "paid", true],
    ["open", "cancelled", true],
    ["paid", "open", false],
    ["paid", "cancelled", false],
    ["cancelled", "open", false],
    ["cancelled", "paid", false],
  ] as const)("%s → %s: %s", (from, to, allowed) => {
    expect(canMoveIntent(from, to)).toBe(allowed);
  });

  it("has paid and cancelled as ends", () => {
    for (const to of INTENT_STATUSES) {
      expect(canMoveIntent("paid", to as IntentStatus)).toBe(false);
      expect(canMoveIntent("cancelled", to as IntentStatus)).toBe(false);
    }
  });
});
