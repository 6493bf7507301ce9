import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FULFILMENT_STEPS, type FulfilmentStep, ORDER_STATUS } from "../src/contract/order.js";
import {
  type FulfilmentOrder,
  fulfilmentChoices,
  fulfilmentKind,
  fulfilmentPermission,
  fulfilmentRefusal,
  fulfilmentText,
  orderProgressText,
  statusAfterStep,
} from "../src/fulfilment.js";
import { ORDER_STATUSES } from "../src/order-status.js";
import { roleCan } from "../src/staff/roles.js";

const { placed, accepted, cooking, cancelled, closed, settled, served } = ORDER_STATUS;

const takeout = (status: number, fulfilment: FulfilmentStep | null = null): FulfilmentOrder => ({
  eatType: "takeout",
  fastSerialNo: null,
  status,
  fulfilment,
});
const reservation = (status: number, fulfilment: FulfilmentStep | null = null): FulfilmentOrder => ({
  eatType: "reserve",
  fastSerialNo: null,
  status,
  fulfilment,
});
const pickUp = (status: number, fulfilment: FulfilmentStep | null = null): FulfilmentOrder => ({
  eatType: "fast",
  fastSerialNo: 7,
  status,
  fulfilment,
});
const dineIn = (status: number): FulfilmentOrder => ({
  eatType: "dine",
  fastSerialNo: null,
  status,
  fulfilment: null,
});

describe("fulfilment moves", () => {
  it("names each order's mode", () => {
    expect(fulfilmentKind(takeout(0))).toBe("takeout");
    expect(fulfilmentKind(reservation(0))).toBe("reserve");
    expect(fulfilmentKind(pickUp(0))).toBe("pickup");
    expect(fulfilmentKind({ eatType: "fast", fastSerialNo: null })).toBeNull();
    expect(fulfilmentKind(dineIn(0))).toBeNull();
  });

  it("takes a takeout 已接单 → 制作中 → 配送中 → 已送达, never back or ahead", () => {
    expect(fulfilmentChoices(takeout(placed))).toEqual([]);
    expect(fulfilmentRefusal(takeout(placed), "delivering")).toBe("wrongStatus");
    expect(fulfilmentChoices(takeout(accepted))).toEqual(["delivering"]);
    expect(fulfilmentChoices(takeout(cooking))).toEqual(["delivering"]);
    expect(fulfilmentRefusal(takeout(cooking), "delivered")).toBe("wrongStep");
    expect(fulfilmentChoices(takeout(cooking, "delivering"))).toEqual(["delivered"]);
    expect(fulfilmentChoices(takeout(served, "delivered"))).toEqual([]);
    expect(fulfilmentRefusal(takeout(cancelled, "delivering"), "delivered")).toBe("wrongStatus");
    expect(fulfilmentRefusal(takeout(cooking), "called")).toBe("wrongMode");
  });

  it("answers a reservation once, before the kitchen starts", () => {
    expect(fulfilmentChoices(reservation(placed))).toEqual(["confirmed", "declined"]);
    expect(fulfilmentChoices(reservation(accepted))).toEqual(["confirmed", "declined"]);
    expect(fulfilmentChoices(reservation(placed, "confirmed"))).toEqual([]);
    expect(fulfilmentRefusal(reservation(placed, "confirmed"), "declined")).toBe("wrongStep");
    expect(fulfilmentRefusal(reservation(cooking), "confirmed")).toBe("wrongStatus");
    expect(fulfilmentRefusal(reservation(cancelled), "declined")).toBe("wrongStatus");
    expect(statusAfterStep("declined")).toBe(cancelled);
    expect(statusAfterStep("confirmed")).toBeNull();
  });

  it("calls a taken pick-up number, again as often as needed", () => {
    expect(fulfilmentChoices(pickUp(placed))).toEqual([]);
    expect(fulfilmentChoices(pickUp(cooking))).toEqual(["called"]);
    expect(fulfilmentChoices(pickUp(settled, "called"))).toEqual(["called"]);
    expect(fulfilmentRefusal(pickUp(cancelled), "called")).toBe("wrongStatus");
    expect(fulfilmentRefusal(pickUp(closed, "called"), "called")).toBe("wrongStatus");
  });

  it("offers a dine-in order nothing", () => {
    for (const status of ORDER_STATUSES) expect(fulfilmentChoices(dineIn(status))).toEqual([]);
  });

  it("offers exactly the moves it accepts, and never moves a final order (property)", () => {
    const order = fc.record({
      eatType: fc.constantFrom("dine", "fast", "takeout", "reserve"),
      fastSerialNo: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
      status: fc.constantFrom(...ORDER_STATUSES),
      fulfilment: fc.option(fc.constantFrom(...FULFILMENT_STEPS), { nil: null }),
    });
    fc.assert(
      fc.property(order, fc.constantFrom(...FULFILMENT_STEPS), (o, to) => {
        const refused = fulfilmentRefusal(o, to);
        expect(fulfilmentChoices(o).includes(to)).toBe(refused === null);
        if (o.status === cancelled || o.status === closed) expect(refused).not.toBeNull();
        if (fulfilmentKind(o) === null) expect(refused).toBe("wrongMode");
        // a step only ever moves on: nothing goes back to a step before the one reached
        if (refused === null && o.fulfilment !== null && o.fulfilment !== to) {
          expect(FULFILMENT_STEPS.indexOf(to)).toBeGreaterThan(FULFILMENT_STEPS.indexOf(o.fulfilment));
        }
      }),
    );
  });
});

