import { API, type OrderPayload, type SupplyInfo } from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CheckoutState,
  updateCheckout,
  useCheckoutStore,
} from "../src/features/checkout/checkout-store.js";
import { fillCart, lineOf, orderDetail, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { CUCUMBER } from "./dish-fixtures.js";
import { LINK } from "./dish-harness.js";
import { fakeServer, ok } from "./fake-server.js";
import { GUID, restaurant, TABLE_ID } from "./fixtures.js";

/** Tuesday 2026-11-24, 22:30 in Shanghai (the fixtures' zone): 宴遇私房菜-like hours have closed. */
const CLOSED_NOW = new Date("2026-11-24T14:30:00.000Z");
const LUNCH_TO_LATE = restaurant({ businessTime: "10:00-22:00" });

/** The reservation a diner fills in, as the form keeps it. */
const BOOKED: SupplyInfo = {
  phone: "13812345678",
  code: "",
  name: "王先生",
  sex: "1",
  num: 4,
  time: "2026-11-27 12:00",
  memo: "",
  address: "",
};

// the phone's clock only: timers stay real, so the page's waits work
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(CLOSED_NOW);
});
afterEach(() => vi.useRealTimers());

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
const next = () => fireEvent.click(screen.getByRole("button", { name: "下一步" }));
const timeButton = (label: string) => screen.getByRole("button", { name: label });

async function openSheet(label: string): Promise<HTMLElement> {
  fireEvent.click(timeButton(label));
  return screen.findByRole("dialog", { name: `选择${label}` });
}

const rowOf = (testId: string) => {
  const row = screen.getByTestId(testId);
  return [
    row.querySelector(".fact-row__label")?.textContent,
    row.querySelector(".fact-row__value")?.textContent,
  ];
};

