import { describe, expect, it } from "vitest";
import {
  goesToPay,
  offersTablePicker,
  queryFlag,
  toOrderDestination,
  toOrderEnabled,
  toOrderState,
} from "../src/checkout.js";

const clock = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return { weekday: 3, minutes: h * 60 + m };
};
const base = {
  businessTime: "10:00-22:00",
  hotelLock: false,
  restaurantFastHotel: false,
  foodTakingMode: 0 as 0 | 1 | 2,
  startPrice: 50,
};

describe("the to-order button (spec 000 §4)", () => {
  it("is closed outside business hours or when the hotel is locked", () => {
    const input = { query: {}, total: 10, isPrepayment: false };
    expect(toOrderState({ ...input, restaurant: base, clock: clock("09:59") })).toEqual({ kind: "closed" });
    expect(toOrderState({ ...input, restaurant: base, clock: clock("22:00") })).toEqual({ kind: "closed" });
    expect(
      toOrderState({ ...input, restaurant: { ...base, hotelLock: true }, clock: clock("12:00") }).kind,
    ).toBe("closed");
    expect(toOrderState({ ...input, restaurant: base, clock: clock("10:00") }).kind).toBe("order");
  });

  it("takes a reservation while closed now (it is for later), but not when the hotel is locked", () => {
    const input = { query: { reserve: "1" }, total: 10, isPrepayment: false };
    expect(toOrderState({ ...input, restaurant: base, clock: clock("22:30") }).kind).toBe("order");
    expect(toOrderState({ ...input, restaurant: base, clock: clock("06:00") }).kind).toBe("order");
    expect(
      toOrderState({ ...input, restaurant: { ...base, hotelLock: true }, clock: clock("12:00") }).kind,
    ).toBe("closed");
    // takeout is for now
    expect(
      toOrderState({ ...input, query: { takeout: "1" }, restaurant: base, clock: clock("22:30") }).kind,
    ).toBe("closed");
  });

  it("says how much takeout is short of its start price, exactly", () => {
    const state = toOrderState({
      restaurant: base,
      query: { takeout: "1" },
      total: "37.5",
      clock: clock("12:00"),
      isPrepayment: false,
    });
    expect(state.kind).toBe("short");
    expect(state.kind === "short" && state.short.toString()).toBe("12.5");
    expect(toOrderEnabled(state, false)).toBe(false);
    const reached = toOrderState({
      restaurant: base,
      query: { takeout: "1" },
      total: 50,
      clock: clock("12:00"),
      isPrepayment: false,
    });
    expect(reached.kind).toBe("order");
  });

  it("reads 选好了 for quick-service and prepayment, 去下单 otherwise", () => {
    const at = (restaurant: typeof base, isPrepayment: boolean) =>
      toOrderState({ restaurant, query: {}, total: 1, clock: clock("12:00"), isPrepayment }).kind;
    expect(at({ ...base, restaurantFastHotel: true }, false)).toBe("chosen");
    expect(at(base, true)).toBe("chosen");
    expect(at(base, false)).toBe("order");
  });

  it("is disabled with an empty cart", () => {
    expect(toOrderEnabled({ kind: "order" }, true)).toBe(false);
    expect(toOrderEnabled({ kind: "order" }, false)).toBe(true);
    expect(toOrderEnabled({ kind: "closed" }, false)).toBe(false);
  });

  it("leads where 000 §4 says, quick-service without a food-taking mode to the order page first", () => {
    const fast = { restaurantFastHotel: true, foodTakingMode: 0 as 0 | 1 | 2 };
    const dine = { restaurantFastHotel: false, foodTakingMode: 0 as 0 | 1 | 2 };
    expect(toOrderDestination(dine, { reserve: "1" })).toBe("supplyInfo");
    expect(toOrderDestination(dine, { takeout: "1" })).toBe("supplyInfo");
    expect(toOrderDestination({ ...fast, foodTakingMode: 1 }, {})).toBe("supplyInfo");
    expect(toOrderDestination({ ...fast, foodTakingMode: 2 }, {})).toBe("subOrder");
    // the old register's 阿婆粥铺: the review with the note, on the scanned table (issue 25)
    expect(toOrderDestination(fast, {})).toBe("subOrder");
    expect(toOrderDestination(dine, { takeout: "0" })).toBe("subOrder");
  });

  it("offers the table picker on the order page only for quick-service without a mode, off a counter seat", () => {
    const fast = { restaurantFastHotel: true, foodTakingMode: 0 as 0 | 1 | 2 };
    expect(offersTablePicker(fast, {}, 1)).toBe(true);
    expect(offersTablePicker(fast, {}, 6)).toBe(false);
    expect(offersTablePicker({ ...fast, foodTakingMode: 1 }, {}, 1)).toBe(false);
    expect(offersTablePicker({ ...fast, foodTakingMode: 2 }, {}, 1)).toBe(false);
    expect(offersTablePicker({ ...fast, restaurantFastHotel: false }, {}, 1)).toBe(false);
    expect(offersTablePicker(fast, { takeout: "1" }, 1)).toBe(false);
    expect(offersTablePicker(fast, { reserve: "1" }, 1)).toBe(false);
  });

  it("reads link flags as present and not 0", () => {
    expect([undefined, "", "0", "1"].map(queryFlag)).toEqual([false, false, false, true]);
  });

  it("goes to pay for quick-service, or prepayment with no order to add to", () => {
    expect(goesToPay({ isPrepayment: false, fastFood: true, takeout: false, addingToOrder: false })).toBe(
      true,
    );
    expect(goesToPay({ isPrepayment: true, fastFood: false, takeout: false, addingToOrder: false })).toBe(
      true,
    );
    expect(goesToPay({ isPrepayment: true, fastFood: false, takeout: false, addingToOrder: true })).toBe(
      false,
    );
    expect(goesToPay({ isPrepayment: false, fastFood: false, takeout: false, addingToOrder: false })).toBe(
      false,
    );
    expect(goesToPay({ isPrepayment: false, fastFood: false, takeout: true, addingToOrder: false })).toBe(
      true,
    );
  });
});
