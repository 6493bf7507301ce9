import {
  API,
  type ConsoleOrder,
  type ConsoleOrderDetail,
  type ConsolePayment,
  type Floor,
  type KitchenTicket,
  type MoneyIssue,
  type ReportSummary,
  type StockOverview,
} from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMON_COPY, ORDER_DETAIL_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/floor/console-socket.js";
import { dashboardAlerts, floorNumbers } from "../src/features/home/alerts.js";
import { fakeApi, OWNER_SESSION, WAITER_SESSION } from "./fake-api.js";
import { card, FakeSocket, ORDER, ORDER_TABLE } from "./floor-fixtures.js";
import { renderConsole } from "./render.js";

const A = COMMON_COPY.home.alert;
const NOW = new Date("2026-11-24T04:10:00.000Z");

const FLOOR: Floor = {
  now: NOW.toISOString(),
  tables: [
    card({
      tableId: 1,
      name: "A1",
      state: "called",
      visitId: 4,
      calls: [{ callId: 3, tableId: 1, kind: "call", at: "2026-11-24T04:07:00.000Z" }],
    }),
    { ...ORDER_TABLE, newOrders: 1 },
  ],
};
const HELD: ConsoleOrder = {
  ...ORDER,
  orderId: 32,
  status: 0,
  held: true,
  createdAt: "2026-11-24T04:05:00.000Z",
};
const RESERVATION: ConsoleOrder = {
  ...ORDER,
  orderId: 33,
  status: 0,
  eatType: "reserve",
  contact: {
    name: "王先生",
    phone: "13800000000",
    sex: "先生",
    num: 4,
    time: "2026-11-25 18:30",
    memo: "",
    address: "",
  },
};
const ISSUE: MoneyIssue = {
  kind: "refundStuck",
  at: "2026-11-24T03:50:00.000Z",
  tradeNo: null,
  refundNo: "RF1",
  intentId: 70,
  amount: "5.00",
  detail: "",
};
const STOCK = {
  categories: [],
  dishes: [
    {
      id: 1,
      name: "毛血旺",
      estimate: 0,
      snoozedUntil: null,
      state: "soldOut",
      available: 0,
      categoryId: 1,
      isCombo: false,
    },
    {
      id: 2,
      name: "水煮鱼",
      estimate: -1,
      snoozedUntil: null,
      state: "onSale",
      available: -1,
      categoryId: 1,
      isCombo: false,
    },
  ],
  additions: [],
  posOnline: true,
  timezone: "Asia/Shanghai",
  now: NOW.toISOString(),
} satisfies StockOverview;
const SUMMARY: ReportSummary = {
  from: "2026-11-24",
  to: "2026-11-24",
  timezone: "Asia/Shanghai",
  orders: 3,
  revenue: "174.00",
  diners: 6,
  averagePerDiner: "29.00",
  topDishes: [],
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 })),
};
const TICKET: KitchenTicket = {
  id: 81,
  number: 81,
  kind: "new",
  stationId: 2,
  stationName: "热菜",
  orderId: 31,
  mainOrderId: null,
  orderStatus: 2,
  tableName: "A2",
  eatType: "dine",
  fastSerialNo: "",
  personNum: 2,
  wholeMemo: "",
  allergies: [],
  // 11:24 in the restaurant's Shanghai, 03:24 UTC
  createdAt: "2026-11-24T03:24:00.000Z",
  version: 1,
  items: [
    {
      ...ORDER.lines[0],
      id: 90,
      orderLineId: 9,
      state: "cooking",
      allergens: [],
    } as KitchenTicket["items"][number],
  ],
};
const PAID: ConsolePayment = {
  intentId: 70,
  orderId: 31,
  visitId: null,
  tableName: "A2",
  amount: "58.00",
  paid: "58.00",
  refunded: "0.00",
  status: "paid",
  test: true,
  attempts: [
    { tradeNo: "TM1", provider: "sandbox", amount: "58.00", status: "paid", createdAt: NOW.toISOString() },
  ],
  refunds: [],
};
const DETAIL: ConsoleOrderDetail = {
  order: ORDER,
  payments: [PAID],
  money: { owed: "58.00", deliveryFee: "0.00", paid: "58.00", refunded: "0.00", left: "0.00" },
  tickets: [TICKET],
  history: [
    {
      at: "2026-11-24T03:30:00.000Z",
      action: "ticket.reprint",
      target: "ticket:81",
      actorName: "王店长",
      approverName: null,
      reason: "",
    },
  ],
};

describe("the home page's alerts", () => {
  it("lists calls and money first, then held orders and reservations waiting, then what is sold out", () => {
    const alerts = dashboardAlerts(
      { floor: FLOOR, orders: [ORDER, HELD, RESERVATION], issues: [ISSUE], stock: STOCK },
      NOW,
    );
    expect(alerts.map((a) => [a.kind, a.text])).toEqual([
      ["money", A.money("退款未完成", "5.00")],
      ["call", A.call("A1", 3)],
      ["reservation", A.reservation("王先生", "2026-11-25 18:30", 33)],
      ["held", A.held("A2", 32)],
      ["soldOut", A.soldOut("毛血旺")],
    ]);
    expect(alerts.find((a) => a.kind === "held")?.goTo).toEqual({ orderId: 32 });
    expect(alerts.find((a) => a.kind === "call")?.goTo).toEqual({ page: "floor" });
    expect(dashboardAlerts({ floor: null, orders: null, issues: null, stock: null }, NOW)).toEqual([]);
    expect(floorNumbers(FLOOR)).toEqual({ seated: 2, toAccept: 1 });
  });
});

