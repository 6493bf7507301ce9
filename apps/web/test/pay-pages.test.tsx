import {
  API,
  type BillLine,
  type BillView,
  MSG,
  PAY_API,
  type PayAttempt,
  type PayStart,
  type PayView,
} from "@tablemate/core";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emitTableEvent } from "../src/features/cart/table-events.js";
import { orderDetail, orderNews, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { LINK, LINK_QUERY } from "./dish-harness.js";
import { fail, fakeServer, type Handler, ok, type RecordedRequest } from "./fake-server.js";
import { restaurant } from "./fixtures.js";
import { injectPageData, removePageData } from "./page-data.js";

const payView = (overrides: Partial<PayView> = {}): PayView => ({
  orderId: 31,
  restaurantName: "老街小馆",
  tableName: "A12",
  total: "112.50",
  deliveryFee: "0.00",
  discounts: [{ kind: "coupon", label: "满100减10", amount: "10.00" }],
  paid: "20.00",
  storedValue: "0.00",
  refunded: "0.00",
  due: "82.50",
  state: "unpaid",
  provider: "sandbox",
  test: true,
  member: null,
  memberPay: false,
  ...overrides,
});

const FORM_NEXT: PayStart = {
  tradeNo: "T0001",
  amount: "82.50",
  provider: "sandbox",
  test: true,
  next: {
    kind: "form",
    action: "http://localhost/sandbox-pay/checkout/T0001",
    method: "POST",
    fields: { tradeNo: "T0001", sign: "abc==" },
  },
};

const attemptOf = (status: PayAttempt["status"], overrides: Partial<PayAttempt> = {}): PayAttempt => ({
  tradeNo: "T0001",
  status,
  amount: "82.50",
  test: true,
  orderId: 31,
  provider: "sandbox",
  paidWith: { gateway: "82.50", storedValue: "0.00", discounts: [] },
  ...overrides,
});

const VIEW_PATH = PAY_API.payOrder(31);
const ATTEMPT_PATH = PAY_API.payAttempt("T0001");

/** The form the page posts, caught where the browser would submit it. */
function catchPostedForms(): HTMLFormElement[] {
  const posted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
    posted.push(this);
  });
  return posted;
}

const keyOf = (request: RecordedRequest | undefined) => request?.headers.get("Idempotency-Key") ?? null;
const prepays = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.path === PAY_API.prepay);

afterEach(() => {
  document.querySelectorAll("form").forEach((form) => {
    form.remove();
  });
});

