import { API, MSG, TIMING } from "@tablemate/core";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { emitTableEvent } from "../src/features/cart/table-events.js";
import { MenuTopBar } from "../src/features/menu/MenuTopBar.js";
import { startedAtTable } from "./checkout-harness.js";
import { renderOnMenu } from "./dish-harness.js";
import { fail, fakeServer, type Handler } from "./fake-server.js";
import { restaurant, TABLE_ID } from "./fixtures.js";

const bell = () => screen.getByRole("button", { name: "呼叫服务员" }) as HTMLButtonElement;
const answered: Handler = () => ({
  body: { code: 200, success: true, data: { tableNo: TABLE_ID }, message: "已通知服务员，请稍候" },
});

describe("the call-waiter bell (spec 000 §4, §7)", () => {
  it("calls the waiter of a pay-later table, says so, and rests 60 seconds", async () => {
    const server = fakeServer({ [API.callWaiter]: answered });
    startedAtTable();
    renderOnMenu(<MenuTopBar />);
    const start = Date.now();
    let now = start;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    await act(async () => fireEvent.click(bell()));
    expect(await screen.findByText("已通知服务员，请稍候")).toBeTruthy();
    const call = server.last(API.callWaiter);
    expect([call?.form.get("rid"), call?.form.get("tableNo"), call?.form.has("model")]).toEqual([
      "7",
      String(TABLE_ID),
      false,
    ]);
    await waitFor(() => expect(bell().disabled).toBe(true));
    // the rest outlives the page: a menu opened again within the minute still rests
    cleanup();
    now = start + TIMING.callWaiterCooldownMs - 1;
    renderOnMenu(<MenuTopBar />);
    expect(bell().disabled).toBe(true);
    cleanup();
    now = start + TIMING.callWaiterCooldownMs;
    renderOnMenu(<MenuTopBar />);
    expect(bell().disabled).toBe(false);
  });

  it("rings again once a waiter acknowledges the call (socket type 40), saying 服务员已收到", async () => {
    fakeServer({ [API.callWaiter]: answered });
    startedAtTable();
    renderOnMenu(<MenuTopBar />);
    await act(async () => fireEvent.click(bell()));
    await waitFor(() => expect(bell().disabled).toBe(true));
    const message = {
      type: MSG.waiterAnswered,
      code: 1000,
      socketId: "s-40",
      tableId: TABLE_ID,
      callId: 3,
    } as const;
    act(() => emitTableEvent({ answered: message }));
    await waitFor(() => expect(bell().disabled).toBe(false));
    expect(await screen.findByText("服务员已收到")).toBeTruthy();
  });

  it("notifies the staff in prepayment, with model 1", async () => {
    const server = fakeServer({ [API.prepayNotify]: answered });
    startedAtTable({ isPrepayment: true });
    renderOnMenu(<MenuTopBar />);
    await act(async () => fireEvent.click(bell()));
    await waitFor(() => expect(server.last(API.prepayNotify)?.form.get("model")).toBe("1"));
  });

  it("says 呼叫失败 when the call fails, and stays ready", async () => {
    fakeServer({ [API.callWaiter]: () => fail(401, "x", 401) });
    startedAtTable();
    renderOnMenu(<MenuTopBar />);
    await act(async () => fireEvent.click(bell()));
    expect(await screen.findByText("呼叫失败")).toBeTruthy();
    expect(bell().disabled).toBe(false);
  });

  it.each([
    ["the service is off", { wctCallService: false }],
    ["the register is older than 2.17.06", { serverVersion: "2.17.05" }],
  ])("has no bell where %s", (_, off) => {
    startedAtTable({ restaurant: restaurant(off) });
    renderOnMenu(<MenuTopBar />);
    expect(screen.queryByRole("button", { name: "呼叫服务员" })).toBeNull();
    expect(screen.getByRole("button", { name: "刷新" })).toBeTruthy();
  });
});
