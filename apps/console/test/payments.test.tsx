import {
  API,
  type ConsolePayment,
  type MoneyIssue,
  type SandboxSwitches,
  type StaffSession,
  type TableDetail,
} from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { PAYMENTS_COPY as C, FLOOR_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/floor/console-socket.js";
import { paymentView } from "../src/features/payments/payment-view.js";
import { type FakeAnswer, type FakeCall, fakeApi, OWNER_SESSION, WAITER_SESSION } from "./fake-api.js";
import { FakeSocket, ORDER, ORDER_TABLE } from "./floor-fixtures.js";
import { renderConsole } from "./render.js";

const CASHIER_SESSION: StaffSession = {
  account: { id: 8, name: "小张", login: "cashier8" },
  restaurants: [{ id: 1, name: "川味小馆", role: "cashier", timezone: "Asia/Shanghai" }],
};

const attempt = (over: Partial<ConsolePayment["attempts"][number]>): ConsolePayment["attempts"][number] => ({
  tradeNo: "TMmhx1k2a0b1c2d3e4f5a6",
  provider: "sandbox",
  amount: "58.00",
  status: "paid",
  createdAt: "2026-11-24T04:02:00.000Z",
  ...over,
});

/** Order 31's payment: ¥58 paid in the sandbox, ¥10 refunded, ¥5 more being refunded: ¥43 refundable. */
const PAID: ConsolePayment = {
  intentId: 70,
  orderId: 31,
  visitId: null,
  tableName: "A2",
  amount: "58.00",
  paid: "58.00",
  refunded: "10.00",
  status: "paid",
  test: true,
  attempts: [
    attempt({ tradeNo: "TMmhx1k2a0ffffffffffff", status: "failed", createdAt: "2026-11-24T04:01:00.000Z" }),
    attempt({}),
  ],
  refunds: [
    {
      refundNo: "RFmhx1k9z0a1a2a3a4a5a6",
      amount: "10.00",
      status: "done",
      reason: "少上一道菜",
      approvedBy: "王店长",
      createdAt: "2026-11-24T04:20:00.000Z",
    },
    {
      refundNo: "RFmhx1kaa0b1b2b3b4b5b6",
      amount: "5.00",
      status: "pending",
      reason: "菜凉了",
      approvedBy: null,
      createdAt: "2026-11-24T04:25:00.000Z",
    },
  ],
};

/** A diner paying the table's bill from a phone right now. */
const PAYING_BILL: ConsolePayment = {
  ...PAID,
  intentId: 71,
  orderId: null,
  visitId: 5,
  amount: "20.00",
  paid: "0.00",
  refunded: "0.00",
  status: "open",
  test: false,
  attempts: [
    attempt({ tradeNo: "TMmhx1kbb0c1c2c3c4c5c6", provider: "wechat", amount: "20.00", status: "pending" }),
  ],
  refunds: [],
};

function floorRoutes(
  session: StaffSession,
  extra: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)> = {},
) {
  return fakeApi({
    [`GET ${API.consoleSession}`]: { data: session },
    [`GET ${API.consoleFloor(1)}`]: { data: { now: "2026-11-24T04:30:00.000Z", tables: [ORDER_TABLE] } },
    [`GET ${API.consoleTable(1, 2)}`]: {
      data: {
        table: ORDER_TABLE,
        cart: null,
        orders: [{ ...ORDER, paymentType: 1 }],
        totals: { ordered: "58.00", comped: "0.00", due: "58.00" },
      } satisfies TableDetail,
    },
    [`GET ${API.consolePayments(1)}`]: { data: [PAID, PAYING_BILL] },
    ...extra,
  }).calls;
}

async function openTable() {
  renderConsole("/floor");
  fireEvent.click(await screen.findByTestId("table-card-2"));
  return screen.findByTestId("order-31");
}

describe("a payment's state, by core's rules", () => {
  it("reads paid, paying and unpaid, and what is still refundable after refunds done and in flight", () => {
    // ¥10 of ¥58 given back: still paid (the payer paid in full), partly refunded
    expect(paymentView(PAID)).toEqual({
      state: "paid",
      refunded: "part",
      refundable: "43.00",
      refundableCents: 4300,
    });
    expect(paymentView(PAYING_BILL).state).toBe("paying");
    expect(paymentView({ ...PAYING_BILL, attempts: [] }).state).toBe("unpaid");
    // everything given back: nothing refundable
    const back = paymentView({ ...PAID, refunded: "58.00", refunds: [] });
    expect([back.state, back.refunded, back.refundableCents]).toEqual(["paid", "all", 0]);
    // paid twice and kept: 多收款, refundable in full
    const twice = paymentView({ ...PAID, paid: "116.00", refunded: "0.00", refunds: [] });
    expect([twice.state, twice.refundable]).toEqual(["overpaid", "116.00"]);
  });
});

