import { API, type Floor, type FloorTable, type TableDetail } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FLOOR_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/floor/console-socket.js";
import { type FakeAnswer, type FakeCall, fakeApi, WAITER_SESSION } from "./fake-api.js";
import { card, FakeSocket, ORDER, ORDER_TABLE } from "./floor-fixtures.js";
import { renderConsole } from "./render.js";

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
      tables: [card({ tableId: 1, name: "A1" }), ORDER_TABLE],
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

  it("says on each card what its open orders come to, and what was paid of them once anything was", async () => {
    const seated = { visitId: 6, openOrders: 1, total: "109.00" };
    floor = {
      ...floor,
      tables: [
        card({ ...seated, tableId: 1, name: "A1", state: "ordered" }),
        card({ ...seated, tableId: 2, name: "A2", state: "ordered", paidTotal: "39.06" }),
        card({ ...seated, tableId: 3, name: "A3", state: "paid", paidTotal: "99.00", paid: true }),
      ],
    };
    routes();
    renderConsole("/floor");
    const money = async (tableId: number) =>
      within(await screen.findByTestId(`table-card-${tableId}`)).getByTestId("card-money").textContent;
    expect(await money(1)).toBe("¥109.00");
    expect(await money(2)).toBe("¥109.00 · 已付 ¥39.06");
    // paid after a 满减: what was paid, not the total before it
    expect(await money(3)).toBe("已付 ¥99.00");
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

  it("voids a line (退菜) with a reason; a voided line is struck with who and why; an order's last dish offers none", async () => {
    const [fish] = ORDER.lines;
    if (!fish) throw new Error("no line");
    const rice = { ...fish, lineId: 10, name: "米饭", total: "2.00", voided: null };
    const voidedTea = {
      ...fish,
      lineId: 11,
      name: "茶位费",
      voided: { by: "小李", reason: "点错了", at: "2026-11-24T04:05:00.000Z" },
    };
    const bodies: unknown[] = [];
    routes({
      [`GET ${API.consoleTable(1, 2)}`]: {
        data: {
          table: ORDER_TABLE,
          cart: null,
          orders: [{ ...ORDER, lines: [fish, rice, voidedTea] }],
          totals: { ordered: "60.00", comped: "0.00", due: "60.00" },
        } satisfies TableDetail,
      },
      [`POST ${API.consoleLineVoid(1, 10)}`]: (call) => {
        bodies.push(call.body);
        return { data: { lineId: 10, orderId: 31, total: "58.00" } };
      },
    });
    renderConsole("/floor");
    fireEvent.click(await screen.findByTestId("table-card-2"));
    const tea = await screen.findByTestId("line-11");
    expect(tea.className).toContain("voided");
    expect(tea.textContent).toContain(FLOOR_COPY.voidedBy("小李", "点错了"));
    expect(within(tea).queryByTestId("void-line")).toBeNull();
    fireEvent.click(within(screen.getByTestId("line-10")).getByTestId("void-line"));
    fireEvent.change(await screen.findByTestId("reason-input"), { target: { value: "客人不要了" } });
    fireEvent.click(screen.getByRole("button", { name: FLOOR_COPY.confirm }));
    await waitFor(() => expect(bodies).toEqual([{ reason: "客人不要了" }]));
  });

  it("offers no 退菜 on an order's only dish (the order is cancelled instead)", async () => {
    routes();
    renderConsole("/floor");
    fireEvent.click(await screen.findByTestId("table-card-2"));
    const order = await screen.findByTestId("order-31");
    expect(within(order).queryByTestId("void-line")).toBeNull();
    expect(within(order).getByRole("button", { name: FLOOR_COPY.cancel })).toBeTruthy();
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
