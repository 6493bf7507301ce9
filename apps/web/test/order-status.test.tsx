import { API, MSG, type TableMessage } from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CartBar } from "../src/features/cart/index.js";
import { emitTableEvent } from "../src/features/cart/table-events.js";
import { updateCheckout, useCheckoutStore } from "../src/features/checkout/checkout-store.js";
import { useAppStore } from "../src/store/app-store.js";
import { loadSearchObj, saveSearchObj, toSearchObj } from "../src/store/search-obj.js";
import {
  type OrderNewsFields,
  orderDetail,
  orderNews,
  renderOrderPages,
  startedAtTable,
} from "./checkout-harness.js";
import { LINK, LINK_QUERY } from "./dish-harness.js";
import { fakeServer, ok } from "./fake-server.js";
import { GUID, TABLE_ID } from "./fixtures.js";

/** Dialogs load antd-mobile on first use: a full parallel run needs longer than 1 s. */
const DIALOG_WAIT = { timeout: 5000 };
const SETTLED = "收银端已进行结账，您可重新扫码进行点餐";
/** the query of the menu while adding to an order */
const adding = (mainOrderId: number) =>
  `mainOrderId=${mainOrderId}&mainWxId=main-guid-0001&realTableId=${TABLE_ID}`;

/** The staff side's type 12 message (the same shape as a diner's cancel): staff is the actor. */
function statusMessage(status: number, fields: OrderNewsFields = {}): TableMessage {
  return orderNews(MSG.orderStatus, "staff", { orderId: 30, status, ...fields });
}

const hear = (message: TableMessage, fromTablemate = true) =>
  act(() => emitTableEvent({ message, fromTablemate }));

/** The menu with its cart bar, which listens for the table's order news on /main and /search. */
const menu = (
  <>
    <p>菜单页</p>
    <CartBar />
  </>
);

/** Started at the table while adding to an order, as a reload of that menu would keep it. */
function startedAddingTo(mainOrderId: number): void {
  const searchObj = toSearchObj({
    ...LINK_QUERY,
    mainOrderId: String(mainOrderId),
    mainWxId: "main-guid-0001",
  });
  saveSearchObj(searchObj);
  startedAtTable({ isPrepayment: true, SearchObj: searchObj });
  updateCheckout({ wholeMemo: "少放辣" });
}

