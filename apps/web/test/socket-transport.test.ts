import {
  type CartLine,
  type ClientMessage,
  type Dish,
  type DishMessage,
  MSG,
  type OrderStatusMessage,
  type ServerMessage,
  tableLines,
} from "@tablemate/core";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createSocketTransport,
  type TableChannel,
  type TableEvent,
} from "../src/features/cart/socket-transport.js";
import { dish } from "./fixtures.js";

const session = { hotelid: 1, cartId: 7, guid: "me-0000-0001" };
const rice = dish({ dishesId: 101, name: "米饭", price: 2 });
const dishOf = (id: number): Dish | undefined => (id === 101 ? rice : undefined);
const plain = { normId: null, methodIds: [], additions: [], parts: [] };
const line = (count: string): CartLine => ({ ...plain, detailId: "101__", foodId: 101, count, memo: "" });

/** The server side of the socket, played by the test: it answers what it is sent when told to. */
class FakeChannel implements TableChannel {
  open = true;
  sent: ClientMessage[] = [];
  private listeners = new Set<(m: ServerMessage) => void>();
  isOpen = () => this.open;
  send(message: ClientMessage): boolean {
    if (!this.open) return false;
    this.sent.push(message);
    return true;
  }
  subscribe(listener: (m: ServerMessage) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(message: ServerMessage) {
    for (const listener of this.listeners) listener(message);
  }
  /** answers the last operation as the server would: verdict, then the broadcast */
  answer(ok: boolean, version: number, lines: CartLine[], message = "") {
    const last = this.sent.at(-1);
    if (last?.type !== "op") throw new Error("nothing to answer");
    this.emit({ type: "result", opId: last.opId, ok, version, message });
    if (ok) this.emit(broadcast(version, lines, session.guid));
  }
}

let socketIds = 0;
/** Type 1: the rice line changed, and the cart at `version` holds `lines`. */
function broadcast(version: number, lines: CartLine[], guid: string): DishMessage {
  socketIds += 1;
  const count = lines.find((l) => l.foodId === 101)?.count ?? "0";
  return {
    type: MSG.dish,
    code: 1000,
    socketId: `s${socketIds}`,
    version,
    cart: { cartId: 7, version, personNum: 2, lines: tableLines(lines, dishOf) },
    actor: { guid, name: "同伴" },
    opId: `op-of-s${socketIds}`,
    value: count,
    inc: "1",
    foodId: 101,
    detail: "101__",
    normId: null,
    methodId: "",
    batch: [],
    Weigh: false,
    accessType: "realTable",
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the shared cart over the table socket", () => {
  let channel: FakeChannel;
  let ids: number;
  /** the server's greeting on (re)connecting: its cart at a version */
  const hello = (version: number, lines: CartLine[]) =>
    channel.emit({
      type: "hello",
      protocol: 1,
      guid: session.guid,
      tableId: 3,
      cart: { cartId: 7, version, personNum: 2, lines: tableLines(lines, dishOf) },
    });
  const transport = () =>
    createSocketTransport(session, dishOf, channel, {
      newOpId: () => `op-000${++ids}`,
      verdictTimeoutMs: 50,
    });

  /** A transport's table events and its latest lines, as they come. */
  const watched = (cart: ReturnType<typeof transport>) => {
    const heard: TableEvent[] = [];
    cart.onEvent((e) => heard.push(e));
    let latest: CartLine[] = [];
    cart.subscribe((l) => {
      latest = l;
    });
    return { heard, lines: () => latest };
  };

  beforeEach(() => {
    localStorage.clear();
    channel = new FakeChannel();
    ids = 0;
  });

  it("hands a waiter's acknowledgement (type 40) on as an event, once, leaving the cart as it is", () => {
    const cart = transport();
    const { heard, lines } = watched(cart);
    hello(4, [line("1")]);
    const answered = {
      type: MSG.waiterAnswered,
      code: 1000,
      socketId: "s-40",
      tableId: 3,
      callId: 9,
    } as const;
    channel.emit(answered);
    channel.emit(answered);
    expect(heard).toEqual([{ answered }]);
    expect(lines()).toMatchObject([line("1")]);
  });

  it("sends operations with an op id and shows the server's cart", async () => {
    const cart = transport();
    const seen: CartLine[][] = [];
    cart.subscribe((lines) => seen.push(lines));
    hello(4, []);
    const verdict = cart.send({ kind: "add", foodId: 101, choice: plain });
    await tick();
    expect(channel.sent).toEqual([
      { type: "op", opId: "op-0001", op: { kind: "add", foodId: 101, choice: plain } },
    ]);
    channel.answer(true, 5, [line("1")]);
    expect(await verdict).toEqual({ ok: true });
    expect(seen.at(-1)).toMatchObject([line("1")]);
  });

  it("counts an operation once when its broadcast arrives before its verdict", async () => {
    const cart = transport();
    let lines: CartLine[] = [];
    cart.subscribe((l) => {
      lines = l;
    });
    hello(4, []);
    const verdict = cart.send({ kind: "add", foodId: 101, choice: plain });
    await tick();
    const sent = channel.sent.at(-1);
    if (sent?.type !== "op") throw new Error("nothing sent");
    channel.emit(broadcast(5, [line("1")], session.guid));
    channel.emit({ type: "result", opId: sent.opId, ok: true, version: 5, message: "" });
    expect(await verdict).toEqual({ ok: true });
    expect(lines).toMatchObject([line("1")]);
  });

  it("passes a refusal on and changes nothing", async () => {
    const cart = transport();
    hello(4, [line("2")]);
    const verdict = cart.send({ kind: "set", detailId: "101__", count: "1000" });
    await tick();
    channel.answer(false, 4, [], "您选择的菜品数量太多了！");
    expect(await verdict).toEqual({ ok: false, message: "您选择的菜品数量太多了！" });
    let lines: CartLine[] = [];
    cart.subscribe((l) => {
      lines = l;
    });
    expect(lines).toMatchObject([line("2")]);
  });

  it("drops duplicates and anything older than the version held, and tells of tablemates' changes", () => {
    const { heard: events, lines } = watched(transport());
    const newer = broadcast(9, [line("3")], "mate-0000-0002");
    channel.emit(newer);
    channel.emit(newer);
    channel.emit(broadcast(8, [line("1")], "mate-0000-0002"));
    expect(lines()).toMatchObject([line("3")]);
    expect(events).toEqual([{ message: newer, fromTablemate: true }]);
  });

  it("logs a table message whose code is not 1000 as an error and applies nothing of it (001 §8)", () => {
    const { heard: events, lines } = watched(transport());
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const refused = { ...broadcast(9, [line("3")], "mate-0000-0002"), code: 5000 };
      channel.emit(refused as unknown as DishMessage);
    } finally {
      console.error = original;
    }
    expect(lines()).toEqual([]);
    expect(events).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it("passes the staff's order status on even when its cart is older than the one held", () => {
    const { heard: events, lines } = watched(transport());
    channel.emit(broadcast(9, [line("3")], "mate-0000-0002"));
    const settled: OrderStatusMessage = {
      type: MSG.orderStatus,
      code: 1000,
      socketId: "s-settled",
      version: 8,
      cart: { cartId: 7, version: 8, personNum: 2, lines: [] },
      actor: { guid: "staff", name: "" },
      status: 7,
      orderId: 30,
      userId: "staff",
    };
    channel.emit(settled);
    channel.emit(broadcast(7, [line("1")], "mate-0000-0002"));
    expect(lines()).toMatchObject([line("3")]);
    expect(events.at(-1)).toEqual({ message: settled, fromTablemate: true, stale: true });
    expect(events).toHaveLength(2);
  });

  it("keeps working while the socket is down and sends what was done, once, when it is back", async () => {
    const cart = transport();
    hello(4, []);
    channel.open = false;
    expect(await cart.send({ kind: "add", foodId: 101, choice: plain })).toEqual({ ok: true });
    expect(await cart.send({ kind: "add", foodId: 101, choice: plain })).toEqual({ ok: true });
    let lines: CartLine[] = [];
    cart.subscribe((l) => {
      lines = l;
    });
    expect(lines).toMatchObject([line("2")]);
    expect(cart.pendingCount()).toBe(2);

    // the page reloads in local mode: the cart and what is owed to the server survive
    const reloaded = transport();
    expect(reloaded.pendingCount()).toBe(2);
    reloaded.close();

    channel.open = true;
    hello(6, []);
    expect(lines).toMatchObject([line("2")]);
    await tick();
    expect(channel.sent.map((m) => (m.type === "op" ? m.opId : ""))).toEqual(["op-0001"]);
    channel.answer(true, 7, [line("1")]);
    await tick();
    expect(channel.sent.map((m) => (m.type === "op" ? m.opId : ""))).toEqual(["op-0001", "op-0002"]);
    channel.answer(true, 8, [line("2")]);
    await tick();
    expect(cart.pendingCount()).toBe(0);
    expect(lines).toMatchObject([line("2")]);
  });

  it("keeps an operation whose verdict never came, to send again", async () => {
    const cart = transport();
    hello(1, []);
    expect(await cart.send({ kind: "add", foodId: 101, choice: plain })).toEqual({ ok: true });
    expect(cart.pendingCount()).toBe(1);
  });
});
