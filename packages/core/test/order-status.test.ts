import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../src/contract/order.js";
import { orderStatusSchema } from "../src/contract/staff.js";
import {
  canMoveOrder,
  isOrderStatus,
  nextStatuses,
  ORDER_STATUSES,
  statusesMovableTo,
  takesOrder,
} from "../src/order-status.js";

/** Every allowed move, written out: from → the statuses it may go to. */
const ALLOWED: Array<[number, number[]]> = [
  [0, [1, 2, 4, 7, 8]],
  [1, [2, 4, 7, 8]],
  [2, [4, 7, 8]],
  [8, [7]],
  [7, [5]],
  [4, []],
  [5, []],
];

const FINAL = [ORDER_STATUS.cancelled, ORDER_STATUS.closed];
const status = fc.constantFrom(...ORDER_STATUSES);

describe("order status moves", () => {
  it("allows exactly the moves of the table", () => {
    for (const [from, to] of ALLOWED) {
      expect([...nextStatuses(from)].sort()).toEqual(to);
      for (const other of ORDER_STATUSES) expect(canMoveOrder(from, other)).toBe(to.includes(other));
    }
    expect(ALLOWED.map(([from]) => from).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("refuses unknown statuses either side", () => {
    expect(nextStatuses(3)).toEqual([]);
    expect(canMoveOrder(3, 7)).toBe(false);
    expect(canMoveOrder(0, 3)).toBe(false);
    expect(canMoveOrder(0, -1)).toBe(false);
    expect(isOrderStatus(6)).toBe(false);
    expect(isOrderStatus(8)).toBe(true);
  });

  it("settles from every open status, and takes the order when it leaves 0 for 1 or 2", () => {
    expect(statusesMovableTo(ORDER_STATUS.settled).sort()).toEqual([0, 1, 2, 8]);
    expect(statusesMovableTo(ORDER_STATUS.placed)).toEqual([]);
    expect(takesOrder(0, 1)).toBe(true);
    expect(takesOrder(0, 2)).toBe(true);
    expect(takesOrder(1, 2)).toBe(false);
    expect(takesOrder(0, 8)).toBe(false);
  });

  it("never leaves a final status, and never stays where it is", () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (FINAL.some((s) => s === from)) expect(canMoveOrder(from, to)).toBe(false);
        if (from === to) expect(canMoveOrder(from, to)).toBe(false);
      }),
    );
  });

  it("reaches every status from 0, and every walk ends in a final status within 5 moves (0, 1, 2, 8, 7, 5 at most)", () => {
    const seen = new Set<number>([ORDER_STATUS.placed]);
    for (let frontier = [0]; frontier.length; ) {
      frontier = frontier.flatMap((s) => nextStatuses(s).filter((n) => !seen.has(n)));
      for (const s of frontier) seen.add(s);
    }
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());

    // a walk picks any allowed move at each step: no cycle means it always stops at a final status
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 10, maxLength: 10 }), (picks) => {
        let at: number = ORDER_STATUS.placed;
        const visited = [at];
        for (const pick of picks) {
          const next = nextStatuses(at);
          const chosen = next[pick % Math.max(next.length, 1)];
          if (chosen === undefined) break;
          at = chosen;
          visited.push(at);
        }
        expect(new Set(visited).size).toBe(visited.length);
        expect(visited.length).toBeLessThanOrEqual(6);
        expect(FINAL.some((s) => s === at)).toBe(true);
      }),
    );
  });

  it("reads a status from a form or a query string, and nothing else", () => {
    expect(orderStatusSchema.parse("7")).toBe(7);
    expect(orderStatusSchema.parse(5)).toBe(5);
    for (const bad of ["3", "x", "", " ", "-1", "7.5", 9, null])
      expect(orderStatusSchema.safeParse(bad).success).toBe(false);
  });
});