describe("/pay?orderId=", () => {
  it("shows the amounts the server computed, the restaurant, the table and 测试", async () => {
    fakeServer({ [VIEW_PATH]: () => ok(payView(), 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect((await screen.findByTestId("pay-total")).textContent).toContain("¥112.5");
    expect(screen.getByTestId("pay-discounts").textContent).toContain("满100减10-¥10");
    expect(screen.getByTestId("pay-paid").textContent).toContain("¥20");
    expect(screen.queryByTestId("pay-refunded")).toBeNull();
    expect(screen.getByTestId("pay-due").textContent).toContain("¥82.5");
    const where = screen.getByTestId("pay-where");
    expect(where.textContent).toContain("老街小馆");
    expect(where.textContent).toContain("A12");
    expect(within(where).getAllByText("测试").length).toBeGreaterThan(0);
    expect(screen.getByTestId("pay-test-notice").textContent).toContain("沙箱测试支付，不会真实扣款");
    expect(screen.getByRole("button", { name: "支付 ¥82.5" })).toBeTruthy();
  });

  it("keeps a place for coupons and stored value when there are no discounts; no 测试 for a real provider", async () => {
    fakeServer({ [VIEW_PATH]: () => ok(payView({ discounts: [], test: false, provider: "wechat" }), 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect((await screen.findByTestId("pay-discounts")).textContent).toContain("暂无可用优惠券或储值");
    expect(screen.queryByText("测试")).toBeNull();
    expect(screen.queryByTestId("pay-test-notice")).toBeNull();
  });

  it("支付 posts the server's pay form: its action, method and hidden fields", async () => {
    const posted = catchPostedForms();
    const server = fakeServer({
      [VIEW_PATH]: () => ok(payView(), 200),
      [PAY_API.prepay]: () => ok(FORM_NEXT, 200),
    });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("button", { name: "支付 ¥82.5" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const form = posted[0] as HTMLFormElement;
    expect(form.method.toUpperCase()).toBe("POST");
    expect(form.action).toBe("http://localhost/sandbox-pay/checkout/T0001");
    const fields = Object.fromEntries(
      [...form.querySelectorAll("input")].map((input) => [input.name, [input.type, input.value]]),
    );
    expect(fields).toEqual({ tradeNo: ["hidden", "T0001"], sign: ["hidden", "abc=="] });
    expect(form.isConnected).toBe(true);

    const request = server.last(PAY_API.prepay);
    expect(request?.method).toBe("POST");
    // JSON, as the pay calls take their bodies
    expect(request?.json).toMatchObject({ rid: 7, orderId: 31 });
    expect(keyOf(request)).toMatch(/^[0-9a-f]{32}$/);
    // back to the diner app's return page with the carried query and the order; the server adds tradeNo
    const back = new URL(String(request?.json?.returnPath), "http://localhost");
    expect(back.pathname).toBe("/pay/success");
    expect(Object.fromEntries(back.searchParams)).toEqual({ ...LINK_QUERY, orderId: "31" });
  });

  it("follows a redirect and shows a QR code's content", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, href: window.location.href });
    let next: PayStart["next"] = { kind: "redirect", url: "https://pay.example/checkout?x=1" };
    fakeServer({
      [VIEW_PATH]: () => ok(payView(), 200),
      [PAY_API.prepay]: () => ok({ ...FORM_NEXT, next }, 200),
    });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("button", { name: "支付 ¥82.5" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/checkout?x=1"));
    vi.unstubAllGlobals();

    next = { kind: "qr", content: "weixin://wxpay/bizpayurl?pr=abc" };
    fakeServer({
      [VIEW_PATH]: () => ok(payView(), 200),
      [PAY_API.prepay]: () => ok({ ...FORM_NEXT, next }, 200),
    });
    const page = renderOrderPages(`/pay?${LINK}&orderId=31`);
    fireEvent.click((await screen.findAllByRole("button", { name: "支付 ¥82.5" })).at(-1) as HTMLElement);
    expect((await screen.findByTestId("pay-qr-content")).textContent).toBe("weixin://wxpay/bizpayurl?pr=abc");
    fireEvent.click(screen.getByRole("button", { name: "我已完成支付" }));
    await waitFor(() => expect(page.where().path).toBe("/pay/success"));
    expect(page.where().query).toMatchObject({ orderId: "31", tradeNo: "T0001" });
  });

  it("opens WeChat's pay sheet through WeixinJSBridge, and goes to the result only when it says ok", async () => {
    const invoke = vi.fn((_name: string, _params: Record<string, string>, done: (a: object) => void) =>
      done({ err_msg: "get_brand_wcpay_request:ok" }),
    );
    vi.stubGlobal("WeixinJSBridge", { invoke });
    const params = {
      appId: "wx1",
      timeStamp: "1",
      nonceStr: "n",
      package: "prepay_id=p",
      signType: "RSA",
      paySign: "s",
    };
    fakeServer({
      [VIEW_PATH]: () => ok(payView({ test: false, provider: "wechat" }), 200),
      [PAY_API.prepay]: () => ok({ ...FORM_NEXT, test: false, next: { kind: "jsapi", params } }, 200),
    });
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/pay?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("button", { name: "支付 ¥82.5" }));
    await waitFor(() => expect(page.where().path).toBe("/pay/success"));
    expect(invoke).toHaveBeenCalledWith("getBrandWCPayRequest", params, expect.any(Function));
  });

  it("an attempt in flight: 支付处理中 with 刷新, which asks the server again", async () => {
    let state: PayView["state"] = "paying";
    const server = fakeServer({ [VIEW_PATH]: () => ok(payView({ state }), 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect((await screen.findByTestId("pay-state")).textContent).toContain("支付处理中");
    expect(screen.queryByRole("button", { name: /^支付 / })).toBeNull();
    state = "paid";
    fireEvent.click(screen.getByRole("button", { name: "刷新" }));
    await waitFor(() => expect(screen.getByTestId("pay-state").textContent).toBe("订单已支付"));
    expect(server.requests.filter((r) => r.path === VIEW_PATH)).toHaveLength(2);
  });

  it("sends the same Idempotency-Key on a retry and after a reload, and a new one after a refusal", async () => {
    const posted = catchPostedForms();
    let reply: Handler = () => "network-error";
    const server = fakeServer({
      [VIEW_PATH]: () => ok(payView(), 200),
      [PAY_API.prepay]: (request) => reply(request),
    });
    startedAtTable({ isPrepayment: true });
    const first = renderOrderPages(`/pay?${LINK}&orderId=31`);
    const pay = async () => {
      fireEvent.click((await screen.findAllByRole("button", { name: "支付 ¥82.5" })).at(-1) as HTMLElement);
    };
    await pay();
    // no answer: the server may have started it, so the retry asks for the same attempt
    expect(await screen.findByText("发起支付失败，请重试")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "支付 ¥82.5" }).hasAttribute("disabled")).toBe(false),
    );
    await pay();
    await waitFor(() => expect(prepays(server)).toHaveLength(2));
    const [a, b] = prepays(server);
    expect(keyOf(b)).toBe(keyOf(a));

    // a reload of the page keeps the key too (sessionStorage)
    first.router.dispose();
    cleanup();
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    await pay();
    await waitFor(() => expect(prepays(server)).toHaveLength(3));
    expect(keyOf(prepays(server)[2])).toBe(keyOf(a));

    // the server refused (the provider failed): the next tap is a new request with a new key
    reply = () => fail(502, "支付通道暂时不可用，请稍后重试", 502);
    await pay();
    expect(await screen.findByText("支付通道暂时不可用，请稍后重试")).toBeTruthy();
    await waitFor(() => expect(prepays(server)).toHaveLength(4));
    expect(keyOf(prepays(server)[3])).toBe(keyOf(a));
    reply = () => ok(FORM_NEXT, 200);
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: "支付 ¥82.5" }).at(-1)?.hasAttribute("disabled")).toBe(
        false,
      ),
    );
    await pay();
    await waitFor(() => expect(posted).toHaveLength(1));
    const fresh = keyOf(prepays(server)[4]);
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(keyOf(a));
  });
});

describe("/pay/success", () => {
  it("asks the server every second until it says paid, never showing 支付成功 before; then the order", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const answers: PayAttempt["status"][] = ["pending", "pending", "pending", "paid"];
    const server = fakeServer({ [ATTEMPT_PATH]: () => ok(attemptOf(answers.shift() ?? "paid"), 200) });
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/pay/success?${LINK}&orderId=31&tradeNo=T0001`);
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await tick(0);
    const state = () => screen.getByTestId("pay-result-state");
    for (let asked = 1; asked <= 3; asked++) {
      expect(server.requests.filter((r) => r.path === ATTEMPT_PATH)).toHaveLength(asked);
      expect(state().dataset.status).toBe("pending");
      expect(state().textContent).toContain("正在确认支付结果…");
      expect(screen.queryByText("支付成功")).toBeNull();
      await tick(1000);
    }
    expect(server.last(ATTEMPT_PATH)?.query.get("rid")).toBe("7");
    expect(state().dataset.status).toBe("paid");
    expect(state().textContent).toContain("支付成功");
    expect(screen.getByTestId("pay-result-amount").textContent).toBe("¥82.5");
    expect(within(state()).getByText("测试")).toBeTruthy();
    // final: no more questions
    await tick(5000);
    expect(server.requests.filter((r) => r.path === ATTEMPT_PATH)).toHaveLength(4);
    expect(page.where()).toEqual({ path: "/order/detail", query: { ...LINK_QUERY, orderId: "31" } });
  });

  it("shows how it was paid (000 §2): the gateway by name, stored value, and each discount", async () => {
    const paidWith = {
      gateway: "52.50",
      storedValue: "30.00",
      discounts: [
        { kind: "coupon", label: "满100减10", amount: "10.00" },
        { kind: "points", label: "积分抵扣", amount: "5.00" },
      ],
    };
    fakeServer({
      [ATTEMPT_PATH]: () => ok(attemptOf("paid", { amount: "52.50", provider: "wechat", paidWith }), 200),
    });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay/success?${LINK}&orderId=31&tradeNo=T0001`);
    const rows = await screen.findByTestId("pay-paid-with");
    expect(rows.textContent).toContain("支付明细");
    expect(within(rows).getByTestId("paid-gateway").textContent).toBe("微信支付¥52.5");
    expect(within(rows).getByTestId("paid-stored").textContent).toBe("储值支付¥30");
    expect(
      within(rows)
        .getAllByTestId("paid-discount")
        .map((row) => row.textContent),
    ).toEqual(["满100减10-¥10", "积分抵扣-¥5"]);
  });

  it("after 30 s still pending: asks every 5 s and offers 刷新", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const server = fakeServer({ [ATTEMPT_PATH]: () => ok(attemptOf("pending"), 200) });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay/success?${LINK}&orderId=31&tradeNo=T0001`);
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const asked = () => server.requests.filter((r) => r.path === ATTEMPT_PATH).length;
    await tick(0);
    expect(screen.queryByRole("button", { name: "刷新" })).toBeNull();
    await tick(30_000);
    const fastAsks = asked();
    expect(fastAsks).toBeGreaterThanOrEqual(30);
    expect(screen.getByText("支付结果确认较慢，请稍后刷新")).toBeTruthy();
    await tick(4000);
    expect(asked()).toBe(fastAsks);
    await tick(1000);
    expect(asked()).toBe(fastAsks + 1);
    fireEvent.click(screen.getByRole("button", { name: "刷新" }));
    await tick(0);
    expect(asked()).toBe(fastAsks + 2);
    expect(screen.queryByText("支付成功")).toBeNull();
  });

  it("quick-service: the pick-up number from the order's detail, big", async () => {
    fakeServer({
      [ATTEMPT_PATH]: () => ok(attemptOf("paid"), 200),
      [`${API.orderDetail}/31`]: () => ok(orderDetail({ fastSerialNo: "A023" }), 200),
    });
    startedAtTable({ restaurant: restaurant({ restaurantFastHotel: true }) });
    renderOrderPages(`/pay/success?${LINK}&orderId=31&tradeNo=T0001`);
    expect((await screen.findByTestId("pay-pickup")).textContent).toContain("A023");
  });

  it("failed: 支付未完成 with 重新支付, which pays again with a new key, and 查看订单", async () => {
    const posted = catchPostedForms();
    const server = fakeServer({
      [ATTEMPT_PATH]: () => ok(attemptOf("failed"), 200),
      [VIEW_PATH]: () => ok(payView(), 200),
      [PAY_API.prepay]: () => ok(FORM_NEXT, 200),
    });
    startedAtTable({ isPrepayment: true });
    // the first attempt's key, as /pay kept it
    const paid = renderOrderPages(`/pay?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("button", { name: "支付 ¥82.5" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    paid.router.dispose();
    cleanup();

    const page = renderOrderPages(`/pay/success?${LINK}&orderId=31&tradeNo=T0001`);
    expect((await screen.findByTestId("pay-result-state")).dataset.status).toBe("failed");
    expect(screen.getByText("支付未完成")).toBeTruthy();
    expect(screen.getByRole("button", { name: "查看订单" })).toBeTruthy();
    expect(screen.queryByText("支付成功")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "重新支付" }));
    await waitFor(() =>
      expect(page.where()).toEqual({ path: "/pay", query: { ...LINK_QUERY, orderId: "31" } }),
    );
    fireEvent.click((await screen.findAllByRole("button", { name: "支付 ¥82.5" })).at(-1) as HTMLElement);
    await waitFor(() => expect(posted).toHaveLength(2));
    const [first, second] = prepays(server);
    expect(keyOf(second)).not.toBe(keyOf(first));
  });

  it("closed shows 支付未完成 too, and 查看订单 opens the order", async () => {
    fakeServer({ [ATTEMPT_PATH]: () => ok(attemptOf("closed"), 200) });
    startedAtTable({ isPrepayment: true });
    const page = renderOrderPages(`/pay/success?${LINK}&orderId=31&tradeNo=T0001`);
    expect(await screen.findByText("支付未完成")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "查看订单" }));
    await waitFor(() =>
      expect(page.where()).toEqual({ path: "/order/detail", query: { ...LINK_QUERY, orderId: "31" } }),
    );
  });
});

