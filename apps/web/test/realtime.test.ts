import { SOCKET_LOCAL_RETRY_MS, SOCKET_MAX_RETRIES, SOCKET_RETRY_INTERVAL_MS } from "@tablemate/client";
import { PROTOCOL_VERSION } from "@tablemate/core";
import { describe, expect, it, vi } from "vitest";
import { connectRealtime, type RealtimeStatus, realtimeUrl } from "../src/api/realtime.js";
import { FakeWebSocket } from "./fake-socket.js";

describe("realtime channel", () => {
  it("opens on the page's origin with ws or wss", () => {
    const params = { rid: 7, tableId: 12, sid: "s t", guid: "g" };
    expect(realtimeUrl("https://shop.example.com", params)).toBe(
      "wss://shop.example.com/ws?rid=7&tableId=12&sid=s+t&guid=g",
    );
    expect(realtimeUrl("http://localhost:3000", params)).toMatch(/^ws:\/\/localhost:3000\/ws\?/);
  });

  it("retries every 2 seconds, at most 5 times, then falls back to local mode", async () => {
    vi.useFakeTimers();
    const statuses: RealtimeStatus[] = [];
    connectRealtime("ws://x/ws", { onStatus: (status) => statuses.push(status) });
    for (let retry = 1; retry <= SOCKET_MAX_RETRIES; retry++) {
      FakeWebSocket.instances.at(-1)?.drop();
      await vi.advanceTimersByTimeAsync(SOCKET_RETRY_INTERVAL_MS - 1);
      expect(FakeWebSocket.instances).toHaveLength(retry);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeWebSocket.instances).toHaveLength(retry + 1);
    }
    FakeWebSocket.instances.at(-1)?.drop();
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_INTERVAL_MS * 3);
    expect(FakeWebSocket.instances).toHaveLength(SOCKET_MAX_RETRIES + 1);
    expect(statuses.at(-1)).toBe("local");
  });

  it("counts retries afresh once a connection opens", async () => {
    vi.useFakeTimers();
    connectRealtime("ws://x/ws");
    for (let i = 0; i < SOCKET_MAX_RETRIES; i++) {
      FakeWebSocket.instances.at(-1)?.drop();
      await vi.advanceTimersByTimeAsync(SOCKET_RETRY_INTERVAL_MS);
    }
    FakeWebSocket.instances.at(-1)?.open();
    FakeWebSocket.instances.at(-1)?.drop();
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_INTERVAL_MS);
    expect(FakeWebSocket.instances).toHaveLength(SOCKET_MAX_RETRIES + 2);
  });

  it("hands JSON messages with a type to subscribers and does not reconnect after close()", async () => {
    vi.useFakeTimers();
    const connection = connectRealtime("ws://x/ws");
    const received: unknown[] = [];
    connection.subscribe((message) => received.push(message));
    const socket = FakeWebSocket.instances[0];
    socket?.receive(JSON.stringify({ type: 20, restaurantId: 7 }));
    socket?.receive("not json");
    socket?.receive(JSON.stringify({ hello: 1 }));
    expect(received).toEqual([{ type: 20, restaurantId: 7 }]);

    connection.close();
    socket?.drop();
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_INTERVAL_MS * 2);
    expect(socket?.closed).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(connection.status()).toBe("closed");
  });

  it("uses a socket whose hello announces this app's protocol", () => {
    const connection = connectRealtime("ws://x/ws");
    const received: unknown[] = [];
    connection.subscribe((message) => received.push(message));
    const hello = { type: "hello", protocol: PROTOCOL_VERSION, guid: "g", tableId: 1, cart: {} };
    FakeWebSocket.instances[0]?.open();
    FakeWebSocket.instances[0]?.receive(JSON.stringify(hello));
    expect(received).toEqual([hello]);
    expect(connection.status()).toBe("open");
    expect(connection.isOpen()).toBe(true);
  });

  it("stops using a socket whose server speaks another protocol: no retries, local mode, a console error", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const statuses: RealtimeStatus[] = [];
    const connection = connectRealtime("ws://x/ws", { onStatus: (status) => statuses.push(status) });
    const received: unknown[] = [];
    connection.subscribe((message) => received.push(message));
    const socket = FakeWebSocket.instances[0];
    socket?.open();
    socket?.receive(
      JSON.stringify({ type: "hello", protocol: PROTOCOL_VERSION + 1, guid: "g", tableId: 1, cart: {} }),
    );
    socket?.receive(JSON.stringify({ type: 14, socketId: "s1" }));
    expect(received).toEqual([]);
    expect(socket?.closed).toBe(true);
    expect(connection.isOpen()).toBe(false);
    expect(connection.send({ type: "sync" })).toBe(false);
    expect(statuses.at(-1)).toBe("local");
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`protocol ${PROTOCOL_VERSION + 1}`));
    // the close that follows starts no retry, now or later
    socket?.drop();
    await vi.advanceTimersByTimeAsync(SOCKET_LOCAL_RETRY_MS * 10);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(connection.status()).toBe("local");
  });
});
