import { HTTP_TIMEOUT_MS } from "@tablemate/client";
import { API, EMPTY_CHOICE, type OrderPayload, summarizeCart, truncateMoney } from "@tablemate/core";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useCartStore } from "../src/features/cart/cart-store.js";
import { memberTotal } from "../src/features/cart/member-total.js";
import { updateCheckout } from "../src/features/checkout/checkout-store.js";
import { fillCart, lineOf, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { ALL_DISHES, CUCUMBER, EGGS, PICK_SET } from "./dish-fixtures.js";
import { LINK } from "./dish-harness.js";
import { fakeServer, type Handler, ok, type Reply } from "./fake-server.js";
import { CART_ID, GUID, restaurant, TABLE, TABLE_ID } from "./fixtures.js";

/** Dialogs and toasts load antd-mobile on first use: a full parallel run needs longer than 1 s. */
const DIALOG_WAIT = { timeout: 5000 };

const lookup = (id: number) => ALL_DISHES.find((d) => d.dishesId === id);
const EGG_CHOICE = { ...EMPTY_CHOICE, additions: [{ id: 9001, count: 1 }] };
const SET_CHOICE = {
  ...EMPTY_CHOICE,
  parts: PICK_SET.combosList.slice(0, 1).map((p) => ({ itemId: p.itemId, count: p.count })),
};

const refuse = (code: number, message: string, data: unknown = null): Reply => ({
  status: 409,
  body: { code, success: false, data, message },
});
const periodOk: Handler = () => ok({ state: 1, isAll: false, expriedFoodIds: [], unsalableFoods: [] }, 200);

function serverWith(submit: Handler, period: Handler = periodOk) {
  return fakeServer({ [API.orderSubmit]: submit, [API.cartPeriodSale]: period });
}

async function atSubOrder(query = LINK) {
  startedAtTable();
  await fillCart([
    lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "2", "少放蒜😀"),
    lineOf(EGGS.dishesId, EGG_CHOICE, "1"),
  ]);
  return renderOrderPages(`/order/subOrder?${query}`);
}

const submitButton = () => screen.getByRole("button", { name: "提交订单" });
const tapSubmit = () => act(async () => fireEvent.click(submitButton()));
const sentPayload = (server: ReturnType<typeof fakeServer>): OrderPayload =>
  JSON.parse(server.last(API.orderSubmit)?.form.get("data") ?? "{}");

