import { randomUUID } from "node:crypto";
import type { CartState, OpVerdict, ServerMessage, TableMessage, TableOp } from "@tablemate/core";
import WebSocket from "ws";
import { socketHeaders } from "./harness.js";

/** A diner's socket in tests: collects what the server sends, and waits for conditions, never for time. */
export class TableSocket {
  readonly messages: ServerMessage[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.messages.push(JSON.parse(String(data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Opens as the visitor the URL's guid names (with the credential that browser would hold). */
  static open(url: string): Promise<TableSocket> {
    const client = new TableSocket(new WebSocket(url, { headers: socketHeaders(url) }));
    return client.until((m) => m.type === "hello").then(() => client);
  }

  until<T extends ServerMessage>(match: (m: ServerMessage) => m is T, timeoutMs?: number): Promise<T>;
  until(match: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  until(match: (m: ServerMessage) => boolean, timeoutMs = 10_000): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message; got ${JSON.stringify(this.messages)}`)),
        timeoutMs,
      );
      const check = () => {
        const found = this.messages.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** The newest cart this diner has seen. */
  get cart(): CartState | undefined {
    let latest: CartState | undefined;
    for (const m of this.messages) {
      const cart = "cart" in m ? m.cart : undefined;
      if (cart && (!latest || cart.version > latest.version)) latest = cart;
    }
    return latest;
  }

  untilVersion(version: number): Promise<ServerMessage> {
    return this.until((m) => "cart" in m && m.cart.version >= version);
  }

  async op(op: TableOp, opId: string = randomUUID()): Promise<OpVerdict> {
    this.socket.send(JSON.stringify({ type: "op", opId, op }));
    return this.until((m): m is OpVerdict => m.type === "result" && m.opId === opId);
  }

  broadcasts(): TableMessage[] {
    return this.messages.filter((m): m is TableMessage => typeof m.type === "number");
  }

  close(): void {
    this.socket.close();
  }
}
