import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { needsApproval, PERMISSIONS, ROLE_PERMISSIONS, roleCan, STAFF_ROLES } from "../src/index.js";

describe("staff roles as data", () => {
  it("the owner may do everything; the kitchen only its station's work and stock", () => {
    for (const p of PERMISSIONS) expect(roleCan("owner", p)).toBe(true);
    expect(ROLE_PERMISSIONS.kitchen).toEqual([
      "kitchen.read",
      "kitchen.bump",
      "tickets.reprint",
      "stock.write",
    ]);
    expect(roleCan("waiter", "tables.settle")).toBe(false);
    expect(roleCan("waiter", "payments.refund")).toBe(false);
    expect(roleCan("cashier", "menu.write")).toBe(false);
    expect(roleCan("manager", "apiKeys.write")).toBe(false);
  });

  it("members: the cashier looks up and adjusts (with approval), managers freeze and set the rules", () => {
    for (const role of ["waiter", "kitchen"] as const)
      for (const p of ["members.read", "members.adjust", "members.freeze", "members.write"] as const)
        expect(roleCan(role, p), `${role} ${p}`).toBe(false);
    expect(roleCan("cashier", "members.read")).toBe(true);
    expect(roleCan("cashier", "members.adjust")).toBe(true);
    expect(needsApproval("cashier", "members.adjust")).toBe(true);
    expect(roleCan("cashier", "members.freeze")).toBe(false);
    expect(roleCan("cashier", "members.write")).toBe(false);
    expect(roleCan("manager", "members.freeze")).toBe(true);
    expect(roleCan("manager", "members.write")).toBe(true);
    expect(needsApproval("manager", "members.adjust")).toBe(false);
  });

  it("every role's permissions are known ones, each listed once", () => {
    for (const role of STAFF_ROLES) {
      const listed = ROLE_PERMISSIONS[role];
      expect(new Set(listed).size).toBe(listed.length);
      for (const p of listed) expect(PERMISSIONS).toContain(p);
    }
  });

  it("a sensitive action needs an approver unless the actor may approve", () => {
    expect(needsApproval("cashier", "orders.comp")).toBe(true);
    expect(needsApproval("cashier", "payments.refund")).toBe(true);
    expect(needsApproval("waiter", "orders.cancel", false)).toBe(false);
    expect(needsApproval("waiter", "orders.cancel", true)).toBe(true);
    expect(needsApproval("manager", "orders.comp")).toBe(false);
    fc.assert(
      fc.property(fc.constantFrom(...PERMISSIONS), fc.boolean(), (p, started) => {
        expect(needsApproval("owner", p, started)).toBe(false);
        if (
          ![
            "orders.comp",
            "tables.reverseSettle",
            "payments.refund",
            "members.adjust",
            "orders.cancel",
          ].includes(p)
        ) {
          expect(needsApproval("waiter", p, started)).toBe(false);
        }
      }),
    );
  });
});