describe("type 12: the order's status reaches the diner (spec 001 §4)", () => {
  it("status 7 while adding to an order: the alert once, then the settled main order, a new order next", async () => {
    fakeServer({ [`${API.orderDetail}/30`]: () => ok(orderDetail({ orderId: 30, status: 7 }), 200) });
    startedAddingTo(30);
    const page = renderOrderPages(`/main?${LINK}&${adding(30)}`, menu);
    await screen.findByTestId("cart-bar");
    // settling the table settles the order and its addition: one message each, one alert
    hear(statusMessage(7, { orderId: 33 }));
    hear(statusMessage(7));
    await screen.findByText(SETTLED, {}, DIALOG_WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [text, ...more] = screen.getAllByText(SETTLED);
    expect(more).toHaveLength(0);
    const dialog = text?.closest("[role=dialog]") as HTMLElement;
    fireEvent.click(within(dialog).getByRole("button", { name: "我知道了" }));
    await waitFor(() =>
      expect(page.where()).toEqual({ path: "/order/detail", query: { ...LINK_QUERY, orderId: "30" } }),
    );
    expect((await screen.findByTestId("order-status")).textContent).toBe("已结账");
    expect(loadSearchObj().mainOrderId).toBeUndefined();
    expect(useAppStore.getState().SearchObj.mainOrderId).toBeUndefined();
    expect(useCheckoutStore.getState().wholeMemo).toBe("");
  });

  it("status 7 on a menu not adding to an order: nothing interrupts the diner", async () => {
    fakeServer();
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/main?${LINK}`, menu);
    await screen.findByTestId("cart-bar");
    const before = screen.queryAllByText(SETTLED).length;
    hear(statusMessage(7));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByText(SETTLED).length).toBeLessThanOrEqual(before);
    expect(page.where()).toEqual({ path: "/main", query: LINK_QUERY });
  });

  it("order.new-order-start: status 5, a new order from the start page, the order being added to forgotten", async () => {
    fakeServer();
    startedAddingTo(32);
    const page = renderOrderPages(`/main?${LINK}&${adding(32)}`, menu);
    await screen.findByTestId("cart-bar");
    hear(statusMessage(5, { orderId: 32 }));
    await waitFor(() => expect(page.where()).toEqual({ path: "/main", query: LINK_QUERY }));
    expect(loadSearchObj()).toEqual(toSearchObj(LINK_QUERY));
    expect(useAppStore.getState().SearchObj).toEqual(toSearchObj(LINK_QUERY));
    expect(useCheckoutStore.getState().wholeMemo).toBe("");
  });

  it("status 2 on the order's detail: asked again, the new status shown", async () => {
    let status = 1;
    const detailRoute = `${API.orderDetail}/31`;
    const server = fakeServer({ [detailRoute]: () => ok(orderDetail({ status }), 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect((await screen.findByTestId("order-status")).textContent).toBe("已接单");
    status = 2;
    hear(statusMessage(2, { orderId: 31 }));
    await waitFor(() => expect(screen.getByTestId("order-status").textContent).toBe("制作中"));
    expect(server.requests.filter((r) => r.path === detailRoute)).toHaveLength(2);
    // another order's news leaves this one alone
    hear(statusMessage(8, { orderId: 29 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((r) => r.path === detailRoute)).toHaveLength(2);
  });

  it("a tablemate pays: the order's page, asked again at once, says 已支付, nothing due, and offers no 取消订单", async () => {
    let paid = false;
    const detailRoute = `${API.orderDetail}/31`;
    const paidPay = { payId: 1, payType: "测试支付", money: "32", paid: true, test: true, mine: false };
    const server = fakeServer({
      [detailRoute]: () =>
        ok(
          orderDetail({
            status: 0,
            orderNeedMoney: paid ? "0.00" : "32.00",
            totalPaidMoney: paid ? "32.00" : "0.00",
            pays: paid ? [paidPay] : [],
          }),
          200,
        ),
    });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect((await screen.findByTestId("order-status")).textContent).toBe("已下单");
    expect(screen.getByRole("button", { name: "取消订单" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "去支付" })).toBeTruthy();
    // the other phone's payment: the server's type 12 from the payment, the order's status unchanged
    paid = true;
    hear(orderNews(MSG.orderStatus, "payment", { orderId: 31, status: 0 }));
    await waitFor(() => expect(screen.getByTestId("order-status").textContent).toBe("已支付"));
    expect(screen.getByTestId("order-total").textContent).toBe("¥0");
    expect(screen.queryByRole("button", { name: "取消订单" })).toBeNull();
    expect(screen.queryByRole("button", { name: "去支付" })).toBeNull();
    expect(server.requests.filter((r) => r.path === detailRoute)).toHaveLength(2);
  });

  it("the diner's own cancel is not told back to them as a tablemate's", async () => {
    const detailRoute = `${API.orderDetail}/31`;
    fakeServer({ [detailRoute]: () => ok(orderDetail({ status: 4 }), 200) });
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    await screen.findByTestId("order-status");
    const before = screen.queryAllByText("你的同伴取消了订单，请重新点餐").length;
    hear(statusMessage(4, { orderId: 31, userId: GUID, actor: { guid: GUID, name: "" } }), false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByText("你的同伴取消了订单，请重新点餐").length).toBeLessThanOrEqual(before);
    expect(page.where()).toEqual({ path: "/order/detail", query: { ...LINK_QUERY, orderId: "31" } });
  });
});
