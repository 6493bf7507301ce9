import {
  API,
  type ConsoleOrder,
  type ConsoleSocketMessage,
  type Floor,
  type FloorTable,
  type TableDetail,
} from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FLOOR_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/floor/console-socket.js";
import { type FakeAnswer, type FakeCall, fakeApi, WAITER_SESSION } from "./fake-api.js";
import { renderConsole } from "./render.js";

/** A fake console socket: the test sends what the server would. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send() {}
  close() {}
  push(message: ConsoleSocketMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const card = (over: Partial<FloorTable>): FloorTable => ({
  tableId: 1,
  name: "A1",
  tableType: 1,
  state: "free",
  visitId: null,
  openedAt: null,
  minutesSeated: null,
  personNum: 0,
  diners: 0,
  cartLines: 0,
  openOrders: 0,
  newOrders: 0,
  heldOrders: 0,
  calls: [],
  total: "0.00",
  paid: false,
  ...over,
});

const ORDER: ConsoleOrder = {
  orderId: 31,
  tableId: 2,
  tableName: "A2",
  status: 2,
  held: false,
  gateReasons: [],
  mainOrderId: null,
  paymentType: 0,
  eatType: "dine",
  personNum: 2,
  fastSerialNo: "",
  wholeMemo: "",
  contact: null,
  total: "58.00",
  orderTotalPrice: "58.00",
  orderSubmitTime: "2026-11-24T04:00:00.000Z",
  comped: "0.00",
  createdAt: "2026-11-24T04:00:00.000Z",
  posTime: null,
  placedBy: { kind: "diner", id: "guid-1234", name: "食客1234" },
  lines: [
    {
      lineId: 9,
      foodId: 5,
      name: "水煮鱼",
      unit: "份",
      normName: "大份",
      methodNames: ["微辣"],
      additions: [{ id: 1, name: "加豆芽", count: 1 }],
      parts: [],
      count: "1",
      weighed: false,
      unitPrice: "58.00",
      total: "58.00",
      memo: "不要香菜",
      addedBy: { kind: "staff", id: "staff:7", name: "小李" },
      comped: null,
    },
  ],
  events: [],
};

describe("the floor page", () => {
  let floor: Floor;
  let calls: FakeCall[];
  const routes = (extra: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)> = {}) =>
    fakeApi({
      [`GET ${API.consoleSession}`]: { data: WAITER_SESSION },
      [`GET ${API.consoleFloor(1)}`]: () => ({ data: floor }),
      [`GET ${API.consoleTable(1, 2)}`]: {
        data: {
          table: floor.tables[1] as FloorTable,
          cart: null,
          orders: [ORDER],
          totals: { ordered: "58.00", comped: "0.00", due: "58.00" },
        } satisfies TableDetail,
      },
      ...extra,
    }).calls;

  beforeEach(() => {
    setSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket);
    floor = {
      now: "2026-11-24T04:10:00.000Z",
      tables: [
        card({ tableId: 1, name: "A1" }),
        card({
          tableId: 2,
          name: "A2",
          state: "ordered",
          visitId: 5,
          minutesSeated: 12,
          personNum: 2,
          openOrders: 1,
          total: "58.00",
        }),
      ],
    };
  });
  afterEach(() => {
    FakeSocket.last = null;
  });

  it("shows every table coloured by state, and a new order arriving live with its badge", async () => {
    calls = routes();
    renderConsole("/floor");
    const a2 = await screen.findByTestId("table-card-2");
    expect(a2.dataset.state).toBe("ordered");
    expect(a2.textContent).toContain(FLOOR_COPY.minutes(12));
    expect(screen.getByTestId("table-card-1").dataset.state).toBe("free");
    expect(FakeSocket.last?.url).toContain(`${API.consoleSocket}?rid=1`);
    FakeSocket.last?.push({ topic: "console", type: "hello", topics: ["floor"] });
    await waitFor(() => expect(screen.getByTestId("floor-live").textContent).toBe(FLOOR_COPY.live));
    // a diner at A1 orders: the floor is read again, A1 shows the order and is marked until looked at
    floor = {
      ...floor,
      tables: [
        card({ tableId: 1, name: "A1", state: "ordered", visitId: 6, newOrders: 1, openOrders: 1 }),
        floor.tables[1] as FloorTable,
      ],
    };
    FakeSocket.last?.push({
      topic: "floor",
      type: "orderPlaced",
      orderId: 40,
      tableId: 1,
      mainOrderId: null,
      held: false,
      total: "20.00",
      at: floor.now,
    });
    await waitFor(() => expect(screen.getByTestId("table-card-1").dataset.state).toBe("ordered"));
    expect(within(screen.getByTestId("table-card-1")).getByTestId("new-orders")).toBeTruthy();
    expect(screen.getByTestId("table-card-1").className).toContain("unseen");
    expect(calls.filter((c) => c.url === API.consoleFloor(1)).length).toBeGreaterThanOrEqual(2);
  });

  it("opens a table's drawer with every part of its lines and who added them", async () => {
    routes();
    renderConsole("/floor");
    fireEvent.click(await screen.findByTestId("table-card-2"));
    const order = await screen.findByTestId("order-31");
    expect(order.textContent).toContain("水煮鱼");
    expect(order.textContent).toContain("大份 / 微辣 / 加豆芽×1");
    expect(order.textContent).toContain("不要香菜");
    expect(order.textContent).toContain("小李");
    expect(order.textContent).toContain(FLOOR_COPY.staffTag);
    expect(order.textContent).toContain("食客1234");
  });

  it("asks a manager's approval when the server says a cancel needs it, then cancels with it", async () => {
    const bodies: unknown[] = [];
    routes({
      [`POST ${API.consoleOrderAction(1, 31, "cancel")}`]: (call) => {
        bodies.push(call.body);
        const body = call.body as { approval?: unknown };
        if (body.approval) return { data: { orderId: 31, status: 4 } };
        // core's ERRORS.approvalRequired
        const refusal = { code: 4031, success: false, data: null, message: "此操作需要店长授权" };
        return { status: 403, raw: JSON.stringify(refusal) };
      },
    });
    renderConsole("/floor");
    fireEvent.click(await screen.findByTestId("table-card-2"));
    const order = await screen.findByTestId("order-31");
    fireEvent.click(within(order).getByRole("button", { name: FLOOR_COPY.cancel }));
    fireEvent.change(await screen.findByTestId("reason-input"), { target: { value: "客人离开" } });
    fireEvent.click(screen.getByRole("button", { name: FLOOR_COPY.confirm }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    fireEvent.change(await screen.findByTestId("approval-login"), { target: { value: "manager1" } });
    fireEvent.change(screen.getByTestId("approval-pin"), { target: { value: "2468" } });
    fireEvent.click(screen.getByRole("button", { name: FLOOR_COPY.approve }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { reason: "客人离开" },
      { reason: "客人离开", approval: { login: "manager1", pin: "2468" } },
    ]);
  });

  it("has a visible sound toggle that remembers its choice", async () => {
    routes();
    renderConsole("/floor");
    const toggle = await screen.findByTestId("sound-toggle");
    expect(toggle.textContent).toBe(FLOOR_COPY.soundOn);
    fireEvent.click(toggle);
    expect(screen.getByTestId("sound-toggle").textContent).toBe(FLOOR_COPY.soundOff);
    expect(localStorage.getItem("tablemate-console-muted")).toBe("1");
  });
});
