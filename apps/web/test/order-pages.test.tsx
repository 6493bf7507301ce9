import { API, MSG } from "@tablemate/core";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { emitTableEvent } from "../src/features/cart/table-events.js";
import { useCheckoutStore } from "../src/features/checkout/checkout-store.js";
import {
  type OrderNews,
  type OrderNewsFields,
  orderDetail,
  orderNews,
  renderOrderPages,
  startedAtTable,
} from "./checkout-harness.js";
import { LINK, LINK_QUERY } from "./dish-harness.js";
import { fail, fakeServer, ok } from "./fake-server.js";
import { GUID, restaurant, TABLE_ID } from "./fixtures.js";

/** Dialogs and toasts load antd-mobile on first use: a full parallel run needs longer than 1 s. */
const DIALOG_WAIT = { timeout: 5000 };

const detailRoute = `${API.orderDetail}/31`;

describe("/order/detail", () => {
  it("shows 待确认 for an order the restaurant's gate holds for a waiter (status 0, held)", async () => {
    fakeServer({ [detailRoute]: () => ok(orderDetail({ status: 0, held: true }), 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect((await screen.findByTestId("order-status")).textContent).toBe("待确认");
  });

  it("shows the lines, money, status, table and facts of the order", async () => {
    const server = fakeServer({ [detailRoute]: () => ok(orderDetail(), 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    const lines = await screen.findAllByTestId("order-line");
    expect(lines.map((l) => l.querySelector(".order-line__name")?.textContent)).toEqual(["拍黄瓜", "酸菜鱼"]);
    expect(within(lines[1] as HTMLElement).getByText("大份、微辣、加豆腐×2")).toBeTruthy();
    expect(within(lines[0] as HTMLElement).getByText("少放蒜")).toBeTruthy();
    expect(screen.getByTestId("order-total").textContent).toBe("¥112.5");
    expect(screen.getByTestId("order-status").textContent).toBe("已下单");
    expect(screen.getByTestId("order-table").textContent).toContain("A12");
    expect(screen.getByText("快点上菜")).toBeTruthy();
    expect(server.last(detailRoute)?.query.get("rid")).toBe("7");
    expect(server.last(detailRoute)?.query.has("paymentType")).toBe(false);
    // not taken by the restaurant yet: no time it was taken
    expect(screen.queryByText("接单时间")).toBeNull();
  });

  it("shows when the restaurant took the order", async () => {
    const taken = orderDetail({ status: 2, posTime: "2025-05-01T04:35:00.000Z" });
    fakeServer({ [detailRoute]: () => ok(taken, 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    // YYYY-MM-DD HH:mm on the restaurant's clock (001 §9; the fixtures' zone is Asia/Shanghai)
    const row = (await screen.findByText("接单时间")).parentElement as HTMLElement;
    expect(row.querySelector(".fact-row__value")?.textContent).toBe("2025-05-01 12:35");
    const submitted = screen.getByText("下单时间").parentElement as HTMLElement;
    expect(submitted.querySelector(".fact-row__value")?.textContent).toBe("2025-05-01 12:30");
  });

  it("asks with paymentType 1 in prepayment, and shows a quick-service serial number", async () => {
    const server = fakeServer({ [detailRoute]: () => ok(orderDetail({ fastSerialNo: "007" }), 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect((await screen.findByTestId("order-serial")).textContent).toBe("007");
    expect(server.last(detailRoute)?.query.get("paymentType")).toBe("1");
  });

  it("prepayment with money due: 去支付 opens /pay for the order", async () => {
    fakeServer({ [detailRoute]: () => ok(orderDetail({ orderNeedMoney: "82.50" }), 200) });
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("button", { name: "去支付" }));
    expect(page.where()).toEqual({ path: "/pay", query: { ...LINK_QUERY, orderId: "31" } });
    expect(screen.queryByRole("button", { name: "手机买单" })).toBeNull();
  });

  it("pay later: 手机买单 opens the table's bill", async () => {
    fakeServer({ [detailRoute]: () => ok(orderDetail(), 200) });
    startedAtTable();
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("button", { name: "手机买单" }));
    // orderId is one of the carried parameters: the bill's return page leads back to this order
    expect(page.where()).toEqual({ path: "/pay", query: { ...LINK_QUERY, orderId: "31", bill: "1" } });
  });

  it("offers no way to pay when nothing is due, or the order is cancelled or settled", async () => {
    for (const order of [
      orderDetail({ orderNeedMoney: "0.00", totalPaidMoney: "112.50" }),
      orderDetail({ status: 4 }),
      orderDetail({ status: 7 }),
    ]) {
      fakeServer({ [detailRoute]: () => ok(order, 200) });
      startedAtTable({ isPrepayment: true });
      const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
      await screen.findByTestId("order-status");
      expect(screen.queryByRole("button", { name: "去支付" })).toBeNull();
      expect(screen.queryByRole("button", { name: "手机买单" })).toBeNull();
      page.router.dispose();
      cleanup();
    }
  });

  it("shows the order's payments, a sandbox one tagged 测试, and what was refunded", async () => {
    const refunded = orderDetail({
      status: 4,
      totalPaidMoney: "82.50",
      orderRefundMoney: "82.50",
      pays: [
        { payId: 1, payType: "测试支付", money: "82.50", paid: true, test: true, mine: true },
        { payId: 2, payType: "微信支付", money: "30.00", paid: false, mine: true },
      ],
    });
    fakeServer({ [detailRoute]: () => ok(refunded, 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    const pays = await screen.findAllByTestId("order-pay");
    expect(pays.map((p) => p.textContent)).toEqual(["测试支付测试已支付¥82.5", "微信支付处理中¥30"]);
    expect(screen.getByText("已退款").parentElement?.textContent).toBe("已退款¥82.5");
  });

  it("prepayment, the first order paid: the notice sends benefits to the cashier, and follows 加菜 to the menu", async () => {
    const paid = orderDetail({
      status: 1,
      orderNeedMoney: "0.00",
      pays: [{ payId: 1, payType: "测试支付", money: "82.50", paid: true, test: true, mine: true }],
    });
    fakeServer({ [detailRoute]: () => ok(paid, 200) });
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    const notice = await screen.findByTestId("prepaid-notice");
    expect(notice.textContent).toBe("首单已支付，如需使用会员权益，请联系收银员");
    fireEvent.click(screen.getByRole("button", { name: "加菜" }));
    expect(page.where().path).toBe("/main");
    expect((await screen.findByRole("status")).textContent).toBe(notice.textContent);
  });

  it("prepayment: a tablemate paid with a member card, so this diner is told they share its benefits", async () => {
    const paid = orderDetail({
      status: 1,
      orderNeedMoney: "0.00",
      vipId: "8",
      pays: [{ payId: 1, payType: "测试支付", money: "82.50", paid: true, mine: false }],
    });
    fakeServer({ [detailRoute]: () => ok(paid, 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect((await screen.findByTestId("prepaid-notice")).textContent).toBe(
      "您的同伴已支付，您已享受同伴的会员权益",
    );
  });

  it("no prepayment notice before the first payment lands, nor when paying later", async () => {
    const pending = orderDetail({
      pays: [{ payId: 1, payType: "测试支付", money: "82.50", paid: false, mine: true }],
    });
    fakeServer({ [detailRoute]: () => ok(pending, 200) });
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    await screen.findByTestId("order-pay");
    expect(screen.queryByTestId("prepaid-notice")).toBeNull();
    page.router.dispose();
    cleanup();
    const paidLater = orderDetail({
      pays: [{ payId: 1, payType: "测试支付", money: "82.50", paid: true, mine: true }],
    });
    fakeServer({ [detailRoute]: () => ok(paidLater, 200) });
    startedAtTable({ isPrepayment: false });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    await screen.findByTestId("order-pay");
    expect(screen.queryByTestId("prepaid-notice")).toBeNull();
  });

  it("加菜 goes to the menu with the order's table, order and main user", async () => {
    fakeServer({ [detailRoute]: () => ok(orderDetail({ wxId: "main-guid-0001" }), 200) });
    startedAtTable();
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("button", { name: "加菜" }));
    expect(page.where()).toEqual({
      path: "/main",
      query: { ...LINK_QUERY, mainOrderId: "31", mainWxId: "main-guid-0001", realTableId: String(TABLE_ID) },
    });
  });

  it("offers no 加菜 on a quick-service order where the register lacks prepay-after (阿婆粥铺)", async () => {
    fakeServer({ [detailRoute]: () => ok(orderDetail({ eatType: "fast", orderNeedMoney: "0.00" }), 200) });
    startedAtTable({ restaurant: restaurant({ restaurantFastHotel: true, serverVersion: "2.22.00" }) });
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    await screen.findByTestId("order-status");
    expect(screen.queryByRole("button", { name: "加菜" })).toBeNull();
  });

  it("offers no 加菜 once the order is settled or cancelled", async () => {
    fakeServer({ [detailRoute]: () => ok(orderDetail({ status: 7 }), 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect((await screen.findByTestId("order-status")).textContent).toBe("已结账");
    expect(screen.queryByRole("button", { name: "加菜" })).toBeNull();
    expect(screen.queryByRole("button", { name: "取消订单" })).toBeNull();
  });

  it("a cancelled order shows what was ordered struck through, its total, who cancelled and when, and 重新点餐", async () => {
    const base = orderDetail();
    const cancelled = orderDetail({
      status: 4,
      dishOrders: base.dishOrders.map((line) => ({ ...line, cancelled: true })),
      orderTotalPrice: "0.00",
      orderNeedMoney: "0.00",
      orderVipNeedMoney: "0.00",
      cancelOrders: [
        {
          orderId: 31,
          at: "2025-05-01T04:40:00.000Z",
          by: "diner",
          actorId: GUID,
          reason: "",
          total: "112.50",
        },
      ],
    });
    fakeServer({ [detailRoute]: () => ok(cancelled, 200) });
    startedAtTable();
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31&mainOrderId=31&mainWxId=${GUID}`);
    const lines = await screen.findAllByTestId("order-line");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.dataset.cancelled).toBe("true");
      expect(line.classList.contains("order-line--cancelled")).toBe(true);
      expect(within(line).getByText("已取消")).toBeTruthy();
    }
    expect(screen.getByTestId("order-status").textContent).toBe("已取消");
    expect(screen.getByTestId("cancelled-total").textContent).toContain("¥112.5");
    expect(screen.getByTestId("cancelled-by").textContent).toContain("您本人");
    expect(screen.getByTestId("cancelled-at").textContent).toBe("取消时间2025-05-01 12:40");
    expect(screen.queryByRole("button", { name: "取消订单" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "重新点餐" }));
    // a new order: the menu without the cancelled order as its main order
    expect(page.where()).toEqual({ path: "/main", query: LINK_QUERY });
  });

  it("names a tablemate or the restaurant as the one who cancelled", async () => {
    const cancelOrders = [
      {
        orderId: 31,
        at: "2025-05-01T04:40:00.000Z",
        by: "diner" as const,
        actorId: "other-guid",
        reason: "",
        total: "1.00",
      },
      {
        orderId: 32,
        at: "2025-05-01T04:41:00.000Z",
        by: "restaurant" as const,
        actorId: "",
        reason: "估清",
        total: "2.00",
      },
    ];
    fakeServer({ [detailRoute]: () => ok(orderDetail({ status: 4, cancelOrders }), 200) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    const by = await screen.findAllByTestId("cancelled-by");
    expect(by.map((row) => row.textContent)).toEqual(["取消人同桌的朋友", "取消人餐厅"]);
    expect(screen.getByText("估清")).toBeTruthy();
  });

  it("an order this diner cannot see: 没有找到这笔订单, with the order list and the menu as ways on", async () => {
    fakeServer({ [detailRoute]: () => fail(404, "订单不存在", 404) });
    startedAtTable();
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect(await screen.findByText("没有找到这笔订单")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "重试" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "查看我的订单" }));
    expect(page.where()).toEqual({ path: "/order/list", query: LINK_QUERY });
  });

  it("a failed load offers 重试, which asks again, and 返回菜单", async () => {
    let calls = 0;
    fakeServer({ [detailRoute]: () => (++calls === 1 ? "network-error" : ok(orderDetail(), 200)) });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    expect(await screen.findByText("获取订单失败，请重试")).toBeTruthy();
    expect(screen.getByRole("button", { name: "返回菜单" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findAllByTestId("order-line")).toHaveLength(2);
  });

  async function cancelWith(reply: ReturnType<typeof ok>) {
    const server = fakeServer({
      [detailRoute]: () => ok(orderDetail(), 200),
      [API.orderCancel(31)]: () => reply,
    });
    startedAtTable();
    renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    const cancel = await screen.findByRole("button", { name: "取消订单" });
    // the dialog opens once antd's imperative code is loaded: a microtask here, inside act
    await act(async () => fireEvent.click(cancel));
    // the previous test's dialog may still be fading out (real time): take the newest question's dialog
    const asked = await screen.findAllByText("确定取消订单吗？", {}, DIALOG_WAIT);
    const confirm = asked.at(-1)?.closest<HTMLElement>("[role=dialog]");
    if (!confirm) throw new Error("no cancel confirmation");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "确定" })));
    return server;
  }

  it("cancels: 1000 is done and the order is shown again", async () => {
    const server = await cancelWith(ok({ orderId: 31 }));
    expect(await screen.findByText("订单已取消", {}, DIALOG_WAIT)).toBeTruthy();
    expect(server.last(API.orderCancel(31))?.form.get("rid")).toBe("7");
    await waitFor(() => expect(server.requests.filter((r) => r.path === detailRoute)).toHaveLength(2));
  });

  it("cancel refused with 2000: 支付中，不能取消订单", async () => {
    await cancelWith(fail(2000, "支付中", 409));
    const alert = await screen.findByText("支付中，不能取消订单", {}, DIALOG_WAIT);
    expect(alert).toBeTruthy();
  });

  it("cancel failing otherwise: 取消订单失败，请重试 with the single button 我知道了", async () => {
    await cancelWith(fail(1001, "x", 409));
    expect(await screen.findByText("取消订单失败，请重试", {}, DIALOG_WAIT)).toBeTruthy();
    const dialogs = screen.getAllByRole("dialog");
    const last = dialogs.at(-1) as HTMLElement;
    expect(
      within(last)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["我知道了"]);
  });
});

describe("/order/list", () => {
  it("lists the diner's orders; one opens its detail with the list's 10 parameters", async () => {
    const server = fakeServer({
      [API.orderList]: () =>
        ok(
          [
            {
              orderId: 32,
              status: 1,
              tableName: "A12",
              orderTotalPrice: "56.00",
              orderSubmitTime: "2025-05-01T05:00:00.000Z",
              mainOrderId: null,
              fastSerialNo: "",
            },
            {
              orderId: 31,
              status: 4,
              tableName: "A12",
              orderTotalPrice: "112.50",
              orderSubmitTime: "2025-05-01T04:30:00.000Z",
              mainOrderId: null,
              fastSerialNo: "",
            },
          ],
          200,
        ),
    });
    startedAtTable();
    const page = renderOrderPages(`/order/list?${LINK}&mainWxId=w-0001`);
    const items = await screen.findAllByTestId("order-list-item");
    expect(items.map((i) => i.querySelector(".order-list-item__status")?.textContent)).toEqual([
      "已接单",
      "已取消",
    ]);
    expect(within(items[1] as HTMLElement).getByText("112.5")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("2025-05-01 13:00")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("2025-05-01 12:30")).toBeTruthy();
    expect(server.last(API.orderList)?.query.get("rid")).toBe("7");
    fireEvent.click(items[1] as HTMLElement);
    expect(page.where()).toEqual({ path: "/order/detail", query: { ...LINK_QUERY, orderId: "31" } });
  });

  it("says 暂无订单 when there are none", async () => {
    fakeServer({ [API.orderList]: () => ok([], 200) });
    startedAtTable();
    renderOrderPages(`/order/list?${LINK}`);
    expect(await screen.findByText("暂无订单", {}, DIALOG_WAIT)).toBeTruthy();
    expect(screen.getByRole("button", { name: "去点餐" })).toBeTruthy();
  });

  it("a failed list offers 重试, which asks again", async () => {
    let calls = 0;
    fakeServer({ [API.orderList]: () => (++calls === 1 ? "network-error" : ok([], 200)) });
    startedAtTable();
    renderOrderPages(`/order/list?${LINK}`);
    fireEvent.click(await screen.findByRole("button", { name: "重试" }));
    expect(await screen.findByText("暂无订单")).toBeTruthy();
  });
});

describe("/supplyInfo", () => {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });

  it("refuses a wrong phone and a missing name, then keeps the form and goes on", async () => {
    fakeServer();
    startedAtTable();
    const page = renderOrderPages(`/supplyInfo?${LINK}&reserve=1`);
    await screen.findByTestId("supply-page");
    fill("手机号", "12345");
    fireEvent.click(await screen.findByRole("button", { name: "下一步" }));
    expect(screen.getByText("请输入正确的手机号")).toBeTruthy();
    expect(screen.getByText("请填写联系人")).toBeTruthy();
    expect(page.where().path).toBe("/supplyInfo");
    fill("手机号", "13812345678");
    fill("联系人", "王先生");
    fireEvent.click(screen.getByRole("radio", { name: "女士" }));
    // the time: the first the picker offers (booking-time.test.tsx tries the picker itself)
    fireEvent.click(screen.getByRole("button", { name: "预订时间" }));
    const sheet = await screen.findByRole("dialog", { name: "选择预订时间" });
    const first = within(sheet).getAllByRole("option")[0] as HTMLElement;
    const time = `${within(sheet).getByRole("listbox").getAttribute("aria-label")} ${first.textContent}`;
    fireEvent.click(first);
    await waitFor(() => expect(screen.getByRole("button", { name: "预订时间" }).textContent).toBe(time));
    fireEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(page.where()).toEqual({ path: "/order/subOrder", query: { ...LINK_QUERY, reserve: "1" } });
    expect(useCheckoutStore.getState().supply).toMatchObject({
      phone: "13812345678",
      name: "王先生",
      sex: "2",
      time,
    });
  });

  it("asks takeout for an address", async () => {
    fakeServer();
    startedAtTable();
    renderOrderPages(`/supplyInfo?${LINK}&takeout=1`);
    await screen.findByTestId("supply-page");
    fill("手机号", "13812345678");
    fill("联系人", "王先生");
    fireEvent.click(await screen.findByRole("button", { name: "下一步" }));
    expect(screen.getByText("请填写送餐地址")).toBeTruthy();
  });
});

const TABLEMATE = "mate-guid-0002";

function orderMessage(fields: OrderNewsFields = {}): OrderNews {
  return orderNews(MSG.order, TABLEMATE, { orderId: 29, status: 1, ...fields });
}

describe("companion orders (spec 000 §4)", () => {
  it("pay-later: a tablemate's order takes the diner to it", async () => {
    fakeServer({ [`${API.orderDetail}/29`]: () => ok(orderDetail({ orderId: 29 }), 200) });
    startedAtTable();
    const page = renderOrderPages(`/supplyInfo?${LINK}`);
    await screen.findByTestId("supply-page");
    act(() => emitTableEvent({ message: orderMessage({}), fromTablemate: true }));
    await waitFor(() =>
      expect(page.where()).toMatchObject({ path: "/order/detail", query: { orderId: "29" } }),
    );
  });

  it("prepayment: 你的同伴已经下单 offers 查看订单 and 继续加菜", async () => {
    fakeServer();
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/supplyInfo?${LINK}`);
    await screen.findByTestId("supply-page");
    act(() => emitTableEvent({ message: orderMessage({}), fromTablemate: true }));
    // found by its text: a dialog of an earlier test may still be fading out
    const text = await screen.findByText("你的同伴已经下单", {}, DIALOG_WAIT);
    const dialog = text.closest("[role=dialog]") as HTMLElement;
    fireEvent.click(within(dialog).getByRole("button", { name: "继续加菜" }));
    await waitFor(() =>
      expect(page.where()).toEqual({
        path: "/main",
        query: {
          ...LINK_QUERY,
          mainOrderId: "29",
          mainWxId: "mate-guid-0002",
          realTableId: String(TABLE_ID),
        },
      }),
    );
  });

  it("ignores the diner's own order and pages that show an order", async () => {
    fakeServer({ [`${API.orderDetail}/31`]: () => ok(orderDetail(), 200) });
    startedAtTable();
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31`);
    await screen.findByTestId("order-status");
    // a dialog of an earlier test may still be fading out: count, do not expect none
    const before = screen.queryAllByText("你的同伴已经下单").length;
    act(() => emitTableEvent({ message: orderMessage({}), fromTablemate: true }));
    act(() =>
      emitTableEvent({
        message: orderMessage({ userId: GUID, actor: { guid: GUID, name: "" } }),
        fromTablemate: false,
      }),
    );
    expect(page.where().query.orderId).toBe("31");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByText("你的同伴已经下单").length).toBeLessThanOrEqual(before);
  });

  it("a tablemate cancelling on the order page: the alert, then a new order from the menu", async () => {
    fakeServer({ [`${API.orderDetail}/31`]: () => ok(orderDetail(), 200) });
    startedAtTable();
    const page = renderOrderPages(`/order/detail?${LINK}&orderId=31&mainOrderId=30`);
    await screen.findByTestId("order-status");
    act(() =>
      emitTableEvent({
        message: orderNews(MSG.orderStatus, TABLEMATE, { status: 4, orderId: 31 }),
        fromTablemate: true,
      }),
    );
    const text = await screen.findByText("你的同伴取消了订单，请重新点餐", {}, DIALOG_WAIT);
    const dialog = text.closest("[role=dialog]") as HTMLElement;
    fireEvent.click(within(dialog).getByRole("button", { name: "我知道了" }));
    await waitFor(() => expect(page.where()).toEqual({ path: "/main", query: LINK_QUERY }));
  });
});
