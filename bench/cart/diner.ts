import {
  type CartState,
  MSG,
  type OpVerdict,
  type ServerMessage,
  type TableMessage,
  type TableOp,
} from "@tablemate/core";
import WebSocket from "ws";

/** A bench client tries again this often while the server is away. */
export const RECONNECT_MS = 500;

export interface DinerEvents {
  hello(diner: Diner, cart: CartState): void;
  verdict(diner: Diner, verdict: OpVerdict, at: number): void;
  broadcast(diner: Diner, message: TableMessage, at: number, bytes: number): void;
  closed(diner: Diner): void;
}

/**
 * One diner's socket, as a phone keeps it: reconnects every RECONNECT_MS after a drop, holds the newest
 * cart it has been shown, and sends again, with the same operation id, whatever was not answered.
 */
export class Diner {
  cart: CartState | undefined;
  online = false;
  hellos = 0;
  /** performance.now() of the latest hello */
  helloAt = 0;
  readonly pending = new Map<string, TableOp>();
  private socket: WebSocket | undefined;
  private stopped = false;

  constructor(
    readonly table: number,
    readonly seat: number,
    private readonly url: string,
    private readonly events: DinerEvents,
    /** the Cookie header with the visitor's credential */
    private readonly cookie: string,
  ) {}

  connect(): void {
    const socket = new WebSocket(this.url, { headers: { cookie: this.cookie } });
    this.socket = socket;
    socket.on("message", (data) => {
      const at = performance.now();
      const text = String(data);
      this.receive(JSON.parse(text) as ServerMessage, at, text.length);
    });
    socket.on("close", () => {
      const was = this.online;
      this.online = false;
      if (was) this.events.closed(this);
      if (!this.stopped) setTimeout(() => this.connect(), RECONNECT_MS);
    });
    // a close follows every error; the reconnect is scheduled there
    socket.on("error", () => undefined);
  }

  /** Sends now if connected; else the operation waits for the next hello. */
  send(opId: string, op: TableOp): void {
    this.pending.set(opId, op);
    if (this.online) this.write(opId, op);
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }

  private write(opId: string, op: TableOp): void {
    this.socket?.send(JSON.stringify({ type: "op", opId, op }));
  }

  private adopt(cart: CartState): void {
    if (!this.cart || cart.version >= this.cart.version) this.cart = cart;
  }

  private receive(message: ServerMessage, at: number, bytes: number): void {
    if (message.type === "hello") {
      this.online = true;
      this.hellos++;
      this.helloAt = performance.now();
      // as the web client does: a tablemate's broadcast can arrive before the hello, with a newer cart
      this.adopt(message.cart);
      this.events.hello(this, message.cart);
      for (const [opId, op] of this.pending) this.write(opId, op);
    } else if (message.type === "result") {
      this.pending.delete(message.opId);
      this.events.verdict(this, message, at);
    } else if (message.type !== MSG.stock && message.type !== MSG.waiterAnswered) {
      this.adopt(message.cart);
      this.events.broadcast(this, message, at, bytes);
    }
  }
}