describe("/order/subOrder", () => {
  it("shows the lines with their choices and notes, and core's total", async () => {
    fakeServer();
    await atSubOrder();
    const lines = await screen.findAllByTestId("suborder-line");
    expect(lines).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByText("少放蒜")).toBeTruthy();
    expect(within(lines[1] as HTMLElement).getByText("加蛋")).toBeTruthy();
    const total = summarizeCart(useCartStore.getState().lines, lookup, false).total;
    expect(screen.getByTestId("suborder-total").textContent).toBe(`¥${truncateMoney(total)}`);
    expect(screen.getByTestId("suborder-total").textContent).toBe("¥44");
  });

  it("shows member totals and the saving for a member", async () => {
    fakeServer();
    // as the member state leaves the store: a member, and the member pricing
    startedAtTable({ isMember: true, memberTotal });
    await fillCart([lineOf(202, { ...EMPTY_CHOICE, normId: 1101 }, "1")]);
    renderOrderPages(`/order/subOrder?${LINK}`);
    expect((await screen.findByTestId("suborder-total")).textContent).toBe("¥90");
    expect(screen.getByText("会员已省¥8.00")).toBeTruthy();
  });

  it("submits the order as the server's schema wants it, then shows the order", async () => {
    const server = serverWith(() => ({
      body: {
        code: 1000,
        success: true,
        data: { orderId: 31, mainWxId: GUID, realTableId: TABLE_ID },
        message: "ok",
        token: "fresh-token",
      },
    }));
    const page = await atSubOrder(`${LINK}&mainOrderId=30&mainWxId=main-guid-0001&realTableId=${TABLE_ID}`);
    fireEvent.change(screen.getByRole("textbox", { name: "整单备注" }), { target: { value: "快点上菜🙏" } });
    fireEvent.change(screen.getByRole("textbox", { name: "发票抬头" }), { target: { value: "上海某公司" } });
    fireEvent.change(screen.getByRole("combobox", { name: "用餐人数" }), { target: { value: "4" } });
    localStorage.setItem("token", "old-token");
    await tapSubmit();
    await waitFor(() => expect(page.where().path).toBe("/order/detail"));
    expect(page.where().query.orderId).toBe("31");

    const period = server.last(API.cartPeriodSale);
    expect(period?.form.get("rid")).toBe("7");
    expect(period?.form.get("foodIds")).toBe(`${CUCUMBER.dishesId},${EGGS.dishesId}`);
    const request = server.last(API.orderSubmit);
    expect(request?.form.get("isNewVersion")).toBe("true");
    expect(request?.form.get("token")).toBe("old-token");
    expect(request?.form.get("smToken")).toBe("");
    const payload = sentPayload(server);
    expect(payload).toMatchObject({
      restaurantId: 7,
      realTableId: TABLE_ID,
      cartId: CART_ID.value,
      cartIdSign: CART_ID.sign,
      userId: GUID,
      wholeMemo: { guid: GUID, memo: "快点上菜" },
      personNum: 4,
      invoiceTitle: "上海某公司",
      mainOrderId: 30,
      mainWxId: "main-guid-0001",
      faultCart: true,
    });
    expect(payload.submitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.foods.map((f) => [f.foodId, f.count, f.memo])).toEqual([
      [CUCUMBER.dishesId, "2", "少放蒜"],
      [EGGS.dishesId, "1", ""],
    ]);
    expect(localStorage.getItem("token")).toBe("fresh-token");
    expect(useCartStore.getState().lines).toEqual([]);
    expect(Object.keys(localStorage).filter((k) => k.startsWith("tablemate.cart:"))).toEqual([]);
  });

  it("prepayment: a placed order goes on to /pay with its id, in place of the order page", async () => {
    serverWith(() => ok({ orderId: 31, mainWxId: GUID, realTableId: TABLE_ID }));
    startedAtTable({ isPrepayment: true });
    await fillCart([lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "1")]);
    const page = renderOrderPages(`/order/subOrder?${LINK}`);
    await screen.findAllByTestId("suborder-line");
    await tapSubmit();
    await waitFor(() => expect(page.where().path).toBe("/pay"));
    expect(page.where().query).toEqual({ ...Object.fromEntries(new URLSearchParams(LINK)), orderId: "31" });
    // replaced: back from /pay does not return to the submitted order's confirmation
    expect(page.router.state.historyAction).toBe("REPLACE");
  });

  it("blocks a second tap with 订单提交中... and takes a fresh submit id after a refusal", async () => {
    let release: (reply: Reply) => void = () => {};
    let calls = 0;
    const server = serverWith(() => {
      calls += 1;
      // the first answer waits for the test; the retry is answered at once
      return calls === 1
        ? new Promise<Reply>((resolve) => (release = resolve))
        : refuse(1001, "订单提交失败");
    });
    await atSubOrder();
    await tapSubmit();
    expect(await screen.findAllByText("订单提交中...")).not.toHaveLength(0);
    await tapSubmit();
    expect(server.requests.filter((r) => r.path === API.orderSubmit)).toHaveLength(1);
    await act(async () => release(refuse(1001, "订单提交失败")));
    expect(await screen.findByText("订单提交失败", {}, DIALOG_WAIT)).toBeTruthy();
    const first = sentPayload(server).submitId;
    await tapSubmit();
    await waitFor(() => expect(server.requests.filter((r) => r.path === API.orderSubmit)).toHaveLength(2));
    expect(sentPayload(server).submitId).not.toBe(first);
    await waitFor(() => expect(submitButton().getAttribute("aria-busy")).toBe("false"));
  });

  it("retries an unanswered submit with its submit id; a new one after an answer or a changed cart", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // no answer: the call hangs until the client gives up (20 s), or the network fails
    const hang: Handler = ({ init }) =>
      new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const replies: Handler[] = [
      hang,
      () => refuse(1001, "订单提交失败"),
      () => "network-error",
      () => ok({ orderId: 31, mainWxId: GUID, realTableId: TABLE_ID }),
    ];
    const server = serverWith((request) => (replies.shift() ?? hang)(request));
    const page = await atSubOrder();
    const submitIds = () =>
      server.requests
        .filter((r) => r.path === API.orderSubmit)
        .map((r) => (JSON.parse(r.form.get("data") ?? "{}") as OrderPayload).submitId);
    const settled = () => waitFor(() => expect(submitButton().getAttribute("aria-busy")).toBe("false"));

    await tapSubmit();
    await waitFor(() => expect(submitIds()).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS));
    expect(await screen.findByText("下单超时，请稍后重试", {}, DIALOG_WAIT)).toBeTruthy();
    await settled();
    await tapSubmit();
    expect(await screen.findByText("订单提交失败", {}, DIALOG_WAIT)).toBeTruthy();
    await settled();
    await tapSubmit();
    expect(await screen.findByText("请求失败，请重新扫码点餐", {}, DIALOG_WAIT)).toBeTruthy();
    await settled();
    await act(() => useCartStore.getState().set(`${CUCUMBER.dishesId}__`, "3"));
    await tapSubmit();
    await waitFor(() => expect(page.where().path).toBe("/order/detail"));

    const [timedOut, retried, afterRefusal, cartChanged] = submitIds();
    expect(retried).toBe(timedOut);
    expect(afterRefusal).not.toBe(retried);
    expect(cartChanged).not.toBe(afterRefusal);
    expect(new Set([timedOut, afterRefusal, cartChanged]).size).toBe(3);
  });

  it("removes dishes out of their sale period, naming them", async () => {
    const server = serverWith(
      () => ok({}),
      () =>
        ok(
          {
            state: 2,
            isAll: false,
            expriedFoodIds: [CUCUMBER.dishesId],
            unsalableFoods: [{ foodId: CUCUMBER.dishesId }],
          },
          10001,
        ),
    );
    await atSubOrder();
    await tapSubmit();
    expect(await screen.findByText("拍黄瓜 已进入不可售时段", {}, DIALOG_WAIT)).toBeTruthy();
    expect(useCartStore.getState().lines.map((l) => l.foodId)).toEqual([EGGS.dishesId]);
    expect(server.last(API.orderSubmit)).toBeUndefined();
  });

  it("submits when the period check itself fails", async () => {
    const server = serverWith(
      () => ok({ orderId: 31, mainWxId: GUID, realTableId: TABLE_ID }),
      () => "network-error",
    );
    await atSubOrder();
    await tapSubmit();
    await waitFor(() => expect(server.last(API.orderSubmit)).toBeDefined());
  });

  it.each([
    [1001, "订单提交失败"],
    [1007, "订单信息缺失，请重新下单"],
    [1008, "订单无效，请重新扫码"],
    [1009, "您的同伴正在下单，请稍后再试"],
    [1011, "餐厅不存在，请重新扫码"],
    [4000, "收银台网络异常，请联系服务员"],
    [5555, "本店已打烊，暂时无法下单"],
    [8001, "操作太频繁，请稍后再试"],
    [11009010, "订单正在提交中，请稍候"],
    [4242, "请求失败，请重新扫码点餐"],
  ])("tells the diner what %i means, and lets them try again", async (code, text) => {
    const server = serverWith(() => refuse(code, "server words"));
    const page = await atSubOrder();
    await tapSubmit();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(page.where().path).toBe("/order/subOrder");
    expect(useCartStore.getState().lines).toHaveLength(2);
    await tapSubmit();
    await waitFor(() => expect(server.requests.filter((r) => r.path === API.orderSubmit)).toHaveLength(2));
    await waitFor(() => expect(submitButton().getAttribute("aria-busy")).toBe("false"));
  });

  it.each([1002, 1006])("says %i timed out and stays on the order page", async (code) => {
    serverWith(() => refuse(code, "下单超时"));
    const page = await atSubOrder();
    await tapSubmit();
    expect(await screen.findByText("下单超时，请稍后重试", {}, DIALOG_WAIT)).toBeTruthy();
    expect(page.where().path).toBe("/order/subOrder");
  });

  // the second: an order without the diner count where the restaurant needs one (core's ERRORS.dinerCountMissing)
  it.each([
    "请填写正确的手机号",
    "请先选择用餐人数再下单",
  ])("shows the server's own message for 9001: %s", async (message) => {
    serverWith(() => refuse(9001, message));
    await atSubOrder();
    await tapSubmit();
    expect(await screen.findByText(message, {}, DIALOG_WAIT)).toBeTruthy();
  });

  it("2000: removes sold-out dishes and combos in one message, cuts others to what is left", async () => {
    serverWith(() =>
      refuse(2000, "库存不足", [
        { foodId: CUCUMBER.dishesId, name: "拍黄瓜", left: 1, isCombo: false },
        { foodId: EGGS.dishesId, name: "番茄炒蛋", left: 0, isCombo: false },
        { foodId: PICK_SET.dishesId, name: "自选单人套餐", left: 3, isCombo: true },
      ]),
    );
    startedAtTable();
    await fillCart([
      lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "2"),
      lineOf(EGGS.dishesId, EGG_CHOICE, "1"),
      lineOf(PICK_SET.dishesId, SET_CHOICE, "1"),
    ]);
    renderOrderPages(`/order/subOrder?${LINK}`);
    await tapSubmit();
    expect(
      await screen.findByText(
        "您所点的番茄炒蛋、自选单人套餐库存数量不足了，已经自动帮您清除了；拍黄瓜仅剩1份，已为您调整数量",
      ),
    ).toBeTruthy();
    expect(useCartStore.getState().lines.map((l) => [l.foodId, l.count])).toEqual([[CUCUMBER.dishesId, "1"]]);
  });

  it("3000: takes the short add-on out of the line, keeping its count", async () => {
    serverWith(() => refuse(3000, "加料不足", [{ foodId: 9001, name: "加蛋", left: 0, isCombo: false }]));
    startedAtTable();
    await fillCart([lineOf(EGGS.dishesId, EGG_CHOICE, "2", "多放糖")]);
    renderOrderPages(`/order/subOrder?${LINK}`);
    await tapSubmit();
    expect(await screen.findByText("加蛋仅剩0份，已自动帮您移除", {}, DIALOG_WAIT)).toBeTruthy();
    expect(useCartStore.getState().lines.map((l) => [l.detailId, l.count, l.memo])).toEqual([
      [`${EGGS.dishesId}__`, "2", "多放糖"],
    ]);
  });

  it("6000: the table was settled; shows that order", async () => {
    serverWith(() => refuse(6000, "该桌已结账", { orderId: 30 }));
    const page = await atSubOrder(`${LINK}&mainOrderId=30`);
    await tapSubmit();
    expect(await screen.findByText("该桌已结账，您可以重新点餐", {}, DIALOG_WAIT)).toBeTruthy();
    await waitFor(() =>
      expect(page.where()).toMatchObject({ path: "/order/detail", query: { orderId: "30" } }),
    );
  });

  it("offers 整单打包带走 from register 2.27.00 only, and sends it first in the whole-order note", async () => {
    fakeServer();
    startedAtTable({ restaurant: restaurant({ serverVersion: "2.26.99" }) });
    await fillCart([lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "1")]);
    renderOrderPages(`/order/subOrder?${LINK}`);
    await screen.findAllByTestId("suborder-line");
    expect(screen.queryByTestId("pack-all")).toBeNull();
    cleanup();

    const server = serverWith(() => ok({ orderId: 32, mainWxId: GUID, realTableId: TABLE_ID }));
    await atSubOrder();
    fireEvent.click(await screen.findByLabelText("整单打包带走"));
    fireEvent.change(screen.getByPlaceholderText("口味、偏好等要求"), { target: { value: "尽快上菜" } });
    await tapSubmit();
    await waitFor(() => expect(sentPayload(server).wholeMemo.memo).toBe("整单打包 尽快上菜"));
  });

  it("quick-service without a mode: the scanned table by default, 换桌 opens the picker, the order goes on the pick", async () => {
    const server = fakeServer({
      [API.selectDesk]: () =>
        ok({
          tableList: [
            { id: 14, name: "B02", tableType: 1 },
            { id: 13, name: "B01", tableType: 1 },
          ],
          count: 2,
        }),
      [API.localCartPeriodSale]: periodOk,
      [API.orderSubmit]: () => ok({ orderId: 41, mainWxId: GUID, realTableId: 13 }),
    });
    startedAtTable({ restaurant: restaurant({ restaurantFastHotel: true, foodTakingMode: 0 }) });
    await fillCart([lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "1")]);
    const page = renderOrderPages(`/order/subOrder?${LINK}`);
    // no dialog on arrival: the scanned table is the order's until the diner changes it
    expect((await screen.findByTestId("suborder-table-name")).textContent).toBe("A12");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.last(API.selectDesk)).toBeUndefined();

    fireEvent.click(screen.getByRole("button", { name: "换桌" }));
    const dialog = await screen.findByRole("dialog", {}, DIALOG_WAIT);
    const confirm = within(dialog).getByRole("button", { name: "确定" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    expect(within(dialog).getByRole("button", { name: "取消" })).toBeTruthy();
    const select = within(dialog).getByRole("combobox", { name: "请选择桌台" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["请选择桌台", "B01", "B02"]);
    fireEvent.change(select, { target: { value: "13" } });
    expect(confirm.hasAttribute("disabled")).toBe(false);
    await act(async () => fireEvent.click(confirm));
    expect(server.last(API.selectDesk)?.query.get("rid")).toBe("7");
    // the pick shows on the review, nothing is sent until the diner submits it with the note
    await waitFor(() => expect(screen.getByTestId("suborder-table-name").textContent).toBe("B01"));
    expect(server.last(API.orderSubmit)).toBeUndefined();
    fireEvent.change(screen.getByPlaceholderText("口味、偏好等要求"), { target: { value: "粥要烫" } });
    await tapSubmit();
    // quick-service pays first: on to /pay with the order, placed on the picked table with the note
    await waitFor(() => expect(page.where()).toMatchObject({ path: "/pay", query: { orderId: "41" } }));
    expect(sentPayload(server)).toMatchObject({ realTableId: 13, realTableName: "B01", fastFood: true });
    expect(sentPayload(server).wholeMemo.memo).toBe("粥要烫");
  });

  it("offers no 换桌 at a counter seat, in dine-in or in quick-service with a mode", async () => {
    for (const [detail, tableType] of [
      [{ restaurantFastHotel: true, foodTakingMode: 0 as const }, 6],
      [{ restaurantFastHotel: false, foodTakingMode: 0 as const }, 1],
      [{ restaurantFastHotel: true, foodTakingMode: 2 as const }, 1],
    ] as const) {
      fakeServer();
      startedAtTable({ restaurant: restaurant(detail), table: { ...TABLE, tableType } });
      await fillCart([lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "1")]);
      renderOrderPages(`/order/subOrder?${LINK}`);
      await screen.findByTestId("suborder-table-name");
      expect(screen.queryByRole("button", { name: "换桌" })).toBeNull();
      cleanup();
    }
  });

  it("6666 below register 2.35.15 (prepay-after): only 查看订单, no 继续加菜", async () => {
    serverWith(() => refuse(6666, "你的同伴已经下单", { orderId: 29, mainWxId: "mate-guid-0002" }));
    startedAtTable({ restaurant: restaurant({ serverVersion: "2.35.14" }) });
    await fillCart([lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "1")]);
    renderOrderPages(`/order/subOrder?${LINK}`);
    await screen.findAllByTestId("suborder-line");
    await tapSubmit();
    const dialog = await screen.findByRole("dialog", {}, DIALOG_WAIT);
    expect(within(dialog).getByRole("button", { name: "查看订单" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "继续加菜" })).toBeNull();
  });

  it("6666: a tablemate ordered first: 查看订单 shows it, 继续加菜 adds to it", async () => {
    serverWith(() => refuse(6666, "你的同伴已经下单", { orderId: 29, mainWxId: "mate-guid-0002" }));
    let page = await atSubOrder();
    await tapSubmit();
    // the test before's dialog may still be fading out (Dialog.clear animates): take the newest
    const dialog = (await screen.findAllByRole("dialog", {}, DIALOG_WAIT)).at(-1) as HTMLElement;
    expect(within(dialog).getByText("你的同伴已经下单")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "查看订单" }));
    await waitFor(() =>
      expect(page.where()).toMatchObject({ path: "/order/detail", query: { orderId: "29" } }),
    );

    page = renderOrderPages(`/order/subOrder?${LINK}`);
    await act(async () =>
      fireEvent.click(screen.getAllByRole("button", { name: "提交订单" })[0] as HTMLElement),
    );
    // the first dialog may still be fading out: take the newest 继续加菜
    const addMore = await screen.findAllByRole("button", { name: "继续加菜" }, DIALOG_WAIT);
    fireEvent.click(addMore.at(-1) as HTMLElement);
    await waitFor(() =>
      expect(page.where()).toEqual({
        path: "/main",
        query: {
          ...Object.fromEntries(new URLSearchParams(LINK)),
          mainOrderId: "29",
          mainWxId: "mate-guid-0002",
          realTableId: String(TABLE_ID),
        },
      }),
    );
  });

  it("strips emoji from a supply form's memo and sends the form", async () => {
    const server = serverWith(() => ok({ orderId: 31, mainWxId: GUID, realTableId: TABLE_ID }));
    await atSubOrder(`${LINK}&reserve=1`);
    act(() =>
      updateCheckout({
        supply: {
          phone: "13812345678",
          code: "",
          name: "王先生",
          sex: "1",
          num: 4,
          time: "18:30",
          memo: "靠窗🙂",
          address: "",
        },
      }),
    );
    await tapSubmit();
    await waitFor(() => expect(server.last(API.orderSubmit)).toBeDefined());
    expect(sentPayload(server)).toMatchObject({
      reserve: "1",
      phone: "13812345678",
      name: "王先生",
      num: 4,
      memo: "靠窗",
    });
  });

  it("offers the way back when the cart is empty", async () => {
    fakeServer();
    startedAtTable();
    renderOrderPages(`/order/subOrder?${LINK}`);
    expect(await screen.findByText("购物车是空的，去点几道菜吧", {}, DIALOG_WAIT)).toBeTruthy();
    expect(screen.getByRole("button", { name: "返回点餐" })).toBeTruthy();
  });
});
