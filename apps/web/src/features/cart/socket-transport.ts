import { randomUuid } from "@tablemate/client";
import {
  applyTableOp,
  type CartLine,
  type ClientMessage,
  type Dish,
  MSG,
  type OpVerdict,
  type ServerMessage,
  type StockMessage,
  type TableMessage,
  type TableOp,
  type WaiterAnsweredMessage,
} from "@tablemate/core";
import { loadCachedLines, saveCachedLines } from "./cart-cache.js";
import type { CartSession, CartTransport, CartVerdict, DishLookup } from "./cart-transport.js";
import { loadPendingOps, type PendingOp, savePendingOps } from "./pending-ops.js";

/** The table socket as the cart needs it; the app's realtime connection provides it. */
export interface TableChannel {
  isOpen(): boolean;
  /** false when the socket is not open (nothing was sent) */
  send(message: ClientMessage): boolean;
  subscribe(listener: (message: ServerMessage) => void): () => void;
}

/**
 * A tablemate's change, for the 3-second notice and the cleared-cart alert; an order's news (types
 * 3 and 12) also when its cart is older than the one held (`stale`): the staff side reads the cart
 * apart from the table's operations, and a settled order must not be missed for that.
 */
export type TableEvent =
  | { message: TableMessage; fromTablemate: boolean; stale?: true }
  | { stock: StockMessage }
  /** a waiter acknowledged the table's call: the bell is released */
  | { answered: WaiterAnsweredMessage };

const isOrderNews = (message: TableMessage) => message.type === MSG.order || message.type === MSG.orderStatus;

export interface SocketTransport extends CartTransport {
  onEvent(listener: (event: TableEvent) => void): () => void;
  /** operations made while the socket was down, waiting to be sent */
  pendingCount(): number;
}

export interface SocketTransportOptions {
  now?: () => number;
  newOpId?: () => string;
  /** how long to wait for the server's verdict before keeping the operation for later */
  verdictTimeoutMs?: number;
  /** the whole menu, for operations applied here while offline (must-order dishes) */
  menu?: () => readonly Dish[];
}

const SEEN_LIMIT = 500;

/**
 * The shared cart over the table socket (spec 000 §4): operations go to the server, which applies
 * them and broadcasts the table's cart with its version; the newest version wins, duplicates (by
 * socket id) are dropped. While the socket is down the cart keeps working on this phone with core's
 * rules, and the operations made meanwhile are sent when it is back. The server applies each
 * operation id once, so nothing a diner added is lost and nothing is doubled.
 */
export function createSocketTransport(
  session: CartSession,
  dishOf: DishLookup,
  channel: TableChannel,
  options: SocketTransportOptions = {},
): SocketTransport {
  const menu = options.menu ?? (() => []);
  const applyHere = (acc: CartLine[], op: TableOp) => applyTableOp(acc, op, dishOf, menu);
  const now = options.now ?? Date.now;
  const newOpId = options.newOpId ?? randomUuid;
  const verdictTimeoutMs = options.verdictTimeoutMs ?? 5000;
  let lines: CartLine[] = loadCachedLines(session, now());
  /** the newest cart the server sent; what is shown is this plus what is not yet settled */
  let serverLines: CartLine[] | null = null;
  let version = -1;
  let pending: PendingOp[] = loadPendingOps(session, now());
  let flushing = false;
  const seen = new Set<string>();
  const waiting = new Map<string, (verdict: OpVerdict | null) => void>();
  const lineListeners = new Set<(lines: CartLine[]) => void>();
  const eventListeners = new Set<(event: TableEvent) => void>();

  const keep = () => {
    saveCachedLines(session, lines, now());
    savePendingOps(session, pending, now());
  };
  const publish = () => {
    keep();
    for (const listener of lineListeners) listener(lines);
  };
  /** What the diner sees: the server's cart with the operations not yet settled on top. */
  const recompute = () => {
    if (!serverLines) return;
    lines = pending.reduce((acc, p) => {
      const result = applyHere(acc, p.op);
      return result.ok ? result.lines : acc;
    }, serverLines);
    publish();
  };
  const adopt = (cart: { version: number; lines: CartLine[] }) => {
    if (cart.version < version) return false;
    version = cart.version;
    serverLines = cart.lines;
    recompute();
    return true;
  };

  const awaitVerdict = (opId: string) =>
    new Promise<OpVerdict | null>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(opId);
        resolve(null);
      }, verdictTimeoutMs);
      waiting.set(opId, (verdict) => {
        clearTimeout(timer);
        resolve(verdict);
      });
    });

  async function deliver(entry: PendingOp): Promise<OpVerdict | null> {
    const answer = awaitVerdict(entry.opId);
    if (!channel.send({ type: "op", opId: entry.opId, op: entry.op })) {
      waiting.get(entry.opId)?.(null);
      return null;
    }
    return answer;
  }

  /** Sends what was kept while the socket was down, in order, once each. */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      for (const entry of [...pending]) {
        if (!(await deliver(entry))) break;
      }
      keep();
    } finally {
      flushing = false;
    }
  }

  const unsubscribe = channel.subscribe((message) => {
    if (message.type === "hello") {
      adopt(message.cart);
      void flush();
      return;
    }
    if (message.type === "result") {
      // settled either way: the server's cart (whose broadcast may have come first) now holds it or not
      pending = pending.filter((p) => p.opId !== message.opId);
      recompute();
      waiting.get(message.opId)?.(message);
      waiting.delete(message.opId);
      return;
    }
    // spec 001 §8: a table message whose code is not 1000 is logged as an error and not applied
    if ((message.code as number) !== 1000) {
      console.error("table message refused: code", message.code, message);
      return;
    }
    if (seen.has(message.socketId)) return;
    seen.add(message.socketId);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value ?? "");
    if (message.type === MSG.stock || message.type === MSG.waiterAnswered) {
      for (const listener of eventListeners)
        listener(message.type === MSG.stock ? { stock: message } : { answered: message });
      return;
    }
    // the broadcast of our own operation settles it, even before its verdict arrives
    if ("opId" in message && message.opId) pending = pending.filter((p) => p.opId !== message.opId);
    const adopted = adopt(message.cart);
    if (!adopted && !isOrderNews(message)) return;
    const fromTablemate = message.actor.guid !== session.guid;
    const event: TableEvent = adopted ? { message, fromTablemate } : { message, fromTablemate, stale: true };
    for (const listener of eventListeners) listener(event);
  });

  /** Applies an operation here, to be sent when the socket is back. */
  function keepForLater(entry: PendingOp): CartVerdict {
    const result = applyHere(lines, entry.op);
    if (!result.ok) return { ok: false, message: result.message };
    pending = [...pending.filter((p) => p.opId !== entry.opId), entry];
    lines = result.lines;
    publish();
    return { ok: true };
  }

  return {
    async send(op) {
      const entry: PendingOp = { opId: newOpId(), op };
      if (!channel.isOpen() || flushing || pending.length > 0) return keepForLater(entry);
      pending = [...pending, entry];
      const verdict = await deliver(entry);
      if (!verdict) {
        pending = pending.filter((p) => p.opId !== entry.opId);
        return keepForLater(entry);
      }
      return verdict.ok ? { ok: true } : { ok: false, message: verdict.message };
    },
    subscribe(listener) {
      lineListeners.add(listener);
      listener(lines);
      return () => lineListeners.delete(listener);
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    pendingCount: () => pending.length,
    close() {
      unsubscribe();
      lineListeners.clear();
      eventListeners.clear();
    },
  };
}
