import { API, type KitchenTicket, orderNumber, type Station, type StationDisplay } from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { KITCHEN_COPY, PRINT_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/kitchen/kitchen-live.js";
import { applyTicket, inNumberOrder, ticketBumpTarget } from "../src/features/kitchen/tickets-state.js";
import { fakeApi, OWNER_SESSION } from "./fake-api.js";
import { renderConsole } from "./render.js";

const HOT: Station = { id: 3, name: "热菜", sort: 0, categoryIds: [1] };
const BAR: Station = { id: 4, name: "吧台", sort: 1, categoryIds: [2] };

const ticket = (id: number, over: Partial<KitchenTicket> = {}): KitchenTicket => ({
  id,
  number: id,
  kind: "new",
  stationId: HOT.id,
  stationName: HOT.name,
  orderId: 100 + id,
  mainOrderId: null,
  orderStatus: 0,
  tableName: `A${id}`,
  eatType: "dine",
  fastSerialNo: "",
  personNum: 2,
  wholeMemo: "",
  allergies: [],
  // made a minute apart, in number order (a test gives another time to mix them up)
  createdAt: new Date(Date.now() - (60 - id) * 60_000).toISOString(),
  version: 0,
  items: [
    {
      id: id * 10,
      orderLineId: id * 10,
      foodId: 7,
      name: "宫保鸡丁",
      unit: "份",
      normName: "",
      methodNames: ["微辣"],
      additions: [],
      parts: [],
      count: "2",
      memo: "不要葱",
      state: "held",
      allergens: ["peanuts", "soybeans", "gluten"],
    },
  ],
  ...over,
});

/** A console socket the test speaks through. */
function fakeSocket() {
  const sockets: Array<{
    onopen?: () => void;
    onmessage?: (e: { data: string }) => void;
    onclose?: () => void;
  }> = [];
  setSocketFactory(() => {
    const socket = { close() {} } as unknown as WebSocket & { onopen: () => void };
    sockets.push(socket as never);
    return socket;
  });
  return {
    open: () => act(() => sockets.at(-1)?.onopen?.()),
    send: (message: object) => act(() => sockets.at(-1)?.onmessage?.({ data: JSON.stringify(message) })),
  };
}

describe("the display's tickets", () => {
  it("keep the newer version, drop what is done, ignore other stations, by number", () => {
    const a = ticket(1);
    const b = ticket(2);
    let list = applyTicket([], HOT.id, b);
    list = applyTicket(list, HOT.id, a);
    expect(list.map((t) => t.id)).toEqual([1, 2]);
    const cooking = { ...a, version: 1, items: a.items.map((i) => ({ ...i, state: "cooking" as const })) };
    const before = list;
    list = applyTicket(list, HOT.id, cooking);
    expect(list.map((t) => [t.id, t.version])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    // the other ticket keeps its object: its card is not drawn again
    expect(list[1]).toBe(before[1]);
    // a late, older copy changes nothing
    expect(applyTicket(list, HOT.id, a)).toBe(list);
    expect(applyTicket(list, HOT.id, ticket(9, { stationId: BAR.id }))).toBe(list);
    const served = { ...a, version: 2, items: a.items.map((i) => ({ ...i, state: "served" as const })) };
    expect(applyTicket(list, HOT.id, served).map((t) => t.id)).toEqual([2]);
    expect(ticketBumpTarget(a)).toBe("cooking");
    expect(ticketBumpTarget(cooking)).toBe("ready");
    expect(ticketBumpTarget(ticket(3, { kind: "cancel" }))).toBe("served");
  });
});

describe("the display's order", () => {
  it("is by ticket number whatever order the news arrives in and whatever time each ticket says", () => {
    // concurrent orders: a later number can carry an earlier time, and news can overtake news
    const made = (n: number, minutesAgo: number) =>
      ticket(n, { createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
    const arrivals = [made(12, 1), made(10, 1), made(11, 3), made(14, 2), made(13, 5)];
    const list = arrivals.reduce<KitchenTicket[]>((held, t) => applyTicket(held, HOT.id, t), []);
    expect(list.map((t) => t.number)).toEqual([10, 11, 12, 13, 14]);
    // a read lists them by time: the display puts them in number order too
    const read = [made(13, 5), made(11, 3), made(14, 2), made(10, 1), made(12, 1)];
    expect(inNumberOrder(read).map((t) => t.number)).toEqual([10, 11, 12, 13, 14]);
    const ordered = inNumberOrder(list);
    expect(ordered).toBe(list);
  });

  it("holds for any arrivals: new tickets, newer and older versions, tickets done (property)", () => {
    const news = fc.record({
      number: fc.integer({ min: 1, max: 30 }),
      version: fc.integer({ min: 0, max: 3 }),
      done: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(news, { maxLength: 60 }), (arrivals) => {
        let list: KitchenTicket[] = [];
        for (const { number, version, done } of arrivals) {
          const items = ticket(number).items.map((i) => ({
            ...i,
            state: done ? ("served" as const) : i.state,
          }));
          list = applyTicket(list, HOT.id, ticket(number, { version, items }));
          const numbers = list.map((t) => t.number);
          expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
          expect(new Set(numbers).size).toBe(numbers.length);
        }
      }),
    );
  });
});

describe("/console/kitchen", () => {
  it("picks a station, shows its tickets, takes a new one live and bumps with the version it saw", async () => {
    const socket = fakeSocket();
    const display: StationDisplay = {
      station: HOT,
      // the server lists by time: ticket 3, made earliest, first
      tickets: [ticket(3, { createdAt: new Date(Date.now() - 90 * 60_000).toISOString() }), ticket(1)],
      allDay: [],
      lastBump: null,
      timers: { orangeAfterMin: 10, redAfterMin: 20 },
    };
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleStations(1)}`]: { data: [HOT, BAR] },
      [`GET ${API.consoleStationDisplay(1, HOT.id)}`]: { data: display },
      [`POST ${API.consoleTicketBump(1, 2)}`]: ({ body }) => ({
        data: {
          ticket: {
            ...ticket(2),
            version: 1,
            items: ticket(2).items.map((i) => ({ ...i, state: "cooking" })),
          },
          bumpId: 55,
          orderStatus: 2,
          echo: body,
        },
      }),
    });
    renderConsole("/kitchen");
    const picks = await screen.findAllByTestId("pick-station");
    fireEvent.click(picks[0] as HTMLElement);
    await screen.findByTestId("kitchen-display");
    // the display is read once its socket is open
    socket.open();
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(2));
    const reads = () => api.calls.filter((c) => c.url.endsWith(API.consoleStationDisplay(1, HOT.id))).length;
    expect(reads()).toBe(1);
    socket.send({ topic: "kitchen", type: "ticket.created", ticket: ticket(2) });
    socket.send({ topic: "floor", type: "ticket.created", ticket: ticket(5) });
    socket.send({ topic: "kitchen", type: "ticket.created", ticket: ticket(6, { stationId: BAR.id }) });
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(3));
    // by number, the live one among them
    const cards = screen.getAllByTestId("ticket");
    expect(cards.map((c) => c.dataset.ticket)).toEqual(["1", "2", "3"]);
    expect(screen.getByTestId("all-day").textContent).toContain("宫保鸡丁 6");
    fireEvent.click(within(cards[1] as HTMLElement).getByTestId("bump"));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId("ticket")[1] as HTMLElement).getByTestId("item-state").textContent,
      ).toBe(KITCHEN_COPY.states.cooking),
    );
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ version: 0, to: "cooking" });
    expect(screen.getByTestId("recall")).not.toHaveProperty("disabled", true);
  });
});

describe("a display without its socket", () => {
  it("reads itself when the socket does not open, or closes before it did", async () => {
    const display: StationDisplay = {
      station: HOT,
      tickets: [ticket(1)],
      allDay: [],
      lastBump: null,
      timers: { orangeAfterMin: 10, redAfterMin: 20 },
    };
    const routes = {
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleStations(1)}`]: { data: [HOT] },
      [`GET ${API.consoleStationDisplay(1, HOT.id)}`]: { data: display },
    };
    const sockets: Array<{ onclose?: () => void; close(): void }> = [];
    setSocketFactory(() => {
      const socket = { close() {} };
      sockets.push(socket);
      return socket as unknown as WebSocket;
    });
    fakeApi(routes);
    const silent = renderConsole(`/kitchen/${HOT.id}`);
    await screen.findByTestId("kitchen-display");
    expect(screen.queryAllByTestId("ticket")).toHaveLength(0);
    // a socket that never opens: read after a moment
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(1), { timeout: 5000 });
    silent.unmount();

    fakeApi(routes);
    renderConsole(`/kitchen/${HOT.id}`);
    await screen.findByTestId("kitchen-display");
    act(() => sockets.at(-1)?.onclose?.());
    // closed before it opened: read at once, shown offline
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(1), { timeout: 1000 });
    expect(screen.getByTestId("kitchen-display").textContent).toContain(KITCHEN_COPY.offline);
  });
});