describe("payments in the floor's table drawer", () => {
  beforeEach(() => {
    setSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket);
  });

  it("shows each order's payment state, sums, 测试, attempts and refunds, and the bill paid from phones", async () => {
    const calls = floorRoutes(CASHIER_SESSION);
    const order = await openTable();
    const block = await within(order).findByTestId("payment-70");
    expect(within(block).getByTestId("payment-state").textContent).toBe(C.states.paid);
    expect(within(block).getByTestId("payment-test").textContent).toBe(C.test);
    expect(block.textContent).toContain(`${C.paid} ¥58.00`);
    expect(block.textContent).toContain(`${C.refunded} ¥10.00`);
    // both attempts (the failed one too) and both refunds, with the reason and who approved
    expect(block.textContent).toContain("TMmhx1k2a0ffffffffffff");
    expect(block.textContent).toContain(C.attemptStatuses.failed);
    expect(within(block).getAllByTestId("payment-refund")).toHaveLength(2);
    expect(block.textContent).toContain("少上一道菜");
    expect(block.textContent).toContain(C.approvedBy("王店长"));
    expect(block.textContent).toContain(C.refundStatuses.pending);
    // the table's bill, paid from a phone now: 支付中, no 测试, nothing to refund yet
    const bill = screen.getByTestId("bill-payments");
    expect(within(bill).getByTestId("payment-state").textContent).toBe(C.states.paying);
    expect(within(bill).queryByTestId("payment-test")).toBeNull();
    expect(within(bill).queryByTestId("refund-button")).toBeNull();
    expect(calls.some((c) => c.url === `${API.consolePayments(1)}?tableId=2`)).toBe(true);
  });

  it("shows 未支付 for a prepayment order nobody has paid", async () => {
    floorRoutes(CASHIER_SESSION, { [`GET ${API.consolePayments(1)}`]: { data: [] } });
    const order = await openTable();
    expect((await within(order).findByTestId("payment-state")).textContent).toBe(C.states.unpaid);
    expect(within(order).queryByTestId("refund-button")).toBeNull();
  });

  it("asks nothing of payments for a waiter (no payments.read), and shows none", async () => {
    const calls = floorRoutes(WAITER_SESSION);
    const order = await openTable();
    expect(order.textContent).toContain("水煮鱼");
    expect(within(order).queryByTestId("payment-state")).toBeNull();
    expect(calls.some((c) => c.url.startsWith(API.consolePayments(1)))).toBe(false);
  });

  it("refunds what is refundable by default; asked for a manager's approval (4031), sends it with the login and PIN", async () => {
    const bodies: unknown[] = [];
    const calls = floorRoutes(CASHIER_SESSION, {
      [`POST ${API.consoleRefund(1, 70)}`]: (call) => {
        bodies.push(call.body);
        if ((call.body as { approval?: unknown }).approval) return { data: { refunds: ["RFnew"] } };
        // core's ERRORS.approvalRequired
        const refusal = { code: 4031, success: false, data: null, message: "此操作需要店长授权" };
        return { status: 403, raw: JSON.stringify(refusal) };
      },
    });
    const order = await openTable();
    // (buttons are found by their words, not their role: a role query over the open floor takes seconds)
    fireEvent.click(await within(order).findByTestId("refund-button"));
    const amount = (await screen.findByTestId("refund-amount")) as HTMLInputElement;
    expect(amount.value).toBe("43.00");
    // more than is refundable is refused before anything is sent
    fireEvent.change(amount, { target: { value: "43.01" } });
    fireEvent.change(screen.getByTestId("refund-reason"), { target: { value: "菜品售罄" } });
    fireEvent.click(screen.getByText(C.refundSubmit));
    expect(
      await screen.findByText(C.refundTooMuch("43.00"), { selector: ".ant-form-item-explain-error" }),
    ).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.change(amount, { target: { value: "12.5" } });
    fireEvent.click(screen.getByText(C.refundSubmit));
    await waitFor(() => expect(bodies).toHaveLength(1));
    fireEvent.change(await screen.findByTestId("approval-login"), { target: { value: "manager1" } });
    fireEvent.change(screen.getByTestId("approval-pin"), { target: { value: "2468" } });
    fireEvent.click(screen.getByText(FLOOR_COPY.approve));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { amount: "12.50", reason: "菜品售罄" },
      { amount: "12.50", reason: "菜品售罄", approval: { login: "manager1", pin: "2468" } },
    ]);
    // the table's payments are read again once the refund is in
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith(API.consolePayments(1))).length).toBeGreaterThanOrEqual(2),
    );
  });
});

