import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { send } from "../src/realtime/socket.js";
import {
  type DemoTable,
  demoTable,
  socketBase,
  socketHeaders,
  startTestApp,
  type TestApp,
} from "./support/harness.js";

function open(url: string): Promise<{ messages: unknown[]; closeCode: number | null; socket: WebSocket }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: socketHeaders(url) });
    const state = { messages: [] as unknown[], closeCode: null as number | null, socket };
    socket.on("message", (data) => {
      state.messages.push(JSON.parse(String(data)));
      resolve(state);
    });
    socket.on("close", (code) => {
      state.closeCode = code;
      resolve(state);
    });
  });
}

describe("the table socket", () => {
  let app: TestApp;
  let dine: DemoTable;
  let base: string;

  beforeAll(async () => {
    app = await startTestApp("pglite");
    dine = await demoTable(app);
    base = await socketBase(app);
  });
  afterAll(() => app.close());

  it("greets a visitor holding the table's token", async () => {
    const { messages, socket } = await open(
      `${base}?rid=${dine.restaurantId}&tableId=${dine.tableId}&sid=${dine.sid}&guid=guest-1234-abcd`,
    );
    expect(messages[0]).toMatchObject({ type: "hello", protocol: 1, tableId: dine.tableId });
    socket.close();
  });

  it("answers an operation sent the moment the socket opens, before its hello", async () => {
    const url = `${base}?rid=${dine.restaurantId}&tableId=${dine.tableId}&sid=${dine.sid}&guid=guest-early-0001`;
    const socket = new WebSocket(url, { headers: socketHeaders(url) });
    const verdict = new Promise<unknown>((resolve) => {
      socket.on("message", (data) => {
        const message = JSON.parse(String(data));
        if (message.type === "result") resolve(message);
      });
    });
    socket.on("open", () =>
      socket.send(JSON.stringify({ type: "op", opId: "early-op-0001", op: { kind: "clear" } })),
    );
    expect(await verdict).toMatchObject({ opId: "early-op-0001", ok: true });
    socket.close();
  });

  it("joins the table's one cart at a dine-in table, and each visitor's own in quick-service, again on reconnect", async () => {
    const hello = async (table: DemoTable, guid: string) => {
      const { messages, socket } = await open(
        `${base}?rid=${table.restaurantId}&tableId=${table.tableId}&sid=${table.sid}&guid=${guid}`,
      );
      socket.close();
      return (messages[0] as { cart: { cartId: number } }).cart.cartId;
    };
    const quick = await demoTable(app, (r) => r.fastHotel);
    const [a, b, aAgain] = [
      await hello(quick, "quick-guest-000a"),
      await hello(quick, "quick-guest-000b"),
      await hello(quick, "quick-guest-000a"),
    ];
    expect(a).not.toBe(b);
    expect(aAgain).toBe(a);
    const dineIn = await demoTable(app, (r) => !r.fastHotel);
    const shared = [await hello(dineIn, "dine-guest-000a"), await hello(dineIn, "dine-guest-000b")];
    expect(shared[0]).toBe(shared[1]);
    expect(shared[0]).not.toBe(a);
  });

  it("closes on a forged token or a malformed handshake", async () => {
    const forged = await open(
      `${base}?rid=${dine.restaurantId}&tableId=${dine.tableId}&sid=forged&guid=guest-1234-abcd`,
    );
    expect(forged.closeCode).toBe(1008);
    expect(forged.messages).toHaveLength(0);
    const malformed = await open(`${base}?rid=x`);
    expect(malformed.closeCode).toBe(1008);
  });

  it("drops a socket that does not read rather than buffering for it without end", () => {
    const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: vi.fn(), terminate: vi.fn() };
    send(socket as unknown as WebSocket, "{}");
    expect(socket.send).toHaveBeenCalledWith("{}");
    socket.bufferedAmount = 2 * 1024 * 1024;
    send(socket as unknown as WebSocket, "{}");
    expect(socket.send).toHaveBeenCalledTimes(1);
    expect(socket.terminate).toHaveBeenCalled();
  });
});