describe("the booked time on /supplyInfo", () => {
  it("offers a reservation, while closed now, the days ahead from opening time, every quarter", async () => {
    fakeServer();
    startedAtTable({ restaurant: LUNCH_TO_LATE });
    const page = renderOrderPages(`/supplyInfo?${LINK}&reserve=1`);
    await screen.findByTestId("supply-page");
    expect(timeButton("预订时间").textContent).toBe("请选择");
    fill("手机号", "13812345678");
    fill("联系人", "王先生");
    fireEvent.change(screen.getByRole("spinbutton", { name: "人数" }), { target: { value: "4" } });
    next();
    // a reservation needs its time
    expect(screen.getByText("请选择预订时间")).toBeTruthy();
    expect(page.where().path).toBe("/supplyInfo");

    const sheet = await openSheet("预订时间");
    // today has closed: tomorrow first, then the days to the seventh
    expect(
      within(sheet)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual([
      "明天 2026-11-25",
      "周四 2026-11-26",
      "周五 2026-11-27",
      "周六 2026-11-28",
      "周日 2026-11-29",
      "周一 2026-11-30",
    ]);
    const times = () =>
      within(sheet)
        .getAllByRole("option")
        .map((o) => o.textContent);
    expect(times()).toHaveLength(48);
    expect(times().slice(0, 3)).toEqual(["10:00", "10:15", "10:30"]);
    expect(times().at(-1)).toBe("21:45");
    // no 尽快 for a reservation
    expect(within(sheet).queryByRole("button", { name: "尽快" })).toBeNull();
    fireEvent.click(within(sheet).getByRole("tab", { name: "周五 2026-11-27" }));
    expect(within(sheet).getByRole("tab", { selected: true }).textContent).toBe("周五 2026-11-27");
    fireEvent.click(within(sheet).getByRole("option", { name: "12:00" }));
    await waitFor(() => expect(timeButton("预订时间").textContent).toBe("2026-11-27 12:00"));
    expect(screen.queryByText("请选择预订时间")).toBeNull();

    next();
    expect(page.where().path).toBe("/order/subOrder");
    expect(useCheckoutStore.getState().supply).toMatchObject({ num: 4, time: "2026-11-27 12:00" });
  });

  it("offers today's later times when open now, and refuses a time that has passed by 下一步", async () => {
    vi.setSystemTime(new Date("2026-11-24T04:07:00.000Z")); // 12:07 in Shanghai
    fakeServer();
    startedAtTable({ restaurant: LUNCH_TO_LATE });
    renderOrderPages(`/supplyInfo?${LINK}&reserve=1`);
    await screen.findByTestId("supply-page");
    fill("手机号", "13812345678");
    fill("联系人", "王先生");
    const sheet = await openSheet("预订时间");
    expect(within(sheet).getAllByRole("tab")[0]?.textContent).toBe("今天 2026-11-24");
    expect(within(sheet).getAllByRole("tab")).toHaveLength(7);
    const first = within(sheet).getAllByRole("option")[0] as HTMLElement;
    expect(first.textContent).toBe("12:15");
    fireEvent.click(first);
    await waitFor(() => expect(timeButton("预订时间").textContent).toBe("2026-11-24 12:15"));
    vi.setSystemTime(new Date("2026-11-24T04:20:00.000Z"));
    next();
    expect(screen.getByText("所选时间已过，请重新选择")).toBeTruthy();
  });

  it("offers takeout 尽快 (the default) or a time later today", async () => {
    vi.setSystemTime(new Date("2026-11-24T12:50:00.000Z")); // 20:50 in Shanghai
    fakeServer();
    startedAtTable({ restaurant: LUNCH_TO_LATE });
    renderOrderPages(`/supplyInfo?${LINK}&takeout=1`);
    await screen.findByTestId("supply-page");
    expect(timeButton("送达时间").textContent).toBe("尽快");
    const sheet = await openSheet("送达时间");
    expect(
      within(sheet)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["今天 2026-11-24"]);
    expect(
      within(sheet)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["21:00", "21:15", "21:30", "21:45"]);
    fireEvent.click(within(sheet).getByRole("option", { name: "21:30" }));
    await waitFor(() => expect(timeButton("送达时间").textContent).toBe("2026-11-24 21:30"));
    const again = await openSheet("送达时间");
    expect(within(again).getByRole("option", { selected: true }).textContent).toBe("21:30");
    fireEvent.click(within(again).getByRole("button", { name: "尽快" }));
    await waitFor(() => expect(timeButton("送达时间").textContent).toBe("尽快"));
  });

  it("calls a quick-service pick-up's time 取餐时间", async () => {
    fakeServer();
    startedAtTable({ restaurant: restaurant({ restaurantFastHotel: true, foodTakingMode: 1 }) });
    renderOrderPages(`/supplyInfo?${LINK}`);
    await screen.findByTestId("supply-page");
    expect(timeButton("取餐时间").textContent).toBe("尽快");
  });
});

describe("the reservation on the order page and the order's detail", () => {
  async function atSubOrder(checkout: Partial<CheckoutState>) {
    startedAtTable({ restaurant: LUNCH_TO_LATE });
    await fillCart([
      lineOf(CUCUMBER.dishesId, { normId: null, methodIds: [], additions: [], parts: [] }, "1"),
    ]);
    updateCheckout(checkout);
    return renderOrderPages(`/order/subOrder?${LINK}&reserve=1`);
  }

  it("shows the party size and the time, and sends them (the party size as the diner count)", async () => {
    const server = fakeServer({
      [API.cartPeriodSale]: () => ok({ state: 1, isAll: false, expriedFoodIds: [], unsalableFoods: [] }, 200),
      [API.orderSubmit]: () => ok({ orderId: 31, mainWxId: GUID, realTableId: TABLE_ID }),
    });
    const page = await atSubOrder({ supply: BOOKED });
    await screen.findByTestId("supply-facts");
    expect(screen.getByText("王先生 13812345678")).toBeTruthy();
    expect(rowOf("supply-people")).toEqual(["人数", "4人"]);
    expect(rowOf("supply-time")).toEqual(["预订时间", "2026-11-27 12:00"]);
    // asked once: the form's party size is the order's count
    expect(screen.queryByRole("combobox", { name: "用餐人数" })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "提交订单" })));
    await waitFor(() => expect(page.where().path).toBe("/order/detail"));
    const payload = JSON.parse(server.last(API.orderSubmit)?.form.get("data") ?? "{}") as OrderPayload;
    expect(payload).toMatchObject({ reserve: "1", num: 4, personNum: 4, time: "2026-11-27 12:00" });
  });

  it("shows the order's party size and booked time on its detail", async () => {
    const reserve = { ...BOOKED, memo: "靠窗" };
    fakeServer({
      [`${API.orderDetail}/31`]: () => ok(orderDetail({ eatType: "reserve", personNum: 4, reserve }), 200),
    });
    startedAtTable({ restaurant: LUNCH_TO_LATE });
    renderOrderPages(`/order/detail?${LINK}&reserve=1&orderId=31`);
    await screen.findByTestId("supply-facts");
    expect(screen.getByText("王先生 13812345678")).toBeTruthy();
    expect(rowOf("supply-people")).toEqual(["人数", "4人"]);
    expect(rowOf("supply-time")).toEqual(["预订时间", "2026-11-27 12:00"]);
    expect(screen.getByText("靠窗")).toBeTruthy();
    expect(screen.queryByText("用餐人数")).toBeNull();
  });

  it("shows a takeout with no time as 尽快", async () => {
    fakeServer({
      [`${API.orderDetail}/31`]: () =>
        ok(
          orderDetail({ eatType: "takeout", reserve: { ...BOOKED, time: "", address: "国定路335号" } }),
          200,
        ),
    });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&takeout=1&orderId=31`);
    await screen.findByTestId("supply-facts");
    expect(rowOf("supply-time")).toEqual(["送达时间", "尽快"]);
    expect(screen.getByText("国定路335号")).toBeTruthy();
  });
});