describe("the home page", { timeout: 60_000 }, () => {
  beforeEach(() => setSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket));
  afterEach(() => {
    FakeSocket.last = null;
  });

  it("shows today's numbers and the alerts, and an order opens the one order detail with its money, tickets and history", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleReportsSummary(1)}`]: { data: SUMMARY },
      [`GET ${API.consoleFloor(1)}`]: { data: FLOOR },
      [`GET ${API.staffOrders(1)}`]: { data: [ORDER, HELD] },
      [`GET ${API.consoleMoneyIssues(1)}`]: { data: [ISSUE] },
      [`GET ${API.consoleStock(1)}`]: { data: STOCK },
      [`GET ${API.consoleOrder(1, 31)}`]: { data: DETAIL },
    });
    renderConsole("/");
    const numbers = await screen.findByTestId("home-numbers");
    expect(numbers.textContent).toContain("174.00");
    const alerts = screen.getByTestId("home-alerts");
    expect(alerts.textContent).toContain(
      A.call("A1", Math.floor((Date.now() - Date.parse("2026-11-24T04:07:00.000Z")) / 60_000)),
    );
    expect(within(alerts).getByTestId("alert-soldOut").textContent).toContain("毛血旺");
    // today's orders are asked from the restaurant's midnight
    const asked = api.calls.find((c) => c.url.startsWith(API.staffOrders(1)));
    expect(new URL(asked?.url ?? "", "http://x").searchParams.get("from")).toMatch(/T16:00:00.000Z$/);

    fireEvent.click(screen.getByTestId("home-order-31"));
    const detail = await screen.findByTestId("detail-tickets");
    const drawer = screen.getByTestId("order-detail");
    expect(within(drawer).getByTestId("detail-line-9").textContent).toContain("小李");
    expect(within(drawer).getByTestId("detail-payments").textContent).toContain("58.00");
    expect(detail.textContent).toContain("11:24");
    expect(detail.textContent).toContain(ORDER_DETAIL_COPY.reprint);
    expect(within(drawer).getByTestId("detail-history").textContent).toContain("王店长");
    // no delivery fee on a dine-in order
    expect(within(drawer).queryByTestId("detail-delivery-fee")).toBeNull();
  });

  /** The owner's home, and order 31's drawer opened from it, its group's money as given. */
  async function openOrderWithMoney(money: NonNullable<ConsoleOrderDetail["money"]>) {
    fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleReportsSummary(1)}`]: { data: SUMMARY },
      [`GET ${API.consoleFloor(1)}`]: { data: FLOOR },
      [`GET ${API.staffOrders(1)}`]: { data: [ORDER, HELD] },
      [`GET ${API.consoleMoneyIssues(1)}`]: { data: [ISSUE] },
      [`GET ${API.consoleStock(1)}`]: { data: STOCK },
      [`GET ${API.consoleOrder(1, 31)}`]: { data: { ...DETAIL, money } },
    });
    renderConsole("/");
    fireEvent.click(await screen.findByTestId("home-order-31"));
  }

  it("shows a takeout's delivery fee within what its order owes", async () => {
    const money = { owed: "64.00", deliveryFee: "6.00", paid: "64.00", refunded: "0.00", left: "0.00" };
    await openOrderWithMoney(money);
    const owed = await screen.findByTestId("detail-delivery-fee");
    expect(owed.textContent).toContain(ORDER_DETAIL_COPY.withDeliveryFee("6.00"));
    expect(screen.getByTestId("detail-money").textContent).toContain("¥64.00");
    // paid in full: said beside the kitchen's status
    expect(screen.getByTestId("detail-payment-state").textContent).toBe(ORDER_DETAIL_COPY.paymentStates.paid);
  });

  it.each([
    [{ paid: "20.00", refunded: "0.00", left: "44.00" }, ORDER_DETAIL_COPY.paymentStates.partlyPaid],
    // all refunded: what counts as paid is 0, so nothing is said
    [{ paid: "0.00", refunded: "64.00", left: "0.00" }, null],
    [{ paid: "0.00", refunded: "0.00", left: "64.00" }, null],
  ])("says what the order's money is beside its status: %o", async (moneyNow, said) => {
    const money = { owed: "64.00", deliveryFee: "0.00", ...moneyNow };
    await openOrderWithMoney(money);
    await screen.findByTestId("detail-money");
    expect(screen.queryByTestId("detail-payment-state")?.textContent ?? null).toBe(said);
  });

  it("asks a waiter for no money, numbers or stock, and opens a held order from its alert", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: WAITER_SESSION },
      [`GET ${API.consoleFloor(1)}`]: { data: FLOOR },
      [`GET ${API.staffOrders(1)}`]: { data: [HELD] },
      [`GET ${API.consoleOrder(1, 32)}`]: { data: { ...DETAIL, order: HELD, payments: null } },
    });
    renderConsole("/");
    fireEvent.click(await screen.findByTestId("alert-held"));
    const payments = await screen.findByTestId("detail-payments");
    expect(payments.textContent).toContain(ORDER_DETAIL_COPY.noMoneyRole);
    const asked = api.calls.map((c) => c.url);
    for (const path of [API.consoleMoneyIssues(1), API.consoleReportsSummary(1), API.consoleStock(1)])
      expect(asked.some((url) => url.startsWith(path))).toBe(false);
    await waitFor(() => expect(screen.queryByText(/读取失败/)).toBeNull());
  });
});
