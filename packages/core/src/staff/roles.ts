/**
 * Staff roles and what each may do, as data (issue 17): the server checks a permission on every
 * staff route and socket topic; the console only hides what the server would refuse anyway.
 */
export const STAFF_ROLES = ["owner", "manager", "cashier", "waiter", "kitchen"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Everything a staff route or topic can ask for. */
export const PERMISSIONS = [
  /** the floor: tables, their visits, orders and lines, waiter calls */
  "floor.read",
  /** confirm an order the gate held, mark an order served */
  "orders.accept",
  "orders.serve",
  /** cancel an order (after the kitchen started: with a manager's approval) */
  "orders.cancel",
  /** give a dish for free (always with a manager's approval) */
  "orders.comp",
  "tables.settle",
  /** reopen a settled table (always with a manager's approval) */
  "tables.reverseSettle",
  "tables.clear",
  "calls.ack",
  /** the kitchen display: tickets per station, bump and recall */
  "kitchen.read",
  "kitchen.bump",
  /** print a kitchen ticket again (labelled reprint) or the customer's bill */
  "tickets.reprint",
  "bill.print",
  /** sold out, counted stock, snooze */
  "stock.write",
  /** the POS online switch */
  "pos.write",
  "menu.write",
  "tables.write",
  "settings.write",
  "staff.write",
  "apiKeys.write",
  "audit.read",
  "reports.read",
  /** payments of orders and tables, and the money that needs a person (issue 18) */
  "payments.read",
  /** refunds and asking a provider again (issue 18; a refund always with a manager's approval) */
  "payments.refund",
  /** members (issue 19): look a member up by phone or card number, read their cards and ledgers */
  "members.read",
  /** correct a card's stored value or points: a ledger entry, always with a manager's approval */
  "members.adjust",
  /** freeze a card and unfreeze it */
  "members.freeze",
  /** coupon templates and giving coupons, recharge rules, card types and member days, 满减 offers */
  "members.write",
  /** approve another staff member's sensitive action */
  "approve",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const FRONT: readonly Permission[] = [
  "floor.read",
  "orders.accept",
  "orders.serve",
  "orders.cancel",
  "tables.clear",
  "calls.ack",
  "tickets.reprint",
  "bill.print",
];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== "apiKeys.write"),
  cashier: [
    ...FRONT,
    "orders.comp",
    "tables.settle",
    "tables.reverseSettle",
    "stock.write",
    "reports.read",
    "payments.read",
    "payments.refund",
    "members.read",
    "members.adjust",
  ],
  waiter: FRONT,
  kitchen: ["kitchen.read", "kitchen.bump", "tickets.reprint", "stock.write"],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Actions that always need an approver (owner or manager) besides the actor, unless the actor is one. */
export const ALWAYS_APPROVED: readonly Permission[] = [
  "orders.comp",
  "tables.reverseSettle",
  "payments.refund",
  "members.adjust",
];

/** Whether this role's own say is approval enough for a sensitive action. */
export function approvesOwnActions(role: StaffRole): boolean {
  return roleCan(role, "approve");
}

/**
 * Whether an action needs a second person's approval: always-approved actions, and a cancel once the
 * kitchen has started the order; never when the actor may approve.
 */
export function needsApproval(role: StaffRole, permission: Permission, kitchenStarted = false): boolean {
  if (approvesOwnActions(role)) return false;
  if (ALWAYS_APPROVED.includes(permission)) return true;
  return permission === "orders.cancel" && kitchenStarted;
}
