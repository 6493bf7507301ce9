import { API, type KitchenTicket, type Station, type StationDisplay } from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { KITCHEN_COPY, PRINT_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/kitchen/kitchen-live.js";
import { applyTicket, ticketBumpTarget } from "../src/features/kitchen/tickets-state.js";
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
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
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
  it("keep the newer version, drop what is done, ignore other stations, oldest first", () => {
    const a = ticket(1);
    const b = ticket(2);
    let list = applyTicket([], HOT.id, a);
    list = applyTicket(list, HOT.id, b);
    expect(list.map((t) => t.id)).toEqual([2, 1]);
    const cooking = { ...a, version: 1, items: a.items.map((i) => ({ ...i, state: "cooking" as const })) };
    list = applyTicket(list, HOT.id, cooking);
    expect(list.find((t) => t.id === 1)?.version).toBe(1);
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

describe("/console/kitchen", () => {
  it("picks a station, shows its tickets, takes a new one live and bumps with the version it saw", async () => {
    const socket = fakeSocket();
    const display: StationDisplay = {
      station: HOT,
      tickets: [ticket(1)],
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
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(1));
    socket.open();
    socket.send({ topic: "kitchen", type: "ticket.created", ticket: ticket(2) });
    socket.send({ topic: "floor", type: "ticket.created", ticket: ticket(5) });
    socket.send({ topic: "kitchen", type: "ticket.created", ticket: ticket(6, { stationId: BAR.id }) });
    await waitFor(() => expect(screen.getAllByTestId("ticket")).toHaveLength(2));
    // oldest first: ticket 2 was made before ticket 1
    const cards = screen.getAllByTestId("ticket");
    expect(cards.map((c) => c.dataset.ticket)).toEqual(["2", "1"]);
    expect(screen.getByTestId("all-day").textContent).toContain("宫保鸡丁 4");
    fireEvent.click(within(cards[0] as HTMLElement).getByTestId("bump"));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId("ticket")[0] as HTMLElement).getByTestId("item-state").textContent,
      ).toBe(KITCHEN_COPY.states.cooking),
    );
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ version: 0, to: "cooking" });
    expect(screen.getByTestId("recall")).not.toHaveProperty("disabled", true);
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
          total: "56.00",
          orderedAt: new Date().toISOString(),
          printedAt: new Date().toISOString(),
        },
      },
    });
    renderConsole("/print/bill/9");
    expect((await screen.findByTestId("bill-total")).textContent).toBe("¥56.00");
    expect(bills.calls.every((c) => c.method === "GET")).toBe(true);
  });
});
