import { EMPTY_CHOICE } from "@tablemate/core";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CartBar } from "../src/features/cart/index.js";
import { fillCart, lineOf, startedAtTable } from "./checkout-harness.js";
import { CUCUMBER } from "./dish-fixtures.js";
import { LINK, LINK_QUERY, renderOnMenu } from "./dish-harness.js";
import { restaurant, TABLE, TABLE_ID } from "./fixtures.js";

const button = () =>
  within(screen.getByTestId("cart-bar")).getAllByRole("button").at(-1) as HTMLButtonElement;

async function barWith(overrides: Parameters<typeof startedAtTable>[0] = {}, query = LINK, count = "1") {
  startedAtTable(overrides);
  const page = renderOnMenu(<CartBar />, `/main?${query}`);
  await fillCart([lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, count)]);
  return page;
}

describe("the to-order button (spec 000 §4)", () => {
  it("reads 已打烊 and is disabled outside business hours or when locked", async () => {
    await barWith({ restaurant: restaurant({ hotelLock: true }) });
    expect(button().textContent).toBe("已打烊");
    expect(button().disabled).toBe(true);
  });

  it("takes a reservation while closed now (it is for later), not a dine-in order", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 22:30 in Shanghai, the fixtures' zone: closed at 10:00-22:00
    vi.setSystemTime(new Date("2026-11-24T14:30:00.000Z"));
    try {
      const closed = restaurant({ businessTime: "10:00-22:00" });
      const page = await barWith({ restaurant: closed }, `${LINK}&reserve=1`);
      expect(button().textContent).toBe("去下单");
      fireEvent.click(button());
      expect(page.where().path).toBe("/supplyInfo");
      cleanup();
      await barWith({ restaurant: closed });
      expect(button().textContent).toBe("已打烊");
      expect(button().disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says how much takeout is short of its start price, disabled", async () => {
    await barWith({ restaurant: restaurant({ startPrice: 36.5 }) }, `${LINK}&takeout=1`, "2");
    expect(button().textContent).toBe("还差¥12.5起送");
    expect(button().disabled).toBe(true);
  });

  it("reads 选好了 for quick-service and prepayment, 去下单 otherwise", async () => {
    await barWith({ restaurant: restaurant({ restaurantFastHotel: true, foodTakingMode: 2 }) });
    expect(button().textContent).toBe("选好了");
  });

  it("reads 选好了 in prepayment", async () => {
    await barWith({ isPrepayment: true });
    expect(button().textContent).toBe("选好了");
  });

  it("leads dine-in to /order/subOrder with the main-order parameters", async () => {
    const page = await barWith({}, `${LINK}&mainOrderId=30&mainWxId=w-0001&realTableId=${TABLE_ID}`);
    expect(button().textContent).toBe("去下单");
    fireEvent.click(button());
    expect(page.where()).toEqual({
      path: "/order/subOrder",
      query: { ...LINK_QUERY, mainOrderId: "30", mainWxId: "w-0001", realTableId: String(TABLE_ID) },
    });
  });

  it.each([
    ["reservation", {}, `${LINK}&reserve=1`, "/supplyInfo"],
    ["takeout at its start price", {}, `${LINK}&takeout=1`, "/supplyInfo"],
    ["quick-service mode 1", { restaurantFastHotel: true, foodTakingMode: 1 as const }, LINK, "/supplyInfo"],
    [
      "quick-service mode 2",
      { restaurantFastHotel: true, foodTakingMode: 2 as const },
      LINK,
      "/order/subOrder",
    ],
    // no table asked after the scan: the order page first, with the note (issue 25)
    [
      "quick-service without a mode",
      { restaurantFastHotel: true, foodTakingMode: 0 as const },
      LINK,
      "/order/subOrder",
    ],
  ])("leads %s to its page", async (_, detail, query, path) => {
    const page = await barWith({ restaurant: restaurant(detail) }, query);
    fireEvent.click(button());
    expect(page.where().path).toBe(path);
  });

  it("leads a counter seat (table type 6) straight to /order/subOrder", async () => {
    const page = await barWith({
      restaurant: restaurant({ restaurantFastHotel: true, foodTakingMode: 0 }),
      table: { ...TABLE, tableType: 6 },
    });
    fireEvent.click(button());
    expect(page.where().path).toBe("/order/subOrder");
  });
});