describe("who may move it", () => {
  it("asks serve for delivery and calls, accept to confirm, cancel to decline", () => {
    expect(fulfilmentPermission("delivering")).toBe("orders.serve");
    expect(fulfilmentPermission("delivered")).toBe("orders.serve");
    expect(fulfilmentPermission("called")).toBe("orders.serve");
    expect(fulfilmentPermission("confirmed")).toBe("orders.accept");
    expect(fulfilmentPermission("declined")).toBe("orders.cancel");
    for (const step of FULFILMENT_STEPS) expect(roleCan("kitchen", fulfilmentPermission(step))).toBe(false);
  });
});

describe("fulfilment in words", () => {
  it("says the step, 待确认 for an unanswered open reservation, nothing otherwise", () => {
    expect(fulfilmentText(takeout(cooking, "delivering"))).toBe("配送中");
    expect(fulfilmentText(takeout(cooking, "delivered"))).toBe("已送达");
    expect(fulfilmentText(takeout(cooking))).toBeNull();
    expect(fulfilmentText(reservation(placed))).toBe("待确认");
    expect(fulfilmentText(reservation(placed, "confirmed"))).toBe("已确认");
    expect(fulfilmentText(reservation(cancelled, "declined"))).toBe("已拒绝");
    expect(fulfilmentText(reservation(cancelled))).toBeNull();
    expect(fulfilmentText(pickUp(cooking, "called"))).toBe("请取餐");
    expect(fulfilmentText(dineIn(cooking))).toBeNull();
  });
});

describe("an order's progress in one line", () => {
  const held = false;
  it("follows a takeout 已下单 → 已接单 → 制作中 → 配送中 → 已送达", () => {
    expect(orderProgressText({ ...takeout(placed), held })).toBe("已下单");
    expect(orderProgressText({ ...takeout(accepted), held })).toBe("已接单");
    expect(orderProgressText({ ...takeout(cooking), held })).toBe("制作中");
    expect(orderProgressText({ ...takeout(served), held })).toBe("已出餐");
    expect(orderProgressText({ ...takeout(cooking, "delivering"), held })).toBe("配送中");
    expect(orderProgressText({ ...takeout(settled, "delivered"), held })).toBe("已送达");
    expect(orderProgressText({ ...takeout(cancelled, "delivering"), held })).toBe("已取消");
  });

  it("says 待确认 / 已确认 / 已拒绝 for a reservation, 请取餐 for a called number", () => {
    expect(orderProgressText({ ...reservation(placed), held })).toBe("待确认");
    expect(orderProgressText({ ...reservation(placed, "confirmed"), held })).toBe("已确认");
    expect(orderProgressText({ ...reservation(cancelled, "declined"), held })).toBe("已拒绝");
    expect(orderProgressText({ ...reservation(cooking, "confirmed"), held })).toBe("制作中");
    expect(orderProgressText({ ...reservation(served, "confirmed"), held })).toBe("已上菜");
    expect(orderProgressText({ ...pickUp(cooking), held })).toBe("制作中");
    expect(orderProgressText({ ...pickUp(served), held })).toBe("已出餐");
    expect(orderProgressText({ ...pickUp(settled, "called"), held })).toBe("请取餐");
  });

  it("keeps a dine-in order's words, 待确认 while the gate holds it", () => {
    expect(orderProgressText({ ...dineIn(placed), held: true })).toBe("待确认");
    expect(orderProgressText({ ...dineIn(served), held })).toBe("已上菜");
    expect(orderProgressText({ ...dineIn(3), held })).toBe("处理中");
  });
});