describe("a live ticket on a full display", () => {
  it("renders only its own card (a re-read none); a new one renders only itself, in its place", async () => {
    const socket = fakeSocket();
    const held = Array.from({ length: 40 }, (_, i) => ticket(i + 1));
    fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleStations(1)}`]: { data: [HOT] },
      [`GET ${API.consoleStationDisplay(1, HOT.id)}`]: {
        data: {
          station: HOT,
          tickets: held,
          allDay: [],
          lastBump: null,
          timers: { orangeAfterMin: 10, redAfterMin: 20 },
        },
      },
    });
    renderConsole(`/kitchen/${HOT.id}`);
    await screen.findByTestId("kitchen-display");
    socket.open();
    // every card drawn: a screenful first, then a few per step
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(40));
    // a card names its order's button each time it renders
    const drawn = vi.spyOn(KITCHEN_COPY, "openOrder");
    // a reconnect reads the same display again: no card renders for it
    socket.open();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(drawn).not.toHaveBeenCalled();

    const cooking = {
      ...ticket(7),
      version: 1,
      items: ticket(7).items.map((i) => ({ ...i, state: "cooking" as const })),
    };
    socket.send({ topic: "kitchen", type: "ticket.changed", ticket: cooking });
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId("ticket")[6] as HTMLElement).getByTestId("item-state").textContent,
      ).toBe(KITCHEN_COPY.states.cooking),
    );
    expect(drawn.mock.calls).toEqual([[orderNumber(ticket(7).orderId)]]);

    drawn.mockClear();
    socket.send({ topic: "kitchen", type: "ticket.created", ticket: ticket(41) });
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(41));
    expect(drawn.mock.calls).toEqual([[orderNumber(ticket(41).orderId)]]);
    expect(screen.getAllByTestId("ticket").at(-1)?.dataset.ticket).toBe("41");
  });
});

describe("/console/print", () => {
  it("a reprint asks the server once and shows 重印; a bill reads only", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`POST ${API.consoleTicketReprint(1, 5)}`]: {
        data: {
          restaurantName: "川味小馆",
          ticket: ticket(5),
          reprint: true,
          reprintCount: 2,
          printedAt: new Date().toISOString(),
        },
      },
    });
    const first = renderConsole("/print/ticket/5?reprint=1&paper=58");
    await screen.findByTestId("reprint-label");
    expect(screen.getByTestId("reprint-label").textContent).toContain(PRINT_COPY.reprintLabel);
    expect(screen.getByTestId("print-sheet").className).toContain("paper-58");
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(1);
    first.unmount();

    const bills = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleOrderBill(1, 9)}`]: {
        data: {
          restaurantName: "川味小馆",
          tableName: "A1",
          orderId: 9,
          orderIds: [9, 10],
          personNum: 2,
          lines: [
            { name: "宫保鸡丁", normName: "", count: "2", unit: "份", unitPrice: "28.00", total: "56.00" },
          ],
          deliveryFee: "6.00",
          total: "62.00",
          orderedAt: new Date().toISOString(),
          printedAt: new Date().toISOString(),
        },
      },
    });
    renderConsole("/print/bill/9");
    expect((await screen.findByTestId("bill-total")).textContent).toBe("¥62.00");
    // a takeout's delivery fee is a row of its own
    expect(screen.getByTestId("bill-delivery-fee").textContent).toBe(`${PRINT_COPY.deliveryFee}6.00`);
    expect(bills.calls.every((c) => c.method === "GET")).toBe(true);
  });
});
