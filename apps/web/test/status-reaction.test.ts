import { describe, expect, it } from "vitest";
import { type StatusContext, statusReaction } from "../src/features/order/status-reaction.js";

const on = (overrides: Partial<StatusContext>): StatusContext => ({
  status: 0,
  page: "menu",
  addingToOrder: false,
  own: false,
  ...overrides,
});

describe("what a type 12 status asks of the diner (spec 001 §4)", () => {
  it("7: the settled alert on the menu while adding to an order, else only recorded", () => {
    expect(statusReaction(on({ status: 7, addingToOrder: true }))).toBe("settled");
    expect(statusReaction(on({ status: 7 }))).toBe("record");
    expect(statusReaction(on({ status: 7, page: "order", addingToOrder: true }))).toBe("record");
  });

  it("4: a tablemate's cancel on an order page; never the diner's own", () => {
    expect(statusReaction(on({ status: 4, page: "order" }))).toBe("companionCancelled");
    expect(statusReaction(on({ status: 4, page: "order", own: true }))).toBe("record");
    expect(statusReaction(on({ status: 4, addingToOrder: true }))).toBe("record");
  });

  it("5: a new order wherever the diner is in that order", () => {
    expect(statusReaction(on({ status: 5, addingToOrder: true }))).toBe("newOrder");
    expect(statusReaction(on({ status: 5, page: "order" }))).toBe("newOrder");
    expect(statusReaction(on({ status: 5 }))).toBe("record");
    expect(statusReaction(on({ status: 5, page: "other", addingToOrder: true }))).toBe("record");
  });

  it("1, 2, 8 and 0 are only recorded", () => {
    for (const status of [0, 1, 2, 8]) {
      expect(statusReaction(on({ status, page: "order", addingToOrder: true }))).toBe("record");
    }
  });
});
