import { API, MSG } from "@tablemate/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { emitTableEvent } from "../src/features/cart/table-events.js";
import { useCheckoutStore } from "../src/features/checkout/checkout-store.js";
import { orderDetail, orderNews, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { LINK, LINK_QUERY } from "./dish-harness.js";
import { fakeServer, ok } from "./fake-server.js";
import { restaurant } from "./fixtures.js";

const detailRoute = `${API.orderDetail}/31`;
/** The staff's move heard at the table (type 12) for order 31. */
const news = (status: number) => orderNews(MSG.orderStatus, "staff:1", { orderId: 31, status });
const PAID = { payId: 1, payType: "测试支付", money: "20", paid: true, test: true, mine: true };

/** Each mode as its diners expect (issue 25): the supply form, the order's progress and its buttons. */
describe("a takeout's order page", () => {
  it("follows 配送中 without table words, 加菜 or 手机买单", async () => {
    const takeout = orderDetail({
      eatType: "takeout",
      takeout: true,
      status: 1,
      fulfilment: "delivering",
      orderNeedMoney: "0.00",
      pays: [PAID],
      reserve: {
        name: "王先生",
        phone: "13812345678",
        sex: "1",
        num: 2,
        time: "",
        memo: "",
        address: "国定路335号",
      },
    });
    fakeServer({ [detailRoute]: () => ok(takeout, 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31&takeout=1`);
    // paid first, as a takeout is: its step with 已支付 beside it
    expect((await screen.findByTestId("order-status")).textContent).toBe("配送中 · 已支付");
    expect(screen.getByText("配送信息")).toBeTruthy();
    expect(screen.queryByTestId("order-table")).toBeNull();
    expect(screen.queryByText("人数")).toBeNull();
    expect(screen.queryByText("用餐人数")).toBeNull();
    expect(screen.queryByRole("button", { name: "加菜" })).toBeNull();
    expect(screen.queryByRole("button", { name: "手机买单" })).toBeNull();
    // paid first: nothing to cancel either
    expect(screen.queryByRole("button", { name: "取消订单" })).toBeNull();
  });

  it("offers 去支付, never 手机买单, while it is due", async () => {
    const due = orderDetail({ eatType: "takeout", takeout: true, status: 0, orderNeedMoney: "58.00" });
    fakeServer({ [detailRoute]: () => ok(due, 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31&takeout=1`);
    expect(await screen.findByRole("button", { name: "去支付" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "手机买单" })).toBeNull();
    expect(screen.getByRole("button", { name: "取消订单" })).toBeTruthy();
  });
});

describe("a quick-service pick-up", () => {
  it("shows the number large, and 请取餐 the moment the counter calls it", async () => {
    let called = false;
    const detail = () =>
      orderDetail({
        eatType: "fast",
        fastSerialNo: "007",
        status: 2,
        pays: [PAID],
        orderNeedMoney: "0.00",
        fulfilment: called ? "called" : null,
        calledCount: called ? 1 : 0,
      });
    fakeServer({ [detailRoute]: () => ok(detail(), 200) });
    startedAtTable({ restaurant: restaurant({ restaurantFastHotel: true }) });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    const board = await screen.findByTestId("pickup-board");
    expect(screen.getByTestId("order-serial").textContent).toBe("007");
    expect(screen.getByTestId("order-status").textContent).toBe("制作中");
    expect(board.dataset.called).toBeUndefined();
    // a paid counter order went to the kitchen: no 取消订单
    expect(screen.queryByRole("button", { name: "取消订单" })).toBeNull();
    called = true;
    act(() => emitTableEvent({ message: news(2), fromTablemate: false }));
    await waitFor(() => expect(screen.getByTestId("order-status").textContent).toBe("请取餐"));
    expect(screen.getByTestId("pickup-board").dataset.called).toBe("true");
  });

  it("asks a pick-up's supply form only its time and a note, no reservation fields", async () => {
    fakeServer();
    startedAtTable({ restaurant: restaurant({ restaurantFastHotel: true, foodTakingMode: 1 }) });
    const page = renderOrderPages(`/supplyInfo?${LINK}`);
    await screen.findByTestId("supply-page");
    expect(screen.getByText("取餐信息")).toBeTruthy();
    for (const gone of ["手机号", "联系人", "称呼", "人数", "先生", "女士"])
      expect(screen.queryByText(gone)).toBeNull();
    expect(screen.getByRole("button", { name: "取餐时间" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(page.where()).toEqual({ path: "/order/subOrder", query: LINK_QUERY });
    expect(useCheckoutStore.getState().supply).toMatchObject({ time: "", phone: "", name: "" });
  });
});

describe("a reservation's form and page", () => {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });

  it("takes a field's red error away as soon as the field is fixed", async () => {
    fakeServer();
    startedAtTable();
    renderOrderPages(`/supplyInfo?${LINK}&reserve=1`);
    await screen.findByTestId("supply-page");
    fireEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(screen.getByText("请输入正确的手机号")).toBeTruthy();
    expect(screen.getByText("请填写联系人")).toBeTruthy();
    fill("手机号", "13812345678");
    expect(screen.queryByText("请输入正确的手机号")).toBeNull();
    expect(screen.getByText("请填写联系人")).toBeTruthy();
    fill("联系人", "王先生");
    expect(screen.queryByText("请填写联系人")).toBeNull();
  });

  it("says 待确认, then 已确认 when the restaurant answers", async () => {
    let answered: "confirmed" | "declined" | null = null;
    const reservation = () =>
      orderDetail({
        eatType: "reserve",
        status: answered === "declined" ? 4 : 0,
        fulfilment: answered,
        reserve: {
          name: "王先生",
          phone: "13812345678",
          sex: "1",
          num: 4,
          time: "2026-11-29 12:00",
          memo: "",
          address: "",
        },
      });
    fakeServer({ [detailRoute]: () => ok(reservation(), 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31&reserve=1`);
    expect((await screen.findByTestId("order-status")).textContent).toBe("待确认");
    expect(screen.getByText("预订信息")).toBeTruthy();
    answered = "confirmed";
    act(() => emitTableEvent({ message: news(0), fromTablemate: false }));
    await waitFor(() => expect(screen.getByTestId("order-status").textContent).toBe("已确认"));
    answered = "declined";
    act(() => emitTableEvent({ message: news(4), fromTablemate: false }));
    await waitFor(() => expect(screen.getByTestId("order-status").textContent).toBe("已拒绝"));
  });
});
