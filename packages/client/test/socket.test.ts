import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectSocket, parseJsonObject, SOCKET_LOCAL_RETRY_MS, type SocketStatus } from "../src/socket.js";

/** A WebSocket that never touches the network: tests open, feed and drop it by hand. */
class FakeSocket {
  static readonly made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
}

beforeEach(() => {
  FakeSocket.made.length = 0;
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

interface Topical {
  topic: string;
  type: string;
}
/** The console's kind of message: JSON objects with a topic. */
const parseTopical = (data: unknown) => {
  const value = parseJsonObject(data);
  return typeof value?.topic === "string" ? (value as unknown as Topical) : null;
};

describe("the shared socket client", () => {
  it("hands what the app's parser reads to subscribers, and sends JSON only while open", () => {
    const connection = connectSocket<Topical, { ack: string }>("ws://x/console/ws", { parse: parseTopical });
    const got: Topical[] = [];
    connection.subscribe((m) => got.push(m));
    const socket = FakeSocket.made[0];
    expect(connection.send({ ack: "a" })).toBe(false);
    socket?.open();
    socket?.receive(JSON.stringify({ topic: "floor", type: "order" }));
    socket?.receive(JSON.stringify({ type: "no topic" }));
    socket?.receive("[not json");
    socket?.receive(new ArrayBuffer(2));
    expect(got).toEqual([{ topic: "floor", type: "order" }]);
    expect(connection.send({ ack: "a" })).toBe(true);
    expect(socket?.sent).toEqual(['{"ack":"a"}']);
  });

  it("retries on its own schedule, then every localRetryMs once the retries are spent", async () => {
    const statuses: SocketStatus[] = [];
    connectSocket("ws://x", {
      parse: parseTopical,
      retryIntervalMs: 100,
      maxRetries: 2,
      localRetryMs: 1000,
      onStatus: (s) => statuses.push(s),
    });
    FakeSocket.made.at(-1)?.drop();
    await vi.advanceTimersByTimeAsync(100);
    FakeSocket.made.at(-1)?.drop();
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.made).toHaveLength(3);
    FakeSocket.made.at(-1)?.drop();
    expect(statuses.at(-1)).toBe("local");
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.made).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(4);
    FakeSocket.made.at(-1)?.open();
    expect(statuses.at(-1)).toBe("open");
  });

  it("gives a server up for good when the app does not accept what it says", async () => {
    const connection = connectSocket("ws://x", {
      parse: parseTopical,
      accept: (m) => m.type !== "hello-v9",
    });
    const got: Topical[] = [];
    connection.subscribe((m) => got.push(m));
    const socket = FakeSocket.made[0];
    socket?.open();
    socket?.receive(JSON.stringify({ topic: "floor", type: "hello-v9" }));
    socket?.receive(JSON.stringify({ topic: "floor", type: "order" }));
    expect(got).toEqual([]);
    expect(connection.status()).toBe("local");
    expect(connection.isOpen()).toBe(false);
    socket?.drop();
    await vi.advanceTimersByTimeAsync(SOCKET_LOCAL_RETRY_MS * 5);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("stops, and stays stopped, when the app closes it", async () => {
    const connection = connectSocket("ws://x", { parse: parseTopical });
    FakeSocket.made[0]?.open();
    connection.close();
    FakeSocket.made[0]?.drop();
    await vi.advanceTimersByTimeAsync(SOCKET_LOCAL_RETRY_MS * 5);
    expect(FakeSocket.made).toHaveLength(1);
    expect(connection.status()).toBe("closed");
  });
});