const billLine = (overrides: Partial<BillLine>): BillLine => ({
  lineId: 1,
  orderId: 31,
  name: "拍黄瓜",
  detail: "",
  count: "1",
  total: "12.00",
  mine: true,
  shares: 1,
  claims: [],
  left: "12.00",
  ...overrides,
});

const billView = (lines: BillLine[], overrides: Partial<BillView> = {}): BillView => ({
  visitId: 5,
  tableName: "A12",
  total: "100.50",
  paid: "30.00",
  left: "70.50",
  refunded: "0.00",
  mine: "0.00",
  lines,
  settled: false,
  test: true,
  ...overrides,
});

describe("/pay?bill=1 (the table's bill, pay later)", () => {
  const FISH = billLine({
    lineId: 2,
    name: "酸菜鱼",
    detail: "大份、微辣",
    total: "88.50",
    mine: false,
    shares: 3,
    claims: [
      { share: 1, shares: 3, amount: "29.50", status: "paid", mine: false },
      { share: 2, shares: 3, amount: "29.50", status: "held", mine: false },
    ],
    left: "29.50",
  });

  it("claims this diner's own lines by default, splits a line and takes shares, and pays its part", async () => {
    const posted = catchPostedForms();
    const cucumber = billLine({});
    const held = billView(
      [
        billLine({
          claims: [{ share: 1, shares: 1, amount: "12.00", status: "held", mine: true }],
          left: "0.00",
        }),
        FISH,
      ],
      { mine: "12.00" },
    );
    const withFish = billView(
      [
        held.lines[0] as BillLine,
        {
          ...FISH,
          claims: [...FISH.claims, { share: 3, shares: 3, amount: "29.50", status: "held", mine: true }],
        },
      ],
      { mine: "41.50" },
    );
    const claimAnswers = [held, withFish];
    const server = fakeServer({
      [PAY_API.bill]: () => ok(billView([cucumber, FISH]), 200),
      [PAY_API.billClaims]: () => ok(claimAnswers.shift(), 200),
      [PAY_API.billPay]: () => ok({ ...FORM_NEXT, amount: "41.50" }, 200),
    });
    startedAtTable();
    renderOrderPages(`/pay?${LINK}&bill=1`);

    // own lines are claimed for the diner once the bill opens
    await waitFor(() => expect(server.requests.filter((r) => r.path === PAY_API.billClaims)).toHaveLength(1));
    const first = server.last(PAY_API.billClaims);
    expect(first?.json).toEqual({ rid: 7, claims: [{ lineId: 1, shares: 1, take: 1 }] });
    expect((await screen.findByTestId("bill-mine")).textContent).toContain("¥12");

    const lines = screen.getAllByTestId("bill-line");
    expect(lines.map((l) => l.textContent?.includes("我点的"))).toEqual([true, false]);
    const fish = lines[1] as HTMLElement;
    expect(fish.textContent).toContain("同伴点的");
    expect(
      within(fish)
        .getAllByTestId("bill-share")
        .map((s) => s.dataset.state),
    ).toEqual(["paid", "held", "free"]);
    expect(fish.textContent).toContain("已支付");
    expect(fish.textContent).toContain("同伴支付中");
    // others hold part of it: its split stays; one share is left to take
    expect(within(fish).queryByRole("button", { name: "4人分" })).toBeNull();
    fireEvent.click(within(fish).getByRole("button", { name: "多付一份" }));
    await waitFor(() => expect(server.requests.filter((r) => r.path === PAY_API.billClaims)).toHaveLength(2));
    expect(server.last(PAY_API.billClaims)?.json?.claims).toEqual([{ lineId: 2, shares: 3, take: 1 }]);
    // the server's answer: the share's amount and what this diner pays
    await waitFor(() => expect(screen.getByTestId("bill-mine").textContent).toContain("¥41.5"));
    const fishAfter = screen.getAllByTestId("bill-line")[1] as HTMLElement;
    expect(
      within(fishAfter)
        .getAllByTestId("bill-share")
        .map((s) => s.dataset.state),
    ).toEqual(["paid", "held", "mine"]);
    expect(within(fishAfter).getByTestId("bill-take").textContent).toBe("我付1份");
    expect(within(fishAfter).getByRole("button", { name: "多付一份" }).hasAttribute("disabled")).toBe(true);

    expect(screen.getByTestId("bill-total").textContent).toContain("¥100.5");
    expect(screen.getByTestId("bill-paid").textContent).toContain("¥30");
    expect(screen.getByTestId("bill-left").textContent).toContain("¥70.5");

    fireEvent.click(screen.getByRole("button", { name: "支付我的部分" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const pay = server.last(PAY_API.billPay);
    expect(pay?.json?.rid).toBe(7);
    expect(keyOf(pay)).toMatch(/^[0-9a-f]{32}$/);
    const back = new URL(String(pay?.json?.returnPath), "http://localhost");
    expect(back.pathname).toBe("/pay/success");
    expect(back.searchParams.get("bill")).toBe("1");
  });

  it("splits a whole line among 3, keeping this diner's share, and lets a line go", async () => {
    const mine = billLine({
      claims: [{ share: 1, shares: 1, amount: "12.00", status: "held", mine: true }],
      left: "0.00",
    });
    const server = fakeServer({
      [PAY_API.bill]: () => ok(billView([mine], { mine: "12.00" }), 200),
      [PAY_API.billClaims]: () => ok(billView([mine], { mine: "12.00" }), 200),
    });
    startedAtTable();
    renderOrderPages(`/pay?${LINK}&bill=1`);
    const line = await screen.findByTestId("bill-line");
    // already held: nothing claimed by default
    expect(server.requests.filter((r) => r.path === PAY_API.billClaims)).toHaveLength(0);
    const sent = () => server.last(PAY_API.billClaims)?.json?.claims;
    fireEvent.click(within(line).getByRole("button", { name: "3人分" }));
    await waitFor(() => expect(sent()).toEqual([{ lineId: 1, shares: 3, take: 1 }]));
    await waitFor(() =>
      expect(within(line).getByRole("button", { name: "不付这道" }).hasAttribute("disabled")).toBe(false),
    );
    fireEvent.click(within(line).getByRole("button", { name: "不付这道" }));
    await waitFor(() => expect(sent()).toEqual([{ lineId: 1, shares: 1, take: 0 }]));
  });

  it("shows what was refunded of the table's bill parts, and no such row when nothing was", async () => {
    const answers = [billView([FISH]), billView([FISH], { refunded: "12.00" })];
    fakeServer({ [PAY_API.bill]: () => ok(answers.shift(), 200) });
    startedAtTable();
    renderOrderPages(`/pay?${LINK}&bill=1`);
    await screen.findByTestId("bill-paid");
    expect(screen.queryByTestId("bill-refunded")).toBeNull();
    act(() =>
      emitTableEvent({
        message: orderNews(MSG.orderStatus, "payment", { orderId: 31 }),
        fromTablemate: true,
      }),
    );
    await waitFor(() => expect(screen.getByTestId("bill-refunded").textContent).toContain("¥12"));
    expect(screen.getByTestId("bill-refunded").textContent).toContain("已退款");
  });

  it("asks again when an order of the table changes: a tablemate's share paid, then the table settled", async () => {
    const answers = [
      billView([FISH], { mine: "0.00" }),
      billView([{ ...FISH, claims: FISH.claims.map((c) => ({ ...c, status: "paid" as const })) }], {
        paid: "59.00",
        left: "41.50",
      }),
      billView([], { total: "100.50", paid: "100.50", left: "0.00", settled: true }),
    ];
    const server = fakeServer({ [PAY_API.bill]: () => ok(answers.shift(), 200) });
    startedAtTable();
    renderOrderPages(`/pay?${LINK}&bill=1`);
    expect((await screen.findByTestId("bill-paid")).textContent).toContain("¥30");
    // the payment's news (type 12, the order's status as it is): the bill as it now is
    act(() =>
      emitTableEvent({
        message: orderNews(MSG.orderStatus, "payment", { orderId: 31 }),
        fromTablemate: true,
      }),
    );
    await waitFor(() => expect(screen.getByTestId("bill-paid").textContent).toContain("¥59"));
    expect(screen.getByTestId("bill-left").textContent).toContain("¥41.5");
    expect(
      within(screen.getByTestId("bill-line"))
        .getAllByTestId("bill-share")
        .map((s) => s.dataset.state),
    ).toEqual(["paid", "paid", "free"]);
    // status 7: settled, nothing left to pay here
    act(() =>
      emitTableEvent({
        message: orderNews(MSG.orderStatus, "payment", { orderId: 31, status: 7 }),
        fromTablemate: true,
      }),
    );
    expect(await screen.findByText("本桌已结清")).toBeTruthy();
    expect(screen.getByTestId("bill-left").textContent).toContain("¥0");
    expect(screen.queryByRole("button", { name: "支付我的部分" })).toBeNull();
    expect(server.requests.filter((r) => r.path === PAY_API.bill)).toHaveLength(3);
  });

  it("a claim refused: the server's words, and the bill asked again", async () => {
    const server = fakeServer({
      [PAY_API.bill]: () => ok(billView([FISH], { mine: "0.00" }), 200),
      [PAY_API.billClaims]: () => fail(4606, "这道菜已被同伴认领", 409),
    });
    startedAtTable();
    renderOrderPages(`/pay?${LINK}&bill=1`);
    fireEvent.click(within(await screen.findByTestId("bill-line")).getByRole("button", { name: "多付一份" }));
    expect(await screen.findByText("这道菜已被同伴认领")).toBeTruthy();
    await waitFor(() => expect(server.requests.filter((r) => r.path === PAY_API.bill)).toHaveLength(2));
    // nothing held: nothing to pay
    expect(screen.getByRole("button", { name: "支付我的部分" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("/pay opened from a link, its view in the page", () => {
  it("shows the view the page carried without asking; a reload asks", async () => {
    const server = fakeServer({ [VIEW_PATH]: () => ok(payView({ due: "70.00" }), 200) });
    injectPageData({ pay: payView() });
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect((await screen.findByTestId("pay-due")).textContent).toContain("¥82.5");
    expect(server.paths()).not.toContain(VIEW_PATH);
    // taken once: the page opened again asks the server
    cleanup();
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect((await screen.findByTestId("pay-due")).textContent).toContain("¥70");
    removePageData();
  });
});