const ISSUES: MoneyIssue[] = [
  {
    kind: "unapplied",
    at: "2026-11-24T05:00:00.000Z",
    tradeNo: "TMmhx1kcc0d1d2d3d4d5d6",
    refundNo: null,
    intentId: null,
    amount: null,
    detail: "sandbox: refused amount",
  },
  {
    kind: "refundStuck",
    at: "2026-11-24T04:00:00.000Z",
    tradeNo: null,
    refundNo: "RFmhx1kdd0e1e2e3e4e5e6",
    intentId: 70,
    amount: "5.00",
    detail: "退款处理中超过 10 分钟：菜凉了",
  },
];

const SWITCHES: SandboxSwitches = {
  delayMs: 0,
  duplicate: false,
  outOfOrder: false,
  drop: false,
  fail: false,
  amountMismatch: false,
};

describe("the 收款 page", () => {
  it("lists the money that needs a person by kind, and asks the provider again where a trade exists", async () => {
    let requeried = 0;
    const calls = fakeApi({
      [`GET ${API.consoleSession}`]: { data: CASHIER_SESSION },
      [`GET ${API.consoleMoneyIssues(1)}`]: () => ({ data: requeried > 0 ? ISSUES.slice(1) : ISSUES }),
      [`POST ${API.consoleRequery(1, "TMmhx1kcc0d1d2d3d4d5d6")}`]: () => {
        requeried += 1;
        return { data: { status: "paid" } };
      },
    }).calls;
    renderConsole("/payments");
    const table = await screen.findByTestId("money-issues");
    await within(table).findByText(C.kinds.unapplied);
    expect(within(table).getByText(C.kinds.refundStuck)).toBeTruthy();
    expect(table.textContent).toContain("RFmhx1kdd0e1e2e3e4e5e6");
    expect(table.textContent).toContain("¥5.00");
    // 重新查询 only for the row with a trade number
    const buttons = within(table).getAllByTestId("requery");
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    await screen.findByText(C.requeried(C.attemptStatuses.paid));
    await waitFor(() => expect(within(table).queryByText(C.kinds.unapplied)).toBeNull());
    expect(calls.filter((c) => c.url === API.consoleMoneyIssues(1))).toHaveLength(2);
    // a cashier does not change settings: no sandbox card, its switches never read
    expect(screen.queryByTestId("sandbox-card")).toBeNull();
    expect(calls.some((c) => c.url === API.consoleSandbox(1))).toBe(false);
  });

  it("gives the owner the sandbox's switches, with the note that they are for tests and training", async () => {
    const puts: unknown[] = [];
    fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleMoneyIssues(1)}`]: { data: [] },
      [`GET ${API.consoleSandbox(1)}`]: { data: SWITCHES },
      [`PUT ${API.consoleSandbox(1)}`]: (call) => {
        puts.push(call.body);
        return { data: call.body };
      },
    });
    renderConsole("/payments");
    const sandbox = await screen.findByTestId("sandbox-card");
    expect(await within(sandbox).findByText(C.sandboxNote)).toBeTruthy();
    expect(await screen.findByText(C.noIssues)).toBeTruthy();
    const drop = await within(sandbox).findByTestId("sandbox-drop");
    await waitFor(() => expect(drop.getAttribute("aria-checked")).toBe("false"));
    fireEvent.click(drop);
    fireEvent.click(within(sandbox).getByTestId("sandbox-save"));
    await waitFor(() => expect(puts).toEqual([{ ...SWITCHES, drop: true }]));
    await screen.findByText(C.sandboxSaved);
  });

  it("is not in a waiter's menu, and its address shows 无权查看", async () => {
    const calls = fakeApi({ [`GET ${API.consoleSession}`]: { data: WAITER_SESSION } }).calls;
    renderConsole("/payments");
    expect(await screen.findByText("无权查看")).toBeTruthy();
    expect(within(screen.getByTestId("side-menu")).queryByText(C.title)).toBeNull();
    expect(calls.some((c) => c.url.startsWith(API.consolePayments(1)))).toBe(false);
  });
});
